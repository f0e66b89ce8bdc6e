"""GET /user/identities/authorize and DELETE /user/identities/{id}: manual identity linking, off by
default upstream (GOTRUE_SECURITY_MANUAL_LINKING_ENABLED). No OAuth provider can be enabled on the
offline stack, so linking always ends where upstream ends for a disabled provider; unlinking works on
users who have more than one identity."""

from __future__ import annotations

import uuid
from typing import NoReturn

from flask import Blueprint, Response, current_app, jsonify, request
from flask.blueprints import BlueprintSetupState

from .. import audit, db, users
from ..config import current_settings
from ..config_env import env_bool
from ..db import Conn, Row
from ..errors import AuthError, bad_request, forbidden, not_found, unprocessable
from ..request_context import Caller, refuse_oauth_client, require_user

bp = Blueprint("identities", __name__)

# The providers upstream knows (external.go); the others are "could not be found".
KNOWN_PROVIDERS = {
    "apple",
    "azure",
    "bitbucket",
    "discord",
    "facebook",
    "figma",
    "fly",
    "github",
    "gitlab",
    "google",
    "kakao",
    "keycloak",
    "linkedin",
    "linkedin_oidc",
    "notion",
    "snapchat",
    "spotify",
    "slack",
    "slack_oidc",
    "twitch",
    "twitter",
    "x",
    "vercel_marketplace",
    "workos",
    "zoom",
}


@bp.record_once
def _read_setting(state: BlueprintSetupState) -> None:
    state.app.config["AUTH_MANUAL_LINKING"] = env_bool("GOTRUE_SECURITY_MANUAL_LINKING_ENABLED", False)


def _linking_caller() -> Caller:
    caller = require_user()  # upstream authenticates before it looks at the setting
    refuse_oauth_client(caller)
    if not current_app.config.get("AUTH_MANUAL_LINKING"):
        raise not_found("manual_linking_disabled", "Manual linking is disabled")
    return caller


def _unsupported_provider() -> AuthError:
    """Upstream's answer for a provider that is not enabled (all of them here) or unknown."""
    name = request.args.get("provider", "").lower()
    if name in KNOWN_PROVIDERS:
        return bad_request("validation_failed", "Unsupported provider: provider is not enabled")
    return bad_request("validation_failed", f"Unsupported provider: Provider {name} could not be found")


@bp.get("/authorize")
def authorize() -> NoReturn:
    """Sign-in with an OAuth provider (signInWithOAuth opens this in the browser)."""
    raise _unsupported_provider()


@bp.get("/user/identities/authorize")
def link_identity() -> NoReturn:
    _linking_caller()
    raise _unsupported_provider()


@bp.delete("/user/identities/<identity_id>")
def unlink_identity(identity_id: str) -> Response:
    caller = _linking_caller()
    try:
        uuid.UUID(identity_id)
    except ValueError:
        raise not_found("validation_failed", "identity_id must be an UUID") from None
    aud = caller.claims.get("aud")
    aud = (aud[0] if aud else "") if isinstance(aud, list) else (aud or "")
    if aud != current_settings().jwt_aud:
        raise forbidden("unexpected_audience", "Token audience doesn't match request audience")
    user = caller.user
    with db.transaction() as conn:
        identities = users.identities_of(conn, user["id"])
        if len(identities) <= 1:
            raise unprocessable("single_identity_not_deletable", "User must have at least 1 identity after unlinking")
        target = next((i for i in identities if str(i["id"]) == str(uuid.UUID(identity_id))), None)
        if target is None:
            raise unprocessable("identity_not_found", "Identity doesn't exist")
        audit.log(
            conn,
            user,
            "identity_unlinked",
            {"identity_id": str(target["id"]), "provider": target["provider"], "provider_id": target["provider_id"]},
            ip_address="",
        )
        conn.execute("delete from auth.identities where id = %s", (target["id"],))
        remaining = [i for i in identities if i["id"] != target["id"]]
        if target["provider"] == "phone":
            users.touch(conn, user["id"], phone=None, phone_confirmed_at=None)
        else:
            _email_from_identities(conn, user, remaining)
        providers = list(dict.fromkeys(i["provider"] for i in remaining))
        app_meta = dict(user["raw_app_meta_data"] or {}) | {"providers": providers}
        if providers:
            app_meta["provider"] = providers[0]
        users.touch(conn, user["id"], raw_app_meta_data=app_meta)
    return jsonify({})


def _email_from_identities(conn: Conn, user: Row, identities: list[Row]) -> None:
    """Upstream's UpdateUserEmailFromIdentities: keep the e-mail if an identity still has it, else
    take the first identity e-mail no other user has."""
    current = user["email"] or ""
    if any((i["email"] or "") == current for i in identities):
        return
    for identity in identities:
        email = identity["email"] or ""
        if users.find_by_email(conn, email, user["aud"]) is None:
            columns = {"email": email or None}
            if not email:
                columns["email_confirmed_at"] = None
            users.touch(conn, user["id"], **columns)
            return
    raise unprocessable("email_conflict_identity_not_deletable", "Unable to unlink identity due to email conflict")
