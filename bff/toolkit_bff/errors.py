"""Every error leaves the BFF as JSON: {"error": {"code", "message"}}, never HTML or a trace."""

from __future__ import annotations

import errno
import logging

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException, InternalServerError, RequestEntityTooLarge

log = logging.getLogger(__name__)


class ApiError(Exception):
    """An error meant for the caller: status, a stable code and a human message."""

    def __init__(self, status: int, code: str, message: str, *, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers = headers or {}  # e.g. Retry-After on 429


def out_of_disk_space() -> ApiError:
    """A full disk (the scratch directory of the file tools, or the uploads' temporary files)."""
    return ApiError(
        503,
        "insufficient_storage",
        "The server is out of disk space for files right now. Nothing was kept; try again later.",
        headers={"Retry-After": "60"},
    )


# The body and status of an error; a handler adds the headers.
ErrorResponse = tuple[Response, int]
# What an error handler answers: the body, its status and headers.
HandledError = tuple[Response, int, dict[str, str]]


def error_response(status: int, code: str, message: str) -> ErrorResponse:
    return jsonify(error={"code": code, "message": message}), status


def _code_for(exc: HTTPException) -> str:
    return (exc.name or "error").lower().replace(" ", "_").replace("'", "")


def _size(limit: int) -> str:
    return f"{limit / 2**20:g} MB" if limit >= 2**20 else f"{limit // 1024} KB"


def _too_large_message() -> str:
    """Werkzeug says only "exceeds the capacity limit": name the limit that was reached."""
    limit, length = request.max_content_length, request.content_length
    if limit is not None and (length is None or length > limit):
        return f"The request is larger than the limit of {_size(limit)}"
    field_limit = request.max_form_memory_size  # config.py always sets one; None would mean no limit
    return f"The form has more than {request.max_form_parts} parts, or a field that is not a file is " + (
        f"larger than {_size(field_limit)}" if field_limit is not None else "too large"
    )


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def handle_api_error(exc: ApiError) -> HandledError:
        body, status = error_response(exc.status, exc.code, exc.message)
        return body, status, exc.headers

    @app.errorhandler(HTTPException)
    def handle_http_exception(exc: HTTPException) -> HandledError:
        code, message = _code_for(exc), exc.description or exc.name
        if exc.code == 413 and exc.description == RequestEntityTooLarge.description:
            message = _too_large_message()
        if exc.code == 429:  # flask-limiter's description is only the limit, e.g. "60 per 1 minute"
            message = f"Too many requests (limit: {message}). Please try again later."
        body, status = error_response(exc.code or 500, code, message)
        # Keep the headers the exception carries (Allow on 405, Retry-After on 429).
        headers = {k: v for k, v in exc.get_headers() if k.lower() != "content-type"}
        return body, status, headers

    @app.errorhandler(Exception)
    def handle_unexpected(exc: Exception) -> HandledError | ErrorResponse:
        if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
            log.error("out of disk space: %s", exc)
            return handle_api_error(out_of_disk_space())
        log.exception("unhandled error")
        return error_response(500, "internal_error", InternalServerError.description)
