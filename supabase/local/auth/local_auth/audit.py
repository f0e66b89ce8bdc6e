"""auth.audit_log_entries rows with upstream's payload (actor, action, log_type, traits)."""

from __future__ import annotations

import json
import uuid

from flask import request

from .db import Conn, Row
from .json_types import JsonObject
from .timeutil import now

LOG_TYPES = {
    "login": "account",
    "logout": "account",
    "invite_accepted": "account",
    "user_signedup": "team",
    "user_invited": "team",
    "user_deleted": "team",
    "token_revoked": "token",
    "token_refreshed": "token",
    "user_modified": "user",
    "user_recovery_requested": "user",
    "user_confirmation_requested": "user",
    "user_repeated_signup": "user",
    "user_updated_password": "user",
    "factor_in_progress": "factor",
    "factor_unenrolled": "factor",
    "challenge_created": "factor",
    "verification_attempted": "factor",
    "factor_deleted": "factor",
    "factor_updated": "factor",
    "passkey_created": "user",
    "passkey_updated": "user",
    "passkey_deleted": "user",
    "mfa_code_login": "factor",  # user_reauthenticate_requested and identity_unlinked have none upstream
}


def client_ip() -> str:
    # The gateway in front of us is the only proxy; it sets X-Forwarded-For.
    forwarded = request.headers.get("X-Forwarded-For", "")
    return (forwarded.split(",")[0].strip() if forwarded else request.remote_addr) or ""


def log(
    conn: Conn, actor: Row, action: str, traits: JsonObject | None = None, *, ip_address: str | None = None
) -> None:
    """`actor` is a user row (or the admin pseudo-user {id, email, role}); `ip_address` overrides the
    recorded address (upstream passes "" for most actions and the client's for MFA ones)."""
    payload = {
        "actor_id": str(actor["id"]),
        "actor_via_sso": bool(actor.get("is_sso_user", False)),
        "actor_username": actor.get("phone") or actor.get("email") or "",
        "action": action,
        "log_type": LOG_TYPES.get(action, ""),
    }
    full_name = (actor.get("raw_user_meta_data") or {}).get("full_name")
    if full_name is not None:
        payload["actor_name"] = full_name
    if traits is not None:
        payload["traits"] = traits
    conn.execute(
        "insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)"
        " values ('00000000-0000-0000-0000-000000000000', %s, %s, %s, %s)",
        # Upstream leaves ip_address empty (its audit entries are written without the address).
        (uuid.uuid4(), json.dumps(payload), now(), ""),
    )
