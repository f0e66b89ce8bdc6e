"""The local Auth service: our implementation of the Supabase Auth (GoTrue v2.186.0) HTTP API on the
real `auth` schema, for the native stack where the official server cannot run."""

from __future__ import annotations

from flask import Flask, Response, g
from flask.json.provider import DefaultJSONProvider

from . import cleanup, db
from .api import (
    admin,
    factors,
    general,
    identities,
    logout,
    mail_admin,
    mail_requests,
    oauth_admin,
    oauth_server,
    oauth_token,
    oidc,
    passkeys,
    passkeys_admin,
    providers,
    signup,
    token,
    user,
    verify,
)
from .config import Settings, load_settings
from .errors import register_error_handlers
from .jwt_keys import KeySet


def create_app(settings: Settings | None = None) -> Flask:
    settings = settings or load_settings()
    app = Flask(__name__)
    app.config["AUTH_SETTINGS"] = settings
    app.config["AUTH_KEYS"] = KeySet(
        settings.jwt_keys, settings.jwt_secret, settings.jwt_valid_methods, settings.jwt_key_id
    )
    app.config["MAX_CONTENT_LENGTH"] = 1024 * 1024
    if isinstance(app.json, DefaultJSONProvider):  # always, Flask's own: keys in the order they are written
        app.json.sort_keys = False
    register_error_handlers(app)

    @app.after_request
    def _sb_auth_headers(response: Response) -> Response:
        for name, value in g.pop("sb_auth_headers", {}).items():
            response.headers[name] = value
        response.headers.add("Vary", "Origin")  # upstream's CORS middleware on every answer
        return response

    if settings.database_url:
        db.init_pool(settings.database_url, size=settings.pool_size)
    if settings.db_cleanup_enabled:
        cleanup.install(app, settings.anonymous_users_enabled)
    for module in (
        general,
        providers,
        signup,
        token,
        logout,
        user,
        verify,
        mail_requests,
        mail_admin,
        factors,
        identities,
        admin,
        oauth_admin,
        oauth_server,
        oauth_token,
        oidc,
        passkeys,
        passkeys_admin,
    ):
        app.register_blueprint(module.bp)
    return app
