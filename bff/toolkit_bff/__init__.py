"""Toolkit's BFF: verifies Supabase access tokens and serves the data API under RLS."""

from __future__ import annotations

from datetime import date, datetime
from uuid import UUID

from flask import Flask
from flask.json.provider import DefaultJSONProvider

from .api import register_blueprints
from .body_drain import DrainRequestBodies
from .config import Config, check_config
from .db import init_db
from .errors import register_error_handlers
from .extensions import limiter
from .http_policy import init_http_policy
from .json_guard import init_json_guard
from .page_gate import init_page_gate
from .tools import register_tool_blueprints


class JSONProvider(DefaultJSONProvider):
    """ISO 8601 date-times (Flask's default is the HTTP date format) and UUIDs as strings."""

    sort_keys = False  # keep response fields in the order the API documents them

    @staticmethod
    def default(o: object) -> object:
        if isinstance(o, (datetime, date)):
            return o.isoformat()
        if isinstance(o, UUID):
            return str(o)
        return DefaultJSONProvider.default(o)


class ToolkitFlask(Flask):
    json_provider_class = JSONProvider


def create_app(config: type[Config] | dict[str, object] | None = None) -> Flask:
    app = ToolkitFlask(__name__)
    app.config.from_object(Config)
    if isinstance(config, dict):
        app.config.update(config)
    elif config is not None:
        app.config.from_object(config)
    check_config(app.config)
    register_error_handlers(app)
    init_http_policy(app)
    init_json_guard(app)
    limiter.init_app(app)
    init_db(app)
    register_blueprints(app)
    register_tool_blueprints(app)
    init_page_gate(app)
    # Above every limit the gateway lets through (100 MB of files plus the multipart framing).
    # Flask's documented way to add WSGI middleware; the checker takes wsgi_app for a fixed method.
    drain_limit = app.config["MAX_CONTENT_LENGTH"] + 2**20
    app.wsgi_app = DrainRequestBodies(app.wsgi_app, drain_limit)  # type: ignore[method-assign]
    return app
