"""POST /signup: e-mail and password, or phone and password once an SMS provider is configured
(phone_flows.py; without one, refused as upstream does)."""

from __future__ import annotations

import re
import uuid

from flask import Blueprint, Response, jsonify

from .. import audit, db, phone_flows, pkce, sessions, users
from ..config import current_settings
from ..db import Row
from ..errors import bad_request, unprocessable
from ..json_types import JsonObject
from ..passwords import check_strength, hash_password
from ..ratelimit import limit
from ..request_context import body, json_object, text
from ..timeutil import iso, now

bp = Blueprint("signup", __name__)

# checkmail.ValidateFormat's pattern, which upstream uses.
_EMAIL = re.compile(
    r"^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?"
    r"(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$"
)


def validate_email(email: str) -> str:
    if not email:
        raise bad_request("validation_failed", "An email address is required")
    if len(email) > 255:
        raise bad_request("validation_failed", "An email address is too long")
    if not _EMAIL.match(email):
        raise bad_request("validation_failed", "Unable to validate email address: invalid format")
    return email.lower()


def _obfuscated_user(user: Row, email: str, data: JsonObject, aud: str) -> JsonObject:
    """What upstream answers for an already confirmed e-mail, so sign-up cannot probe accounts."""
    stamp = iso(now())
    return {
        "id": str(uuid.uuid4()),
        "aud": aud,
        "role": "",
        "email": email,
        "phone": "",
        "confirmation_sent_at": stamp,
        "app_metadata": {"provider": "email", "providers": ["email"]},
        "user_metadata": data,
        "identities": [],
        "created_at": stamp,
        "updated_at": stamp,
        "is_anonymous": False,
    }


@bp.post("/signup")
def signup() -> Response:
    settings = current_settings()
    params = body()
    email, phone = text(params, "email"), text(params, "phone")
    if not email and not phone:  # upstream's router sends these to SignupAnonymously
        if not settings.anonymous_users_enabled:
            raise unprocessable("anonymous_provider_disabled", "Anonymous sign-ins are disabled")
        limit("anonymous")
        return _signup_anonymously(params)
    limit("signup")
    if settings.disable_signup:
        raise unprocessable("signup_disabled", "Signups not allowed for this instance")
    password = text(params, "password")
    data = json_object(params, "data") or {}
    challenge, challenge_method = text(params, "code_challenge"), text(params, "code_challenge_method")
    if not password:
        raise bad_request("validation_failed", "Signup requires a valid password")
    check_strength(settings, password)
    if email and phone:
        raise bad_request("validation_failed", "Only an email address or phone number should be provided on signup.")
    if phone and challenge:
        raise bad_request("validation_failed", "PKCE not supported for phone signups")
    pkce.validate_params(challenge_method, challenge)
    if not email:
        if settings.sms.configured:
            return phone_flows.signup(phone, password, data, text(params, "channel") or "sms")
        raise bad_request("phone_provider_disabled", "Phone signups are disabled")
    if not settings.email_enabled:
        raise bad_request("email_provider_disabled", "Email signups are disabled")
    email = validate_email(email)
    aud = settings.jwt_aud
    hashed = hash_password(password)  # outside the transaction: bcrypt is slow on purpose

    with db.transaction() as conn:
        user = users.find_by_email(conn, email, aud)
        if user is not None and users.is_confirmed(user):
            audit.log(conn, user, "user_repeated_signup", {"provider": "email"})
            existing = True
        else:
            existing = False
            if user is None:
                user = users.create(
                    conn,
                    email=email,
                    encrypted_password=hashed,
                    aud=aud,
                    role=settings.jwt_default_group,
                    user_metadata=data,
                    identity_extra=data,
                )
            if settings.autoconfirm:
                audit.log(conn, user, "user_signedup", {"provider": "email"})
                user = users.confirm(conn, user)
            else:
                audit.log(conn, user, "user_confirmation_requested", {"provider": "email"})
                if challenge:
                    pkce.create(
                        conn,
                        provider="email",
                        method="email/signup",
                        challenge_method=challenge_method,
                        challenge=challenge,
                        user_id=user["id"],
                    )
                from .. import mailer

                user = mailer.send_confirmation(conn, user, pkce=bool(challenge))
    if existing:
        if settings.autoconfirm:
            raise unprocessable("user_already_exists", "User already registered")
        return jsonify(_obfuscated_user(user, email, data, aud))

    with db.transaction() as conn:
        if users.is_confirmed(user):
            audit.log(conn, user, "login", {"provider": "email"})
            return jsonify(sessions.issue(conn, user, "password"))
        return jsonify(users.user_json(conn, user))


def _signup_anonymously(params: JsonObject) -> Response:
    """GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED: a user without e-mail, phone, password or identity,
    is_anonymous, signed in with the `anonymous` method (aal1). They become permanent by adding an
    e-mail (PUT /user, then the link or code of the e-mail-change mail)."""
    settings = current_settings()
    if settings.disable_signup:
        raise unprocessable("signup_disabled", "Signups not allowed for this instance")
    data = json_object(params, "data") or {}
    with db.transaction() as conn:
        user = users.create_anonymous(conn, aud=settings.jwt_aud, role=settings.jwt_default_group, user_metadata=data)
        return jsonify(sessions.issue(conn, user, "anonymous"))
