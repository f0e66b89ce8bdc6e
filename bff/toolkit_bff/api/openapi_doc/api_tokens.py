"""/api/me/tokens: the signed-in user's personal API tokens (made, listed, revoked)."""
from __future__ import annotations

from ..body import LATEST_EXPIRY_TEXT
from .common import (DATABASE, DATE_TIME, JSON_BODY, NULLABLE_DATE_TIME, DATA_SIGNED_IN, UUID, error_responses,
                     json_body, json_response, links_to, operation, ref)

_SCOPES = {"type": "array", "minItems": 1, "maxItems": 2, "uniqueItems": True,
           "items": {"type": "string", "enum": ["pastes", "links"]},
           "description": "What the token opens: `/api/pastes`, `/api/links`, or both. Never the account itself."}
_TOKEN = {
    "id": UUID,
    "name": {"type": "string", "minLength": 1, "maxLength": 100},
    "token_prefix": {"type": "string", "pattern": "^tkp_[A-Za-z0-9_-]{4}$",
                     "description": "The token's first characters, to tell tokens apart."},
    "scopes": _SCOPES,
    "created_at": DATE_TIME,
    "last_used_at": {**NULLABLE_DATE_TIME, "description": "To the minute; null: never used."},
    "expires_at": {**NULLABLE_DATE_TIME, "description": "null: until revoked."},
}

SCHEMAS = {
    "ApiToken": {"type": "object", "additionalProperties": False, "required": list(_TOKEN), "properties": _TOKEN},
    "NewApiToken": {
        "type": "object", "additionalProperties": False, "required": [*_TOKEN, "token"],
        "properties": {**_TOKEN, "token": {
            "type": "string", "pattern": "^tkp_[A-Za-z0-9_-]{43}$",
            "description": "The token itself, shown in this response only (just its SHA-256 is kept). Send it as "
                           "`Authorization: Bearer <token>`."}},
    },
    "ApiTokenList": {"type": "object", "additionalProperties": False, "required": ["tokens"],
                     "properties": {"tokens": {"type": "array", "items": ref("ApiToken")}}},
    "ApiTokensRevoked": {"type": "object", "additionalProperties": False, "required": ["revoked"],
                         "properties": {"revoked": {"type": "integer", "minimum": 0,
                                                    "description": "How many tokens were revoked."}}},
    "ApiTokenCreate": {
        "type": "object", "additionalProperties": False, "required": ["name", "scopes"],
        "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 100},
                       "scopes": _SCOPES,
                       "expires_at": {**NULLABLE_DATE_TIME, "description": f"In the future and before {LATEST_EXPIRY_TEXT}; "
                                                                                "null: until revoked."}},
    },
}

TOKEN_ID = {"name": "token_id", "in": "path", "required": True, "schema": UUID}
SIGNED_IN_ONLY = [{"bearerAuth": []}]

PATHS = {
    "/api/me/tokens": {
        "get": operation(
            "listMyApiTokens", "account", "My personal API tokens (never the tokens themselves)",
            {"200": json_response("Newest first.", ref("ApiTokenList")),
             **error_responses(DATA_SIGNED_IN, DATABASE)},
            security=SIGNED_IN_ONLY),
        "post": operation(
            "createApiToken", "account", "Make a personal API token for scripts",
            {"201": json_response("The token, shown this once.", ref("NewApiToken"),
                                 links=links_to("token_id", "$response.body#/id", "revokeApiToken")),
             **error_responses(JSON_BODY, DATA_SIGNED_IN, DATABASE, {429: ["too_many_requests"]})},
            description="At most 20 per account (422 past it). An account with a verified MFA factor needs an "
                        "`aal2` session; a token made at `aal1` stops working once the account has a factor. "
                        "Only the account's own session makes tokens: never a token, an OAuth client or an "
                        "anonymous sign-in.",
            body=json_body("ApiTokenCreate"), security=SIGNED_IN_ONLY),
        "delete": operation(
            "revokeAllMyApiTokens", "account", "Revoke all of my tokens",
            {"200": json_response("Every script using one of them is refused from its next request.",
                                  ref("ApiTokensRevoked")),
             **error_responses(DATA_SIGNED_IN, DATABASE, {429: ["too_many_requests"]})},
            description="What the account page offers beside signing out of every other device.",
            security=SIGNED_IN_ONLY),
    },
    "/api/me/tokens/{token_id}": {"delete": operation(
        "revokeApiToken", "account", "Revoke one of my tokens",
        {"204": {"description": "Revoked: its next request is a 401."},
         **error_responses(DATA_SIGNED_IN, DATABASE, {404: ["not_found"], 429: ["too_many_requests"]})},
        description="Someone else's token answers 404 like a missing one.",
        parameters=[TOKEN_ID], security=SIGNED_IN_ONLY)},
}
