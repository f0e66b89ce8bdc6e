"""The disabled-pages map: everyone reads it, admins change it (SPEC §3, §4)."""

from collections.abc import Mapping
from functools import wraps
from typing import Any

from flask import Blueprint, Response, jsonify
from flask.typing import ResponseReturnValue

from ..auth import request_claims, require_claims
from ..contract.operations import Routes, ViewFunction
from ..contract.responses import (
    ANONYMOUS_OR_SESSION,
    DATA_OPTIONAL_TOKEN,
    DATA_SIGNED_IN,
    DATABASE,
    JSON_BODY,
    SESSION_ONLY,
    json_response,
)
from ..db import rls_transaction
from ..errors import ApiError
from ..spec_constants import PAGE_KEYS
from .admin_only import admin_only
from .models.admin import Pages, PageState, PageStatus, PageUpdate

bp = Blueprint("pages", __name__, url_prefix="/api")
routes = Routes(bp, "pages")

PAGE_COLUMNS = ", ".join(PageState.model_fields)


def _entry(row: Mapping[str, Any]) -> dict[str, Any]:
    return {name: row[name] for name in PageStatus.model_fields}


@routes.get(
    "/pages",
    "getPages",
    security=ANONYMOUS_OR_SESSION,
    errors=(DATA_OPTIONAL_TOKEN, DATABASE),
    answers={200: json_response("Every page key with its state; cacheable for 10 s.", Pages)},
)
def pages() -> Response:
    """The disabled-pages map"""
    with rls_transaction(request_claims(), read_only=True) as conn:
        rows = conn.execute(f"select {PAGE_COLUMNS} from public.page_settings order by page_key").fetchall()
    response = jsonify(pages={row["page_key"]: _entry(row) for row in rows})
    # The same for everyone, and admins' changes may take 10 s to reach other visitors.
    response.headers["Cache-Control"] = "public, max-age=10"
    return response


def _known_page(view: ViewFunction) -> ViewFunction:
    """An unknown page key is a 404 before the body is read (and after the caller is known to be an admin)."""

    @wraps(view)
    def checked(page_key: str, **kwargs: object) -> ResponseReturnValue:
        if page_key not in PAGE_KEYS:
            raise ApiError(404, "not_found", f"Unknown page key; one of: {', '.join(PAGE_KEYS)}")
        return view(page_key=page_key, **kwargs)

    return checked


@routes.put(
    "/admin/pages/<page_key>",
    "updatePage",
    body=PageUpdate,
    security=SESSION_ONLY,
    path={"page_key": {"schema": {"type": "string", "enum": list(PAGE_KEYS)}}},
    before=(admin_only("change pages"), _known_page),
    answers={200: json_response("The page's new state (who and when are recorded by the database).", PageState)},
    errors=(JSON_BODY, DATA_SIGNED_IN, {403: ["forbidden"]}, DATABASE, {404: ["not_found"]}),
)
def update_page(page_key: str, body: PageUpdate) -> Response:
    """Disable or enable a page"""
    claims = require_claims()
    is_disabled, reason = body.is_disabled, body.disable_reason
    with rls_transaction(claims) as conn:
        row = conn.execute(
            f"update public.page_settings set is_disabled = %s, disable_reason = %s where page_key = %s"
            f" returning {PAGE_COLUMNS}",
            (is_disabled, reason or "", page_key),
        ).fetchone()
    if row is None:  # RLS refused the row after all
        raise ApiError(403, "forbidden", "Only administrators can change pages")
    return jsonify(page_key=page_key, **_entry(row))
