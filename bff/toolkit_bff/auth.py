"""Access-token verification: Supabase Auth's HS256 JWTs, checked locally with PyJWT."""
from __future__ import annotations

import jwt
from flask import current_app, request

from .errors import ApiError

# Only HS256 is accepted: `none` and every other algorithm are refused before the signature check.
ALLOWED_ALGORITHMS = ["HS256"]


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


def verify_access_token(token: str) -> dict:
    try:
        claims = jwt.decode(
            token,
            current_app.config["JWT_SECRET"],
            algorithms=ALLOWED_ALGORITHMS,
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
