"""The admin area: list users, grant and revoke admin rights, remove a user's authenticator, moderate
public pastes and short links. Every route asks whether the caller is an admin before it reads any
input (admin_only.py); SQL checks again (admin_list_users, grant_admin, revoke_admin,
admin_authenticator_removal, admin_recent_*, admin_delete_*). Only the authenticator's removal then
needs Auth's admin API and its service-role key."""
from flask import Blueprint, current_app, jsonify, request

from .. import auth_admin
from ..auth import require_claims
from ..db import rls_transaction
from ..errors import ApiError
from . import body
from .admin_only import admin_only, user_id_of

bp = Blueprint("admin", __name__)


@bp.get("/admin/users")
@admin_only("list users")
def list_users():
    claims = require_claims()
    limit = body.query_int("limit", 50, low=1, high=200)
    offset = body.query_int("offset", 0, low=0, high=body.MAX_OFFSET)
    search = request.args.get("q", "")[:200]
    with rls_transaction(claims, read_only=True) as conn:
        rows = conn.execute("select * from public.admin_list_users(%s, %s, %s)", (search, limit, offset)).fetchall()
    total = rows[0]["total"] if rows else 0
    users = [{k: v for k, v in row.items() if k != "total"} for row in rows]
    return jsonify(users=users, total=total, limit=limit, offset=offset)


def _page(function: str, key: str):
    """A page of a moderation list, newest first: {key: [...], total, limit, offset}."""
    claims = require_claims()
    limit = body.query_int("limit", 20, low=1, high=100)
    offset = body.query_int("offset", 0, low=0, high=body.MAX_OFFSET)
    search = request.args.get("q", "")[:200]
    with rls_transaction(claims, read_only=True) as conn:
        rows = conn.execute(f"select * from public.{function}(%s, %s, %s)", (search, limit, offset)).fetchall()
    total = rows[0]["total"] if rows else 0
    return jsonify({key: [{k: v for k, v in row.items() if k != "total"} for row in rows],
                    "total": total, "limit": limit, "offset": offset})


def _delete(function: str, key: str):
    with rls_transaction(require_claims()) as conn:
        conn.execute(f"select public.{function}(%s)", (key,))
    return "", 204


@bp.get("/admin/pastes")
@admin_only("moderate")
def recent_pastes():
    return _page("admin_recent_pastes", "pastes")


@bp.delete("/admin/pastes/<paste_id>")
@admin_only("moderate")
def delete_paste(paste_id):
    return _delete("admin_delete_paste", paste_id)


@bp.get("/admin/links")
@admin_only("moderate")
def recent_links():
    return _page("admin_recent_short_links", "links")


@bp.delete("/admin/links/<code>")
@admin_only("moderate")
def delete_link(code):
    return _delete("admin_delete_short_link", code)


def _admin_status(user_id: str, function: str):
    claims, user_id = require_claims(), user_id_of(user_id)
    with rls_transaction(claims) as conn:
        conn.execute(f"select public.{function}(%s)", (user_id,))
        is_admin = conn.execute("select public.is_admin(%s) as is_admin", (user_id,)).fetchone()["is_admin"]
    return jsonify(user_id=user_id, is_admin=is_admin)


@bp.post("/admin/users/<user_id>/admin")
@admin_only("grant admin rights")
def grant_admin(user_id):
    return _admin_status(user_id, "grant_admin")


@bp.delete("/admin/users/<user_id>/admin")
@admin_only("revoke admin rights")
def revoke_admin(user_id):
    return _admin_status(user_id, "revoke_admin")


@bp.delete("/admin/users/<user_id>/factors")
@admin_only("remove a user's authenticator")
def remove_authenticator(user_id):
    """For a user who lost their phone: SQL decides the caller may (an admin at aal2), then Auth's
    admin API removes the user's factors; they sign in with their password alone and may enrol again."""
    claims, user_id = require_claims(), user_id_of(user_id)
    base, key = current_app.config["AUTH_URL"], current_app.config["SERVICE_ROLE_KEY"]
    with rls_transaction(claims, read_only=True) as conn:
        conn.execute("select public.admin_authenticator_removal(%s)", (user_id,))
    if not base or not key:
        raise ApiError(503, "auth_admin_unavailable", "Removing authenticators is not configured on this server")
    try:
        removed = auth_admin.delete_factors(base, key, str(user_id))
    except auth_admin.AuthAdminUnavailable as exc:
        current_app.logger.error("Auth refused to remove the factors of user %s: %s", user_id, exc)
        raise ApiError(503, "auth_admin_unavailable", "The authentication service could not remove the authenticator") from None
    return jsonify(user_id=str(user_id), removed=removed)
