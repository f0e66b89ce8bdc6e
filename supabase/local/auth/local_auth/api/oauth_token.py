"""POST /oauth/token (client authentication as upstream's requireOAuthClientAuth: HTTP Basic,
client_secret_post or none for public clients; grant types authorization_code with the PKCE verifier
and refresh_token) and the user's grants, GET/DELETE /user/oauth/grants (internal/api/oauthserver/
handlers.go, client_auth.go, auth.go of v2.186.0). OAuth errors are `{"error", "error_description"}`."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import uuid
from collections.abc import Mapping

from flask import Blueprint, Response, abort, current_app, jsonify, request

from .. import audit, db, oauth_clients, sessions, users
from ..config import current_settings
from ..db import Row
from ..errors import AuthError, OAuthError, bad_request, not_found
from ..json_types import JsonObject
from ..request_context import require_user
from ..timeutil import iso, now

bp = Blueprint("oauth_token", __name__)
FIELDS = (
    "grant_type",
    "code",
    "refresh_token",
    "redirect_uri",
    "client_id",
    "client_secret",
    "code_verifier",
    "resource",
)


@bp.before_request
def _only_when_enabled() -> None:
    if not current_settings().oauth_server.enabled:
        abort(404)


def _credentials_error(msg: str) -> AuthError:
    return bad_request("invalid_credentials", msg)


def _params() -> dict[str, str]:
    if "application/json" in request.headers.get("Content-Type", ""):
        try:
            value = json.loads(request.get_data(cache=True) or b"null")
        except ValueError:
            raise _credentials_error("Invalid client credentials: failed to parse JSON body") from None
        if not isinstance(value, dict) or any(not isinstance(value.get(f, ""), str) for f in FIELDS):
            raise OAuthError("invalid_request", "Invalid JSON body")
        return {f: value.get(f) or "" for f in FIELDS}
    return {f: request.form.get(f, "") for f in FIELDS}


def _authenticated_client(params: Mapping[str, str]) -> Row:
    """The client the request authenticates as (invalid_credentials when it does not)."""
    header = request.headers.get("Authorization", "")
    if header.startswith("Basic "):
        try:
            client_id, sep, secret = base64.b64decode(header[6:], validate=True).decode().partition(":")
        except (binascii.Error, UnicodeDecodeError):
            raise _credentials_error("Invalid client credentials: invalid basic auth encoding") from None
        if not sep:
            raise _credentials_error("Invalid client credentials: invalid basic auth format")
        method = "client_secret_basic"
    else:
        client_id, secret = params["client_id"], params["client_secret"]
        if not client_id:
            raise _credentials_error("Invalid client credentials: client_id is required")
        method = "client_secret_post" if secret else "none"
    try:
        uuid.UUID(client_id)
    except ValueError:
        raise _credentials_error("Invalid client_id format") from None
    with db.transaction() as conn:
        client = oauth_clients.find(conn, client_id)
    if client is None:
        raise _credentials_error("Invalid client credentials")
    if client["token_endpoint_auth_method"] != method:
        raise _credentials_error(
            f"invalid authentication method: client is registered for "
            f"'{client['token_endpoint_auth_method']}' but '{method}' was used"
        )
    if client["client_type"] == "public":
        if secret:
            raise _credentials_error("public clients must not provide client_secret")
    elif not secret:
        raise _credentials_error("confidential clients must provide client_secret")
    elif not oauth_clients.secret_matches(secret, client["client_secret_hash"]):
        raise _credentials_error("invalid client credentials")
    return client


def _pkce_matches(challenge: str, method: str, verifier: str) -> bool:
    if method == "s256":
        expected = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")
    elif method == "plain":
        expected = verifier
    else:
        return False
    return hmac.compare_digest(challenge, expected)


@bp.post("/oauth/token")
def token() -> Response:
    params = _params()
    client = _authenticated_client(params)
    grant = params["grant_type"]
    if not grant:
        raise OAuthError("invalid_request", "grant_type is required")
    if grant not in (client["grant_types"] or "").split(","):
        raise OAuthError("unsupported_grant_type", f"Client is not allowed to use grant type: {grant}")
    if grant == "authorization_code":
        body = _exchange_code(client, params)
    elif grant == "refresh_token":
        if not params["refresh_token"]:
            raise OAuthError("invalid_request", "refresh_token is required for refresh_token grant")
        with db.transaction() as conn:
            body = sessions.refresh(conn, params["refresh_token"], client_id=client["id"])
    else:
        raise OAuthError("unsupported_grant_type", f"Unsupported grant type: {grant}")
    return jsonify({key: body[key] for key in ("access_token", "token_type", "expires_in", "refresh_token")})


def _exchange_code(client: Row, params: Mapping[str, str]) -> JsonObject:
    if not params["code"]:
        raise OAuthError("invalid_request", "code is required for authorization_code grant")
    with db.transaction() as conn:
        # Taken at once: a second exchange of the same code waits for this one and finds nothing; a
        # refused exchange rolls back and leaves the code as it was, as upstream's checks do.
        row = conn.execute(
            "delete from auth.oauth_authorizations where authorization_code = %s and status = 'approved' returning *",
            (params["code"],),
        ).fetchone()
        if row is None:
            raise OAuthError("invalid_grant", "Invalid authorization code")
        if row["expires_at"] < now():
            raise OAuthError("invalid_grant", "Authorization code has expired")
        if row["client_id"] != client["id"]:
            raise OAuthError("invalid_grant", "Authorization code was not issued for this client")
        if params["resource"] and params["resource"] != (row["resource"] or ""):
            raise OAuthError("invalid_grant", "Authorization code resource does not match the resource parameter")
        if params["redirect_uri"] and params["redirect_uri"] != row["redirect_uri"]:
            raise OAuthError("invalid_grant", "Invalid redirect_uri")
        if row["code_challenge"]:
            if not params["code_verifier"]:
                raise OAuthError(
                    "invalid_grant",
                    "PKCE verification failed: code_verifier is required when PKCE challenge is present",
                )
            if not _pkce_matches(row["code_challenge"], row["code_challenge_method"] or "", params["code_verifier"]):
                raise OAuthError(
                    "invalid_grant",
                    "PKCE verification failed: code challenge does not match previously saved code verifier",
                )
        user = users.find_by_id(conn, row["user_id"]) if row["user_id"] else None
        if user is None:
            raise OAuthError("invalid_grant", "User not found for authorization code")
        if users.is_banned(user):
            raise OAuthError("access_denied", "User is banned")
        audit.log(
            conn, user, "login", {"provider_type": "oauth_provider_authorization_code", "client_id": str(client["id"])}
        )
        return sessions.issue(
            conn, user, "oauth_provider/authorization_code", oauth_client_id=client["id"], scopes=row["scope"]
        )


@bp.get("/user/oauth/grants")
def list_grants() -> Response:
    caller = require_user()
    with db.transaction() as conn:
        rows = conn.execute(
            "select c.*, o.client_name, o.client_uri, o.logo_uri from auth.oauth_consents c join auth.oauth_clients o"
            " on o.id = c.client_id where c.user_id = %s and c.revoked_at is null and o.deleted_at is null"
            " order by c.granted_at desc",
            (caller.user["id"],),
        ).fetchall()
    grants = []
    for row in rows:
        client = {
            "id": str(row["client_id"]),
            "name": row["client_name"],
            "uri": row["client_uri"],
            "logo_uri": row["logo_uri"],
        }
        grants.append(
            {
                "client": {k: v for k, v in client.items() if v},
                "scopes": row["scopes"].split(),
                "granted_at": iso(row["granted_at"]),
            }
        )
    return jsonify(grants)


@bp.delete("/user/oauth/grants")
def revoke_grant() -> Response:
    caller = require_user()
    client_id = request.args.get("client_id", "")
    if not client_id:
        raise bad_request("validation_failed", "client_id query parameter is required")
    try:
        uuid.UUID(client_id)
    except ValueError:
        raise bad_request("validation_failed", "invalid client_id format") from None
    with db.transaction() as conn:
        revoked = conn.execute(
            "update auth.oauth_consents set revoked_at = now() where user_id = %s and"
            " client_id = %s and revoked_at is null returning id",
            (caller.user["id"], client_id),
        ).fetchone()
        if revoked is None:
            raise not_found("oauth_consent_not_found", "No active grant found for this client")
        # Everything minted from the grant goes with it: its sessions (and their refresh tokens, by
        # cascade) as upstream, and — stricter than upstream — the authorizations not yet exchanged,
        # whose codes would otherwise still buy the client new tokens.
        conn.execute(
            "delete from auth.sessions where user_id = %s and oauth_client_id = %s", (caller.user["id"], client_id)
        )
        conn.execute(
            "delete from auth.oauth_authorizations where user_id = %s and client_id = %s",
            (caller.user["id"], client_id),
        )
        audit.log(conn, caller.user, "token_revoked", {"oauth_client_id": client_id, "action": "revoke_oauth_grant"})
    response = current_app.response_class(status=204)
    del response.headers["Content-Type"]
    return response
