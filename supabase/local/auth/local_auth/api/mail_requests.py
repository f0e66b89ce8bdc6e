"""POST /otp, /magiclink, /recover, /resend and GET /reauthenticate: the requests that send a mail.
/recover and /resend never reveal whether an account exists; /otp with create_user false does
(422 otp_disabled), as upstream. A captcha token (gotrue_meta_security) is accepted and ignored, as
upstream does with captcha disabled."""

from __future__ import annotations

import secrets

from flask import Blueprint, Response, jsonify

from .. import audit, db, mailer, phone_flows, pkce, users
from ..config import Settings, current_settings
from ..errors import bad_request, unprocessable
from ..json_types import JsonObject
from ..passwords import hash_password
from ..ratelimit import limit
from ..request_context import body, go_type, json_object, require_user, text
from .signup import validate_email

bp = Blueprint("mail_requests", __name__)


def _settings() -> Settings:
    return current_settings()


def _challenge(params: JsonObject) -> tuple[str, str]:
    challenge, method = text(params, "code_challenge"), text(params, "code_challenge_method")
    pkce.validate_params(method, challenge)
    return challenge, method


@bp.post("/otp")
def otp_request() -> Response:
    limit("otp")
    params = body()
    email, phone = text(params, "email"), text(params, "phone")
    create_user = params.get("create_user")
    if create_user is None:  # absent or null: Go leaves the default (true)
        create_user = True
    if not isinstance(create_user, bool):
        raise bad_request(
            "bad_json",
            "Could not parse request body as JSON: json: cannot unmarshal "
            f"{go_type(create_user)} into Go struct field"
            " OtpParams.create_user of type bool",
        )
    if email and phone:
        raise bad_request("validation_failed", "Only an email address or phone number should be provided")
    if email and text(params, "channel"):
        raise bad_request("validation_failed", "Channel should only be specified with Phone OTP")
    _challenge(params)
    if not create_user and email:
        email = validate_email(email)
        with db.transaction() as conn:
            if users.find_by_email(conn, email, _settings().jwt_aud) is None:
                raise unprocessable("otp_disabled", "Signups not allowed for otp")
    if email:
        return _magic_link(params)
    if phone:
        if _settings().sms.configured:
            return phone_flows.sign_in_code(
                phone, create_user, json_object(params, "data") or {}, text(params, "channel") or "sms"
            )
        raise bad_request("phone_provider_disabled", "Unsupported phone provider")
    raise bad_request("validation_failed", "One of email or phone must be set")


@bp.post("/magiclink")
def magic_link() -> Response:
    limit("magiclink")
    return _magic_link(body())


def _magic_link(params: JsonObject) -> Response:
    settings = _settings()
    if not settings.email_enabled:
        raise unprocessable("email_provider_disabled", "Email logins are disabled")
    email = text(params, "email")
    if not email:
        raise unprocessable("validation_failed", "Password recovery requires an email")
    email = validate_email(email)
    challenge, method = _challenge(params)
    data = json_object(params, "data") or {}
    with db.transaction() as conn:
        user = users.find_by_email(conn, email, settings.jwt_aud)
    if user is None or not users.is_confirmed(user):
        # Not signed up yet: upstream signs them up with a random password; the confirmation
        # mail then serves as the magic link.
        user = _passwordless_signup(email, data, challenge, method)
        if not users.is_confirmed(user):
            return jsonify({})
    with db.transaction() as conn:
        user = users.reread(conn, user["id"], for_update=True)
        if challenge:
            pkce.create(
                conn,
                provider="magiclink",
                method="magiclink",
                challenge_method=method,
                challenge=challenge,
                user_id=user["id"],
            )
        audit.log(conn, user, "user_recovery_requested")
        mailer.send_magic_link(conn, user, pkce=bool(challenge))
    return jsonify({})


def _passwordless_signup(email: str, data: JsonObject, challenge: str, method: str) -> JsonObject:
    settings = _settings()
    if settings.disable_signup:
        raise unprocessable("signup_disabled", "Signups not allowed for this instance")
    hashed = hash_password(secrets.token_urlsafe(33))
    with db.transaction() as conn:
        user = users.find_by_email(conn, email, settings.jwt_aud)
        if user is None:
            user = users.create(
                conn,
                email=email,
                encrypted_password=hashed,
                aud=settings.jwt_aud,
                role=settings.jwt_default_group,
                user_metadata=data,
                identity_extra=data,
            )
        if settings.autoconfirm:
            audit.log(conn, user, "user_signedup", {"provider": "email"})
            return users.confirm(conn, user)
        audit.log(conn, user, "user_confirmation_requested", {"provider": "email"})
        if challenge:
            pkce.create(
                conn,
                provider="email",
                method="email/signup",
                challenge_method=method,
                challenge=challenge,
                user_id=user["id"],
            )
        return mailer.send_confirmation(conn, user, pkce=bool(challenge))


@bp.post("/recover")
def recover() -> Response:
    limit("recover")
    settings = _settings()
    if not settings.email_enabled:
        raise bad_request("email_provider_disabled", "Email logins are disabled")
    params = body()
    email = text(params, "email")
    if not email:
        raise bad_request("validation_failed", "Password recovery requires an email")
    email = validate_email(email)
    challenge, method = _challenge(params)
    with db.transaction() as conn:
        user = users.find_by_email(conn, email, settings.jwt_aud)
        if user is None:
            return jsonify({})
        if challenge:
            pkce.create(
                conn,
                provider="recovery",
                method="recovery",
                challenge_method=method,
                challenge=challenge,
                user_id=user["id"],
            )
    with db.transaction() as conn:
        user = users.reread(conn, user["id"], for_update=True)
        audit.log(conn, user, "user_recovery_requested")
        mailer.send_recovery(conn, user, pkce=bool(challenge))
    return jsonify({})


@bp.post("/resend")
def resend() -> Response:
    limit("resend")
    settings = _settings()
    params = body()
    vtype, email, phone = text(params, "type"), text(params, "email"), text(params, "phone")
    if vtype not in ("signup", "email_change", "sms", "phone_change"):
        raise bad_request("validation_failed", "Missing one of these types: signup, email_change, sms, phone_change")
    if not email and vtype == "signup":
        raise bad_request("validation_failed", "Type provided requires an email address")
    if not phone and vtype == "sms":
        raise bad_request("validation_failed", "Type provided requires a phone number")
    if email and phone:
        raise bad_request("validation_failed", "Only an email address or phone number should be provided.")
    if phone:
        if not settings.sms.configured:
            raise bad_request("phone_provider_disabled", "Phone logins are disabled")
        return phone_flows.resend(phone) if vtype == "sms" else jsonify({})  # no phone changes here
    if not email:
        raise bad_request("validation_failed", "Missing email address or phone number")
    if not settings.email_enabled:
        raise bad_request("email_provider_disabled", "Email logins are disabled")
    email = validate_email(email)
    with db.transaction() as conn:
        user = users.find_by_email(conn, email, settings.jwt_aud)
        if user is None or vtype in ("sms", "phone_change"):
            return jsonify({})
        if vtype == "signup" and users.is_confirmed(user):
            return jsonify({})
        if vtype == "email_change" and not user["email_change"]:
            return jsonify({})
        user = users.reread(conn, user["id"], for_update=True)
        if vtype == "signup":
            audit.log(conn, user, "user_confirmation_requested")
            mailer.send_confirmation(conn, user, pkce=False)  # upstream resends without PKCE
        else:
            mailer.send_email_change(conn, user, user["email_change"], pkce=False)
    return jsonify({})


@bp.get("/reauthenticate")
def reauthenticate() -> Response:
    caller = require_user()
    user = caller.user
    if not user["email"] and not user["phone"]:
        raise bad_request("validation_failed", "Reauthentication requires the user to have an email or a phone number")
    if user["email"] and not users.is_confirmed(user):
        raise unprocessable("email_not_confirmed", "Please verify your email first.")
    if not user["email"]:
        raise bad_request("sms_send_failed", "Error sending reauthentication sms: no SMS provider is configured")
    with db.transaction() as conn:
        user = users.reread(conn, user["id"], for_update=True)
        audit.log(conn, user, "user_reauthenticate_requested")
        mailer.send_reauthentication(conn, user)
    return jsonify({})
