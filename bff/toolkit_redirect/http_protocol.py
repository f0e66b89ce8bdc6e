"""HTTP/1.1 straight on an asyncio Protocol with the httptools parser: no WSGI or ASGI layer.

A redirect the cache can answer is written from the parser's callback, without a task or an await;
the rest (cache misses, limited links, a protected link's password) run as a task, one at a time
per connection so pipelined requests are answered in order.

Every line on the way of a cached redirect is paid on each request (bench/README.md, "Redirects
back near nginx"): no system call but the answer's own write (the idle timer is re-armed only when
it fires; asyncio.get_running_loop() costs a getpid()), no URL object unless the path has a query or
an escape, each distinct User-Agent tested for a bot once, and each destination's answer built once."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import cast
from urllib.parse import unquote_to_bytes

import httptools

from . import responses
from .database import DatabaseUnavailable
from .password import MAX_FORM_BYTES, form_password
from .redirector import HOME_UNKNOWN, NEEDS_PASSWORD, Destination, Redirector
from .rules import BOT_AGENTS, client_key

IDLE_TIMEOUT = 5.0  # seconds a connection may sit without completing a request
MAX_HEADER_BYTES = 16_384  # the gateway allows 8 KB request lines; nobody needs more here
MAX_QUEUED = 32  # pipelined requests waiting on one connection before reading pauses

REMEMBERED = 4096  # distinct User-Agents and destinations remembered; past it the memory starts again

log = logging.getLogger("toolkit_redirect")

_bots: dict[bytes, bool] = {}
_redirects: dict[str, responses.Response] = {}


def _is_bot(agent: bytes) -> bool:
    """Link previews and crawlers (rules.BOT_AGENTS), remembered per distinct User-Agent: a regex
    over a browser's 120-character agent on every click would cost more than the rest of it."""
    bot = _bots.get(agent)
    if bot is None:
        if len(_bots) >= REMEMBERED:
            _bots.clear()
        bot = _bots[agent] = BOT_AGENTS.search(agent.decode("latin-1")) is not None
    return bot


def _wants_json(accept: bytes) -> bool:
    """A script asking for JSON (a browser's form post accepts text/html)."""
    return b"application/json" in accept and b"text/html" not in accept


def _answer_for(location: Destination) -> responses.Response:
    if location is NEEDS_PASSWORD:
        return responses.PASSWORD_PAGE
    answer = _redirects.get(location)
    if answer is None:
        if len(_redirects) >= REMEMBERED:
            _redirects.clear()
        answer = _redirects[location] = responses.redirect(location)
    return answer


def _request_path(url: bytes) -> str:
    """The request target's path, %-decoded (an origin-form target; anything else has no path)."""
    if not url.startswith(b"/"):
        return ""
    if b"?" in url or b"#" in url:
        url = httptools.parse_url(url).path
    if b"%" in url:
        url = unquote_to_bytes(url)
    return url.decode("utf-8", "replace")


# A request as it waits its turn: (method, path, agent, keep_alive, ready answer, referer,
# forwarded-for, body, accept).
QueuedRequest = tuple[bytes, str, bytes, bool, responses.Response | None, bytes, bytes, bytes, bytes]


class RedirectProtocol(asyncio.Protocol):
    def __init__(self, redirector: Redirector, open_connections: set[RedirectProtocol]) -> None:
        self.redirector, self.open_connections = redirector, open_connections
        self.trusted_proxies = redirector.settings.trusted_proxies
        self.parser = httptools.HttpRequestParser(self)
        self.queue: deque[QueuedRequest] = deque()  # in arrival order
        self.busy = False  # a request is waiting on Postgres
        self.in_headers = True  # the next bytes belong to a request line or headers
        self.unparsed = 0  # bytes received since the current headers began
        self.failed = False  # answered with an error; the connection is ending
        self.peer = ""  # the connection's own address (a client without a proxy)
        self.transport: asyncio.Transport | None = None
        self.loop = asyncio.get_running_loop()  # made by the loop's server, in the loop
        self.timer: asyncio.TimerHandle | None = None
        self.last_seen = 0.0  # loop time the last request completed (or the connection began)

    # ── connection ──────────────────────────────────────────────────────────────────────────────
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # A stream server's connection: asyncio's Transport, or uvloop's own class with the same
        # methods (not a subclass of it, so no isinstance here).
        self.transport = cast(asyncio.Transport, transport)
        peer = transport.get_extra_info("peername")
        self.peer = peer[0] if isinstance(peer, tuple) and peer else ""
        self.open_connections.add(self)
        self.last_seen = self.loop.time()
        self.timer = self.loop.call_at(self.last_seen + IDLE_TIMEOUT, self._idle)

    def connection_lost(self, exc: Exception | None) -> None:
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
            self._fail(responses.BAD_REQUEST)
            return
        # Headers still incomplete after this many bytes: the parser would buffer them without end.
        if self.in_headers and self.unparsed > MAX_HEADER_BYTES:
            self._fail(responses.TOO_LARGE)
            return
        self._answer_queued()

    def _idle(self) -> None:
        """IDLE_TIMEOUT after the last completed request the connection ends (one still being
        answered is looked at again a whole timeout later). The timer moves only when it fires, not
        on every request."""
        if self.transport is None:
            return
        now = self.loop.time()
        if self.busy or self.queue:
            self.timer = self.loop.call_at(now + IDLE_TIMEOUT, self._idle)
        elif self.last_seen + IDLE_TIMEOUT > now:
            self.timer = self.loop.call_at(self.last_seen + IDLE_TIMEOUT, self._idle)
        else:
            self.transport.close()

    def _fail(self, response: responses.Response) -> None:
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
        self.url, self.agent, self.referer, self.forwarded, self.body, self.accept = b"", b"", b"", b"", b"", b""
        self.header_size, self.in_headers = 0, True

    def on_url(self, url: bytes) -> None:
        self.url += url
        self.header_size += len(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self.header_size += len(name) + len(value)
        name = name.lower()
        if name == b"user-agent":
            self.agent = value
        elif name == b"referer":
            self.referer = value
        elif name == b"x-forwarded-for":
            self.forwarded = value
        elif name == b"accept":
            self.accept = value

    def on_headers_complete(self) -> None:
        self.in_headers, self.unparsed = False, 0

    def on_body(self, body: bytes) -> None:
        # Only the password form has a body worth reading; one byte past the limit marks it too large.
        if len(self.body) <= MAX_FORM_BYTES:
            self.body += body[: MAX_FORM_BYTES + 1 - len(self.body)]

    def on_message_complete(self) -> None:
        self.in_headers = True
        self.last_seen = self.loop.time()
        if self.header_size > MAX_HEADER_BYTES:
            self.queue.append((b"GET", "", b"", False, responses.TOO_LARGE, b"", b"", b"", b""))
        else:
            request: QueuedRequest = (
                self.parser.get_method(),
                _request_path(self.url),
                self.agent,
                self.parser.should_keep_alive(),
                None,
                self.referer,
                self.forwarded,
                self.body,
                self.accept,
            )
            if not self.queue and not self.busy and self.transport:
                # Nothing waits before it: a cached answer goes out now, without queueing.
                response = self._answer_now(request)
                if response is not None:
                    self._write(response, request[0], request[3])
                    return
            self.queue.append(request)
        if len(self.queue) >= MAX_QUEUED and self.transport:
            self.transport.pause_reading()

    # ── answering ───────────────────────────────────────────────────────────────────────────────
    def _answer_queued(self) -> None:
        while self.queue and not self.busy and self.transport:
            request = self.queue[0]
            response = request[4] or self._answer_now(request)
            if response is None:
                self.busy = True
                task = asyncio.ensure_future(self._answer_later(request))
                task.add_done_callback(self._answered_later)
                return
            self._send(response, request[0], request[3])
        if self.transport and len(self.queue) < MAX_QUEUED:
            self.transport.resume_reading()

    def _answer_now(self, request: QueuedRequest) -> responses.Response | None:
        method, path, agent, _, _, referer, _, _, _ = request
        if path != "/s" and not path.startswith("/s/"):
            return responses.NOT_FOUND
        if method == b"POST":
            return None
        if method not in (b"GET", b"HEAD"):
            return responses.NOT_ALLOWED
        count = method == b"GET" and not _is_bot(agent)
        location = self.redirector.follow_cached(path[3:], count=count, referer=referer, agent=agent)
        return _answer_for(location) if location is not None else None

    async def _answer_later(self, request: QueuedRequest) -> responses.Response:
        method, path, agent, _, _, referer, forwarded, body, accept = request
        count, code = method != b"HEAD" and not _is_bot(agent), path[3:]
        try:
            if method != b"POST":
                return _answer_for(await self.redirector.follow(code, count=count, referer=referer, agent=agent))
            # A protected link's password form.
            as_json = _wants_json(accept)
            if len(body) > MAX_FORM_BYTES:
                return responses.PASSWORD_FORM_TOO_LARGE_JSON if as_json else responses.PASSWORD_FORM_TOO_LARGE
            unlocked = await self.redirector.unlock(
                code, form_password(body), self._client(forwarded), count=count, referer=referer, agent=agent
            )
        except DatabaseUnavailable:
            return responses.UNAVAILABLE
        if unlocked.retry_after:
            return (responses.too_many_tries_json if as_json else responses.too_many_tries)(unlocked.retry_after)
        if unlocked.wrong:
            return responses.WRONG_PASSWORD_JSON if as_json else responses.WRONG_PASSWORD_PAGE
        return responses.see_other(unlocked.location or HOME_UNKNOWN)  # a right password: always a location

    def _client(self, forwarded: bytes) -> str:
        """The visitor's address key: the entry the trusted proxies added to X-Forwarded-For (the
        gateway sets it to the address it saw), else the connection's own address."""
        hops = [hop.strip() for hop in forwarded.decode("latin-1").split(",") if hop.strip()]
        address = hops[-min(self.trusted_proxies, len(hops))] if self.trusted_proxies and hops else self.peer
        return client_key(address)[:64]

    def _answered_later(self, task: asyncio.Task[responses.Response]) -> None:
        self.busy = False
        method, keep_alive = self.queue[0][0], self.queue[0][3]
        if task.cancelled() or task.exception() is not None:
            if not task.cancelled():
                log.error("redirect failed", exc_info=task.exception())
            response = responses.UNAVAILABLE
        else:
            response = task.result()
        self._send(response, method, keep_alive)
        self._answer_queued()

    def _send(self, response: responses.Response, method: bytes, keep_alive: bool) -> None:
        self.queue.popleft()
        self._write(response, method, keep_alive)

    def _write(self, response: responses.Response, method: bytes, keep_alive: bool) -> None:
        if self.transport is None:
            return
        head, body = response
        if method == b"HEAD":
            body = b""
        if keep_alive:
            self.transport.write(head + b"\r\n" + body)
        else:
            # The last answer: requests pipelined behind it (even in the same read) get none.
            transport, self.transport = self.transport, None
            transport.write(head + b"Connection: close\r\n\r\n" + body)
            transport.close()
            self.queue.clear()
