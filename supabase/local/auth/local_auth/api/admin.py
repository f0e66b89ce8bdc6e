"""The admin API (service-role key only): users (list, create, read, update, delete) and their MFA
factors, answered as upstream answers them."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta

from flask import Blueprint, Response, current_app, g, jsonify, request
from psycopg.types.json import Jsonb

from .. import admin_users, audit, db, request_context, users
from ..admin_users import flag, json_object, merge, text
from ..config import current_settings
from ..db import Conn, Row, returned
from ..errors import AuthError, bad_request, error_response, not_found, unprocessable
from ..json_types import JsonObject
from ..passwords import check_strength, hash_password
from ..request_context import admin_actor, body, require_admin
from ..timeutil import now
from .signup import validate_email

bp = Blueprint("admin", __name__, url_prefix="/admin")

DUPLICATE_EMAIL = "A user with this email address has already been registered"


@bp.errorhandler(admin_users.PanicError)
def _bare_500(_err: admin_users.PanicError) -> Response:
    response = error_response(AuthError(500, "unexpected_failure", "Internal Server Error"))
    del response.headers["x-sb-error-code"]
    return response


@bp.before_request
def _require_service_role() -> None:
    # Upstream's requireAdminCredentials guards every /admin route.
    g.admin_claims = require_admin()


def _actor() -> Row:
    return admin_actor(g.admin_claims)


def _audience() -> str:
    """Upstream's requestAud: the X-JWT-AUD header, else the token's audience, else GOTRUE_JWT_AUD."""
    if request.headers.get("X-JWT-AUD"):
        return request.headers["X-JWT-AUD"]
    aud = g.admin_claims.get("aud")
    aud = aud[0] if isinstance(aud, list) and aud else aud
    return aud if isinstance(aud, str) and aud else current_settings().jwt_aud


_load_user = admin_users.load_user


def _banned_until(duration: timedelta) -> datetime | None:
    return None if duration == timedelta(0) else now() + duration


def _no_phone(params: JsonObject) -> None:
    if text(params, "phone"):
        # Phone users need an SMS provider, which the local stack cannot have.
        raise bad_request("validation_failed", "Phone users are not supported by the local Auth service")


@bp.get("/users")
def list_users() -> Response:
    args = request.args
    page, per_page = admin_users.uint_param(args, "page", 1), admin_users.uint_param(args, "per_page", 50)
    direction = "desc"
    for value in args.getlist("sort"):
        field, _, way = value.partition(" ")
        if field != "created_at":
            raise bad_request("validation_failed", f"Bad Sort Parameters: bad field for sort '{field}'")
        if way and way.upper() not in ("ASC", "DESC"):
            raise bad_request(
                "validation_failed",
                f"Bad Sort Parameters: bad direction for sort '{way}', only 'asc' and 'desc' allowed",
            )
        direction = way.lower() or "desc"
    aud = _audience()
    where = "instance_id = %s and aud = %s"
    values: list[object] = [users.INSTANCE_ID, aud]
    if args.get("filter"):
        pattern = f"%{args['filter']}%"
        where += " and (email like %s or raw_user_meta_data->>'full_name' ilike %s)"
        values += [pattern, pattern]
    # The database query uses pop's rules (page < 1 is 1, per_page < 1 is 20); the headers use the
    # values as given, like upstream.
    limit_rows, offset = (per_page if per_page >= 1 else 20), (max(page, 1) - 1) * (per_page if per_page >= 1 else 20)
    with db.transaction() as conn:
        total = returned(conn.execute(f"select count(*) as n from auth.users where {where}", values))["n"]
        rows = conn.execute(
            f"select * from auth.users where {where} order by created_at {direction} limit %s offset %s",
            (*values, limit_rows, offset),
        ).fetchall()
        listed = [_listed(users.user_json(conn, row)) for row in rows]
    response = jsonify({"users": listed, "aud": aud})
    if per_page == 0:  # upstream divides by it when it writes the headers
        raise admin_users.PanicError()
    response.headers["Link"] = admin_users.pagination_link(request.path, args.to_dict(), page, per_page, total)
    response.headers["X-Total-Count"] = str(total)
    return response


def _listed(user: Row) -> JsonObject:
    """Upstream's list does not load identities (null) or factors (absent)."""
    user.pop("factors", None)
    user["identities"] = None
    return user


@bp.post("/users")
def create_user() -> Response:
    settings = current_settings()
    params = body()
    aud = text(params, "aud") or _audience()
    email, role, custom_id = text(params, "email"), text(params, "role"), text(params, "id")
    user_meta, app_meta = json_object(params, "user_metadata"), json_object(params, "app_metadata")
    confirm = flag(params, "email_confirm")
    flag(params, "phone_confirm")
    if not email and not text(params, "phone"):
        raise bad_request("validation_failed", "Cannot create a user without either an email or phone")
    if email:
        email = validate_email(email)
    _no_phone(params)
    with db.transaction() as conn:
        if admin_users.email_taken(conn, email, aud):
            raise unprocessable("email_exists", DUPLICATE_EMAIL)
    encrypted = admin_users.password_hash(params)
    user_id = None
    if custom_id:
        try:
            user_id = uuid.UUID(custom_id)
        except ValueError:
            raise bad_request("validation_failed", "ID must conform to the uuid v4 format") from None
        if user_id.int == 0:
            raise bad_request("validation_failed", "ID cannot be a nil uuid")
    ban = admin_users.ban_duration(params)
    with db.transaction() as conn:
        user = users.create(
            conn,
            email=email,
            encrypted_password=encrypted,
            aud=aud,
            role=(role or settings.jwt_default_group).strip(),
            user_metadata=user_meta or {},
            user_id=user_id,
        )
        audit.log(
            conn,
            _actor(),
            "user_signedup",
            {
                "user_id": str(user["id"]),
                "user_email": user["email"],
                "user_phone": user["phone"] or "",
                "provider": "email",
            },
            ip_address="",
        )
        if app_meta is not None:
            user = users.touch(conn, user["id"], raw_app_meta_data=merge(user["raw_app_meta_data"], app_meta))
        if confirm:
            user = users.confirm(conn, user)
        if ban is not None:
            user = users.touch(conn, user["id"], banned_until=_banned_until(ban))
        body_json = users.user_json(conn, user)
    body_json.pop("confirmed_at", None)  # upstream answers its in-memory user, before the column is computed
    return jsonify(body_json)


@bp.get("/users/<user_id>")
def get_user(user_id: str) -> Response:
    with db.transaction() as conn:
        return jsonify(users.user_json(conn, _load_user(conn, user_id)))


@bp.put("/users/<user_id>")
def update_user(user_id: str) -> Response:
    settings = current_settings()
    with db.transaction() as conn:
        user = _load_user(conn, user_id)
    params = body()
    email, role = text(params, "email"), text(params, "role")
    user_meta, app_meta = json_object(params, "user_metadata"), json_object(params, "app_metadata")
    confirm = flag(params, "email_confirm")
    if email:
        email = validate_email(email)
    _no_phone(params)
    ban = admin_users.ban_duration(params)
    password: str | None = None
    if params.get("password") is not None:
        password = text(params, "password")
        check_strength(settings, password)
    try:
        with db.transaction() as conn:
            before = users.user_json(conn, user)["identities"]
            user = _apply_update(conn, user, email, role, confirm, password, user_meta, app_meta, ban)
            response = users.user_json(conn, user)
    except AuthError:
        raise
    except Exception:  # e.g. an e-mail address another user has: upstream answers a bare 500
        current_app.logger.exception("admin user update failed")
        raise AuthError(500, "unexpected_failure", "Error updating user") from None
    if not email:
        response["identities"] = before
    return jsonify(response)


def _apply_update(
    conn: Conn,
    user: Row,
    email: str,
    role: str,
    confirm: bool,
    password: str | None,
    user_meta: JsonObject | None,
    app_meta: JsonObject | None,
    ban: timedelta | None,
) -> Row:
    uid = user["id"]
    if role:
        user = users.touch(conn, uid, role=role.strip())
    if confirm:
        user = users.confirm(conn, user)
    if password is not None:
        # Upstream's UpdatePassword: pending tokens cleared and every session signed out.
        user = users.touch(
            conn,
            uid,
            encrypted_password=hash_password(password),
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
        conn.execute("delete from auth.one_time_tokens where user_id = %s", (uid,))
        conn.execute("delete from auth.sessions where user_id = %s", (uid,))
    if email:
        identity = conn.execute(
            "select * from auth.identities where provider_id = %s and provider = 'email'", (str(uid),)
        ).fetchone()
        if identity is None:  # a user without an e-mail identity gets one, as upstream does
            stamp = now()
            conn.execute(
                "insert into auth.identities (provider_id, user_id, identity_data, provider,"
                " last_sign_in_at, created_at, updated_at) values (%s, %s, %s, 'email', %s, %s, %s)",
                (
                    str(uid),
                    uid,
                    Jsonb({"sub": str(uid), "email": email, "email_verified": confirm, "phone_verified": False}),
                    stamp,
                    stamp,
                    stamp,
                ),
            )
        else:
            data = merge(identity["identity_data"], {"email": email, "email_verified": confirm})
            conn.execute(
                "update auth.identities set identity_data = %s, updated_at = %s where id = %s",
                (Jsonb(data), now(), identity["id"]),
            )
        if user["is_anonymous"] and confirm:
            user = users.touch(conn, uid, is_anonymous=False)
        user = users.touch(conn, uid, email=email)
    if app_meta is not None:
        user = users.touch(conn, uid, raw_app_meta_data=merge(user["raw_app_meta_data"], app_meta))
    if user_meta is not None:
        user = users.touch(conn, uid, raw_user_meta_data=merge(user["raw_user_meta_data"], user_meta))
    if ban is not None:
        user = users.touch(conn, uid, banned_until=_banned_until(ban))
    audit.log(
        conn,
        _actor(),
        "user_modified",
        {"user_id": str(uid), "user_email": user["email"], "user_phone": user["phone"] or ""},
        ip_address="",
    )
    return user


@bp.delete("/users/<user_id>")
def delete_user(user_id: str) -> Response:
    with db.transaction() as conn:
        user = _load_user(conn, user_id)
    params = body() if request.get_data(cache=True) else {}
    soft = flag(params, "should_soft_delete", "adminUserDeleteParams")
    with db.transaction() as conn:
        audit.log(
            conn,
            _actor(),
            "user_deleted",
            {"user_id": str(user["id"]), "user_email": user["email"], "user_phone": user["phone"] or ""},
            ip_address="",
        )
        if soft:
            if user["deleted_at"] is None:
                admin_users.soft_delete(conn, user)
        else:  # identities, sessions, factors and the app's profile go with the row (on delete cascade)
            conn.execute("delete from auth.users where id = %s", (user["id"],))
    return jsonify({})


def _load_factor(conn: Conn, user: Row, factor_id: str) -> Row:
    try:
        uuid.UUID(factor_id)
    except ValueError:
        raise not_found("validation_failed", "factor_id must be an UUID") from None
    factor = conn.execute(
        "select * from auth.mfa_factors where user_id = %s and id = %s", (user["id"], factor_id)
    ).fetchone()
    if factor is None:
        raise not_found("mfa_factor_not_found", "Factor not found")
    return factor


@bp.get("/users/<user_id>/factors")
def list_factors(user_id: str) -> Response:
    with db.transaction() as conn:
        user = _load_user(conn, user_id)
        return jsonify([users.factor_json(f) for f in users.factors_of(conn, user["id"])])


@bp.delete("/users/<user_id>/factors/<factor_id>")
def delete_factor(user_id: str, factor_id: str) -> Response:
    with db.transaction() as conn:
        user = _load_user(conn, user_id)
        factor = _load_factor(conn, user, factor_id)
        # Upstream records the user (not the admin) as the actor here, with the caller's address.
        audit.log(conn, user, "factor_deleted", {"user_id": str(user["id"]), "factor_id": str(factor["id"])})
        conn.execute("delete from auth.mfa_factors where id = %s", (factor["id"],))
    return jsonify(users.factor_json(factor))


@bp.put("/users/<user_id>/factors/<factor_id>")
def update_factor(user_id: str, factor_id: str) -> Response:
    with db.transaction() as conn:
        user = _load_user(conn, user_id)
        factor = _load_factor(conn, user, factor_id)
        params = body()
        name = request_context.text(params, "friendly_name", struct="adminUserUpdateFactorParams")
        request_context.text(params, "phone", struct="adminUserUpdateFactorParams")
        if name:
            factor = returned(
                conn.execute(
                    "update auth.mfa_factors set friendly_name = %s, updated_at = %s where id = %s returning *",
                    (name, now(), factor["id"]),
                )
            )
        audit.log(
            conn,
            _actor(),
            "factor_updated",
            {"user_id": str(user["id"]), "factor_id": str(factor["id"]), "factor_type": factor["factor_type"]},
            ip_address="",
        )
    return jsonify(users.factor_json(factor))
