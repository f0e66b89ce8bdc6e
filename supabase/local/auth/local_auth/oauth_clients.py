"""Clients of the OAuth 2.1 server (auth.oauth_clients), validated, stored and answered as upstream's
internal/api/oauthserver/service.go, client_auth.go and handlers.go (v2.186.0) do: grant types
comma-joined, the secret kept as an unpadded base64url SHA-256, deletion soft.

Stricter than upstream (issue 35), where upstream lets a client's registration do harm:
- Redirect URIs are kept as a list (a JSON array in the `redirect_uris` text column), never joined
  and split on commas. Upstream validates each URI, then joins them with "," and splits on "," when
  it reads them, so `https://ok.example/x,http://evil.example/` passed as one valid URI and came back
  as two, the second never checked. A URI holding a comma is refused as well.
- A redirect URI is https, or http on a loopback address; upstream also accepts custom schemes
  (`myapp://`), which any app on a device can claim.
- `client_uri` and `logo_uri`, which the consent page links and shows, are http or https URLs;
  upstream accepts any URI, `javascript:` included."""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import json
import secrets
import uuid
from urllib.parse import urlsplit

from .db import Conn, Row
from .errors import AuthError, bad_request
from .json_types import JsonObject
from .timeutil import iso

AUTH_METHODS = ("none", "client_secret_basic", "client_secret_post")
GRANT_TYPES = ("authorization_code", "refresh_token")
_DANGEROUS_SCHEMES = ("javascript", "data", "file", "vbscript", "about", "blob")


def _invalid(msg: str) -> AuthError:
    return bad_request("validation_failed", msg)


def bad_json() -> AuthError:
    return bad_request("bad_json", "Invalid JSON body")


def _redirect_uri_problem(uri: str) -> str | None:
    if not uri:
        return "redirect URI cannot be empty"
    try:
        parts = urlsplit(uri)
    except ValueError:
        return "invalid URL format"
    if not parts.scheme or not parts.netloc:
        return "must have scheme and host"
    if parts.scheme.lower() in _DANGEROUS_SCHEMES:
        return f"scheme '{parts.scheme}' is not allowed for security reasons"
    if "," in uri:
        return "a redirect URI cannot contain a comma"
    if parts.scheme == "http" and not _loopback(parts.hostname):
        return "HTTP scheme only allowed for localhost"
    if parts.scheme not in ("https", "http"):
        return f"scheme '{parts.scheme}' is not allowed: use https, or http on localhost"
    if parts.fragment:
        return "fragment not allowed in redirect URI"
    return None


def _loopback(host: str | None) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host or "").is_loopback
    except ValueError:
        return False


def stored_redirect_uris(uris: list[str]) -> str:
    """The column's value: the list itself (each URI validated, none joined to another)."""
    return json.dumps(uris, separators=(",", ":"))


def redirect_uris_of(row: Row) -> list[str]:
    """The client's redirect URIs. A value that is not a JSON list (a row from before, or from
    another server) is one URI as a whole: never split, so it matches only itself."""
    text = row["redirect_uris"] or ""
    try:
        value = json.loads(text)
    except ValueError:
        return [text] if text else []
    return [uri for uri in value if isinstance(uri, str)] if isinstance(value, list) else [text]


def validate_redirect_uris(uris: list[str], *, required: bool) -> None:
    if required and not uris:
        raise _invalid("redirect_uris is required")
    if not uris:
        raise _invalid("redirect_uris cannot be empty")
    if len(uris) > 10:
        raise _invalid("redirect_uris cannot exceed 10 items")
    for uri in uris:
        problem = _redirect_uri_problem(uri)
        if problem:
            raise _invalid(f"invalid redirect_uri '{uri}': {problem}")


def validate_grant_types(grant_types: list[str]) -> None:
    if not grant_types:
        raise _invalid("grant_types cannot be empty")
    if any(g not in GRANT_TYPES for g in grant_types):
        raise _invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'")


def _web_url(value: str) -> bool:
    """An http or https URL with a host (upstream's url.ParseRequestURI also takes `javascript:`)."""
    try:
        parts = urlsplit(value)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def validate_text_fields(params: JsonObject) -> None:
    if len(params.get("client_name") or "") > 1024:
        raise _invalid("client_name cannot exceed 1024 characters")
    for name in ("client_uri", "logo_uri"):
        value = params.get(name) or ""
        if value and len(value) > 2048:
            raise _invalid(f"{name} cannot exceed 2048 characters")
        if value and not _web_url(value):
            raise _invalid(f"{name} must be a valid http or https URL")


def decode_params(raw: JsonObject, *, strings: tuple[str, ...], lists: tuple[str, ...]) -> JsonObject:
    """The JSON fields Go would decode into the params struct; a wrong type is upstream's bad_json."""
    params: JsonObject = {}
    for name in strings:
        value = raw.get(name)
        if value is not None and not isinstance(value, str):
            raise bad_json()
        if name in raw:
            params[name] = value
    for name in lists:
        value = raw.get(name)
        if value is not None and (not isinstance(value, list) or not all(isinstance(v, str) for v in value)):
            raise bad_json()
        if name in raw:
            params[name] = value
    return params


def client_type_for(explicit: str, auth_method: str) -> str:
    if explicit:
        return explicit
    if auth_method:
        return "public" if auth_method == "none" else "confidential"
    return "confidential"


def check_type_consistency(client_type: str, auth_method: str) -> None:
    if not client_type or not auth_method:
        return
    expected = "public" if auth_method == "none" else "confidential"
    if expected != client_type:
        raise _invalid(
            f"client_type '{client_type}' is inconsistent with token_endpoint_auth_method "
            f"'{auth_method}' (expected client_type '{expected}')"
        )


def new_secret() -> tuple[str, str]:
    """(plaintext, stored hash)."""
    plaintext = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
    return plaintext, secret_hash(plaintext)


def secret_hash(plaintext: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(plaintext.encode()).digest()).decode().rstrip("=")


def secret_matches(plaintext: str, stored: str | None) -> bool:
    if not stored:
        return False
    return hmac.compare_digest(secret_hash(plaintext), stored)


def find(conn: Conn, client_id: str, *, for_update: bool = False) -> Row | None:
    try:
        uuid.UUID(client_id)
    except ValueError:
        return None
    lock = " for update" if for_update else ""
    return conn.execute(
        f"select * from auth.oauth_clients where id = %s and deleted_at is null{lock}", (client_id,)
    ).fetchone()


def to_json(row: Row, secret: str = "") -> JsonObject:
    """Upstream's OAuthServerClientResponse, empty fields left out."""
    body: JsonObject = {"client_id": str(row["id"])}
    if secret:
        body["client_secret"] = secret
    body |= {
        "client_type": row["client_type"],
        "redirect_uris": redirect_uris_of(row) or None,
        "token_endpoint_auth_method": row["token_endpoint_auth_method"],
        "grant_types": [g for g in (row["grant_types"] or "").split(",") if g] or None,
        "response_types": ["code"],
        "client_name": row["client_name"],
        "client_uri": row["client_uri"],
        "logo_uri": row["logo_uri"],
        "registration_type": row["registration_type"],
        "created_at": iso(row["created_at"]),
        "updated_at": iso(row["updated_at"]),
    }
    return {k: v for k, v in body.items() if v}
