"""GET /health, GET /.well-known/jwks.json (GET /settings is in providers.py)."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from .. import db
from ..jwt_keys import current_keys

bp = Blueprint("general", __name__)


@bp.get("/health")
def health() -> Response:
    with db.transaction() as conn:
        conn.execute("select 1")
    return jsonify(
        {"version": "v2.186.0", "name": "GoTrue", "description": "GoTrue is a user registration and authentication API"}
    )


@bp.get("/.well-known/jwks.json")
def jwks() -> Response:
    response = jsonify(current_keys().public_jwks())
    response.headers["Cache-Control"] = "public, max-age=600"
    return response
