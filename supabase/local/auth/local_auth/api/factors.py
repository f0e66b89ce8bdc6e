"""MFA: POST /factors (enroll TOTP or WebAuthn), POST /factors/{id}/challenge, POST /factors/{id}/verify
(the session becomes aal2) and DELETE /factors/{id}, with upstream's checks, statuses and messages.
Phone factors need an SMS provider: they answer as upstream does when they are disabled. WebAuthn's
ceremony is in webauthn_factor.py."""

from __future__ import annotations

import uuid
from datetime import timedelta

from flask import Blueprint, Response, g, jsonify
from psycopg.types.json import Jsonb

from .. import audit, db, mfa, users, webauthn_factor
from ..config import Settings, current_settings
from ..db import Conn, Row, returned
from ..errors import AuthError, bad_request, forbidden, not_found, unprocessable
from ..factor_rules import client_inet, open_challenge, upgrade_session, validate_new_factor
from ..json_types import JsonObject
from ..ratelimit import check_account, count_failure, limit
from ..request_context import Caller, body, refuse_oauth_client, require_user, text
from ..timeutil import now

bp = Blueprint("factors", __name__)


def _settings() -> Settings:
    return current_settings()


def _internal(msg: str) -> AuthError:
    return AuthError(500, "unexpected_failure", msg)


def _caller() -> Caller:
    caller = require_user()
    if caller.claims.get("is_anonymous"):
        raise forbidden("no_authorization", "Anonymous user not allowed to perform these actions")
    return caller


def _load_factor(caller: Caller, factor_id: str) -> Row:
    try:
        uuid.UUID(factor_id)
    except ValueError:
        raise not_found("validation_failed", "factor_id must be an UUID") from None
    with db.transaction() as conn:
        factor = conn.execute(
            "select * from auth.mfa_factors where user_id = %s and id = %s", (caller.user["id"], factor_id)
        ).fetchone()
    if factor is None:
        raise not_found("mfa_factor_not_found", "Factor not found")
    return factor


@bp.post("/factors")
def enroll() -> Response:
    settings = _settings()
    caller = _caller()
    refuse_oauth_client(caller)
    if caller.session is None:
        raise _internal("A valid session and a registered user are required to enroll a factor")
    params = body()
    factor_type, name, issuer = text(params, "factor_type"), text(params, "friendly_name"), text(params, "issuer")
    if factor_type == "phone":
        # No SMS provider can be configured here, so phone MFA stays off whatever the setting says.
        raise unprocessable("mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone")
    if factor_type == "webauthn":
        if not settings.mfa_webauthn_enroll:
            raise unprocessable("mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn")
        return _enroll_webauthn(caller, caller.session, name)
    if factor_type != "totp":
        raise bad_request("validation_failed", "factor_type needs to be totp, phone, or webauthn")
    if not settings.mfa_totp_enroll:
        raise unprocessable("mfa_totp_enroll_not_enabled", "MFA enroll is disabled for TOTP")
    issuer = issuer or mfa.default_issuer(settings.site_url)
    user = caller.user
    with db.transaction() as conn:
        validate_new_factor(conn, user, name, caller.session)
    secret = mfa.new_secret()
    uri = mfa.otpauth_uri(issuer, user["email"] or "", secret)
    qr_code = mfa.qr_code_svg(uri)
    factor_id, stamp = uuid.uuid4(), now()
    with db.transaction() as conn:
        conn.execute(
            "insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,"
            " updated_at, secret) values (%s, %s, %s, 'totp', 'unverified', %s, %s, %s)",
            (factor_id, user["id"], name, stamp, stamp, secret),
        )
        audit.log(conn, user, "factor_in_progress", {"factor_id": str(factor_id)}, ip_address=client_inet())
    return jsonify(
        {
            "id": str(factor_id),
            "type": "totp",
            "friendly_name": name,
            "totp": {"qr_code": qr_code, "secret": secret, "uri": uri},
        }
    )


def _enroll_webauthn(caller: Caller, session: Row, name: str) -> Response:
    """A factor waiting for its credential: the first challenge asks the browser to create one."""
    with db.transaction() as conn:
        validate_new_factor(conn, caller.user, name, session)
        factor_id, stamp = uuid.uuid4(), now()
        conn.execute(
            "insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,"
            " updated_at) values (%s, %s, %s, 'webauthn', 'unverified', %s, %s)",
            (factor_id, caller.user["id"], name, stamp, stamp),
        )
        audit.log(
            conn,
            caller.user,
            "factor_in_progress",
            {"factor_id": str(factor_id), "factor_type": "webauthn"},
            ip_address=client_inet(),
        )
    return jsonify({"id": str(factor_id), "type": "webauthn", "friendly_name": name})


def _require_verify_enabled(factor: Row, *, verifying: bool = False) -> None:
    if factor["factor_type"] == "totp":
        if not _settings().mfa_totp_verify:
            raise unprocessable("mfa_totp_verify_not_enabled", "MFA verification is disabled for TOTP")
    elif factor["factor_type"] == "phone":
        raise unprocessable("mfa_phone_verify_not_enabled", "MFA verification is disabled for Phone")
    elif not _settings().mfa_webauthn_verify:
        # Upstream's verify answers this with the enroll code (VerifyFactor in internal/api/mfa.go).
        code = "mfa_webauthn_enroll_not_enabled" if verifying else "mfa_webauthn_verify_not_enabled"
        raise unprocessable(code, "MFA verification is disabled for WebAuthn")


@bp.post("/factors/<factor_id>/challenge")
def challenge(factor_id: str) -> Response:
    caller = _caller()
    factor = _load_factor(caller, factor_id)
    limit("mfa_challenge")
    _require_verify_enabled(factor)
    challenge_id, stamp = uuid.uuid4(), now()
    extra, session_data = {}, None
    with db.transaction() as conn:
        if factor["factor_type"] == "webauthn":
            webauthn, session_data = webauthn_factor.challenge_options(
                conn, caller.user, factor, webauthn_factor.params_of(body())
            )
            extra = {"webauthn": webauthn}
        conn.execute(
            "insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data)"
            " values (%s, %s, %s, %s, %s)",
            (challenge_id, factor["id"], stamp, client_inet(), Jsonb(session_data) if session_data else None),
        )
        conn.execute(
            "update auth.mfa_factors set last_challenged_at = %s, updated_at = %s where id = %s",
            (stamp, stamp, factor["id"]),
        )
        audit.log(
            conn,
            caller.user,
            "challenge_created",
            {"factor_id": str(factor["id"]), "factor_status": factor["status"]},
            ip_address=client_inet(),
        )
    expires = stamp + timedelta(seconds=_settings().mfa_challenge_expiry)
    return jsonify(
        {"id": str(challenge_id), "type": factor["factor_type"]} | extra | {"expires_at": int(expires.timestamp())}
    )


def _challenge_id(params: JsonObject) -> str:
    value = text(params, "challenge_id")
    if not value:
        return str(uuid.UUID(int=0))  # an absent id is the nil UUID upstream, which matches nothing
    try:
        return str(uuid.UUID(value))
    except ValueError:
        raise bad_request(
            "bad_json",
            "Could not parse request body as JSON: "
            f"uuid: incorrect UUID length {len(value)} in string {_go_quote(value)}",
        ) from None


def _go_quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


@bp.post("/factors/<factor_id>/verify")
def verify(factor_id: str) -> Response:
    caller = _caller()
    factor = _load_factor(caller, factor_id)
    limit("mfa_verify")
    params = body()
    challenge_id, code = _challenge_id(params), text(params, "code")
    if factor["factor_type"] == "webauthn":
        return _verify_webauthn(caller, factor, challenge_id, webauthn_factor.params_of(params))
    if not code:
        raise bad_request("validation_failed", "Code needs to be non-empty")
    _require_verify_enabled(factor)
    account = str(caller.user["id"])
    check_account("mfa_verify_account", account)
    # One transaction that locks the challenge and the factor: of two concurrent verifications of one
    # challenge (or of one code) the second waits, then finds it used.
    with db.transaction() as conn:
        found = open_challenge(conn, factor, challenge_id)
        step = mfa.matching_step(factor["secret"] or "", code)
        if step is None or _step_used(conn, factor, step):
            count_failure("mfa_verify_account", account)
            raise unprocessable("mfa_verification_failed", "Invalid TOTP code entered")
        if caller.session is None:
            raise _internal("Cannot read SessionId claim as UUID")
        audit.log(
            conn,
            caller.user,
            "verification_attempted",
            {"factor_id": str(factor["id"]), "challenge_id": str(found["id"]), "factor_type": factor["factor_type"]},
            ip_address=client_inet(),
        )
        # The accepted step is kept on the challenge (its otp_code column, which only phone
        # challenges use upstream), for _step_used.
        conn.execute(
            "update auth.mfa_challenges set verified_at = %s, otp_code = %s where id = %s",
            (now(), str(step), found["id"]),
        )
        if factor["status"] != "verified":
            conn.execute(
                "update auth.mfa_factors set status = 'verified', updated_at = %s where id = %s", (now(), factor["id"])
            )
        user = users.reread(conn, caller.user["id"])
        response = upgrade_session(conn, user, caller.session["id"], factor, "totp")
        # Every other session still at aal1 is signed out, and enrolment attempts of the same type end.
        conn.execute("delete from auth.sessions where user_id = %s and aal < 'aal2'", (user["id"],))
        conn.execute(
            "delete from auth.mfa_factors where user_id = %s and status = 'unverified' and factor_type = %s",
            (user["id"], factor["factor_type"]),
        )
    g.pop("sb_auth_headers", None)  # upstream's MFA verify answer has no Sb-Auth-* headers
    return jsonify(response)


def _step_used(conn: Conn, factor: Row, step: int) -> bool:
    """A code of this step or a later one was already accepted for the factor (RFC 6238 5.2)."""
    row = returned(
        conn.execute(
            "select max(otp_code::bigint) as step from auth.mfa_challenges where factor_id = %s"
            " and verified_at is not null and otp_code ~ '^[0-9]+$'",
            (factor["id"],),
        )
    )
    return row["step"] is not None and row["step"] >= step


def _verify_webauthn(caller: Caller, factor: Row, challenge_id: str, params: JsonObject | None) -> Response:
    _require_verify_enabled(factor, verifying=True)
    session = caller.session
    if session is None:
        raise _internal("Cannot read SessionId claim as UUID")
    with db.transaction() as conn:
        found = open_challenge(conn, factor, challenge_id)
        columns = webauthn_factor.check_response(factor, found, params)
        assert params is not None  # check_response refuses a body without its webauthn object
        # The challenge is used up with the verification (upstream destroys it).
        conn.execute("delete from auth.mfa_challenges where id = %s", (found["id"],))
        audit.log(
            conn,
            caller.user,
            "verification_attempted",
            {"factor_id": str(factor["id"]), "challenge_id": str(found["id"]), "factor_type": "webauthn"},
            ip_address=client_inet(),
        )
        if factor["status"] != "verified":
            columns["status"] = "verified"
        webauthn_factor.store(conn, factor, found, params["type"], columns, params["credential_response"])
        user = users.reread(conn, caller.user["id"])
        response = upgrade_session(conn, user, session["id"], factor, "mfa/webauthn")
        conn.execute("delete from auth.sessions where user_id = %s and aal < 'aal2'", (user["id"],))
        conn.execute(
            "delete from auth.mfa_factors where user_id = %s and status = 'unverified' and factor_type = 'webauthn'",
            (user["id"],),
        )
    g.pop("sb_auth_headers", None)
    return jsonify(response)


@bp.delete("/factors/<factor_id>")
def unenroll(factor_id: str) -> Response:
    caller = _caller()
    refuse_oauth_client(caller)
    factor = _load_factor(caller, factor_id)
    if caller.session is None:
        raise _internal("A valid session and factor are required to unenroll a factor")
    if factor["status"] == "verified" and caller.session["aal"] != "aal2":
        raise unprocessable("insufficient_aal", "AAL2 required to unenroll verified factor")
    with db.transaction() as conn:
        conn.execute("delete from auth.mfa_factors where id = %s", (factor["id"],))
        audit.log(
            conn,
            caller.user,
            "factor_unenrolled",
            {
                "factor_id": str(factor["id"]),
                "factor_status": factor["status"],
                "session_id": str(caller.session["id"]),
            },
            ip_address=client_inet(),
        )
        downgrade_sessions(conn, factor)
    return jsonify({"id": str(factor["id"])})


def downgrade_sessions(conn: Conn, factor: Row) -> None:
    """Sessions that reached aal2 with this factor lose its claim and go back to aal1."""
    conn.execute(
        "delete from auth.mfa_amr_claims where authentication_method = %s and session_id in"
        " (select id from auth.sessions where factor_id = %s)",
        (factor["factor_type"], factor["id"]),
    )
    conn.execute(
        "update auth.sessions set aal = 'aal1', factor_id = null where user_id = %s and factor_id = %s",
        (factor["user_id"], factor["id"]),
    )
