"""GET /api/me (the caller, their profile, admin status), PATCH /api/me/profile, DELETE /api/me."""

from flask import Blueprint, Response, jsonify
from supabase import AuthApiError

from .. import auth_admin
from ..auth import require_claims
from ..contract.operations import NoContent, Routes
from ..contract.responses import DATA_SIGNED_IN, DATABASE, JSON_BODY, SESSION_ONLY, json_response
from ..db import only_row, rls_transaction
from ..errors import ApiError
from .models.me import Me, Profile, ProfileResult, ProfileUpdate
from .rows import assignments, changes_of

bp = Blueprint("me", __name__, url_prefix="/api")
routes = Routes(bp, "account")

PROFILE_COLUMNS = ", ".join(Profile.model_fields)


@routes.get(
    "/me",
    "getMe",
    security=SESSION_ONLY,
    answers={200: json_response("The caller.", Me)},
    errors=(DATA_SIGNED_IN, DATABASE),
)
def me() -> Response:
    """Who the verified caller is

    Verifies the bearer token and reads the caller back from inside a transaction that carries
    their role and claims, as row-level security sees them."""
    claims = require_claims()
    with rls_transaction(claims, read_only=True) as conn:
        user = conn.execute("select auth.uid() as id, auth.jwt() ->> 'email' as email, current_user as role").fetchone()
        profile = conn.execute(f"select {PROFILE_COLUMNS} from public.profile where id = auth.uid()").fetchone()
        is_admin = only_row(conn.execute("select public.is_admin(auth.uid()) as is_admin"))["is_admin"]
    return jsonify(user=user, profile=profile, is_admin=is_admin)


@routes.patch(
    "/me/profile",
    "updateMyProfile",
    body=ProfileUpdate,
    security=SESSION_ONLY,
    answers={200: json_response("The updated profile.", ProfileResult)},
    errors=(JSON_BODY, DATA_SIGNED_IN, DATABASE, {404: ["not_found"], 409: ["conflict"]}),
)
def update_profile(body: ProfileUpdate) -> Response:
    """Change my profile

    Nickname (3–32 of `[a-z0-9_]`, unique), full name, bio (≤ 500), location, avatar URL (https
    only). Row-level security and column privileges make `role`, `id` and `email` unwritable
    whatever the BFF sends."""
    claims = require_claims()
    changes = changes_of(body)
    with rls_transaction(claims) as conn:
        profile = conn.execute(
            f"update public.profile set {assignments(changes)} where id = auth.uid() returning {PROFILE_COLUMNS}",
            changes,
        ).fetchone()
    if profile is None:
        raise ApiError(404, "not_found", "You have no profile yet")
    return jsonify(profile=profile)


@routes.delete(
    "/me",
    "deleteMe",
    security=SESSION_ONLY,
    answers={
        204: {
            "description": "Deleted: the user, their sessions, identities and factors, and (by foreign key) their "
            "profile row, short links, pastes and likes."
        }
    },
    errors=(DATA_SIGNED_IN, {404: ["not_found"], 503: ["auth_admin_unavailable"]}),
)
def delete_me() -> NoContent:
    """Delete my account

    Asks Auth's admin API (`DELETE /admin/users/{id}` with the service-role key, which only the BFF
    holds) to delete the caller. 404 when Auth no longer knows them; 503 `auth_admin_unavailable`
    when TOOLKIT_AUTH_URL or TOOLKIT_SERVICE_ROLE_KEY is unset, Auth is unreachable or refuses."""
    claims = require_claims()
    with auth_admin.admin_api("Account deletion", "delete the account") as auth:
        try:
            auth.admin.delete_user(claims["sub"])
        except AuthApiError as exc:
            if exc.status != 404:
                raise
            raise ApiError(404, "not_found", "Your account no longer exists") from None
    return "", 204
