"""The disabled-pages map: everyone reads it, admins change it (SPEC §3, §4)."""
from flask import Blueprint, jsonify

from ..auth import request_claims, require_claims
from ..db import rls_transaction
from ..errors import ApiError
from ..spec_constants import PAGE_KEYS
from . import body
from .admin_only import admin_only

bp = Blueprint("pages", __name__)

PAGE_COLUMNS = "page_key, is_disabled, disable_reason, updated_at"


def _entry(row: dict) -> dict:
    return {"is_disabled": row["is_disabled"], "disable_reason": row["disable_reason"],
            "updated_at": row["updated_at"]}


@bp.get("/pages")
def pages():
    with rls_transaction(request_claims(), read_only=True) as conn:
        rows = conn.execute(f"select {PAGE_COLUMNS} from public.page_settings order by page_key").fetchall()
    response = jsonify(pages={row["page_key"]: _entry(row) for row in rows})
    # The same for everyone, and admins' changes may take 10 s to reach other visitors.
    response.headers["Cache-Control"] = "public, max-age=10"
    return response


@bp.put("/admin/pages/<page_key>")
@admin_only("change pages")
def update_page(page_key):
    claims = require_claims()
    if page_key not in PAGE_KEYS:
        raise ApiError(404, "not_found", f"Unknown page key; one of: {', '.join(PAGE_KEYS)}")
    data = body.json_object(("is_disabled", "disable_reason"))
    is_disabled = body.boolean(data, "is_disabled")
    if is_disabled is body.MISSING:
        raise body.invalid("is_disabled", "is required")
    reason = body.text(data, "disable_reason", max_length=500, nullable=True)
    with rls_transaction(claims) as conn:
        row = conn.execute(
            f"update public.page_settings set is_disabled = %s, disable_reason = %s where page_key = %s"
            f" returning {PAGE_COLUMNS}",
            (is_disabled, body.or_none(reason) or "", page_key)).fetchone()
    if row is None:  # RLS refused the row after all
        raise ApiError(403, "forbidden", "Only administrators can change pages")
    return jsonify(page_key=page_key, **_entry(row))
