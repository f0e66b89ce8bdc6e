"""The three kinds of model: a JSON request body, a query, an answer."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict


class Body(BaseModel):
    """A JSON request body: its fields only (anything else is a 422 `unknown_field`), JSON's own
    types (no "42" for 42, no 1 for true). `field_words` says a field's refusals in words of its own."""

    model_config = ConfigDict(extra="forbid", strict=True)
    field_words: ClassVar[dict[str, str]] = {}


class Query(BaseModel):
    """Query parameters, read from text; names it does not know are left alone (cache busters)."""

    model_config = ConfigDict(extra="ignore")
    field_words: ClassVar[dict[str, str]] = {}


class Answer(BaseModel):
    """What an endpoint answers: every field always there, no other."""

    model_config = ConfigDict(extra="forbid")
