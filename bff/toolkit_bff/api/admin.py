"""The admin area: list users, grant and revoke admin rights, moderate public pastes and short
links. SQL checks the caller is an admin (admin_list_users, grant_admin, revoke_admin, admin_recent_*,
admin_delete_*), so no service-role key is involved."""
from flask import Blueprint, jsonify, request

from ..auth import require_claims
from ..db import rls_transaction
from . import body

bp = Blueprint("admin", __name__)


@bp.get("/admin/users")
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
def recent_pastes():
    return _page("admin_recent_pastes", "pastes")


@bp.delete("/admin/pastes/<paste_id>")
def delete_paste(paste_id):
    return _delete("admin_delete_paste", paste_id)


@bp.get("/admin/links")
def recent_links():
    return _page("admin_recent_short_links", "links")


@bp.delete("/admin/links/<code>")
def delete_link(code):
    return _delete("admin_delete_short_link", code)


def _admin_status(user_id, function: str):
    claims = require_claims()
    with rls_transaction(claims) as conn:
        conn.execute(f"select public.{function}(%s)", (user_id,))
        is_admin = conn.execute("select public.is_admin(%s) as is_admin", (user_id,)).fetchone()["is_admin"]
    return jsonify(user_id=user_id, is_admin=is_admin)


@bp.post("/admin/users/<uuid:user_id>/admin")
def grant_admin(user_id):
    return _admin_status(user_id, "grant_admin")


@bp.delete("/admin/users/<uuid:user_id>/admin")
def revoke_admin(user_id):
    return _admin_status(user_id, "revoke_admin")
