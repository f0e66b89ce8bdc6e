"""What each kind of credential may reach at the BFF, checked as soon as its claims are verified and
before the endpoint does any work. SQL holds the same rules (credential_allows, require_credential in
supabase/migrations/20261128100000_credential_reach.sql); this answers early and with a clear code.

- A session of a permanent user: every endpoint (row-level security decides the rows).
- A personal API token (`token_id`): only the areas of its scopes (/api/pastes, /api/links).
- An OAuth 2.1 client's token (`client_id`): only reading who the user is (GET /api/me); its OIDC
  scopes name identity data, never the account's data or powers. Refused altogether unless this
  deployment accepts OAuth clients (TOOLKIT_ACCEPT_OAUTH_CLIENTS).
- An anonymous user (`is_anonymous`): what a visitor may do, and nothing that needs an account (see
  refuse_anonymous_user). Refused altogether unless this deployment accepts anonymous sign-ins
  (TOOLKIT_ACCEPT_ANONYMOUS_USERS).
A banned or deleted user is refused by the session check (auth.check_session) and by SQL."""

from __future__ import annotations

from flask import current_app, request

from .claims import Claims
from .errors import ApiError

# Which blueprint each API token scope opens (SQL enforces the scopes again: restrictive policies).
TOKEN_SCOPE_OF_BLUEPRINT = {"pastes": "pastes", "links": "links"}
# The endpoints an OAuth client's token may call: who the user is, as its OIDC scopes allow.
OAUTH_CLIENT_ENDPOINTS = {"me.me"}


def is_api_token(claims: Claims) -> bool:
    return "token_id" in claims


def is_oauth_client(claims: Claims) -> bool:
    return "client_id" in claims


def is_anonymous_user(claims: Claims) -> bool:
    return claims.get("is_anonymous") is True


def check_reach(claims: Claims) -> None:
    """Refuses a credential on an endpoint it may never use (403), or a kind of credential this
    deployment does not accept (401)."""
    if is_api_token(claims):
        _check_token_scope(claims)
    elif is_oauth_client(claims):
        if not current_app.config["ACCEPT_OAUTH_CLIENTS"]:
            raise ApiError(
                401, "oauth_client_not_accepted", "This server does not accept tokens issued to OAuth clients"
            )
        if request.endpoint not in OAUTH_CLIENT_ENDPOINTS:
            raise ApiError(
                403,
                "client_scope",
                "An OAuth client's token may only read who the user is "
                "(GET /api/me); sign in to Toolkit itself for everything else",
            )
    elif is_anonymous_user(claims) and not current_app.config["ACCEPT_ANONYMOUS_USERS"]:
        raise ApiError(401, "anonymous_user_not_accepted", "This server does not accept anonymous sign-ins")


def _check_token_scope(claims: Claims) -> None:
    scope = TOKEN_SCOPE_OF_BLUEPRINT.get(request.blueprint or "")
    scopes = claims.get("token_scopes", [])
    if scope is None:
        raise ApiError(
            403, "token_scope", "API tokens work only on /api/pastes and /api/links; sign in for everything else"
        )
    if scope not in scopes:
        raise ApiError(403, "token_scope", f"This API token may not use {scope} (its scopes: {', '.join(scopes)})")


def refuse_anonymous_user(claims: Claims) -> None:
    """An endpoint that needs an account (API tokens, private lists, profile, account-only tools):
    an anonymous sign-in is a visitor there, so it is told to sign up first."""
    if is_anonymous_user(claims):
        raise ApiError(
            403, "anonymous_user", "Sign up with an e-mail address first: an anonymous sign-in cannot use this"
        )
