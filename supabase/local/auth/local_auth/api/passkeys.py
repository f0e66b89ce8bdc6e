"""Passkeys (GOTRUE_PASSKEY_ENABLED): register one while signed in, sign in with it alone, list, rename
and remove them — the endpoints and answers of upstream's internal/api/passkey_registration.go,
passkey_authentication.go and passkey_manage.go (v2.190.0 on; read, not run), which supabase-js's
`auth.passkey.*` and `signInWithPasskey` call. The session a passkey opens has the AMR method
`passkey` (aal1, as upstream; docs/security.md says how the product's rules read it)."""

from __future__ import annotations

from datetime import datetime

from flask import Blueprint, Response, jsonify

from .. import audit, db, passkey_ceremony, passkeys, sessions, users
from ..db import Row, returned
from ..errors import AuthError, bad_request, forbidden, unprocessable
from ..json_types import JsonObject
from ..ratelimit import limit
from ..request_context import Caller, body, require_user, text
from ..timeutil import now

bp = Blueprint("passkeys", __name__)


@bp.before_request
def _enabled() -> None:
    passkeys.require_enabled()
    rp = passkeys.settings()
    if not rp.rp_id or not rp.rp_origins:  # upstream's webauthn.New fails the same way
        raise AuthError(500, "unexpected_failure", "Failed to initialize WebAuthn")


def _registering_user() -> Caller:
    """requireAuthentication, requireNotAnonymous, no SSO users, and aal2 once MFA is on."""
    caller = require_user()
    if caller.claims.get("is_anonymous"):
        raise forbidden("no_authorization", "Anonymous user not allowed to perform these actions")
    if caller.user["is_sso_user"]:
        raise unprocessable("validation_failed", "SSO users cannot register passkeys")
    with db.transaction() as conn:
        passkeys.require_management_aal(conn, caller.user, caller.session)
    return caller


def _verify_params(struct: str) -> tuple[str, JsonObject]:
    params = body()
    challenge_id = text(params, "challenge_id", struct=struct)
    if not challenge_id:
        raise bad_request("validation_failed", "challenge_id is required")
    credential = params.get("credential")
    if credential is None:
        raise bad_request("validation_failed", "credential is required")
    return challenge_id, credential


def _options_answer(challenge_id: str, options: JsonObject, expires: datetime) -> Response:
    return jsonify({"challenge_id": challenge_id, "options": options, "expires_at": int(expires.timestamp())})


@bp.post("/passkeys/registration/options")
def registration_options() -> Response:
    user = _registering_user().user
    rp = passkeys.settings()
    with db.transaction() as conn:
        existing = passkeys.credentials_of(conn, user["id"])
        if len(existing) >= rp.max_per_user:
            raise passkeys.too_many()
        expires = passkey_ceremony.expiry(rp, now())
        options, session = passkey_ceremony.registration(
            rp, user, [bytes(c["credential_id"]) for c in existing], expires
        )
        challenge_id = passkeys.open_challenge(conn, user["id"], "registration", session, expires)
    return _options_answer(challenge_id, options, expires)


@bp.post("/passkeys/registration/verify")
def registration_verify() -> Response:
    user = _registering_user().user
    rp = passkeys.settings()
    challenge_id, credential = _verify_params("PasskeyRegistrationVerifyParams")
    with db.transaction() as conn:  # committed at once: a challenge is used up by its first try
        challenge = passkeys.take_challenge(conn, challenge_id, "registration", user["id"])
    passkeys.check_fresh(challenge)
    if not isinstance(credential, dict):
        raise passkey_ceremony.invalid_response()
    verified = passkey_ceremony.verify_created(rp, challenge["session_data"], credential)
    with db.transaction() as conn:
        users.find_by_id(conn, user["id"], for_update=True)  # one registration at a time keeps the cap exact
        if passkeys.count_of(conn, user["id"]) >= rp.max_per_user:
            raise passkeys.too_many()
        row = passkeys.insert(conn, user["id"], verified)
        audit.log(conn, user, "passkey_created", {"passkey_id": str(row["id"])})
    return jsonify(
        {
            "id": str(row["id"]),
            "friendly_name": row["friendly_name"],
            "created_at": passkeys.item_json(row)["created_at"],
        }
    )


@bp.post("/passkeys/authentication/options")
def authentication_options() -> Response:
    limit("passkey")
    rp = passkeys.settings()
    expires = passkey_ceremony.expiry(rp, now())
    options, session = passkey_ceremony.authentication(rp, expires)
    with db.transaction() as conn:
        challenge_id = passkeys.open_challenge(conn, None, "authentication", session, expires)
    return _options_answer(challenge_id, options, expires)


@bp.post("/passkeys/authentication/verify")
def authentication_verify() -> Response:
    limit("passkey_verify")  # ours: upstream limits only the options, as it does not /verify's peers
    rp = passkeys.settings()
    challenge_id, credential = _verify_params("PasskeyAuthenticationVerifyParams")
    with db.transaction() as conn:
        challenge = passkeys.take_challenge(conn, challenge_id, "authentication")
    passkeys.check_fresh(challenge)
    if not isinstance(credential, dict):
        raise passkey_ceremony.invalid_response()
    named_user, raw_id = passkey_ceremony.user_handle(credential), passkey_ceremony.raw_id(credential)
    with db.transaction() as conn:
        stored = passkeys.by_credential_id(conn, raw_id)  # locked: concurrent sign-ins count one by one
        # An unknown or removed passkey, one named for another user, or a deleted user's: not this RP's.
        if stored is None or str(stored["user_id"]) != named_user:
            raise passkey_ceremony.verification_failed()
        user = users.find_by_id(conn, stored["user_id"])
        if user is None or user["deleted_at"] is not None:
            raise passkey_ceremony.verification_failed()
        sign_count = passkey_ceremony.verify_asserted(rp, challenge["session_data"], credential, stored)
        _check_may_sign_in(user)
        conn.execute(
            "update auth.webauthn_credentials set sign_count = %s, last_used_at = %s, updated_at = %s where id = %s",
            (sign_count, now(), now(), stored["id"]),
        )
        audit.log(conn, user, "login", {"passkey_id": str(stored["id"])})
        response = sessions.issue(conn, user, "passkey")
    return jsonify(response)


def _check_may_sign_in(user: Row) -> None:
    if user["email"] and not users.is_confirmed(user):
        raise forbidden("email_not_confirmed", "Email not confirmed")
    if user["phone"] and user["phone_confirmed_at"] is None:
        raise forbidden("phone_not_confirmed", "Phone not confirmed")
    if users.is_banned(user):
        raise forbidden("user_banned", "User is banned")


@bp.get("/passkeys", strict_slashes=False)
def list_passkeys() -> Response:
    caller = require_user()
    with db.transaction() as conn:
        return jsonify([passkeys.item_json(row) for row in passkeys.credentials_of(conn, caller.user["id"])])


@bp.patch("/passkeys/<passkey_id>", strict_slashes=False)
def rename(passkey_id: str) -> Response:
    caller = require_user()
    with db.transaction() as conn:
        passkeys.owned(conn, passkey_id, caller.user["id"])  # a malformed id is a 404 before the body
    name = text(body(), "friendly_name", struct="PasskeyUpdateParams")
    if not name:
        raise bad_request("validation_failed", "friendly_name is required")
    if len(name.encode()) > passkeys.NAME_MAX_BYTES:  # Go's len(): bytes
        raise bad_request("validation_failed", "friendly_name must be 120 characters or less")
    with db.transaction() as conn:
        passkeys.owned(conn, passkey_id, caller.user["id"], for_update=True)
        row = returned(
            conn.execute(
                "update auth.webauthn_credentials set friendly_name = %s, updated_at = %s where id = %s returning *",
                (name, now(), passkey_id),
            )
        )
        audit.log(conn, caller.user, "passkey_updated", {"passkey_id": passkey_id})
    return jsonify(passkeys.item_json(row))


@bp.delete("/passkeys/<passkey_id>", strict_slashes=False)
def delete(passkey_id: str) -> Response:
    caller = require_user()
    with db.transaction() as conn:
        passkeys.require_management_aal(conn, caller.user, caller.session)
        row = passkeys.owned(conn, passkey_id, caller.user["id"], for_update=True)
        conn.execute("delete from auth.webauthn_credentials where id = %s", (row["id"],))
        audit.log(conn, caller.user, "passkey_deleted", {"passkey_id": str(row["id"])})
    return Response(status=204)
