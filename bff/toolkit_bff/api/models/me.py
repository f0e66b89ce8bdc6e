"""/api/me (the caller and their profile) and /api/health."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

from ...contract.base import Answer, Body
from ...contract.fields import Rule, Text, optional
from .common import DateTime, Id

NICKNAME = Rule(r"[a-z0-9_]{3,32}", "must be 3 to 32 lower-case letters, digits or _")
AVATAR_URL = Rule(r"https://[^\s/?#]+\S*", "must be an https:// URL")


class HealthChecks(Answer):
    database: Literal["ok", "unreachable"]
    auth: Literal["ok", "unreachable", "not_configured"] = Field(
        description="Supabase Auth's /health, when TOOLKIT_AUTH_URL is set."
    )
    # The replica checks (toolkit_bff/replica_checks.py), each present only where it applies: absent,
    # not null (no default in the document).
    rate_limit_store: Literal["ok", "unreachable"] | SkipJsonSchema[None] = optional(
        description="Redis, when it is the rate limits' store; unreachable does not make the BFF degraded.",
    )
    jwt_secret: Literal["ok", "mismatch", "unknown"] | SkipJsonSchema[None] = optional(
        description="Whether TOOLKIT_JWT_SECRET is the deployment's (it signed the service-role key "
        "and Auth accepts that key).",
    )
    migrations: Literal["ok", "behind", "unknown"] | SkipJsonSchema[None] = optional(
        description="Whether the database has the migrations this BFF's code expects.",
    )


class Health(Answer):
    status: Literal["ok", "degraded"]
    version: str = Field(description="The BFF's version.")
    checks: HealthChecks


class Profile(Answer):
    id: Id
    nickname: Annotated[str, NICKNAME] | None
    email: str | None
    full_name: Annotated[str, Field(max_length=100)]
    bio: Annotated[str, Field(max_length=500)]
    avatar_url: Annotated[str, Field(pattern="^https://")] | None
    location: Annotated[str, Field(max_length=100)] | None
    role: Literal["user", "admin"] = Field(description="Mirrors admin status; never writable.")
    created_at: DateTime
    updated_at: DateTime


class ProfileUpdate(Body):
    """Only these fields; anything else (role, id, email) is a 422 `unknown_field`."""

    model_config = ConfigDict(json_schema_extra={"minProperties": 1})
    nickname: Annotated[Text, Field(max_length=32), NICKNAME] = optional(description="Unique; 409 when taken.")
    full_name: Annotated[Text, Field(max_length=100)] = optional()
    bio: Annotated[Text, Field(max_length=500)] = optional()
    location: Annotated[Text, Field(max_length=100)] | None = optional()
    avatar_url: Annotated[Text, Field(max_length=2048), AVATAR_URL] | None = optional()


class Caller(Answer):
    """The caller as Postgres sees them inside the request's RLS transaction."""

    id: Id = Field(description="The token's `sub` (the auth user id).")
    email: str | None = Field(description="The token's `email` claim.")
    role: Literal["authenticated"] = Field(description="The database role the request ran as.")


class Me(Answer):
    user: Caller
    profile: Profile | None
    is_admin: bool = Field(description="`is_admin(auth.uid())`, decided in SQL.")


class ProfileResult(Answer):
    profile: Profile


class OpenApiDocument(Answer):
    """This document."""

    model_config = ConfigDict(extra="allow")
    openapi: Annotated[str, Field(pattern=r"^3\.1\.\d+$")]
    info: dict[str, Any]  # OpenAPI's objects, as the document has them
    paths: dict[str, Any]
