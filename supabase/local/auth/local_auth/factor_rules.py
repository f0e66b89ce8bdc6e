"""What every kind of MFA factor shares: the rules for a new factor, the challenge that may still be
verified, the session raised to aal2 (upstream's validateFactors, validateChallenge and
updateMFASessionAndClaims in internal/api/mfa.go)."""

from __future__ import annotations

import ipaddress
from datetime import timedelta

from flask import request

from . import audit, sessions, users
from .config import Settings, current_settings
from .db import CommitWithError, Conn, Id, Row
from .errors import bad_request, forbidden, unprocessable
from .json_types import JsonObject
from .timeutil import now

FACTOR_EXPIRY = timedelta(seconds=300)  # GOTRUE_MFA_FACTOR_EXPIRY_DURATION's default (and minimum)
MAX_VERIFIED_FACTORS = 10  # GOTRUE_MFA_MAX_VERIFIED_FACTORS' default


def _settings() -> Settings:
    return current_settings()


def client_inet() -> str:
    """The caller's address as the inet column of mfa_challenges stores it."""
    candidate = audit.client_ip()
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return request.remote_addr or "127.0.0.1"


def validate_new_factor(conn: Conn, user: Row, name: str, session: Row) -> None:
    """Upstream's validateFactors: stale unverified factors go first, then the name, count and AAL rules."""
    conn.execute(
        "delete from auth.mfa_factors f where status <> 'verified' and not exists"
        " (select 1 from auth.mfa_challenges c where c.factor_id = f.id) and created_at + %s < now()",
        (FACTOR_EXPIRY,),
    )
    factors = users.factors_of(conn, user["id"])
    for factor in factors:
        # Upstream compares the raw names, so two factors without a name conflict too.
        if (factor["friendly_name"] or "") == name:
            raise unprocessable(
                "mfa_factor_name_conflict", f'A factor with the friendly name "{name}" for this user already exists'
            )
    verified = sum(1 for factor in factors if factor["status"] == "verified")
    if len(factors) >= _settings().mfa_max_enrolled_factors or verified >= MAX_VERIFIED_FACTORS:
        raise unprocessable(
            "too_many_enrolled_mfa_factors", "Maximum number of verified factors reached, unenroll to continue"
        )
    if verified > 0 and session["aal"] != "aal2":
        raise forbidden("insufficient_aal", "AAL2 required to enroll a new factor")


def open_challenge(conn: Conn, factor: Row, challenge_id: str) -> Row:
    """The challenge, locked, if it may still be verified (upstream's validateChallenge)."""
    conn.execute("select 1 from auth.mfa_factors where id = %s for update", (factor["id"],))
    found = conn.execute(
        "select *, host(ip_address) as ip from auth.mfa_challenges where id = %s and factor_id = %s for update",
        (challenge_id, factor["id"]),
    ).fetchone()
    if found is None:
        raise unprocessable("mfa_factor_not_found", "MFA factor with the provided challenge ID not found")
    if found["verified_at"] is not None or found["ip"] != client_inet():
        # One message for both cases, as upstream: a used challenge cannot be verified again.
        raise unprocessable("mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.")
    if now() > found["created_at"] + timedelta(seconds=_settings().mfa_challenge_expiry):
        conn.execute("delete from auth.mfa_challenges where id = %s", (found["id"],))
        raise CommitWithError(
            unprocessable(
                "mfa_challenge_expired",
                f"MFA challenge {found['id']} has expired, verify against another challenge or create a new challenge.",
            )
        )
    return found


def upgrade_session(conn: Conn, user: Row, session_id: Id, factor: Row, method: str) -> JsonObject:
    """Upstream's updateMFASessionAndClaims: the factor's amr claim, a swapped refresh token, aal2 on the
    session, and a new access token for the same session."""
    sessions.add_amr_claim(conn, session_id, method)
    conn.execute("select 1 from auth.sessions where id = %s for update", (session_id,))
    # Upstream swaps the session's *oldest* refresh token (FindTokenBySessionID orders by created_at).
    oldest = conn.execute(
        "select * from auth.refresh_tokens where session_id = %s order by created_at asc, id asc limit 1", (session_id,)
    ).fetchone()
    if oldest is None:
        raise bad_request("refresh_token_not_found", "Refresh Token not found")
    audit.log(conn, user, "token_revoked", ip_address="")
    refresh = sessions.swap_refresh_token(conn, user["id"], session_id, oldest)
    aal, _ = sessions.aal_and_amr(conn, session_id)
    conn.execute("update auth.sessions set aal = %s, factor_id = %s where id = %s", (aal, factor["id"], session_id))
    return sessions.token_response(conn, user, session_id, refresh)
