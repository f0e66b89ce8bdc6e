"""Rate limits on writes: without sign-in per client IP (IPv6: per /64), signed in per user. An
anonymous sign-in counts as no sign-in: each one is a fresh user, so per-user counts would give
every new one a fresh allowance.

Counters live in the shared store (RATELIMIT_STORAGE_URI: Redis in the local stack), so a limit
holds across every worker rather than once per worker."""

from flask import request

from ..auth import is_api_token_request, request_claims
from ..claims import Claims
from ..client_keys import request_client_key
from ..credentials import is_anonymous_user
from ..errors import ApiError
from ..extensions import limiter
from ..limit_shares import limit_of

WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"]


def _claims_or_none() -> Claims | None:
    """The caller's claims for the limiter; a refused token is refused by the endpoint itself, since
    an error raised inside flask-limiter makes it give up the shared store for this worker's memory."""
    try:
        return request_claims()
    except ApiError:
        return None


def is_anonymous() -> bool:
    """A visitor: no token, or an anonymous sign-in's."""
    if "Authorization" not in request.headers:
        return True
    claims = _claims_or_none()
    return claims is not None and is_anonymous_user(claims)


def anonymous_write_limit() -> str:
    return limit_of("ANON_WRITE_RATE_LIMIT")


# On a view that creates without sign-in (a link, a paste, a copy): a visitor's writes per client.
ANONYMOUS_WRITES = limiter.limit(anonymous_write_limit, exempt_when=lambda: not is_anonymous(), override_defaults=False)


def signed_in_write_limit() -> str:
    return limit_of("USER_WRITE_RATE_LIMIT")


def writer_key() -> str:
    """The verified user (an anonymous sign-in counts as its client); else the client."""
    claims = _claims_or_none()
    return f"user:{claims['sub']}" if claims and not is_anonymous_user(claims) else request_client_key()


def api_token_limit() -> str:
    return limit_of("API_TOKEN_RATE_LIMIT")


def api_token_key() -> str:
    """Each personal API token is counted on its own (a refused one, by its client, until the endpoint refuses it)."""
    claims = _claims_or_none()
    return f"api-token:{claims['token_id']}" if claims else request_client_key()


def is_not_api_token() -> bool:
    return not is_api_token_request()
