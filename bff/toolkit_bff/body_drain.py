"""Every request body is read to its end before the answer goes out, even when the answer is an
error sent before the body was looked at (a 413, a 401, a form with too many parts).

Why: the gateway keeps connections to the BFF open and sends the next client's request on the one
this request used. gunicorn, given an answer while body bytes are still unread, discards at most
64 KB of them and otherwise closes the connection — after it has told the gateway to keep it. The
gateway's next request on it then fails ("upstream prematurely closed connection", a 503 for a
client who did nothing wrong), and an upload still being sent meets a reset instead of its 413.
Draining here keeps the connection in step. The gateway never sends more than its 100 MB request
limit, so draining is bounded; a direct caller announcing more than DRAIN_LIMIT gets its answer and
gunicorn closes that connection, as before. (A view that streams its answer while still reading
the request body would be cut short by this; none does: uploads are read before any answer.)"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from types import TracebackType
from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

log = logging.getLogger(__name__)

CHUNK = 256 * 1024
# What start_response may be given with an error (PEP 3333).
ExcInfo = tuple[type[BaseException], BaseException, TracebackType] | tuple[None, None, None]


class DrainRequestBodies:
    """WSGI middleware: the app's answer is held back (status and headers) until the body is drained."""

    def __init__(self, app: WSGIApplication, limit_bytes: int) -> None:
        self.app = app
        self.limit_bytes = limit_bytes

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        started: list[tuple[str, list[tuple[str, str]], ExcInfo | None]] = []

        def hold(
            status: str, headers: list[tuple[str, str]], exc_info: ExcInfo | None = None
        ) -> Callable[[bytes], object]:
            started[:] = [(status, headers, exc_info)]
            return lambda data: None  # the legacy write() callable: Flask never uses it

        body = self.app(environ, hold)
        self._drain(environ)
        [(status, headers, exc_info)] = started
        start_response(status, headers, exc_info)
        return body

    def _drain(self, environ: WSGIEnvironment) -> None:
        stream = environ.get("wsgi.input")
        if stream is None:
            return
        announced = environ.get("CONTENT_LENGTH") or ""
        if announced.isdigit() and int(announced) > self.limit_bytes:
            return  # more than the gateway ever sends: gunicorn closes this connection
        drained = 0
        try:
            while drained <= self.limit_bytes:
                chunk = stream.read(CHUNK)
                if not chunk:
                    return
                drained += len(chunk)
        except Exception as exc:
            log.info("request body could not be drained: %s", exc)  # gunicorn closes the connection
