"""One blueprint per area of the data API."""
from flask import Flask

from . import admin, health, links, me, openapi, pages, pastes, redirect


def register_blueprints(app: Flask) -> None:
    for module in (health, me, links, pastes, pages, admin, openapi):
        app.register_blueprint(module.bp, url_prefix="/api")
    app.register_blueprint(redirect.bp)  # /s/{code}, at the root like the app's own links
