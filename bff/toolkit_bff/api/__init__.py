"""One blueprint per area of the data API."""
from flask import Flask

from ..auth import check_session
from ..extensions import limiter
from . import admin, health, links, me, openapi, pages, pastes
from .writes import WRITE_METHODS, is_anonymous, signed_in_write_limit, writer_key

# Signed-in writes are limited per user in every area (anonymous ones per IP where they are allowed).
for _module in (me, links, pastes, pages, admin):
    limiter.limit(signed_in_write_limit, key_func=writer_key, methods=WRITE_METHODS,
                  exempt_when=is_anonymous, scope="signed-in-writes")(_module.bp)
    # Every data-API request carrying a token: its session still exists and its assurance level
    # suffices (aal2 once the account has a verified factor), before the endpoint does any work.
    _module.bp.before_request(check_session)


def register_blueprints(app: Flask) -> None:
    for module in (health, me, links, pastes, pages, admin, openapi):
        app.register_blueprint(module.bp, url_prefix="/api")
