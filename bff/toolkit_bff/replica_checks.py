"""What one replica checks about its place among the others (issue 41): that it counts in the shared
store, that its JWT secret is the deployment's and that the database has its migrations. Each finding is logged with what it means, at a
worker's start and whenever /api/health finds it; a wrong secret also fails /api/health (503), so a
balancer or Kubernetes takes that replica out instead of letting it refuse what the others accept; so
does a database behind the code's migration level."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import jwt
import redis
import requests
from flask import current_app

from . import db
from .config import Settings
from .limit_shares import sharers
from .remembered_checks import remembered

log = logging.getLogger("toolkit_bff.replicas")
# Auth's answer about this replica's key is reused this long by each worker: a probe every few
# seconds need not cost an Auth round trip each time, and a changed secret still shows within it.
AUTH_ANSWER_SECONDS = 5.0


def rate_limit_store_status(config: Settings) -> str | None:
    """'ok' or 'unreachable'; None when no shared store is configured (memory://: one process)."""
    uri = config["RATELIMIT_STORAGE_URI"]
    if not uri.startswith(("redis://", "rediss://")):
        return None
    try:
        redis.Redis.from_url(uri, socket_timeout=1, socket_connect_timeout=1).ping()
        return "ok"
    except redis.RedisError as exc:
        log.error(
            "rate-limit store %s unreachable (%s): each worker counts alone and allows 1/%d of every "
            "limit and of each client's running jobs until it answers",
            _where(uri),
            exc,
            sharers(config),
        )
        return "unreachable"


def jwt_secret_status(config: Settings) -> str | None:
    """'ok', 'mismatch' or 'unknown' (Auth did not answer); None without Auth or a service-role key.
    The secret must have signed the service-role key, and Auth (every replica's Auth) must accept it."""
    auth, key, secret = config["AUTH_URL"], config["SERVICE_ROLE_KEY"], config["JWT_SECRET"]
    if not (auth and key and secret):
        return None
    try:
        jwt.decode(key, secret, algorithms=["HS256"], options={"verify_aud": False, "verify_exp": False})
    except jwt.InvalidTokenError:
        log.error(
            "TOOLKIT_JWT_SECRET did not sign TOOLKIT_SERVICE_ROLE_KEY: this replica's secret differs "
            "from the deployment's; /api/health answers 503 until it is fixed"
        )
        return "mismatch"
    return remembered(current_app, "auth_accepts_key", AUTH_ANSWER_SECONDS, lambda: _auth_accepts(auth, key))


def _auth_accepts(auth: str, key: str) -> str:
    """'ok', 'mismatch' (Auth refuses the service-role key) or 'unknown'; a round trip to Auth."""
    try:
        answer = requests.get(
            f"{auth}/admin/users",
            params={"per_page": 1},
            timeout=2,
            headers={"Authorization": f"Bearer {key}", "apikey": key},
        )
    except requests.RequestException:
        return "unknown"
    if answer.status_code in (401, 403):
        log.error(
            "Auth at %s refuses this replica's service-role key: TOOLKIT_JWT_SECRET differs from Auth's "
            "(GOTRUE_JWT_SECRET); /api/health answers 503 until it is fixed",
            auth,
        )
        return "mismatch"
    return "ok" if answer.ok else "unknown"


# The checkout's migrations, beside bff/ (the local stack); an image without them sets TOOLKIT_SCHEMA_LEVEL.
MIGRATIONS = Path(__file__).resolve().parents[2] / "supabase" / "migrations"


def expected_schema_level() -> str | None:
    """The newest migration version this replica's code was written against, if it knows it."""
    configured = os.environ.get("TOOLKIT_SCHEMA_LEVEL", "").strip()
    if configured:
        return configured
    versions = [path.name.split("_", 1)[0] for path in MIGRATIONS.glob("*.sql")] if MIGRATIONS.is_dir() else []
    return max(versions, default=None)


def schema_status() -> str | None:
    """'ok', 'behind' (the database lacks migrations this code needs) or 'unknown'; None without an
    expected level. A database ahead of the code is fine: migrations run before the new replicas start."""
    expected = expected_schema_level()
    if expected is None:
        return None
    applied = db.schema_level()
    if applied is None:
        return "unknown"
    if applied < expected:
        log.error(
            "the database is at migration %s but this replica expects %s: run the migrations "
            "(supabase/README.md); /api/health answers 503 until then",
            applied,
            expected,
        )
        return "behind"
    return "ok"


def log_start_checks(config: Settings) -> None:
    """At a worker's start: the same checks, logged when something is off."""
    rate_limit_store_status(config)
    jwt_secret_status(config)
    schema_status()


def _where(uri: str) -> str:
    """The store's address without a password."""
    tail = uri.split("@", 1)[-1]
    return tail if "://" in tail else uri.split("://", 1)[0] + "://" + tail
