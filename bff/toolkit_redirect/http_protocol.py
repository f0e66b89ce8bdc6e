"""HTTP/1.1 straight on an asyncio Protocol with the httptools parser: no WSGI or ASGI layer.

A redirect the cache can answer is written from the parser's callback, without a task or an await;
the rest (cache misses, limited links) run as a task, one at a time per connection so pipelined
requests are answered in order."""
from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from urllib.parse import unquote_to_bytes

import httptools

from .database import DatabaseUnavailable
from .redirector import Redirector
from .rules import BOT_AGENTS

IDLE_TIMEOUT = 5.0          # seconds a connection may sit without completing a request
MAX_HEADER_BYTES = 16_384   # the gateway allows 8 KB request lines; nobody needs more here
MAX_QUEUED = 32             # pipelined requests waiting on one connection before reading pauses

log = logging.getLogger("toolkit_redirect")


def _json_error(status: str, code: str, message: str, extra: bytes = b"") -> tuple[bytes, bytes]:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    head = (f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n"
            f"Content-Length: {len(body)}\r\n").encode() + extra
    return head, body


NOT_FOUND = _json_error("404 Not Found", "not_found", "This service only answers /s/{code}")
NOT_ALLOWED = _json_error("405 Method Not Allowed", "method_not_allowed", "Short links answer GET and HEAD only",
                          b"Allow: GET, HEAD\r\n")
UNAVAILABLE = _json_error("503 Service Unavailable", "database_unavailable", "The database is not reachable",
                          b"Retry-After: 1\r\n")
BAD_REQUEST = _json_error("400 Bad Request", "bad_request", "The request is not valid HTTP/1.1")
TOO_LARGE = _json_error("431 Request Header Fields Too Large", "headers_too_large", "The request headers are too large")


def _redirect(location: str) -> tuple[bytes, bytes]:
    return (b"HTTP/1.1 302 Found\r\nLocation: " + location.encode("ascii") +
            b"\r\nCache-Control: no-store\r\nContent-Length: 0\r\n"), b""


class RedirectProtocol(asyncio.Protocol):
    def __init__(self, redirector: Redirector, open_connections: set):
        self.redirector, self.open_connections = redirector, open_connections
        self.parser = httptools.HttpRequestParser(self)
        self.queue: deque = deque()  # (method, path, agent, keep_alive, ready answer) in arrival order
        self.busy = False            # a request is waiting on Postgres
        self.in_headers = True       # the next bytes belong to a request line or headers
        self.unparsed = 0            # bytes received since the current headers began
        self.failed = False          # answered with an error; the connection is ending
        self.transport: asyncio.Transport | None = None
        self.timer: asyncio.TimerHandle | None = None

    # ── connection ──────────────────────────────────────────────────────────────────────────────
    def connection_made(self, transport) -> None:
        self.transport = transport
        self.open_connections.add(self)
        self._arm_timer()

    def connection_lost(self, exc) -> None:
        self.transport = None
        self.open_connections.discard(self)
        if self.timer:
            self.timer.cancel()

    def data_received(self, data: bytes) -> None:
        if self.failed:
            return  # answered already: dropped until the connection closes
        if self.in_headers:
            self.unparsed += len(data)
        try:
            self.parser.feed_data(data)
        except (httptools.HttpParserUpgrade, httptools.HttpParserError):
            return self._fail(BAD_REQUEST)
        # Headers still incomplete after this many bytes: the parser would buffer them without end.
        if self.in_headers and self.unparsed > MAX_HEADER_BYTES:
            return self._fail(TOO_LARGE)
        self._answer_queued()

    def _arm_timer(self) -> None:
        if self.timer:
            self.timer.cancel()
        self.timer = asyncio.get_running_loop().call_later(IDLE_TIMEOUT, self._idle)

    def _idle(self) -> None:
        if self.transport and not self.busy and not self.queue:
            self.transport.close()

    def _fail(self, response: tuple[bytes, bytes]) -> None:
        """Answer and end the connection. Closing with the client's bytes still unread would reset
        it and could lose the answer, so the write side ends first and the rest is read and dropped
        for a moment (nginx's lingering close)."""
        if self.transport is None or self.failed:
            return
        self.failed = True
        self.queue.clear()
        self.transport.write(response[0] + b"Connection: close\r\n\r\n" + response[1])
        self.transport.write_eof()
        asyncio.get_running_loop().call_later(1.0, self.transport.close)

    # ── httptools callbacks ─────────────────────────────────────────────────────────────────────
    def on_message_begin(self) -> None:
        self.url, self.agent, self.header_size, self.in_headers = b"", b"", 0, True

    def on_url(self, url: bytes) -> None:
        self.url += url
        self.header_size += len(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self.header_size += len(name) + len(value)
        if name.lower() == b"user-agent":
            self.agent = value

    def on_headers_complete(self) -> None:
        self.in_headers, self.unparsed = False, 0

    def on_message_complete(self) -> None:
        self.in_headers = True
        if self.header_size > MAX_HEADER_BYTES:
            self.queue.append((b"GET", "", b"", False, TOO_LARGE))
        else:
            path = httptools.parse_url(self.url).path if self.url.startswith(b"/") else b""
            self.queue.append((self.parser.get_method(), unquote_to_bytes(path).decode("utf-8", "replace"),
                               self.agent, self.parser.should_keep_alive(), None))
        if len(self.queue) >= MAX_QUEUED and self.transport:
            self.transport.pause_reading()
        self._arm_timer()

    # ── answering ───────────────────────────────────────────────────────────────────────────────
    def _answer_queued(self) -> None:
        while self.queue and not self.busy and self.transport:
            method, path, agent, keep_alive, ready = self.queue[0]
            response = ready or self._answer_now(method, path, agent)
            if response is None:
                self.busy = True
                task = asyncio.ensure_future(self._answer_later(method, path, agent))
                task.add_done_callback(self._answered_later)
                return
            self._send(response, method, keep_alive)
        if self.transport and len(self.queue) < MAX_QUEUED:
            self.transport.resume_reading()

    def _answer_now(self, method: bytes, path: str, agent: bytes) -> tuple[bytes, bytes] | None:
        if path != "/s" and not path.startswith("/s/"):
            return NOT_FOUND
        if method not in (b"GET", b"HEAD"):
            return NOT_ALLOWED
        count = method == b"GET" and not BOT_AGENTS.search(agent.decode("latin-1"))
        location = self.redirector.follow_cached(path[3:], count=count)
        return _redirect(location) if location is not None else None

    async def _answer_later(self, method: bytes, path: str, agent: bytes) -> tuple[bytes, bytes]:
        count = method == b"GET" and not BOT_AGENTS.search(agent.decode("latin-1"))
        try:
            return _redirect(await self.redirector.follow(path[3:], count=count))
        except DatabaseUnavailable:
            return UNAVAILABLE

    def _answered_later(self, task: asyncio.Task) -> None:
        self.busy = False
        method, _, _, keep_alive, _ = self.queue[0]
        if task.cancelled() or task.exception() is not None:
            if not task.cancelled():
                log.error("redirect failed", exc_info=task.exception())
            response = UNAVAILABLE
        else:
            response = task.result()
        self._send(response, method, keep_alive)
        self._answer_queued()

    def _send(self, response: tuple[bytes, bytes], method: bytes, keep_alive: bool) -> None:
        self.queue.popleft()
        if self.transport is None:
            return
        head, body = response
        if method == b"HEAD":
            body = b""
        if keep_alive:
            self.transport.write(head + b"\r\n" + body)
        else:
            self.transport.write(head + b"Connection: close\r\n\r\n" + body)
            self.transport.close()
            self.queue.clear()
