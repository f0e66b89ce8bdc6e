"""GET /api/health: is the BFF up, and can it reach the database?"""
from flask import Blueprint, jsonify

from .. import db
from ..config import VERSION

bp = Blueprint("health", __name__)


@bp.get("/health")
def health():
    database_ok = db.ping()
    body = {"status": "ok" if database_ok else "degraded", "version": VERSION,
            "checks": {"database": "ok" if database_ok else "unreachable"}}
    return jsonify(body), 200 if database_ok else 503
