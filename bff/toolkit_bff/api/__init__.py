"""One blueprint per area of the data API."""

from flask import Flask

from ..auth import check_session
from ..extensions import limiter
from . import admin, api_tokens, health, links, me, openapi, pages, pastes
from .writes import (
    WRITE_METHODS,
    api_token_key,
    api_token_limit,
    is_anonymous,
    is_not_api_token,
    signed_in_write_limit,
    writer_key,
)

# Scripts with a personal API token (the only areas it opens) are limited per token: one count over
# every endpoint and method of both areas (a shared limit; others here count per endpoint).
for _module in (links, pastes):
    limiter.shared_limit(api_token_limit, scope="api-tokens", key_func=api_token_key, exempt_when=is_not_api_token)(
        _module.bp
    )

# Signed-in writes are limited per user in every area (anonymous ones per IP where they are allowed).
for _module in (me, api_tokens, links, pastes, pages, admin):
    limiter.limit(
        signed_in_write_limit,
        key_func=writer_key,
        methods=WRITE_METHODS,
        exempt_when=is_anonymous,
        scope="signed-in-writes",
    )(_module.bp)
    # Every data-API request carrying a token: its session still exists and its assurance level
    # suffices (aal2 once the account has a verified factor), before the endpoint does any work.
    _module.bp.before_request(check_session)


def register_blueprints(app: Flask) -> None:
    for module in (health, me, api_tokens, links, pastes, pages, admin, openapi):
        app.register_blueprint(module.bp)  # each under its own url_prefix, /api
