"""Toolkit's BFF: verifies Supabase access tokens and serves the data API under RLS."""
from __future__ import annotations

from flask import Flask

from .api import register_blueprints
from .config import Config
from .db import init_db
from .errors import register_error_handlers
from .extensions import limiter
from .http_policy import init_http_policy
from .tools import register_tool_blueprints


def create_app(config: type[Config] | dict | None = None) -> Flask:
    app = Flask(__name__)
    app.json.sort_keys = False  # keep response fields in the order the API documents them
    app.config.from_object(Config)
    if isinstance(config, dict):
        app.config.update(config)
    elif config is not None:
        app.config.from_object(config)
    register_error_handlers(app)
    init_http_policy(app)
    limiter.init_app(app)
    init_db(app)
    register_blueprints(app)
    register_tool_blueprints(app)
    return app
