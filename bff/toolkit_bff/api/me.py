"""GET /api/me (the caller, their profile, admin status), PATCH /api/me/profile, DELETE /api/me."""
from flask import Blueprint, current_app, jsonify

from .. import auth_admin
from ..auth import require_claims
from ..db import rls_transaction
from ..errors import ApiError
from . import body

bp = Blueprint("me", __name__)

PROFILE_COLUMNS = "id, nickname, email, full_name, bio, avatar_url, location, role, created_at, updated_at"
EDITABLE = ("nickname", "full_name", "bio", "location", "avatar_url")


@bp.get("/me")
def me():
    claims = require_claims()
    with rls_transaction(claims, read_only=True) as conn:
        user = conn.execute(
            "select auth.uid() as id, auth.jwt() ->> 'email' as email, current_user as role").fetchone()
        profile = conn.execute(f"select {PROFILE_COLUMNS} from public.profile where id = auth.uid()").fetchone()
        is_admin = conn.execute("select public.is_admin(auth.uid()) as is_admin").fetchone()["is_admin"]
    return jsonify(user=user, profile=profile, is_admin=is_admin)


def _profile_changes() -> dict:
    data = body.json_object(EDITABLE)
    changes = {
        "nickname": body.text(data, "nickname", max_length=32, pattern=r"[a-z0-9_]{3,32}",
                              rule="must be 3 to 32 lower-case letters, digits or _"),
        "full_name": body.text(data, "full_name", max_length=100),
        "bio": body.text(data, "bio", max_length=500),
        "location": body.text(data, "location", max_length=100, nullable=True),
        "avatar_url": body.text(data, "avatar_url", max_length=2048, nullable=True,
                                pattern=r"https://[^\s/?#]+\S*", rule="must be an https:// URL"),
    }
    changes = {name: value for name, value in changes.items() if value is not body.MISSING}
    if not changes:
        raise ApiError(422, "invalid_input", f"Send at least one of: {', '.join(EDITABLE)}")
    return changes


@bp.patch("/me/profile")
def update_profile():
    claims = require_claims()
    changes = _profile_changes()
    assignments = ", ".join(f"{name} = %({name})s" for name in changes)  # names from EDITABLE only
    with rls_transaction(claims) as conn:
        profile = conn.execute(
            f"update public.profile set {assignments} where id = auth.uid() returning {PROFILE_COLUMNS}",
            changes).fetchone()
    if profile is None:
        raise ApiError(404, "not_found", "You have no profile yet")
    return jsonify(profile=profile)


@bp.delete("/me")
def delete_me():
    """The caller deletes their own account through Auth's admin API (the profile row goes with the
    user by its foreign key, as do their links and pastes); only the BFF holds the service-role key that API needs."""
    claims = require_claims()
    base, key = current_app.config["AUTH_URL"], current_app.config["SERVICE_ROLE_KEY"]
    if not base or not key:
        raise ApiError(503, "auth_admin_unavailable", "Account deletion is not configured on this server")
    try:
        deleted = auth_admin.delete_user(base, key, claims["sub"])
    except auth_admin.AuthAdminUnavailable as exc:
        current_app.logger.error("Auth refused to delete user %s: %s", claims["sub"], exc)
        raise ApiError(503, "auth_admin_unavailable", "The authentication service could not delete the account") from None
    if not deleted:
        raise ApiError(404, "not_found", "Your account no longer exists")
    return "", 204
