"""GET /api/health: is the BFF up, and can it reach the database and Supabase Auth? With a shared
rate-limit store (Redis) and Auth configured it also says whether the store answers and whether this
replica's JWT secret is the deployment's (replica_checks.py)."""

import requests
from flask import Blueprint, current_app, jsonify

from .. import db
from ..config import VERSION
from ..contract.operations import Routes, WithStatus
from ..contract.responses import json_response
from ..replica_checks import jwt_secret_status, rate_limit_store_status, schema_status
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


@routes.get(
    "/health",
    "getHealth",
    answers={
        200: json_response("Up, database reachable.", Health),
        503: json_response(
            "Up, but the database or Auth is unreachable, the JWT secret is not the deployment's or "
            "the database lacks migrations (`status` is `degraded`; the body is the health report, "
            "not an Error).",
            Health,
        ),
    },
)
def health() -> WithStatus:
    """Is the BFF up, and can it reach the database?"""
    checks = {"database": "ok" if db.ping() else "unreachable", "auth": _auth_status()}
    # Redis away is no reason to take the replica out: it counts alone at its share meanwhile.
    optional = {
        "rate_limit_store": rate_limit_store_status(current_app.config),
        "jwt_secret": jwt_secret_status(current_app.config) if checks["auth"] == "ok" else None,
        "migrations": schema_status() if checks["database"] == "ok" else None,
    }
    checks |= {name: value for name, value in optional.items() if value is not None}
    healthy = (
        checks["database"] == "ok"
        and checks["auth"] != "unreachable"
        and checks.get("jwt_secret") != "mismatch"
        and checks.get("migrations") != "behind"
    )
    body = {"status": "ok" if healthy else "degraded", "version": VERSION, "checks": checks}
    return jsonify(body), 200 if healthy else 503
