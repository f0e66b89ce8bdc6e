"""Errors in the official server's shapes.

Clients that send `X-Supabase-Api-Version: 2024-01-01` (supabase-js does) get `{"code": <error code>,
"msg": ...}` and the header echoed; older clients get `{"code": <status>, "error_code", "msg"}`.
OAuth-style errors of /token are `{"error", "error_description"}`. Every error code is also in the
`x-sb-error-code` header.
"""

from __future__ import annotations

from datetime import datetime

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from .json_types import JsonObject

API_VERSION_HEADER = "X-Supabase-Api-Version"
API_VERSION_2024 = "2024-01-01"


class AuthError(Exception):
    def __init__(
        self,
        status: int,
        error_code: str,
        msg: str,
        *,
        extra: JsonObject | None = None,
        headers: JsonObject | None = None,
    ):
        super().__init__(msg)
        self.status, self.error_code, self.msg = status, error_code, msg
        self.extra, self.headers = extra or {}, headers or {}


class OAuthError(Exception):
    """The OAuth2 shape the official server keeps for a few /token failures (always 400)."""

    def __init__(self, error: str, description: str):
        super().__init__(description)
        self.error, self.description = error, description


def bad_request(code: str, msg: str) -> AuthError:
    return AuthError(400, code, msg)


def unprocessable(code: str, msg: str) -> AuthError:
    return AuthError(422, code, msg)


def forbidden(code: str, msg: str) -> AuthError:
    return AuthError(403, code, msg)


def not_found(code: str, msg: str) -> AuthError:
    return AuthError(404, code, msg)


def too_many(code: str, msg: str) -> AuthError:
    return AuthError(429, code, msg)


def weak_password(msg: str, reasons: list[str]) -> AuthError:
    return AuthError(422, "weak_password", msg, extra={"weak_password": {"reasons": reasons}})


def uses_2024_api() -> bool:
    value = request.headers.get(API_VERSION_HEADER, "")
    try:  # a real calendar date, as upstream's time.Parse("2006-01-02"): "2024-02-30" is the old API
        return len(value) == 10 and datetime.strptime(value, "%Y-%m-%d") >= datetime(2024, 1, 1)
    except ValueError:
        return False


def error_response(err: AuthError) -> Response:
    body: JsonObject
    if uses_2024_api():
        body = {"code": err.error_code, "message": err.msg}
    else:
        body = {"code": err.status, "error_code": err.error_code, "msg": err.msg}
    body.update(err.extra)
    response = jsonify(body)
    response.status_code = err.status
    # Upstream sends no header with its 2024-01-01 weak_password answer nor with unexpected failures.
    if not (err.error_code == "weak_password" and uses_2024_api()) and err.status < 500:
        response.headers["x-sb-error-code"] = err.error_code
    for name, value in err.headers.items():
        response.headers[name] = value
    return response


def register_error_handlers(app: Flask) -> None:
    app.register_error_handler(AuthError, error_response)

    @app.errorhandler(OAuthError)
    def _oauth(err: OAuthError) -> tuple[Response, int]:
        return jsonify({"error": err.error, "error_description": err.description}), 400

    @app.errorhandler(HTTPException)
    def _http(err: HTTPException) -> Response:
        # Routing errors answer as the official router (Go's net/http) does: plain text, not JSON.
        if err.code == 404:
            return Response(
                "404 page not found\n",
                404,
                {"Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff"},
            )
        if err.code == 405:
            return Response(b"", 405, [(k, v) for k, v in err.get_headers() if k == "Allow"])
        if err.code == 413:
            return error_response(AuthError(413, "request_too_large", "Request body too large"))
        return error_response(AuthError(err.code or 400, "unknown", err.description or "Bad Request"))

    @app.errorhandler(Exception)
    def _unexpected(err: Exception) -> Response:
        app.logger.exception("unhandled error")
        return error_response(
            AuthError(500, "unexpected_failure", "Unexpected failure, please check server logs for more information")
        )

    @app.after_request
    def _echo_api_version(response: Response) -> Response:
        if uses_2024_api() and response.status_code >= 400:
            response.headers[API_VERSION_HEADER] = API_VERSION_2024
        return response
