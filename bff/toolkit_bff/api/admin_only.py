"""Admin routes ask who is calling before they read anything the caller sent: a non-admin hears 403
whatever the query, path or body holds (before, `GET /api/admin/links?q=%00` reached the database and
answered 422). The SQL functions behind each route check the role again; this is the BFF's first gate.

Routes take ids as plain text and parse them after the check, so a malformed id is no exception:
routing does not answer 404 before the role is known."""

from __future__ import annotations

import uuid
from functools import wraps

from flask.typing import ResponseReturnValue

from ..auth import require_claims
from ..claims import Claims
from ..contract.operations import BeforeView, ViewFunction
from ..db import run_once
from ..errors import ApiError


def require_admin(action: str) -> Claims:
    """The caller's claims if they are an admin (at aal2 once they have a factor: SQL's is_admin()
    says so), else 401 for no token and 403 for everyone else."""
    claims = require_claims()
    if not run_once("select public.is_admin() as ok", {}, claims=claims)[0]["ok"]:
        raise ApiError(403, "forbidden", f"Only administrators can {action}")
    return claims


def admin_only(action: str) -> BeforeView:
    """Decorates an admin view: require_admin(action) first; `action` ends "Only administrators can …"."""

    def decorate(view: ViewFunction) -> ViewFunction:
        @wraps(view)
        def checked(**kwargs: object) -> ResponseReturnValue:
            require_admin(action)
            return view(**kwargs)

        # Lets the tests find every admin route and its gate: an attribute of the function itself,
        # which the checker (knowing functions by their signature) has no type for.
        checked.admin_action = action  # type: ignore[attr-defined]
        return checked

    return decorate


def user_id_of(text: str) -> uuid.UUID:
    """A user id from the path, read once the caller is known to be an admin."""
    try:
        return uuid.UUID(text)
    except ValueError:
        raise ApiError(404, "not_found", "No user has this id") from None
