"""Access-token verification, locally with PyJWT: Supabase Auth's HS256 tokens (the JWT secret)
and its asymmetric ones (ES256/RS256, keys from Auth's JWKS, cached and refreshed on an unknown
`kid`). Every other algorithm, `none` included, is refused before any key is looked at.

The data API also asks the database about the token's session once per request (check_session):
signed out everywhere or deleted is a 401, a password-only (aal1) token of an account with a
verified factor a 403 `mfa_required` — before the endpoint does any work.

A personal API token (`tkp_…`, made in /account) is the other bearer: the database turns it into
its owner's claims with its scopes (api_token_claims, one query, which is also the session check).
What each kind of credential (session, API token, OAuth client, anonymous user) may reach is checked
right after its claims are read (credentials.py)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from typing import Any, cast

import jwt
import requests
from flask import Flask, current_app, g, request

from .claims import Claims
from .credentials import check_reach, refuse_anonymous_user
from .db import run_once
from .errors import ApiError
from .outbound import OutboundPolicy, outbound_session, service_policy

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


class CheckedJWKClient(jwt.PyJWKClient):
    """PyJWKClient fetching through the outbound policy (only the JWKS host, a checked address, one
    request per fetch, no redirects) instead of urllib."""

    def __init__(
        self,
        url: str,
        policy_factory: Callable[[], OutboundPolicy],
        *,
        lifespan: float,
        cooldown_duration: float,
        timeout: float,
    ) -> None:
        super().__init__(
            url, cache_jwk_set=True, lifespan=lifespan, cooldown_duration=cooldown_duration, timeout=timeout
        )
        self.policy_factory = policy_factory

    def fetch_data(self) -> dict[str, Any]:
        policy = self.policy_factory()
        try:
            with outbound_session(policy, pool_size=1) as session:
                response = session.get(self.uri, headers=self.headers, timeout=self.timeout, allow_redirects=False)
                response.raise_for_status()
                jwk_set = response.json()
        except (requests.RequestException, ValueError) as exc:
            raise jwt.PyJWKClientConnectionError(f'Fail to fetch data from the url, err: "{exc}"') from exc
        jwk_set = self._as_jwk_set_payload(jwk_set)
        if self.jwk_set_cache is not None:
            self.jwk_set_cache.put(jwk_set)
        self._last_successful_fetch = time.monotonic()
        return jwk_set


def _jwks_client() -> jwt.PyJWKClient | None:
    url = current_app.config["JWKS_URL"]
    if not url:
        return None
    clients: dict[str, CheckedJWKClient] = current_app.extensions.setdefault("jwks_clients", {})
    if url not in clients:
        # The key set is cached for JWKS_CACHE_SECONDS; an unknown kid fetches it again, at most once
        # per JWKS_REFRESH_COOLDOWN seconds, so made-up kids cannot flood the auth server.
        # The app itself, not the proxy (the policy is made later, outside this request); Flask types
        # current_app as the app, so the proxy's own method is unknown to the checker.
        app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
        clients[url] = CheckedJWKClient(
            url,
            lambda: service_policy(app, url, budget=1),
            lifespan=app.config["JWKS_CACHE_SECONDS"],
            cooldown_duration=app.config["JWKS_REFRESH_COOLDOWN"],
            timeout=5,
        )
    return clients[url]


def _asymmetric_key(header: dict[str, Any]) -> jwt.PyJWK:
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
    return signing_key


def verify_access_token(token: str) -> Claims:
    try:
        header = jwt.get_unverified_header(token)
    except jwt.InvalidTokenError as exc:
        raise _unauthorized(f"Access token is invalid: {exc}") from None
    alg = header.get("alg")
    if alg == SYMMETRIC:
        key = current_app.config["JWT_SECRET"]
        if not key:  # only asymmetric tokens are configured (JWKS): never verify with an empty key
            raise _unauthorized("HS256 tokens are not accepted: no JWT secret is configured")
    elif alg in ASYMMETRIC:
        key = _asymmetric_key(header).key
    else:
        raise _unauthorized(f"Access token algorithm {alg!r} is not accepted")
    issuer = current_app.config.get("JWT_ISSUER") or None
    try:
        claims = jwt.decode(
            token,
            key,
            algorithms=[alg],
            audience=current_app.config["JWT_AUDIENCE"],
            issuer=issuer,
            options={"require": ["exp", "sub", "aud", "role"] + (["iss"] if issuer else [])},
        )
    except jwt.ExpiredSignatureError:
        raise _unauthorized("Access token has expired") from None
    except jwt.InvalidTokenError as exc:
        raise _unauthorized(f"Access token is invalid: {exc}") from None
    if claims.get("role") != "authenticated":  # e.g. the anon or service-role API key as a bearer
        raise _unauthorized("Access token must carry role 'authenticated'")
    if not _is_uuid(claims["sub"]):  # Auth's users are UUIDs; auth.uid() would fail on anything else
        raise _unauthorized("Access token subject (sub) is not a user id")
    # Required above: sub and role, checked just now; the other keys are Auth's, read with .get.
    return cast(Claims, claims)


API_TOKEN_PREFIX = "tkp_"


def is_api_token_request() -> bool:
    header = request.headers.get("Authorization", "")
    return header[:7].lower() == "bearer " and header[7:].strip().startswith(API_TOKEN_PREFIX)


def api_token_claims(token: str) -> Claims:
    """The claims a personal API token acts with, or a 401 (unknown, revoked, expired, made at aal1
    before its owner turned on two-step verification) or 403 (banned owner) before any work."""
    # service_role: only it may turn a token into claims (the table keeps no token, only its hash).
    claims: Claims | None = run_once(
        "select public.api_token_claims({token}) as claims", {"token": token}, role="service_role"
    )[0]["claims"]
    if claims is None:
        raise _unauthorized("This API token is unknown, revoked or expired")
    return claims


def _is_uuid(value: object) -> bool:
    try:
        return isinstance(value, str) and str(uuid.UUID(value)) == value.lower()
    except ValueError:
        return False


def request_claims() -> Claims | None:
    """The verified claims of the caller, or None for an anonymous request (verified once per request)."""
    if "toolkit_claims" not in g:
        token = bearer_token()
        if not token:
            g.toolkit_claims = None
        else:
            claims = api_token_claims(token) if token.startswith(API_TOKEN_PREFIX) else verify_access_token(token)
            check_reach(claims)
            g.toolkit_claims = claims
    verified: Claims | None = g.toolkit_claims
    return verified


def require_claims() -> Claims:
    """The claims of a caller with an account (an anonymous sign-in has none: 403 anonymous_user)."""
    claims = request_claims()
    if claims is None:
        raise ApiError(401, "not_authenticated", "Sign in to use this endpoint")
    refuse_anonymous_user(claims)
    return claims


MFA_REQUIRED = (
    "Enter the code from your authenticator app first: this account uses two-step verification, "
    "and this access token is from the password alone (aal1)"
)
SESSION_ENDED = "This session has ended (signed out, or the account was deleted). Sign in again."
USER_BANNED = "This account is banned"


def check_session() -> None:
    """Refuses a token whose session is gone, whose user is banned, or that still owes its second
    factor; one query, and none for anonymous requests. SQL answers (public.session_state), as it
    enforces the same rule."""
    if request.method == "OPTIONS":  # a CORS preflight carries no token and does nothing
        return
    claims = request_claims()
    if claims is None or "token_id" in claims:  # an API token's claims were just read from the database
        return
    state = run_once("select public.session_state() as state", {}, claims=claims)[0]["state"]
    if state == "ended":
        raise ApiError(401, "session_not_found", SESSION_ENDED)
    if state == "banned":
        raise ApiError(403, "user_banned", USER_BANNED)
    if state == "mfa_required":
        raise ApiError(403, "mfa_required", MFA_REQUIRED)
