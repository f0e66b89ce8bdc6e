"""Personal API tokens of the signed-in user: GET/POST /api/me/tokens, DELETE /api/me/tokens/{id},
and DELETE /api/me/tokens (all of them, as the account page offers when signing out everywhere else).

A token is made in SQL (create_api_token: 256 random bits, only its SHA-256 kept) and shown in the
POST's answer only; scripts send it as `Authorization: Bearer tkp_…` to /api/pastes and /api/links
(auth.api_token_claims). Revoking deletes it: its next request is a 401."""

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from flask import Blueprint, Response, jsonify

from ..auth import require_claims
from ..contract.operations import NoContent, Routes, WithStatus
from ..contract.responses import DATA_SIGNED_IN, DATABASE, JSON_BODY, SESSION_ONLY, json_response, links_to
from ..db import only_row, rls_transaction
from .models.api_tokens import ApiToken, ApiTokenCreate, ApiTokenList, ApiTokensRevoked, NewApiToken
from .rows import delete_mine

bp = Blueprint("api_tokens", __name__, url_prefix="/api")
routes = Routes(bp, "account")
WRITE_LIMITED = {429: ["too_many_requests"]}

TOKEN_COLUMNS = tuple(ApiToken.model_fields)


def _token(row: Mapping[str, Any]) -> dict[str, Any]:
    """A token in the documented field order (the creation comes back as jsonb, unordered)."""
    return {key: row[key] for key in (*TOKEN_COLUMNS, "token") if key in row}


@routes.get(
    "/me/tokens",
    "listMyApiTokens",
    security=SESSION_ONLY,
    errors=(DATA_SIGNED_IN, DATABASE),
    answers={200: json_response("Newest first.", ApiTokenList)},
)
def list_tokens() -> Response:
    """My personal API tokens (never the tokens themselves)"""
    claims = require_claims()
    with rls_transaction(claims, read_only=True) as conn:
        rows = conn.execute(
            f"select {', '.join(TOKEN_COLUMNS)} from public.api_tokens order by created_at desc, id"
        ).fetchall()
    return jsonify(tokens=[_token(row) for row in rows])


@routes.post(
    "/me/tokens",
    "createApiToken",
    body=ApiTokenCreate,
    security=SESSION_ONLY,
    answers={
        201: json_response(
            "The token, shown this once.",
            NewApiToken,
            links=links_to("token_id", "$response.body#/id", "revokeApiToken"),
        )
    },
    errors=(JSON_BODY, DATA_SIGNED_IN, DATABASE, WRITE_LIMITED),
)
def create_token(body: ApiTokenCreate) -> WithStatus:
    """Make a personal API token for scripts

    At most 20 per account (422 past it). An account with a verified MFA factor needs an `aal2`
    session; a token made at `aal1` stops working once the account has a factor. Only the
    account's own session makes tokens: never a token, an OAuth client or an anonymous sign-in."""
    claims = require_claims()
    with rls_transaction(claims) as conn:
        created = only_row(
            conn.execute(
                "select public.create_api_token(%s, %s, %s) as token", (body.name, body.scopes, body.expires_at)
            )
        )["token"]
    return jsonify(_token(created)), 201


@routes.delete(
    "/me/tokens/<uuid:token_id>",
    "revokeApiToken",
    security=SESSION_ONLY,
    answers={204: {"description": "Revoked: its next request is a 401."}},
    errors=(DATA_SIGNED_IN, DATABASE, {404: ["not_found"]}, WRITE_LIMITED),
)
def revoke_token(token_id: UUID) -> NoContent:
    """Revoke one of my tokens

    Someone else's token answers 404 like a missing one."""
    delete_mine(require_claims(), "api_tokens", token_id, "No token of yours has this id")
    return "", 204


@routes.delete(
    "/me/tokens",
    "revokeAllMyApiTokens",
    security=SESSION_ONLY,
    errors=(DATA_SIGNED_IN, DATABASE, WRITE_LIMITED),
    answers={200: json_response("Every script using one of them is refused from its next request.", ApiTokensRevoked)},
)
def revoke_all_tokens() -> Response:
    """Revoke all of my tokens

    What the account page offers beside signing out of every other device."""
    claims = require_claims()
    with rls_transaction(claims) as conn:
        revoked = conn.execute("delete from public.api_tokens where user_id = auth.uid() returning id").fetchall()
    return jsonify(revoked=len(revoked))
