"""The OAuth 2.1 server's flow (GOTRUE_OAUTH_SERVER_ENABLED), as upstream's internal/api/oauthserver/
authorize.go and handlers.go (v2.186.0) answer it: GET /oauth/authorize (a registered client and
redirect URI, PKCE required; sends the browser to GOTRUE_OAUTH_SERVER_AUTHORIZATION_PATH on the site),
GET /oauth/authorizations/{id} and POST .../consent (the signed-in user approves or denies),
POST /oauth/token (authorization_code with the PKCE verifier, refresh_token; client authentication),
GET/DELETE /user/oauth/grants. Codes and authorizations are taken atomically (one exchange per code)."""

from __future__ import annotations

import json
import secrets
import string
import uuid
from datetime import timedelta
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from flask import Blueprint, Response, abort, jsonify, redirect, request
from werkzeug.wrappers import Response as WerkzeugResponse

from .. import db, oauth_clients, redirects
from ..config import OAuthServerSettings, current_settings
from ..db import Conn, Row, returned
from ..errors import bad_request, not_found
from ..json_types import JsonObject
from ..request_context import require_user
from ..timeutil import now

bp = Blueprint("oauth_server", __name__)
SUPPORTED_SCOPES = ("openid", "profile", "email", "phone")
_ALPHANUMERIC = string.ascii_letters + string.digits


def _settings() -> OAuthServerSettings:
    return current_settings().oauth_server


@bp.before_request
def _only_when_enabled() -> None:
    if not _settings().enabled:
        abort(404)


def _with_query(url: str, values: JsonObject) -> str:
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query, keep_blank_values=True)) | values
    return urlunsplit(parts._replace(query=urlencode(sorted(query.items()))))


def _error_redirect(redirect_uri: str, error: str, description: str, state: str) -> str:
    return _with_query(
        redirect_uri, {"error": error, "error_description": description} | ({"state": state} if state else {})
    )


def _remaining_problem(args: JsonObject) -> str | None:
    """What upstream's validateRemainingAuthorizeParams reports (to the client, by redirect)."""
    if args["response_type"] != "code":
        return "only response_type=code is supported"
    scopes = args["scope"].split()
    if not scopes:
        return "scope parameter cannot be empty"
    unsupported = next((s for s in scopes if s not in SUPPORTED_SCOPES), None)
    if unsupported:
        return f"unsupported scope: {unsupported}"
    resource = args["resource"]
    if resource:
        parts = urlsplit(resource)
        if not parts.scheme:
            return "resource must be an absolute URI"
        if parts.fragment:
            return "resource must not include a fragment component"
        if parts.query:
            return "resource must not include a query component"
    challenge, method = args["code_challenge"], args["code_challenge_method"]
    if not challenge or not method:
        return "PKCE flow requires both code_challenge and code_challenge_method"
    if method.lower() not in ("s256", "plain"):
        return "code_challenge_method must be 'S256' or 'plain'"
    if not 43 <= len(challenge) <= 128:
        return "code_challenge must be between 43 and 128 characters"
    return None


@bp.get("/oauth/authorize")
def authorize() -> WerkzeugResponse:
    names = (
        "client_id",
        "redirect_uri",
        "response_type",
        "scope",
        "state",
        "resource",
        "code_challenge",
        "code_challenge_method",
        "nonce",
    )
    args = {name: request.args.get(name, "") for name in names}
    if not args["client_id"]:
        raise bad_request("validation_failed", "client_id is required")
    if not args["redirect_uri"]:
        raise bad_request("validation_failed", "redirect_uri is required")
    try:
        uuid.UUID(args["client_id"])
    except ValueError:
        raise bad_request("oauth_client_not_found", "invalid client_id format") from None
    with db.transaction() as conn:
        client = oauth_clients.find(conn, args["client_id"])
    if client is None:
        raise bad_request("oauth_client_not_found", "invalid client_id")
    if args["redirect_uri"] not in oauth_clients.redirect_uris_of(client):
        raise bad_request("validation_failed", "invalid redirect_uri")
    args["response_type"] = args["response_type"] or "code"
    args["scope"] = args["scope"] or _settings().default_scope
    problem = _remaining_problem(args)
    if problem:
        return redirect(_error_redirect(args["redirect_uri"], "invalid_request", problem, args["state"]), 302)
    if not _settings().authorization_path:
        return redirect(
            _error_redirect(
                args["redirect_uri"], "server_error", "oauth authorization path not configured", args["state"]
            ),
            302,
        )
    authorization_id = "".join(secrets.choice(_ALPHANUMERIC) for _ in range(32))
    stamp = now()
    with db.transaction() as conn:
        conn.execute(
            "insert into auth.oauth_authorizations (id, authorization_id, client_id, redirect_uri, scope, state,"
            " resource, code_challenge, code_challenge_method, response_type, status, created_at, expires_at, nonce)"
            " values (%s, %s, %s, %s, %s, %s, %s, %s, %s, 'code', 'pending', %s, %s, %s)",
            (
                uuid.uuid4(),
                authorization_id,
                client["id"],
                args["redirect_uri"],
                args["scope"],
                args["state"] or None,
                args["resource"] or None,
                args["code_challenge"],
                args["code_challenge_method"].lower(),
                stamp,
                stamp + timedelta(seconds=_settings().authorization_ttl),
                args["nonce"] or None,
            ),
        )
    site = current_settings().site_url.rstrip("/")
    path = _settings().authorization_path
    return redirect(f"{site}{path if path.startswith('/') else '/' + path}?authorization_id={authorization_id}", 302)


def _pending(conn: Conn, authorization_id: str, *, for_update: bool = False) -> Row:
    """Upstream's validateAndFindAuthorization: the authorization, still pending and unexpired."""
    origin = request.headers.get("Origin", "")
    if origin and not redirects.is_valid(origin):
        raise bad_request("validation_failed", "unauthorized request origin")
    lock = " for update" if for_update else ""
    row = conn.execute(
        f"select * from auth.oauth_authorizations where authorization_id = %s{lock}", (authorization_id,)
    ).fetchone()
    if row is None:
        raise not_found("oauth_authorization_not_found", "authorization not found")
    if row["expires_at"] < now():
        if row["status"] == "pending":
            conn.execute("update auth.oauth_authorizations set status = 'expired' where id = %s", (row["id"],))
        raise db.CommitWithError(not_found("oauth_authorization_not_found", "authorization not found"))
    if row["status"] != "pending":
        raise bad_request("validation_failed", "authorization request cannot be processed")
    return row


def _success_redirect(row: Row) -> str:
    values = {"code": row["authorization_code"]} | ({"state": row["state"]} if row["state"] else {})
    return _with_query(row["redirect_uri"], values)


def _approve(conn: Conn, row: Row) -> Row:
    return returned(
        conn.execute(
            "update auth.oauth_authorizations set status = 'approved', approved_at = %s,"
            " authorization_code = coalesce(authorization_code, %s) where id = %s returning *",
            (now(), str(uuid.uuid4()), row["id"]),
        )
    )


@bp.get("/oauth/authorizations/<authorization_id>")
def authorization_details(authorization_id: str) -> Response:
    caller = require_user()
    user = caller.user
    with db.transaction() as conn:
        row = _pending(conn, authorization_id, for_update=True)
        if row["user_id"] is None:
            conn.execute("update auth.oauth_authorizations set user_id = %s where id = %s", (user["id"], row["id"]))
            consent = conn.execute(
                "select * from auth.oauth_consents where user_id = %s and client_id = %s and revoked_at is null",
                (user["id"], row["client_id"]),
            ).fetchone()
            if consent and set(row["scope"].split()) <= set(consent["scopes"].split()):
                return jsonify({"redirect_url": _success_redirect(_approve(conn, row))})
        elif str(row["user_id"]) != str(user["id"]):
            raise not_found("oauth_authorization_not_found", "authorization not found")
        client = returned(conn.execute("select * from auth.oauth_clients where id = %s", (row["client_id"],)))
    details = {
        "id": str(client["id"]),
        "name": client["client_name"],
        "uri": client["client_uri"],
        "logo_uri": client["logo_uri"],
    }
    return jsonify(
        {
            "authorization_id": row["authorization_id"],
            "redirect_uri": row["redirect_uri"],
            "client": {k: v for k, v in details.items() if v},
            "user": {"id": str(user["id"]), "email": user["email"] or ""},
            "scope": row["scope"],
        }
    )


@bp.post("/oauth/authorizations/<authorization_id>/consent")
def consent(authorization_id: str) -> Response:
    caller = require_user()
    try:
        action = json.loads(request.get_data(cache=True) or b"null")
    except ValueError:
        raise bad_request("bad_json", "invalid JSON body") from None
    if not isinstance(action, dict) or action.get("action") not in ("approve", "deny"):
        if action is not None and not isinstance(action, dict):
            raise bad_request("bad_json", "invalid JSON body")
        raise bad_request("validation_failed", "action must be 'approve' or 'deny'")
    with db.transaction() as conn:
        row = _pending(conn, authorization_id, for_update=True)
        if row["user_id"] is None or str(row["user_id"]) != str(caller.user["id"]):
            raise not_found("oauth_authorization_not_found", "authorization not found")
        if action["action"] == "deny":
            conn.execute("update auth.oauth_authorizations set status = 'denied' where id = %s", (row["id"],))
            url = _error_redirect(row["redirect_uri"], "access_denied", "User denied the request", row["state"] or "")
        else:
            row = _approve(conn, row)
            conn.execute(
                "insert into auth.oauth_consents (id, user_id, client_id, scopes, granted_at)"
                " values (%s, %s, %s, %s, now()) on conflict (user_id, client_id) do update"
                " set scopes = excluded.scopes, granted_at = now(), revoked_at = null",
                (uuid.uuid4(), caller.user["id"], row["client_id"], row["scope"]),
            )
            url = _success_redirect(row)
    return jsonify({"redirect_url": url})
