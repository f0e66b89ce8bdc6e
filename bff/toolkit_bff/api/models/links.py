"""/api/links: short links (followed at /s/{code} through the redirect service, not the BFF)."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import Field

from toolkit_redirect.password import MAX_PASSWORD_LENGTH

from ...contract.base import Answer, Body, Query
from ...contract.fields import (
    LATEST_EXPIRY_TEXT,
    SERVER_RULE,
    Between,
    Expiry,
    Rule,
    Text,
    WholeNumber,
    WholeNumberText,
    optional,
)
from .common import Count, DateTime, Id, PageOf

CODE = r"[A-Za-z0-9_-]{3,64}"
Code = Annotated[str, Rule(CODE, "must be 3 to 64 letters, digits, _ or -")]
Url = Annotated[str, Field(pattern="^https?://")]


class ShortLinkCreate(Body):
    url: Text = Field(
        max_length=2048,
        description="http or https; without a scheme, https:// is added (SPEC §5). Links to our own /s/ are refused.",
        json_schema_extra={SERVER_RULE: "an http(s) address, not one of our own short links"},
    )
    alias: Annotated[Text, Rule(CODE, "must be 3 to 64 letters, digits, _ or -")] | None = optional(
        description="A custom code; reserved words (api, s, admin, login, …) are refused; 409 when taken.",
        json_schema_extra={SERVER_RULE: "not a reserved word"},
    )
    expires_at: Expiry = optional(description=f"In the future and before {LATEST_EXPIRY_TEXT}, with a time zone.")
    max_clicks: Annotated[WholeNumber, Between(1, 2_000_000_000)] | None = optional(
        description="The link stops working after this many clicks."
    )
    password: Annotated[Text, Field(max_length=MAX_PASSWORD_LENGTH)] | None = optional(
        description="Visitors must enter it on the redirect service's page before the link leads on (the click "
        "is counted then). Stored as an argon2id hash only. 422 `password_too_weak` when shorter than "
        "8 characters or one of the 10,000 most common passwords (compared without case)."
    )


class ShortLink(Answer):
    id: Id
    short_code: Code = Field(description="7 characters without look-alikes, or the chosen alias.")
    short_url: str = Field(description="The public address: `{origin}/s/{short_code}`.")
    original_url: Url
    clicks: Count
    max_clicks: Annotated[int, Field(ge=1)] | None
    expires_at: DateTime | None
    created_at: DateTime
    protected: bool = Field(description="Asks visitors for a password (the hash is never sent).")
    status: Literal["active", "expired", "exhausted"]


class ShortLinkList(PageOf):
    links: list[ShortLink]


class StatsPeriod(Query):
    days: Annotated[WholeNumberText, Between(1, 366)] = 30


class DailyClicks(Answer):
    day: date
    clicks: Count


class ReferrerClicks(Answer):
    host: str | None
    clicks: Annotated[int, Field(ge=1)]


class BrowserClicks(Answer):
    browser: Literal["chrome", "edge", "firefox", "safari", "opera", "samsung", "other"]
    clicks: Annotated[int, Field(ge=1)]


class DeviceClicks(Answer):
    device: Literal["desktop", "mobile", "tablet", "other"]
    clicks: Annotated[int, Field(ge=1)]


class LinkStats(Answer):
    """Counted clicks only: bots, link previews and HEAD requests are never counted."""

    link_id: Id
    short_code: Code
    short_url: str = Field(description="The public address: `{origin}/s/{short_code}` (its QR code).")
    original_url: Url
    protected: bool
    days: Annotated[int, Field(ge=1, le=366)]
    total_clicks: Count = Field(description="Every click since the link was made.")
    daily: list[DailyClicks] = Field(description="Every UTC day of the period, oldest first, zeros included.")
    referrers: list[ReferrerClicks] = Field(
        max_length=10, description="Top referrer hosts of the period (null: none sent, e.g. typed or from an app)."
    )
    browsers: list[BrowserClicks]
    devices: list[DeviceClicks]


class ResolvedLink(Answer):
    short_code: str
    url: Url
