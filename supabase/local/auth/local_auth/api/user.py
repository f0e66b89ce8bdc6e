"""GET /user and PUT /user (metadata, password with the reauthentication nonce, e-mail change)."""

from __future__ import annotations

from datetime import timedelta

from flask import Blueprint, Response, jsonify
from psycopg.types.json import Jsonb

from .. import audit, db, mailer, pkce, users, verification
from ..admin_users import merge
from ..config import current_settings
from ..db import Conn, Id, returned
from ..errors import AuthError, bad_request, forbidden, unprocessable
from ..json_types import JsonObject
from ..passwords import check_password, check_strength, hash_password
from ..ratelimit import limit
from ..request_context import body, json_object, refuse_oauth_client, require_user, text
from ..timeutil import now
from .signup import validate_email

bp = Blueprint("user", __name__)


def _audience_of(claims: JsonObject) -> str:
    aud = claims.get("aud")
    return (aud[0] if aud else "") if isinstance(aud, list) else (aud or "")


@bp.get("/user")
def get_user() -> Response:
    caller = require_user()
    if _audience_of(caller.claims) != current_settings().jwt_aud:
        raise bad_request("validation_failed", "Token audience doesn't match request audience")
    with db.transaction() as conn:
        return jsonify(users.user_json(conn, caller.user))


def has_verified_factor(conn: Conn, user_id: Id) -> bool:
    return (
        conn.execute(
            "select 1 from auth.mfa_factors where user_id = %s and status = 'verified' limit 1", (user_id,)
        ).fetchone()
        is not None
    )


@bp.put("/user")
def update_user() -> Response:
    limit("user")
    settings = current_settings()
    caller = require_user()
    user, session = caller.user, caller.session
    params = body()
    email = text(params, "email")
    password = params.get("password")
    if password is not None and not isinstance(password, str):
        raise bad_request(
            "bad_json",
            "Could not parse request body as JSON: json: cannot unmarshal "
            "number into Go struct field .password of type string",
        )
    nonce = text(params, "nonce")
    data, app_data = json_object(params, "data"), json_object(params, "app_metadata")
    challenge, challenge_method = text(params, "code_challenge"), text(params, "code_challenge_method")
    if password is not None or email or text(params, "phone"):
        refuse_oauth_client(caller)
    if email:
        email = validate_email(email)
    if text(params, "phone"):
        raise bad_request("validation_failed", "Unable to update phone: no SMS provider is configured")
    if password is not None:
        check_strength(settings, password)
    if app_data is not None:
        raise forbidden("not_admin", "Updating app_metadata requires admin privileges")
    if user["is_anonymous"] and password and not email and not text(params, "phone"):
        raise unprocessable(
            "validation_failed", "Updating password of an anonymous user without an email or phone is not allowed"
        )
    changes_email = bool(email) and email != (user["email"] or "")
    with db.transaction() as conn:
        if (
            has_verified_factor(conn, user["id"])
            and (session is None or session["aal"] != "aal2")
            and (password or changes_email)
        ):
            raise AuthError(
                401, "insufficient_aal", "AAL2 session is required to update email or password when MFA is enabled."
            )
        if changes_email and users.find_by_email(conn, email, settings.jwt_aud) is not None:
            raise unprocessable("email_exists", "A user with this email address has already been registered")
    new_hash = None
    if password is not None:
        if settings.update_password_require_reauthentication and (
            session is None or now() > session["created_at"] + timedelta(hours=24)
        ):
            if not nonce:
                raise bad_request("reauthentication_needed", "Password update requires reauthentication")
            mailer.verify_reauthentication(user, nonce)
        if password and check_password(password, user["encrypted_password"]):
            raise unprocessable("same_password", "New password should be different from the old password.")
        new_hash = hash_password(password)

    with db.transaction() as conn:
        user = users.reread(conn, user["id"], for_update=True)
        if new_hash is not None:
            user = users.touch(
                conn,
                user["id"],
                encrypted_password=new_hash,
                confirmation_token="",
                confirmation_sent_at=None,
                recovery_token="",
                recovery_sent_at=None,
                email_change_token_current="",
                email_change_token_new="",
                email_change_sent_at=None,
                phone_change_token="",
                phone_change_sent_at=None,
                reauthentication_token="",
                reauthentication_sent_at=None,
            )
            conn.execute("delete from auth.one_time_tokens where user_id = %s", (user["id"],))
            if session is None:
                conn.execute("delete from auth.sessions where user_id = %s", (user["id"],))
            else:
                conn.execute("delete from auth.sessions where user_id = %s and id <> %s", (user["id"], session["id"]))
            audit.log(conn, user, "user_updated_password")
        if data is not None:
            user = returned(
                conn.execute(
                    "update auth.users set raw_user_meta_data = %s where id = %s returning *",
                    (Jsonb(merge(user["raw_user_meta_data"], data)), user["id"]),
                )
            )
        if changes_email and user["is_anonymous"] and settings.autoconfirm:
            # Adding an e-mail with autoconfirm is like signing up: no mail, the address is theirs now.
            user = users.touch(conn, user["id"], email_change=email)
            user = verification.apply_email_change(conn, user)  # autoconfirm: nothing to wait for
        elif changes_email:
            pkce.validate_params(challenge_method, challenge)
            if challenge:
                pkce.create(
                    conn,
                    provider="email_change",
                    method="email_change",
                    challenge_method=challenge_method,
                    challenge=challenge,
                    user_id=user["id"],
                )
            user = mailer.send_email_change(conn, user, email, pkce=bool(challenge))
        audit.log(conn, user, "user_modified")
        return jsonify(users.user_json(conn, user))
