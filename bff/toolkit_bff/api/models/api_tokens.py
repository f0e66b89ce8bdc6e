"""/api/me/tokens: the signed-in user's personal API tokens."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import AfterValidator, Field

from ...contract.base import Answer, Body
from ...contract.fields import LATEST_EXPIRY_TEXT, Expiry, Text, optional, refuse
from .common import Count, DateTime, Id


def _each_once(scopes: list[str]) -> list[str]:
    if len(set(scopes)) != len(scopes):
        raise refuse("must name each scope once")
    return scopes


Scopes = Annotated[
    list[Literal["pastes", "links"]],
    AfterValidator(_each_once),
    Field(
        min_length=1,
        max_length=2,
        json_schema_extra={"uniqueItems": True},
        description="What the token opens: `/api/pastes`, `/api/links`, or both. Never the account itself.",
    ),
]
Name = Annotated[str, Field(min_length=1, max_length=100)]


class ApiToken(Answer):
    id: Id
    name: Name
    token_prefix: Annotated[str, Field(pattern="^tkp_[A-Za-z0-9_-]{4}$")] = Field(
        description="The token's first characters, to tell tokens apart."
    )
    scopes: Scopes
    created_at: DateTime
    last_used_at: DateTime | None = Field(description="To the minute; null: never used.")
    expires_at: DateTime | None = Field(description="null: until revoked.")


class NewApiToken(ApiToken):
    token: Annotated[str, Field(pattern="^tkp_[A-Za-z0-9_-]{43}$")] = Field(
        description="The token itself, shown in this response only (just its SHA-256 is kept). Send it as "
        "`Authorization: Bearer <token>`."
    )


class ApiTokenList(Answer):
    tokens: list[ApiToken]


class ApiTokensRevoked(Answer):
    revoked: Count = Field(description="How many tokens were revoked.")


class ApiTokenCreate(Body):
    field_words: ClassVar[dict[str, str]] = {"scopes": "must be a list of pastes, links or both"}
    name: Annotated[Text, Field(min_length=1, max_length=100)]
    scopes: Scopes
    expires_at: Expiry = optional(description=f"In the future and before {LATEST_EXPIRY_TEXT}; null: until revoked.")
