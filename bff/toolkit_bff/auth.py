"""Access-token verification, locally with PyJWT: Supabase Auth's HS256 tokens (the JWT secret)
and its asymmetric ones (ES256/RS256, keys from Auth's JWKS, cached and refreshed on an unknown
`kid`). Every other algorithm, `none` included, is refused before any key is looked at."""
from __future__ import annotations

import jwt
from flask import current_app, request

from .errors import ApiError

SYMMETRIC = "HS256"
ASYMMETRIC = ("ES256", "RS256")


def _unauthorized(message: str) -> ApiError:
    return ApiError(401, "invalid_token", message)


def bearer_token() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise _unauthorized("Authorization header must be 'Bearer <access token>'")
    return token.strip()


def _jwks_client() -> jwt.PyJWKClient | None:
    url = current_app.config["JWKS_URL"]
    if not url:
        return None
    clients = current_app.extensions.setdefault("jwks_clients", {})
    if url not in clients:
        # The key set is cached for JWKS_CACHE_SECONDS; an unknown kid fetches it again, at most once
        # per JWKS_REFRESH_COOLDOWN seconds, so made-up kids cannot flood the auth server.
        clients[url] = jwt.PyJWKClient(url, cache_jwk_set=True, lifespan=current_app.config["JWKS_CACHE_SECONDS"],
                                       cooldown_duration=current_app.config["JWKS_REFRESH_COOLDOWN"], timeout=5)
    return clients[url]


def _asymmetric_key(token: str, header: dict):
    client = _jwks_client()
    if client is None:
        raise _unauthorized(f"{header['alg']} tokens are not accepted: no JWKS is configured")
    if not header.get("kid"):
        raise _unauthorized("Access token has no key id (kid)")
    try:
        signing_key = client.get_signing_key(header["kid"])
    except jwt.PyJWKClientConnectionError:
        raise ApiError(503, "auth_unavailable", "The signing keys of the auth server cannot be fetched") from None
    except jwt.PyJWKClientError:
        raise _unauthorized("Access token is signed with an unknown key") from None
    if signing_key.algorithm_name != header["alg"]:  # an RSA key must not verify an EC-labelled token
        raise _unauthorized("Access token algorithm does not match its key")
    return signing_key.key


def verify_access_token(token: str) -> dict:
    try:
        header = jwt.get_unverified_header(token)
    except jwt.InvalidTokenError as exc:
        raise _unauthorized(f"Access token is invalid: {exc}") from None
    alg = header.get("alg")
    if alg == SYMMETRIC:
        key = current_app.config["JWT_SECRET"]
    elif alg in ASYMMETRIC:
        key = _asymmetric_key(token, header)
    else:
        raise _unauthorized(f"Access token algorithm {alg!r} is not accepted")
    try:
        claims = jwt.decode(
            token, key, algorithms=[alg],
            audience=current_app.config["JWT_AUDIENCE"],
            options={"require": ["exp", "sub", "aud"]},
        )
    except jwt.ExpiredSignatureError:
        raise _unauthorized("Access token has expired") from None
    except jwt.InvalidTokenError as exc:
        raise _unauthorized(f"Access token is invalid: {exc}") from None
    return claims


def request_claims() -> dict | None:
    """The verified claims of the caller, or None for an anonymous request."""
    token = bearer_token()
    return verify_access_token(token) if token else None


def require_claims() -> dict:
    claims = request_claims()
    if claims is None:
        raise ApiError(401, "not_authenticated", "Sign in to use this endpoint")
    return claims
