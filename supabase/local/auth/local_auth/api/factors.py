"""MFA: POST /factors (enroll TOTP), POST /factors/{id}/challenge, POST /factors/{id}/verify (the
session becomes aal2) and DELETE /factors/{id}, with upstream's checks, statuses and messages.
Phone and WebAuthn factors need an SMS provider or a browser ceremony: they answer as upstream does
when they are disabled (their default)."""
from __future__ import annotations

import ipaddress
import uuid
from datetime import timedelta

from flask import Blueprint, current_app, g, jsonify, request

from .. import audit, db, mfa, sessions, users
from ..db import CommitWithError
from ..errors import AuthError, bad_request, forbidden, not_found, unprocessable
from ..ratelimit import check_account, count_failure, limit
from ..request_context import Caller, body, require_user, text
from ..timeutil import now

bp = Blueprint("factors", __name__)

FACTOR_EXPIRY = timedelta(seconds=300)  # GOTRUE_MFA_FACTOR_EXPIRY_DURATION's default (and minimum)
MAX_VERIFIED_FACTORS = 10  # GOTRUE_MFA_MAX_VERIFIED_FACTORS' default


def _settings():
    return current_app.config["AUTH_SETTINGS"]


def _internal(msg: str) -> AuthError:
    return AuthError(500, "unexpected_failure", msg)


def _caller() -> Caller:
    caller = require_user()
    if caller.claims.get("is_anonymous"):
        raise forbidden("no_authorization", "Anonymous user not allowed to perform these actions")
    return caller


def _ip() -> str:
    """The caller's address as the inet column of mfa_challenges stores it."""
    candidate = audit.client_ip()
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return request.remote_addr or "127.0.0.1"


def _load_factor(caller: Caller, factor_id: str) -> dict:
    try:
        uuid.UUID(factor_id)
    except ValueError:
        raise not_found("validation_failed", "factor_id must be an UUID")
    with db.transaction() as conn:
        factor = conn.execute("select * from auth.mfa_factors where user_id = %s and id = %s",
                              (caller.user["id"], factor_id)).fetchone()
    if factor is None:
        raise not_found("mfa_factor_not_found", "Factor not found")
    return factor


@bp.post("/factors")
def enroll():
    settings = _settings()
    caller = _caller()
    if caller.session is None:
        raise _internal("A valid session and a registered user are required to enroll a factor")
    params = body()
    factor_type, name, issuer = text(params, "factor_type"), text(params, "friendly_name"), text(params, "issuer")
    if factor_type == "phone":
        # No SMS provider can be configured here, so phone MFA stays off whatever the setting says.
        raise unprocessable("mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone")
    if factor_type == "webauthn":
        raise unprocessable("mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn")
    if factor_type != "totp":
        raise bad_request("validation_failed", "factor_type needs to be totp, phone, or webauthn")
    if not settings.mfa_totp_enroll:
        raise unprocessable("mfa_totp_enroll_not_enabled", "MFA enroll is disabled for TOTP")
    issuer = issuer or mfa.default_issuer(settings.site_url)
    user = caller.user
    with db.transaction() as conn:
        _validate_new_factor(conn, user, name, caller.session)
    secret = mfa.new_secret()
    uri = mfa.otpauth_uri(issuer, user["email"] or "", secret)
    qr_code = mfa.qr_code_svg(uri)
    factor_id, stamp = uuid.uuid4(), now()
    with db.transaction() as conn:
        conn.execute(
            "insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,"
            " updated_at, secret) values (%s, %s, %s, 'totp', 'unverified', %s, %s, %s)",
            (factor_id, user["id"], name, stamp, stamp, secret))
        audit.log(conn, user, "factor_in_progress", {"factor_id": str(factor_id)}, ip_address=_ip())
    return jsonify({"id": str(factor_id), "type": "totp", "friendly_name": name,
                    "totp": {"qr_code": qr_code, "secret": secret, "uri": uri}})


def _validate_new_factor(conn, user: dict, name: str, session: dict) -> None:
    """Upstream's validateFactors: stale unverified factors go first, then the name, count and AAL rules."""
    conn.execute("delete from auth.mfa_factors f where status <> 'verified' and not exists"
                 " (select 1 from auth.mfa_challenges c where c.factor_id = f.id) and created_at + %s < now()",
                 (FACTOR_EXPIRY,))
    factors = users.factors_of(conn, user["id"])
    for factor in factors:
        # Upstream compares the raw names, so two factors without a name conflict too.
        if (factor["friendly_name"] or "") == name:
            raise unprocessable("mfa_factor_name_conflict",
                                f'A factor with the friendly name "{name}" for this user already exists')
    verified = sum(1 for factor in factors if factor["status"] == "verified")
    if len(factors) >= _settings().mfa_max_enrolled_factors or verified >= MAX_VERIFIED_FACTORS:
        raise unprocessable("too_many_enrolled_mfa_factors",
                            "Maximum number of verified factors reached, unenroll to continue")
    if verified > 0 and session["aal"] != "aal2":
        raise forbidden("insufficient_aal", "AAL2 required to enroll a new factor")


def _require_verify_enabled(factor: dict) -> None:
    if factor["factor_type"] == "totp":
        if not _settings().mfa_totp_verify:
            raise unprocessable("mfa_totp_verify_not_enabled", "MFA verification is disabled for TOTP")
    elif factor["factor_type"] == "phone":
        raise unprocessable("mfa_phone_verify_not_enabled", "MFA verification is disabled for Phone")
    else:
        raise unprocessable("mfa_webauthn_verify_not_enabled", "MFA verification is disabled for WebAuthn")


@bp.post("/factors/<factor_id>/challenge")
def challenge(factor_id: str):
    caller = _caller()
    factor = _load_factor(caller, factor_id)
    limit("mfa_challenge")
    _require_verify_enabled(factor)
    challenge_id, stamp = uuid.uuid4(), now()
    with db.transaction() as conn:
        conn.execute("insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)"
                     " values (%s, %s, %s, %s)", (challenge_id, factor["id"], stamp, _ip()))
        conn.execute("update auth.mfa_factors set last_challenged_at = %s, updated_at = %s where id = %s",
                     (stamp, stamp, factor["id"]))
        audit.log(conn, caller.user, "challenge_created",
                  {"factor_id": str(factor["id"]), "factor_status": factor["status"]}, ip_address=_ip())
    expires = stamp + timedelta(seconds=_settings().mfa_challenge_expiry)
    return jsonify({"id": str(challenge_id), "type": factor["factor_type"], "expires_at": int(expires.timestamp())})


def _challenge_id(params: dict) -> str:
    value = text(params, "challenge_id")
    if not value:
        return str(uuid.UUID(int=0))  # an absent id is the nil UUID upstream, which matches nothing
    try:
        return str(uuid.UUID(value))
    except ValueError:
        raise bad_request("bad_json", "Could not parse request body as JSON: "
                          f"uuid: incorrect UUID length {len(value)} in string {_go_quote(value)}")


def _go_quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


@bp.post("/factors/<factor_id>/verify")
def verify(factor_id: str):
    caller = _caller()
    factor = _load_factor(caller, factor_id)
    limit("mfa_verify")
    params = body()
    challenge_id, code = _challenge_id(params), text(params, "code")
    if not code:
        raise bad_request("validation_failed", "Code needs to be non-empty")
    _require_verify_enabled(factor)
    account = str(caller.user["id"])
    check_account("mfa_verify_account", account)
    # One transaction that locks the challenge and the factor: of two concurrent verifications of one
    # challenge (or of one code) the second waits, then finds it used.
    with db.transaction() as conn:
        found = _open_challenge(conn, factor, challenge_id)
        step = mfa.matching_step(factor["secret"] or "", code)
        if step is None or _step_used(conn, factor, step):
            count_failure("mfa_verify_account", account)
            raise unprocessable("mfa_verification_failed", "Invalid TOTP code entered")
        if caller.session is None:
            raise _internal("Cannot read SessionId claim as UUID")
        audit.log(conn, caller.user, "verification_attempted",
                  {"factor_id": str(factor["id"]), "challenge_id": str(found["id"]),
                   "factor_type": factor["factor_type"]}, ip_address=_ip())
        # The accepted step is kept on the challenge (its otp_code column, which only phone
        # challenges use upstream), for _step_used.
        conn.execute("update auth.mfa_challenges set verified_at = %s, otp_code = %s where id = %s",
                     (now(), str(step), found["id"]))
        if factor["status"] != "verified":
            conn.execute("update auth.mfa_factors set status = 'verified', updated_at = %s where id = %s",
                         (now(), factor["id"]))
        user = users.find_by_id(conn, caller.user["id"])
        response = _upgrade_session(conn, user, caller.session["id"], factor)
        # Every other session still at aal1 is signed out, and enrolment attempts of the same type end.
        conn.execute("delete from auth.sessions where user_id = %s and aal < 'aal2'", (user["id"],))
        conn.execute("delete from auth.mfa_factors where user_id = %s and status = 'unverified'"
                     " and factor_type = %s", (user["id"], factor["factor_type"]))
    g.pop("sb_auth_headers", None)  # upstream's MFA verify answer has no Sb-Auth-* headers
    return jsonify(response)


def _open_challenge(conn, factor: dict, challenge_id: str) -> dict:
    """The challenge, locked, if it may still be verified (upstream's validateChallenge)."""
    conn.execute("select 1 from auth.mfa_factors where id = %s for update", (factor["id"],))
    found = conn.execute("select *, host(ip_address) as ip from auth.mfa_challenges"
                         " where id = %s and factor_id = %s for update", (challenge_id, factor["id"])).fetchone()
    if found is None:
        raise unprocessable("mfa_factor_not_found", "MFA factor with the provided challenge ID not found")
    if found["verified_at"] is not None or found["ip"] != _ip():
        # One message for both cases, as upstream: a used challenge cannot be verified again.
        raise unprocessable("mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.")
    if now() > found["created_at"] + timedelta(seconds=_settings().mfa_challenge_expiry):
        conn.execute("delete from auth.mfa_challenges where id = %s", (found["id"],))
        raise CommitWithError(unprocessable(
            "mfa_challenge_expired", f"MFA challenge {found['id']} has expired, verify against another"
            " challenge or create a new challenge."))
    return found


def _step_used(conn, factor: dict, step: int) -> bool:
    """A code of this step or a later one was already accepted for the factor (RFC 6238 5.2)."""
    row = conn.execute("select max(otp_code::bigint) as step from auth.mfa_challenges where factor_id = %s"
                       " and verified_at is not null and otp_code ~ '^[0-9]+$'", (factor["id"],)).fetchone()
    return row["step"] is not None and row["step"] >= step


def _upgrade_session(conn, user: dict, session_id, factor: dict) -> dict:
    """Upstream's updateMFASessionAndClaims: the `totp` claim, a swapped refresh token, aal2 on the
    session, and a new access token for the same session."""
    sessions.add_amr_claim(conn, session_id, "totp")
    conn.execute("select 1 from auth.sessions where id = %s for update", (session_id,))
    # Upstream swaps the session's *oldest* refresh token (FindTokenBySessionID orders by created_at).
    oldest = conn.execute("select * from auth.refresh_tokens where session_id = %s"
                          " order by created_at asc, id asc limit 1", (session_id,)).fetchone()
    if oldest is None:
        raise bad_request("refresh_token_not_found", "Refresh Token not found")
    audit.log(conn, user, "token_revoked", ip_address="")
    refresh = sessions.swap_refresh_token(conn, user["id"], session_id, oldest)
    aal, _ = sessions.aal_and_amr(conn, session_id)
    conn.execute("update auth.sessions set aal = %s, factor_id = %s where id = %s", (aal, factor["id"], session_id))
    return sessions.token_response(conn, user, session_id, refresh)


@bp.delete("/factors/<factor_id>")
def unenroll(factor_id: str):
    caller = _caller()
    factor = _load_factor(caller, factor_id)
    if caller.session is None:
        raise _internal("A valid session and factor are required to unenroll a factor")
    if factor["status"] == "verified" and caller.session["aal"] != "aal2":
        raise unprocessable("insufficient_aal", "AAL2 required to unenroll verified factor")
    with db.transaction() as conn:
        conn.execute("delete from auth.mfa_factors where id = %s", (factor["id"],))
        audit.log(conn, caller.user, "factor_unenrolled",
                  {"factor_id": str(factor["id"]), "factor_status": factor["status"],
                   "session_id": str(caller.session["id"])}, ip_address=_ip())
        downgrade_sessions(conn, factor)
    return jsonify({"id": str(factor["id"])})


def downgrade_sessions(conn, factor: dict) -> None:
    """Sessions that reached aal2 with this factor lose its claim and go back to aal1."""
    conn.execute("delete from auth.mfa_amr_claims where authentication_method = %s and session_id in"
                 " (select id from auth.sessions where factor_id = %s)", (factor["factor_type"], factor["id"]))
    conn.execute("update auth.sessions set aal = 'aal1', factor_id = null where user_id = %s and factor_id = %s",
                 (factor["user_id"], factor["id"]))
