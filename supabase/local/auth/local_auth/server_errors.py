"""gunicorn's own refusals (a request line or header it cannot parse never reaches Flask) in the
official server's older error shape, `{"code": <status>, "error_code", "msg"}`, instead of gunicorn's
HTML page that echoes the request line. The gateway's refusals under /auth/v1/ take the same shape
(app/nginx-errors.conf)."""

from __future__ import annotations

import json
import socket

from gunicorn import util

ERROR_CODES = {
    400: "bad_request",
    403: "forbidden",
    414: "uri_too_long",
    417: "expectation_failed",
    431: "request_header_fields_too_large",
    501: "not_implemented",
}


def write_json_error(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    # `mesg`, gunicorn's detail (it may echo the request line), is left out of the answer.
    body = json.dumps(
        {"code": status_int, "error_code": ERROR_CODES.get(status_int, "unexpected_failure"), "msg": reason}
    ).encode()
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


def use_json_error_pages() -> None:
    util.write_error = write_json_error
