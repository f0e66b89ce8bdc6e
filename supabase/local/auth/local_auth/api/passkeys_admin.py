"""The admin API of passkeys (service-role key): GET /admin/users/{id}/passkeys and DELETE
/admin/users/{id}/passkeys/{passkey_id}, as upstream's internal/api/passkey_admin.go (supabase-js's
`auth.admin.passkey.listPasskeys` / `deletePasskey`). Not behind GOTRUE_PASSKEY_ENABLED, as upstream."""

from __future__ import annotations

from flask import Blueprint, Response, g, jsonify

from .. import admin_users, audit, db, passkeys
from ..request_context import admin_actor, require_admin

bp = Blueprint("passkeys_admin", __name__, url_prefix="/admin")


@bp.before_request
def _require_service_role() -> None:
    g.admin_claims = require_admin()


@bp.get("/users/<user_id>/passkeys", strict_slashes=False)
def list_passkeys(user_id: str) -> Response:
    with db.transaction() as conn:
        user = admin_users.load_user(conn, user_id)
        return jsonify([passkeys.item_json(row) for row in passkeys.credentials_of(conn, user["id"])])


@bp.delete("/users/<user_id>/passkeys/<passkey_id>", strict_slashes=False)
def delete_passkey(user_id: str, passkey_id: str) -> Response:
    with db.transaction() as conn:
        user = admin_users.load_user(conn, user_id)
        row = passkeys.owned(conn, passkey_id, user["id"], for_update=True)
        conn.execute("delete from auth.webauthn_credentials where id = %s", (row["id"],))
        audit.log(
            conn,
            admin_actor(g.admin_claims),
            "passkey_deleted",
            {"user_id": str(user["id"]), "passkey_id": str(row["id"])},
        )
    return Response(status=204)
