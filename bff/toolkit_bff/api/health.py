"""GET /api/health: is the BFF up, and can it reach the database and Supabase Auth?"""
import requests
from flask import Blueprint, current_app, jsonify

from .. import db
from ..config import VERSION
from ..contract.operations import Routes
from ..contract.responses import json_response
from .models.me import Health

bp = Blueprint("health", __name__, url_prefix="/api")
routes = Routes(bp, "system")


def _auth_status() -> str:
    base = current_app.config["AUTH_URL"]
    if not base:
        return "not_configured"
    try:
        return "ok" if requests.get(f"{base}/health", timeout=2).ok else "unreachable"
    except requests.RequestException:
        return "unreachable"


@routes.get("/health", "getHealth", answers={
    200: json_response("Up, database reachable.", Health),
    503: json_response("Up, but the database is unreachable (`status` is `degraded`; the body is the health "
                       "report, not an Error).", Health)})
def health():
    """Is the BFF up, and can it reach the database?"""
    checks = {"database": "ok" if db.ping() else "unreachable", "auth": _auth_status()}
    healthy = "unreachable" not in checks.values()
    body = {"status": "ok" if healthy else "degraded", "version": VERSION, "checks": checks}
    return jsonify(body), 200 if healthy else 503
