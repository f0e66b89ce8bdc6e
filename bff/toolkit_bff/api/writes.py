"""Rate limits on writes: without sign-in per client IP (IPv6: per /64), signed in per user.

Counters live in the shared store (RATELIMIT_STORAGE_URI: Redis in the local stack), so a limit
holds across every worker rather than once per worker."""
from flask import current_app, request

from ..auth import is_api_token_request, request_claims
from ..client_keys import request_client_key

WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"]


def is_anonymous() -> bool:
    return "Authorization" not in request.headers


def anonymous_write_limit() -> str:
    return current_app.config["ANON_WRITE_RATE_LIMIT"]


def signed_in_write_limit() -> str:
    return current_app.config["USER_WRITE_RATE_LIMIT"]


def writer_key() -> str:
    """The verified user (a bad token is answered 401 here, before any write); else the client."""
    claims = request_claims()
    return f"user:{claims['sub']}" if claims else request_client_key()


def api_token_limit() -> str:
    return current_app.config["API_TOKEN_RATE_LIMIT"]


def api_token_key() -> str:
    """Each personal API token is counted on its own (verified first: a forged one is a 401 here)."""
    return f"api-token:{request_claims()['token_id']}"


def is_not_api_token() -> bool:
    return not is_api_token_request()
