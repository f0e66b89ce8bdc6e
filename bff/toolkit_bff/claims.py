"""The claims a caller acts with: a verified access token's (auth.verify_access_token) or those the
database gives a personal API token (public.api_token_claims). They are passed on whole to SQL
(`request.jwt.claims`); these are the keys the BFF itself reads."""

from __future__ import annotations

from typing import Required, TypedDict


class Claims(TypedDict, total=False):
    sub: Required[str]  # the user's id (a UUID)
    role: Required[str]  # always "authenticated" once verified
    aal: str
    session_id: str
    is_anonymous: bool
    token_id: str  # a personal API token's id
    token_scopes: list[str]
    client_id: str  # an OAuth client's token
