"""PKCE flow states (auth.flow_state): created with a code challenge, exchanged at /token?grant_type=pkce."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import uuid
from datetime import timedelta

from .db import Conn, Id, Row, returned
from .errors import bad_request
from .timeutil import now

_CHALLENGE = re.compile(r"^[a-zA-Z._~0-9-]+$")
INVALID_PARAMS = "PKCE flow requires code_challenge_method and code_challenge"


def validate_params(method: str, challenge: str) -> None:
    if bool(challenge) != bool(method):
        raise bad_request("validation_failed", INVALID_PARAMS)
    if challenge:
        if not 43 <= len(challenge) <= 128:
            raise bad_request("validation_failed", "code challenge has to be between 43 and 128 characters")
        if not _CHALLENGE.match(challenge):
            raise bad_request(
                "validation_failed",
                "code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes",
            )


def create(
    conn: Conn,
    *,
    provider: str,
    method: str,
    challenge_method: str = "",
    challenge: str = "",
    user_id: Id | None = None,
) -> Row:
    """A flow state; with a challenge it gets an auth code (the `?code=` of the redirect)."""
    auth_code, cc_method = None, None
    if challenge:
        cc_method = challenge_method.lower()
        if cc_method not in ("s256", "plain"):
            raise bad_request("validation_failed", f'unsupported code_challenge method "{challenge_method}"')
        auth_code = str(uuid.uuid4())
    stamp = now()
    return returned(
        conn.execute(
            "insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge,"
            " provider_type, authentication_method, created_at, updated_at)"
            " values (%s, %s, %s, %s, %s, %s, %s, %s, %s) returning *",
            (uuid.uuid4(), user_id, auth_code, cc_method, challenge or None, provider, method, stamp, stamp),
        )
    )


def issue_auth_code(conn: Conn, user_id: Id, method: str) -> str | None:
    """The newest flow state's auth code for this user and method (stamped as issued now)."""
    row = conn.execute(
        "select * from auth.flow_state where user_id = %s and authentication_method = %s"
        " order by created_at desc limit 1",
        (user_id, method),
    ).fetchone()
    if row is None or not row["auth_code"]:
        return None
    conn.execute(
        "update auth.flow_state set auth_code_issued_at = %s, updated_at = %s where id = %s", (now(), now(), row["id"])
    )
    auth_code: str = row["auth_code"]
    return auth_code


def verifier_matches(flow: Row, verifier: str) -> bool:
    if flow["code_challenge_method"] == "s256":
        digest = hashlib.sha256(verifier.encode()).digest()
        expected = base64.urlsafe_b64encode(digest).decode().rstrip("=")
    else:
        expected = verifier
    return hmac.compare_digest(expected, flow["code_challenge"] or "")


def is_expired(flow: Row, expiry_seconds: float) -> bool:
    started = (
        flow["auth_code_issued_at"]
        if (flow["auth_code_issued_at"] is not None and flow["authentication_method"] == "magiclink")
        else flow["created_at"]
    )
    age: timedelta = now() - started
    return age.total_seconds() > expiry_seconds
