"""GET /api/health: is the BFF up, and can it reach the database and Supabase Auth?"""
import requests
from flask import Blueprint, current_app, jsonify

from .. import db
from ..config import VERSION

bp = Blueprint("health", __name__)


def _auth_status() -> str:
    base = current_app.config["AUTH_URL"]
    if not base:
        return "not_configured"
    try:
        return "ok" if requests.get(f"{base}/health", timeout=2).ok else "unreachable"
    except requests.RequestException:
        return "unreachable"


@bp.get("/health")
def health():
    checks = {"database": "ok" if db.ping() else "unreachable", "auth": _auth_status()}
    healthy = "unreachable" not in checks.values()
    body = {"status": "ok" if healthy else "degraded", "version": VERSION, "checks": checks}
    return jsonify(body), 200 if healthy else 503
