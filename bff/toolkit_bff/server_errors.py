"""gunicorn's own error answers as the BFF's JSON errors.

A request gunicorn cannot parse (raw non-ASCII bytes in the request line, more than 100 header
fields, a header over 8 KB, a malformed chunk) never reaches Flask: gunicorn answers it itself, with
an HTML page that echoes the request line. Its one writer of those pages is replaced in each worker
(gunicorn.conf.py), so the answer is `{"error": {"code", "message"}}` like every other, with a
fixed message per status and nothing of the request echoed."""

from __future__ import annotations

import json
import socket

from gunicorn import util

# gunicorn's status → (code, message). The status and reason phrase stay gunicorn's own.
ANSWERS = {
    400: (
        "bad_request",
        "The request is not valid HTTP/1.1 (for example raw non-ASCII bytes in the address, "
        "a malformed header or chunk)",
    ),
    403: ("forbidden", "The request was refused"),
    414: ("uri_too_long", "The address is longer than 8 KB"),
    417: ("expectation_failed", "The Expect header asks for something this server does not do"),
    431: ("request_header_fields_too_large", "The request has more than 100 header fields, or one over 8 KB"),
    501: ("not_implemented", "The request's transfer coding is not supported"),
}
INTERNAL = ("internal_error", "The server could not answer this request")


def write_json_error(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's util.write_error, as JSON; its `mesg` (gunicorn's own text) is not sent."""
    code, message = ANSWERS.get(status_int, INTERNAL)
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    util.write_nonblock(sock, head.encode("latin-1") + body)


def use_json_error_pages() -> None:
    util.write_error = write_json_error
