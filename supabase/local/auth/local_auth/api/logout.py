"""POST /logout?scope=global|local|others."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, request

from .. import db, sessions
from ..errors import bad_request
from ..request_context import require_user

bp = Blueprint("logout", __name__)


@bp.post("/logout")
def logout() -> Response:
    scope = request.args.get("scope", "")
    if scope == "":
        scope = "global"
    if scope not in ("global", "local", "others"):
        raise bad_request("validation_failed", f'Unsupported logout scope "{scope}"')
    caller = require_user()
    with db.transaction() as conn:
        sessions.logout(conn, caller.user, caller.session_id, scope)
    response = current_app.response_class(status=204)
    del response.headers["Content-Type"]  # upstream's 204 carries no content type
    return response
