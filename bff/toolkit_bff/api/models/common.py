"""Fields and shapes several areas share."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated
from uuid import UUID

from pydantic import Field

from ...contract.base import Answer, Query
from ...contract.fields import Between, WholeNumberText

MAX_OFFSET = 1_000_000  # paged lists: deeper than this no one reads, and Postgres would scan it all
Count = Annotated[int, Field(ge=0)]
DateTime = datetime
Id = UUID


Offset = Annotated[WholeNumberText, Between(0, MAX_OFFSET)]


class Paging(Query):
    limit: Annotated[WholeNumberText, Between(1, 200)] = 50
    offset: Offset = 0


class PageOf(Answer):
    """The paging every page of a list answers with, beside its rows."""

    total: Count
    limit: int
    offset: int
