"""Clients of the OAuth 2.1 server (auth.oauth_clients), validated, stored and answered as upstream's
internal/api/oauthserver/service.go, client_auth.go and handlers.go (v2.186.0) do: redirect URIs and
grant types comma-joined, the secret kept as an unpadded base64url SHA-256, deletion soft."""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import uuid
from urllib.parse import urlsplit

import psycopg

from .errors import AuthError, bad_request
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
    if parts.scheme == "http" and parts.hostname not in ("localhost", "127.0.0.1", "::1"):
        return "HTTP scheme only allowed for localhost"
    if parts.fragment:
        return "fragment not allowed in redirect URI"
    return None


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


def _absolute_uri(value: str) -> bool:
    # Go's url.ParseRequestURI: an absolute URI, or an absolute path.
    parts = urlsplit(value)
    return bool(parts.scheme) or value.startswith("/")


def validate_text_fields(params: dict) -> None:
    if len(params.get("client_name") or "") > 1024:
        raise _invalid("client_name cannot exceed 1024 characters")
    for name in ("client_uri", "logo_uri"):
        value = params.get(name) or ""
        if value and len(value) > 2048:
            raise _invalid(f"{name} cannot exceed 2048 characters")
        if value and not _absolute_uri(value):
            raise _invalid(f"{name} must be a valid URL")


def decode_params(raw: dict, *, strings: tuple[str, ...], lists: tuple[str, ...]) -> dict:
    """The JSON fields Go would decode into the params struct; a wrong type is upstream's bad_json."""
    params = {}
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
        raise _invalid(f"client_type '{client_type}' is inconsistent with token_endpoint_auth_method "
                       f"'{auth_method}' (expected client_type '{expected}')")


def new_secret() -> tuple[str, str]:
    """(plaintext, stored hash)."""
    plaintext = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode().rstrip("=")
    return plaintext, secret_hash(plaintext)


def secret_hash(plaintext: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(plaintext.encode()).digest()).decode().rstrip("=")


def secret_matches(plaintext: str, stored: str | None) -> bool:
    return bool(stored) and hmac.compare_digest(secret_hash(plaintext), stored)


def find(conn: psycopg.Connection, client_id: str, *, for_update: bool = False) -> dict | None:
    try:
        uuid.UUID(client_id)
    except ValueError:
        return None
    lock = " for update" if for_update else ""
    return conn.execute(f"select * from auth.oauth_clients where id = %s and deleted_at is null{lock}",
                        (client_id,)).fetchone()


def to_json(row: dict, secret: str = "") -> dict:
    """Upstream's OAuthServerClientResponse, empty fields left out."""
    body = {"client_id": str(row["id"])}
    if secret:
        body["client_secret"] = secret
    body |= {"client_type": row["client_type"],
             "redirect_uris": [u for u in (row["redirect_uris"] or "").split(",") if u] or None,
             "token_endpoint_auth_method": row["token_endpoint_auth_method"],
             "grant_types": [g for g in (row["grant_types"] or "").split(",") if g] or None,
             "response_types": ["code"],
             "client_name": row["client_name"], "client_uri": row["client_uri"], "logo_uri": row["logo_uri"],
             "registration_type": row["registration_type"],
             "created_at": iso(row["created_at"]), "updated_at": iso(row["updated_at"])}
    return {k: v for k, v in body.items() if v}

