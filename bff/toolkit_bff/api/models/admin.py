"""/api/pages (the disabled-pages map) and the admin area."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, create_model

from ...contract.base import Answer, Body, Query
from ...contract.fields import Between, Documented, Flag, Text, WholeNumberText, optional
from ...spec_constants import PAGE_KEYS
from .common import Count, DateTime, Id, Offset, PageOf

if TYPE_CHECKING:
    PageKey = str  # one of PAGE_KEYS: a Literal built from a tuple at run time, which pydantic checks
else:
    PageKey = Literal[tuple(PAGE_KEYS)]


class PageStatus(Answer):
    is_disabled: bool
    disable_reason: Annotated[str, Field(max_length=500)]
    updated_at: DateTime


class Pages(Answer):
    pages: Annotated[dict[PageKey, PageStatus], Documented(required=list(PAGE_KEYS))]  # every key, always


class PageUpdate(Body):
    is_disabled: Flag
    disable_reason: Annotated[Text, Field(max_length=500)] | None = optional()


class PageState(PageStatus):
    page_key: PageKey


class AdminUser(Answer):
    id: Id
    email: str | None
    nickname: str | None
    created_at: DateTime | None
    last_sign_in_at: DateTime | None
    is_admin: bool
    has_authenticator: bool = Field(description="A verified MFA factor (TOTP app).")


class AdminUserList(PageOf):
    users: list[AdminUser]


class AuthenticatorRemoval(Answer):
    user_id: Id
    removed: Count = Field(description="How many factors Auth removed (0: none left).")


class ModeratedPaste(Answer):
    id: str
    title: str
    language: str
    excerpt: Annotated[str, Field(max_length=200)] | None = Field(
        description="The first 200 characters; null for burn-after-read pastes."
    )
    author_email: str | None = Field(description="null when anonymous.")
    created_at: DateTime
    expires_at: DateTime | None
    burn_after_read: bool
    views: Count
    likes: Count


class ModeratedLink(Answer):
    short_code: str
    original_url: str
    owner_email: str | None = Field(description="null when anonymous.")
    created_at: DateTime
    expires_at: DateTime | None
    clicks: Count
    max_clicks: Annotated[int, Field(ge=1)] | None


class ModeratedPasteList(PageOf):
    pastes: list[ModeratedPaste]


class ModeratedLinkList(PageOf):
    links: list[ModeratedLink]


class AdminStatus(Answer):
    user_id: Id
    is_admin: bool


class SearchPage(Query):
    """What every admin list's query has; search_page gives each its own bounds and words."""

    q: str
    limit: int
    offset: int


def search_page(matches: str, high: int, default: int) -> type[SearchPage]:
    """The query of an admin list: a literal search and a page of it."""
    return create_model(
        f"Search{high}",
        __base__=SearchPage,
        q=(str, Field("", max_length=200, description=f"Matches {matches} (literally).")),
        limit=(Annotated[WholeNumberText, Between(1, high)], default),
        offset=(Offset, 0),
    )
