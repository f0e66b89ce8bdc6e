"""Phone sign-up, sign-in by code, verification, resend and password sign-in, once an SMS provider is
configured (sms_config.py): upstream's phone branches of Signup (signup.go), SmsOtp (otp.go),
verifyUserAndToken/smsVerify (verify.go), Resend (resend.go) and the password grant (token.go),
v2.186.0, read rather than run. The endpoints (api/signup.py, mail_requests.py, verify.py,
token.py) keep upstream's "disabled" answers when no provider is configured and call these."""

from __future__ import annotations

import secrets
import uuid

from flask import Response, jsonify
from psycopg.types.json import Jsonb

from . import audit, db, otp, sessions, sms, users
from .config import Settings, current_settings
from .db import Conn, Row, returned
from .errors import bad_request, forbidden, unprocessable
from .json_types import JsonObject
from .passwords import check_password, hash_password
from .ratelimit import check_account, count_failure
from .timeutil import iso, now

TOKEN_INVALID = "Token has expired or is invalid"


def _settings() -> Settings:
    return current_settings()


def find_by_phone(conn: Conn, phone: str, *, for_update: bool = False) -> Row | None:
    return conn.execute(
        "select * from auth.users where instance_id = %s and phone = %s and aud = %s and"
        " is_sso_user = false" + (" for update" if for_update else ""),
        (users.INSTANCE_ID, phone, _settings().jwt_aud),
    ).fetchone()


def phone_confirmed(user: Row) -> bool:
    return user["phone_confirmed_at"] is not None


def _create(conn: Conn, phone: str, encrypted_password: str, data: JsonObject) -> Row:
    """A user with its phone identity (models.NewUser with a phone, createNewIdentity "phone")."""
    settings, user_id, stamp = _settings(), uuid.uuid4(), now()
    identity = {"sub": str(user_id), "phone": phone, "email_verified": False, "phone_verified": False}
    identity |= {k: v for k, v in data.items() if k not in identity}
    user = returned(
        conn.execute(
            "insert into auth.users (instance_id, id, aud, role, phone, encrypted_password, raw_app_meta_data,"
            " raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous, confirmation_token,"
            " recovery_token, email_change_token_new, email_change) values (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s,"
            " false, false, '', '', '', '') returning *",
            (
                users.INSTANCE_ID,
                user_id,
                settings.jwt_aud,
                settings.jwt_default_group,
                phone,
                encrypted_password,
                Jsonb({"provider": "phone", "providers": ["phone"]}),
                Jsonb(data | identity),
                stamp,
                stamp,
            ),
        )
    )
    conn.execute(
        "insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at,"
        " created_at, updated_at) values (%s, %s, %s, 'phone', %s, %s, %s)",
        (str(user_id), user_id, Jsonb(identity), stamp, stamp, stamp),
    )
    return user


def _confirm(conn: Conn, user: Row) -> Row:
    """User.ConfirmPhone: confirmed now, the code and every one-time token gone."""
    otp.clear(conn, user["id"])
    conn.execute(
        "update auth.identities set identity_data = identity_data || '{\"phone_verified\": true}'::jsonb"
        " where user_id = %s and provider = 'phone'",
        (user["id"],),
    )
    return returned(
        conn.execute(
            "update auth.users set confirmation_token = '', phone_confirmed_at = %s where id = %s returning *",
            (now(), user["id"]),
        )
    )


def _obfuscated(phone: str, data: JsonObject) -> JsonObject:
    """sanitizeUser for a phone that is taken: a made-up user, so sign-up cannot probe numbers."""
    stamp = iso(now())
    return {
        "id": str(uuid.uuid4()),
        "aud": _settings().jwt_aud,
        "role": "",
        "email": "",
        "phone": phone,
        "confirmation_sent_at": stamp,
        "app_metadata": {"provider": "phone", "providers": ["phone"]},
        "user_metadata": data,
        "identities": [],
        "created_at": stamp,
        "updated_at": stamp,
        "is_anonymous": False,
    }


def signup(phone: str, password: str, data: JsonObject, channel: str = "sms") -> Response:
    """POST /signup with a phone: the user and a code by SMS (or signed in at once with autoconfirm)."""
    settings = _settings()
    phone = sms.validate_phone(phone)
    hashed = hash_password(password)  # outside the transaction: bcrypt is slow on purpose
    with db.transaction() as conn:
        user = find_by_phone(conn, phone, for_update=True)
        if user is not None and phone_confirmed(user):
            audit.log(conn, user, "user_repeated_signup", {"provider": "phone"})
            existing = True
        else:
            existing = False
            user = user or _create(conn, phone, hashed, data)
            if settings.sms.autoconfirm:
                audit.log(conn, user, "user_signedup", {"provider": "phone", "channel": channel})
                user = _confirm(conn, user)
            else:
                audit.log(conn, user, "user_confirmation_requested", {"provider": "phone"})
                user = sms.send_confirmation(conn, user, phone, channel)
    if existing:
        if settings.autoconfirm or settings.sms.autoconfirm:
            raise unprocessable("user_already_exists", "User already registered")
        return jsonify(_obfuscated(phone, data))
    with db.transaction() as conn:
        if phone_confirmed(user):
            audit.log(conn, user, "login", {"provider": "phone"})
            return jsonify(sessions.issue(conn, user, "password"))
        return jsonify(users.user_json(conn, user))


def sign_in_code(phone: str, create_user: bool, data: JsonObject, channel: str) -> Response:
    """POST /otp with a phone: a code to a confirmed number, else a sign-up with a random password
    (whose code confirms the number and signs in)."""
    settings = _settings()
    phone = sms.validate_phone(phone)
    with db.transaction() as conn:
        user = find_by_phone(conn, phone, for_update=True)
        if user is None or not phone_confirmed(user):
            if not create_user:
                raise unprocessable("otp_disabled", "Signups not allowed for otp")
            if settings.disable_signup:
                raise unprocessable("signup_disabled", "Signups not allowed for this instance")
            new_user = True
        else:
            new_user = False
            audit.log(conn, user, "user_recovery_requested", {"channel": channel})
            sms.send_confirmation(conn, user, phone, channel)
    if new_user:
        signup(phone, secrets.token_urlsafe(48), data, channel)
        return jsonify({})
    return jsonify({"message_id": ""})  # upstream's message id never leaves sendPhoneConfirmation


def verify_code(phone: str, code: str) -> JsonObject:
    """POST /verify type=sms: the number confirmed and a session (method otp); failed codes count
    against the number too, as e-mail codes against their address (ratelimit.py)."""
    phone = sms.validate_phone(phone)
    check_account("verify_account", phone)
    with db.transaction() as conn:
        user = find_by_phone(conn, phone, for_update=True)
        if user is None:
            raise forbidden("otp_expired", TOKEN_INVALID)
        if users.is_banned(user):
            raise forbidden("user_banned", "User is banned")
        if not sms.code_matches(user, phone, code):
            count_failure("verify_account", phone)
            raise forbidden("otp_expired", TOKEN_INVALID)
        audit.log(conn, user, "user_signedup", {"provider": "phone"})
        user = _confirm(conn, user)
        audit.log(conn, user, "login")
        return sessions.issue(conn, user, "otp")


def resend(phone: str) -> Response:
    """POST /resend type=sms: a new code to a number that is not confirmed yet ({} either way)."""
    phone = sms.validate_phone(phone)
    with db.transaction() as conn:
        user = find_by_phone(conn, phone, for_update=True)
        if user is None or phone_confirmed(user):
            return jsonify({})
        audit.log(conn, user, "user_recovery_requested")
        sms.send_confirmation(conn, user, phone)
    return jsonify({})


def password_sign_in(phone: str, password: str, invalid_message: str) -> Response:
    """POST /token?grant_type=password with a phone."""
    phone = sms.validate_phone(phone)
    with db.transaction() as conn:
        user = find_by_phone(conn, phone)
    if user is None or not user["encrypted_password"] or not check_password(password, user["encrypted_password"]):
        raise bad_request("invalid_credentials", invalid_message)
    if users.is_banned(user):
        raise bad_request("user_banned", "User is banned")
    if not phone_confirmed(user):
        raise bad_request("phone_not_confirmed", "Phone not confirmed")
    with db.transaction() as conn:
        audit.log(conn, user, "login", {"provider": "phone"})
        return jsonify(sessions.issue(conn, user, "password") | {"weak_password": None})
