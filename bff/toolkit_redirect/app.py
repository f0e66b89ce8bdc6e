"""The ASGI app: GET/HEAD /s/{code} → 302. No framework: this path does nothing else."""
from __future__ import annotations

import json
import logging

from .database import DatabaseUnavailable
from .redirector import HOME, Redirector
from .rules import BOT_AGENTS
from .settings import Settings

log = logging.getLogger("toolkit_redirect")

PREFIX = "/s/"


def _error_body(code: str, message: str) -> bytes:
    return json.dumps({"error": {"code": code, "message": message}}).encode()


ERRORS = {
    404: _error_body("not_found", "This service only answers /s/{code}"),
    405: _error_body("method_not_allowed", "Short links answer GET and HEAD only"),
    503: _error_body("database_unavailable", "The database is not reachable"),
}


def create_app(settings: Settings | None = None):
    redirector: Redirector | None = None

    async def lifespan(receive, send) -> None:
        nonlocal redirector
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                redirector = Redirector(settings or Settings.from_environ())
                await redirector.start()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                if redirector is not None:
                    await redirector.stop()  # the last clicks go to Postgres before the worker ends
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def app(scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            return await lifespan(receive, send)
        if scope["type"] != "http":
            return
        path, method = scope["path"], scope["method"]
        if path != "/s" and not path.startswith(PREFIX):
            return await _error(send, 404)
        if method not in ("GET", "HEAD"):
            return await _error(send, 405, [(b"Allow", b"GET, HEAD")])
        # HEAD requests and bots see the destination without a click.
        count = method == "GET" and not _is_bot(scope["headers"])
        try:
            location = await redirector.follow(path[len(PREFIX):], count=count)
        except DatabaseUnavailable:
            return await _error(send, 503, [(b"Retry-After", b"1")])
        await send({"type": "http.response.start", "status": 302, "headers": [
            (b"Location", location.encode("ascii")), (b"Cache-Control", b"no-store"), (b"Content-Length", b"0")]})
        await send({"type": "http.response.body", "body": b""})

    return app


def _is_bot(headers) -> bool:
    for name, value in headers:
        if name == b"user-agent":
            return BOT_AGENTS.search(value.decode("latin-1")) is not None
    return False


async def _error(send, status: int, extra: list | None = None) -> None:
    body = ERRORS[status]
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"Content-Type", b"application/json"), (b"Cache-Control", b"no-store"),
        (b"Content-Length", str(len(body)).encode()), *(extra or [])]})
    await send({"type": "http.response.body", "body": body})


__all__ = ["create_app", "HOME"]
