"""Personal API tokens of the signed-in user: GET/POST /api/me/tokens, DELETE /api/me/tokens/{id},
and DELETE /api/me/tokens (all of them, as the account page offers when signing out everywhere else).

A token is made in SQL (create_api_token: 256 random bits, only its SHA-256 kept) and shown in the
POST's answer only; scripts send it as `Authorization: Bearer tkp_…` to /api/pastes and /api/links
(auth.api_token_claims). Revoking deletes it: its next request is a 401."""
from flask import Blueprint, jsonify

from ..auth import require_claims
from ..db import rls_transaction
from ..errors import ApiError
from . import body

bp = Blueprint("api_tokens", __name__)

TOKEN_COLUMNS = ("id", "name", "token_prefix", "scopes", "created_at", "last_used_at", "expires_at")
SCOPES = ("pastes", "links")


def _token(row: dict) -> dict:
    """A token in the documented field order (the creation comes back as jsonb, unordered)."""
    return {key: row[key] for key in (*TOKEN_COLUMNS, "token") if key in row}


def _scopes(data: dict) -> list[str]:
    scopes = data.get("scopes", body.MISSING)
    if scopes is body.MISSING:
        raise body.invalid("scopes", "is required")
    if (not isinstance(scopes, list) or not scopes or len(scopes) > len(SCOPES)
            or not all(isinstance(scope, str) and scope in SCOPES for scope in scopes)):
        raise body.invalid("scopes", "must be a list of pastes, links or both")
    return scopes


@bp.get("/me/tokens")
def list_tokens():
    claims = require_claims()
    with rls_transaction(claims, read_only=True) as conn:
        rows = conn.execute(f"select {', '.join(TOKEN_COLUMNS)} from public.api_tokens"
                            " order by created_at desc, id").fetchall()
    return jsonify(tokens=[_token(row) for row in rows])


@bp.post("/me/tokens")
def create_token():
    claims = require_claims()
    data = body.json_object(("name", "scopes", "expires_at"))
    name = body.text(data, "name", max_length=100, required=True)
    scopes = _scopes(data)
    expires_at = body.expiry(data)
    with rls_transaction(claims) as conn:
        created = conn.execute("select public.create_api_token(%s, %s, %s) as token",
                               (name, scopes, body.or_none(expires_at))).fetchone()["token"]
    return jsonify(_token(created)), 201


@bp.delete("/me/tokens/<uuid:token_id>")
def revoke_token(token_id):
    claims = require_claims()
    with rls_transaction(claims) as conn:
        revoked = conn.execute("delete from public.api_tokens where id = %s returning id", (token_id,)).fetchone()
    if revoked is None:  # not there, or not yours: the same answer
        raise ApiError(404, "not_found", "No token of yours has this id")
    return "", 204


@bp.delete("/me/tokens")
def revoke_all_tokens():
    claims = require_claims()
    with rls_transaction(claims) as conn:
        revoked = conn.execute("delete from public.api_tokens where user_id = auth.uid() returning id").fetchall()
    return jsonify(revoked=len(revoked))
