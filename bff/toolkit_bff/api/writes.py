"""Rate limits for writes without sign-in (per client IP); signed-in callers are exempt."""
from flask import current_app, request


def is_anonymous() -> bool:
    return "Authorization" not in request.headers


def anonymous_write_limit() -> str:
    return current_app.config["ANON_WRITE_RATE_LIMIT"]
