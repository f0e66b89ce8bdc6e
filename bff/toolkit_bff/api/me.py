"""GET /api/me: who the verified caller is, as Postgres sees them inside the RLS transaction."""
from flask import Blueprint, jsonify

from ..auth import require_claims
from ..db import rls_transaction

bp = Blueprint("me", __name__)


@bp.get("/me")
def me():
    claims = require_claims()
    with rls_transaction(claims, read_only=True) as conn:
        row = conn.execute(
            "select current_setting('request.jwt.claims', true)::json ->> 'sub' as id,"
            " current_setting('request.jwt.claims', true)::json ->> 'email' as email,"
            " current_user as role"
        ).fetchone()
    return jsonify(user=row)
