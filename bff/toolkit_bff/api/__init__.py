"""One blueprint per area of the data API."""
from flask import Flask

from . import health, me, openapi


def register_blueprints(app: Flask) -> None:
    app.register_blueprint(health.bp, url_prefix="/api")
    app.register_blueprint(me.bp, url_prefix="/api")
    app.register_blueprint(openapi.bp, url_prefix="/api")
