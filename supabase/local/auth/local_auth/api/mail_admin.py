"""POST /invite (mails an invitation) and POST /admin/generate_link (returns the link and OTP
instead of mailing them), both for the service role."""

from __future__ import annotations

import secrets

from flask import Blueprint, Response, jsonify

from .. import audit, db, mailer, otp, redirects, users
from ..admin_users import merge
from ..config import Settings, current_settings
from ..db import Conn, Row
from ..errors import bad_request, not_found, unprocessable
from ..json_types import JsonObject
from ..passwords import check_strength, hash_password
from ..request_context import admin_actor, body, json_object, require_admin, text
from ..timeutil import now
from .signup import validate_email

bp = Blueprint("mail_admin", __name__)

DUPLICATE_EMAIL = "A user with this email address has already been registered"
LINK_TYPES = ("signup", "magiclink", "recovery", "invite", "email_change_current", "email_change_new")


def _settings() -> Settings:
    return current_settings()


def _new_user(conn: Conn, email: str, data: JsonObject, password_hash: str) -> Row:
    # Invited and admin-linked users get identity claims only (no data copied into the identity).
    return users.create(
        conn,
        email=email,
        encrypted_password=password_hash,
        aud=_settings().jwt_aud,
        role=_settings().jwt_default_group,
        user_metadata=data,
        identity_extra=None,
    )


def _log_invite(conn: Conn, claims: JsonObject, user: Row) -> None:
    audit.log(conn, admin_actor(claims), "user_invited", {"user_id": str(user["id"]), "user_email": user["email"]})


@bp.post("/invite")
def invite() -> Response:
    claims = require_admin()
    params = body()
    email = validate_email(text(params, "email"))
    data = json_object(params, "data") or {}
    with db.transaction() as conn:
        user = users.find_by_email(conn, email, _settings().jwt_aud)
        if user is not None and users.is_confirmed(user):
            raise unprocessable("email_exists", DUPLICATE_EMAIL)
        if user is None:
            user = _new_user(conn, email, data, "")
        _log_invite(conn, claims, user)
        user = mailer.send_invite(conn, user)
        return jsonify(users.user_json(conn, user))


@bp.post("/admin/generate_link")
def generate_link() -> Response:
    claims = require_admin()
    settings = _settings()
    params = body()
    vtype = text(params, "type")
    email = validate_email(text(params, "email"))
    password, data = text(params, "password"), json_object(params, "data") or {}
    redirect_to = redirects.referrer()
    if redirects.is_valid(text(params, "redirect_to")):
        redirect_to = text(params, "redirect_to")
    with db.transaction() as conn:
        user = users.find_by_email(conn, email, settings.jwt_aud)
    if user is None:
        if vtype == "magiclink":  # an unknown address is signed up instead
            vtype, password = "signup", secrets.token_urlsafe(48)
        elif vtype in ("recovery", "email_change_current", "email_change_new"):
            raise not_found("user_not_found", "User with this email not found")
    password_hash = ""
    if vtype == "signup" and user is None:
        if not password:
            raise bad_request("validation_failed", "Signup requires a valid password")
        check_strength(settings, password)
        password_hash = hash_password(password)
    code = otp.generate(settings.otp_length)
    hashed = otp.token_hash(email, code)
    with db.transaction() as conn:
        if user is not None:
            user = users.reread(conn, user["id"], for_update=True)
        user, token = _prepare(conn, claims, vtype, user, email, hashed, code, data, password_hash, params)
        kind = {"magiclink": "recovery", "recovery": "recovery", "invite": "invite", "signup": "confirmation"}.get(
            vtype, "email_change"
        )
        link_type = "email_change" if vtype.startswith("email_change") else vtype
        link = mailer.action_link(kind, token, link_type, redirect_to)
        return jsonify(
            users.user_json(conn, user)
            | {
                "action_link": link,
                "email_otp": code,
                "hashed_token": hashed,
                "verification_type": vtype,
                "redirect_to": redirect_to,
            }
        )


def _prepare(
    conn: Conn,
    claims: JsonObject,
    vtype: str,
    user: Row | None,
    email: str,
    hashed: str,
    code: str,
    data: JsonObject,
    password_hash: str,
    params: JsonObject,
) -> tuple[Row, str]:
    """Store the token of this link type; returns the user and the token the link carries."""
    if vtype in ("magiclink", "recovery"):
        assert user is not None, "generate_link answers user_not_found (or signs a magic link up) first"
        audit.log(conn, user, "user_recovery_requested")
        user = users.touch(conn, user["id"], recovery_token=hashed, recovery_sent_at=now())
        otp.store(conn, user["id"], otp.RECOVERY, user["email"], hashed)
        return user, hashed
    if vtype in ("invite", "signup"):
        if user is not None and users.is_confirmed(user):
            raise unprocessable("email_exists", DUPLICATE_EMAIL)
        if user is None:
            user = _new_user(conn, email, data, password_hash)
        elif vtype == "signup" and data:
            user = users.touch(conn, user["id"], raw_user_meta_data=merge(user["raw_user_meta_data"], data))
        extra: dict[str, object] = {}
        if vtype == "invite":
            _log_invite(conn, claims, user)
            extra["invited_at"] = now()
        user = users.touch(conn, user["id"], confirmation_token=hashed, confirmation_sent_at=now(), **extra)
        otp.store(conn, user["id"], otp.CONFIRMATION, user["email"], hashed)
        return user, hashed
    if vtype in ("email_change_current", "email_change_new"):
        assert user is not None, "generate_link answers user_not_found first"
        return _prepare_email_change(conn, vtype, user, hashed, code, params)
    raise bad_request("validation_failed", f"Invalid email action link type requested: {vtype}")


def _prepare_email_change(
    conn: Conn, vtype: str, user: Row, hashed: str, code: str, params: JsonObject
) -> tuple[Row, str]:
    settings = _settings()
    if not settings.secure_email_change and vtype == "email_change_current":
        raise bad_request("validation_failed", "Enable secure email change to generate link for current email")
    new_email = validate_email(text(params, "new_email"))
    duplicate = users.find_by_email(conn, new_email, user["aud"])
    if duplicate is not None and duplicate["id"] != user["id"]:
        raise unprocessable("email_exists", DUPLICATE_EMAIL)
    changes: dict[str, object] = {
        "email_change": new_email,
        "email_change_sent_at": now(),
        "email_change_confirm_status": 0,
    }
    if vtype == "email_change_current":
        changes["email_change_token_current"] = hashed
    else:
        changes["email_change_token_new"] = otp.token_hash(new_email, code)
    user = users.touch(conn, user["id"], **changes)
    if user["email_change_token_current"]:
        otp.store(conn, user["id"], otp.EMAIL_CHANGE_CURRENT, user["email"], user["email_change_token_current"])
    if user["email_change_token_new"]:
        otp.store(conn, user["id"], otp.EMAIL_CHANGE_NEW, new_email, user["email_change_token_new"])
    token = user["email_change_token_current"] if vtype == "email_change_current" else user["email_change_token_new"]
    return user, token
