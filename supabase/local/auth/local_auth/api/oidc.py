"""The OAuth 2.1 server's OpenID Connect parts, as v2.186.0 serves them (read, not run):
GET /.well-known/openid-configuration (always) and /.well-known/oauth-authorization-server (with
GOTRUE_OAUTH_SERVER_ENABLED) — one document, WellKnownOpenID in internal/api/jwks.go, its URLs under
GOTRUE_JWT_ISSUER as given — and GET /oauth/userinfo (OAuthUserInfo in oauthserver/handlers.go): the
caller's `sub`, plus the claims of the scopes its OAuth session was granted. ID tokens are not built."""

from __future__ import annotations

from flask import Blueprint, Response, abort, jsonify

from ..config import Settings, current_settings
from ..db import Row
from ..json_types import JsonObject
from ..request_context import require_user

bp = Blueprint("oidc", __name__)

SUPPORTED_SCOPES = ["openid", "profile", "email", "phone"]
CLAIMS = [
    "sub",
    "aud",
    "iss",
    "exp",
    "iat",
    "auth_time",
    "nonce",
    "email",
    "email_verified",
    "phone_number",
    "phone_number_verified",
    "name",
    "picture",
    "preferred_username",
    "updated_at",
]


def _settings() -> Settings:
    return current_settings()


def _discovery_document() -> JsonObject:
    settings = _settings()
    base = settings.jwt_issuer.rstrip("/")
    document = {
        "issuer": settings.jwt_issuer,
        "authorization_endpoint": base + "/oauth/authorize",
        "token_endpoint": base + "/oauth/token",
        "jwks_uri": base + "/.well-known/jwks.json",
        "userinfo_endpoint": base + "/oauth/userinfo",
    }
    if settings.oauth_server.enabled and settings.oauth_server.allow_dynamic_registration:
        document["registration_endpoint"] = base + "/oauth/clients/register"
    return document | {
        "scopes_supported": SUPPORTED_SCOPES,
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["RS256", "HS256", "ES256"],
        "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"],
        "claims_supported": CLAIMS,
        "code_challenge_methods_supported": ["S256", "plain"],
    }


def _cached(document: JsonObject) -> Response:
    response = jsonify(document)
    response.headers["Cache-Control"] = "public, max-age=600"
    return response


@bp.get("/.well-known/openid-configuration")
def openid_configuration() -> Response:
    return _cached(_discovery_document())


@bp.get("/.well-known/oauth-authorization-server")
def oauth_authorization_server() -> Response:
    if not _settings().oauth_server.enabled:
        abort(404)
    return _cached(_discovery_document())


@bp.get("/oauth/userinfo")
def userinfo() -> Response:
    if not _settings().oauth_server.enabled:
        abort(404)
    caller = require_user()
    user = caller.user
    info: JsonObject = {"sub": str(user["id"])}
    if caller.session is None:  # a token without a session: the subject alone
        return jsonify(info)
    scopes = (caller.session["scopes"] or "").split()
    metadata = user["raw_user_meta_data"] or {}
    if "email" in scopes:
        if user["email"]:
            info["email"] = user["email"]
        if user["email_confirmed_at"] is not None:
            info["email_verified"] = True
    if "profile" in scopes:
        info |= _profile_claims(user, metadata)
    if "phone" in scopes:
        if user["phone"]:
            info["phone"] = user["phone"]
        if user["phone_confirmed_at"] is not None:
            info["phone_verified"] = True
    return jsonify(info)


def _text(metadata: JsonObject, *names: str) -> str:
    for name in names:
        value = metadata.get(name)
        if isinstance(value, str) and value:
            return value
    return ""


def _profile_claims(user: Row, metadata: JsonObject) -> JsonObject:
    claims = {}
    name = _text(metadata, "name") or (user["email"] or "")
    if name:
        claims["name"] = name
    if picture := _text(metadata, "picture", "avatar_url"):
        claims["picture"] = picture
    if username := _text(metadata, "preferred_username", "username"):
        claims["preferred_username"] = username
    if user["updated_at"] is not None and user["updated_at"].timestamp() > 0:
        claims["updated_at"] = int(user["updated_at"].timestamp())
    claims["user_metadata"] = metadata
    return claims
