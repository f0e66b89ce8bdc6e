"""The OAuth 2.1 server's client registry: /admin/oauth/clients (create, list, get, update, delete,
regenerate secret; service role) and POST /oauth/clients/register (dynamic registration, when
GOTRUE_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION allows it). Without GOTRUE_OAUTH_SERVER_ENABLED these
routes do not exist, as upstream registers them only then (internal/api/api.go)."""

from __future__ import annotations

import json
import uuid

from flask import Blueprint, Response, abort, current_app, jsonify, request

from .. import db, oauth_clients
from ..config import current_settings
from ..db import Conn, Row, returned
from ..errors import bad_request, forbidden, not_found
from ..json_types import JsonObject
from ..ratelimit import limit
from ..request_context import require_admin
from ..timeutil import now

bp = Blueprint("oauth_admin", __name__)

REGISTER_STRINGS = ("client_type", "token_endpoint_auth_method", "client_name", "client_uri", "logo_uri")
UPDATE_STRINGS = ("client_name", "client_uri", "logo_uri")
LISTS = ("redirect_uris", "grant_types")


@bp.before_request
def _only_when_enabled() -> None:
    if not current_settings().oauth_server.enabled:
        if request.path.startswith("/admin/"):
            require_admin()  # upstream's /admin router checks the key before it finds no route
        abort(404)


def _json_object() -> JsonObject:
    try:
        value = json.loads(request.get_data(cache=True) or b"null")
    except ValueError:
        raise oauth_clients.bad_json() from None
    if not isinstance(value, dict):  # Go decodes null into an empty struct, anything else fails
        if value is None:
            return {}
        raise oauth_clients.bad_json()
    return value


def _register(registration_type: str) -> tuple[Response, int]:
    params = oauth_clients.decode_params(_json_object(), strings=REGISTER_STRINGS, lists=LISTS)
    uris, grants = params.get("redirect_uris") or [], params.get("grant_types") or []
    oauth_clients.validate_redirect_uris(uris, required=True)
    if grants:
        oauth_clients.validate_grant_types(grants)
    oauth_clients.validate_text_fields(params)
    client_type, method = params.get("client_type") or "", params.get("token_endpoint_auth_method") or ""
    if client_type and client_type not in ("public", "confidential"):
        raise bad_request("validation_failed", "client_type must be 'public' or 'confidential'")
    if method and method not in oauth_clients.AUTH_METHODS:
        raise bad_request(
            "validation_failed",
            "token_endpoint_auth_method must be one of: [none client_secret_basic client_secret_post]",
        )
    oauth_clients.check_type_consistency(client_type, method)
    client_type = oauth_clients.client_type_for(client_type, method)
    method = method or ("none" if client_type == "public" else "client_secret_basic")
    secret, secret_hash = oauth_clients.new_secret() if client_type == "confidential" else ("", None)
    with db.transaction() as conn:
        row = returned(
            conn.execute(
                "insert into auth.oauth_clients (id, client_secret_hash, registration_type, redirect_uris, grant_types,"
                " client_name, client_uri, logo_uri, client_type, token_endpoint_auth_method)"
                " values (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s) returning *",
                (
                    uuid.uuid4(),
                    secret_hash,
                    registration_type,
                    oauth_clients.stored_redirect_uris(uris),
                    ",".join(grants or oauth_clients.GRANT_TYPES),
                    params.get("client_name") or None,
                    params.get("client_uri") or None,
                    params.get("logo_uri") or None,
                    client_type,
                    method,
                ),
            )
        )
    return jsonify(oauth_clients.to_json(row, secret)), 201


def _client(client_id: str, conn: Conn, *, for_update: bool = False) -> Row:
    try:
        uuid.UUID(client_id)
    except ValueError:
        raise bad_request("validation_failed", "invalid client_id format") from None
    row = oauth_clients.find(conn, client_id, for_update=for_update)
    if row is None:
        raise not_found("oauth_client_not_found", "OAuth client not found")
    return row


@bp.post("/admin/oauth/clients")
def admin_register() -> tuple[Response, int]:
    require_admin()
    return _register("manual")


@bp.post("/oauth/clients/register")
def dynamic_register() -> tuple[Response, int]:
    limit("oauth_client_register")
    if not current_settings().oauth_server.allow_dynamic_registration:
        raise forbidden("oauth_dynamic_client_registration_disabled", "Dynamic client registration is not enabled")
    return _register("dynamic")


@bp.get("/admin/oauth/clients")
def list_clients() -> Response:
    require_admin()
    with db.transaction() as conn:
        rows = conn.execute(
            "select * from auth.oauth_clients where deleted_at is null order by created_at desc"
        ).fetchall()
    clients = [oauth_clients.to_json(row) for row in rows]
    return jsonify({"clients": clients} if clients else {})


@bp.get("/admin/oauth/clients/<client_id>")
def get_client(client_id: str) -> Response:
    require_admin()
    with db.transaction() as conn:
        return jsonify(oauth_clients.to_json(_client(client_id, conn)))


@bp.put("/admin/oauth/clients/<client_id>")
def update_client(client_id: str) -> Response:
    require_admin()
    with db.transaction() as conn:
        _client(client_id, conn)
    params = oauth_clients.decode_params(_json_object(), strings=UPDATE_STRINGS, lists=LISTS)
    changes = {name: value for name, value in params.items() if value is not None}
    if not changes:
        raise bad_request("validation_failed", "No fields provided for update")
    if "redirect_uris" in changes:
        oauth_clients.validate_redirect_uris(changes["redirect_uris"], required=False)
    if "grant_types" in changes:
        oauth_clients.validate_grant_types(changes["grant_types"])
    oauth_clients.validate_text_fields(changes)
    columns = {name: value or None for name, value in changes.items()}
    if "redirect_uris" in columns:
        columns["redirect_uris"] = oauth_clients.stored_redirect_uris(changes["redirect_uris"])
    if "grant_types" in columns:  # a closed set of names without commas: stored as upstream stores them
        columns["grant_types"] = ",".join(changes["grant_types"])
    assignments = ", ".join(f"{name} = %({name})s" for name in columns)  # names from the lists above only
    with db.transaction() as conn:
        _client(client_id, conn, for_update=True)
        row = returned(
            conn.execute(
                f"update auth.oauth_clients set {assignments}, updated_at = %(now)s where id = %(id)s returning *",
                columns | {"now": now(), "id": client_id},
            )
        )
    return jsonify(oauth_clients.to_json(row))


@bp.delete("/admin/oauth/clients/<client_id>")
def delete_client(client_id: str) -> Response:
    require_admin()
    with db.transaction() as conn:
        row = _client(client_id, conn, for_update=True)
        conn.execute(
            "update auth.oauth_clients set deleted_at = %s, updated_at = %s where id = %s", (now(), now(), row["id"])
        )
    response = current_app.response_class(status=204)
    del response.headers["Content-Type"]
    return response


@bp.post("/admin/oauth/clients/<client_id>/regenerate_secret")
def regenerate_secret(client_id: str) -> Response:
    require_admin()
    with db.transaction() as conn:
        row = _client(client_id, conn, for_update=True)
        if row["client_type"] != "confidential":
            raise bad_request("validation_failed", "Cannot regenerate secret for public client")
        secret, secret_hash = oauth_clients.new_secret()
        row = returned(
            conn.execute(
                "update auth.oauth_clients set client_secret_hash = %s, updated_at = %s where id = %s returning *",
                (secret_hash, now(), row["id"]),
            )
        )
    return jsonify(oauth_clients.to_json(row, secret))
