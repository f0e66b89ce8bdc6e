"""Every answer the redirect service writes, as (head without the closing blank line, body)."""

from __future__ import annotations

import json

from .password_page import ASKING, FORM_TOO_LARGE, TOO_LONG, WRONG, WRONG_PASSWORD, password_page, too_many

Response = tuple[bytes, bytes]


def _json_error(status: str, code: str, message: str, extra: bytes = b"") -> Response:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    head = (
        f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n"
        f"Content-Length: {len(body)}\r\n"
    ).encode() + extra
    return head, body


NOT_FOUND = _json_error("404 Not Found", "not_found", "This service only answers /s/{code}")
NOT_ALLOWED = _json_error(
    "405 Method Not Allowed",
    "method_not_allowed",
    "Short links answer GET and HEAD (and POST for a protected link's password)",
    b"Allow: GET, HEAD, POST\r\n",
)
UNAVAILABLE = _json_error(
    "503 Service Unavailable", "database_unavailable", "The database is not reachable", b"Retry-After: 1\r\n"
)
BAD_REQUEST = _json_error("400 Bad Request", "bad_request", "The request is not valid HTTP/1.1")
TOO_LARGE = _json_error("431 Request Header Fields Too Large", "headers_too_large", "The request headers are too large")

# The password page: asking (GET), after a wrong answer, and for a body no password form sends.
PASSWORD_PAGE, WRONG_PASSWORD_PAGE, PASSWORD_FORM_TOO_LARGE = ASKING, WRONG_PASSWORD, FORM_TOO_LARGE


_NO_BODY = b"\r\nCache-Control: no-store\r\nContent-Length: 0\r\n"


def _moved(status: bytes, location: str) -> Response:
    return b"HTTP/1.1 " + status + b"\r\nLocation: " + location.encode("ascii") + _NO_BODY, b""


def redirect(location: str) -> Response:
    return _moved(b"302 Found", location)


def see_other(location: str) -> Response:
    """After the password form: the browser follows with a GET."""
    return _moved(b"303 See Other", location)


def too_many_tries(seconds: int) -> Response:
    return password_page("429 Too Many Requests", too_many(seconds), f"Retry-After: {seconds}\r\n")


# The same refusals for a script that posts the form asking for JSON (Accept: application/json):
# the error shape and stable codes of the BFF.
WRONG_PASSWORD_JSON = _json_error("403 Forbidden", "wrong_password", WRONG)
PASSWORD_FORM_TOO_LARGE_JSON = _json_error("413 Content Too Large", "password_form_too_large", TOO_LONG)


def too_many_tries_json(seconds: int) -> Response:
    return _json_error(
        "429 Too Many Requests", "too_many_attempts", too_many(seconds), f"Retry-After: {seconds}\r\n".encode()
    )
