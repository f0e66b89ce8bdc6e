"""Load for the fault run (bench/faults.py): HTTP/1.1 clients that see every answer, paced from a
schedule, and a record of each request (when it started and ended, what came back), from which a
fault's error window is read.

Plain asyncio streams, no HTTP library: a request costs the client a few tens of microseconds, so
hundreds per second leave the CPU to the stack (the machine has 2 shared cores)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

# What one request came to: (as expected, what came back, what a check needs afterwards).
Attempt = tuple[bool, str, object]
REQUEST_TIMEOUT = 20.0  # a client gives up after this; counted as an error ("timeout")


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:  # the decoded body, whatever JSON it holds; None when it is not JSON
        try:
            return json.loads(self.body)
        except ValueError:
            return None

    def error_code(self) -> str:
        data = self.json()
        if isinstance(data, dict) and isinstance(data.get("error"), dict):
            return f"{self.status} {data['error'].get('code')}"
        return f"{self.status} (not JSON)" if self.status >= 400 else str(self.status)


class Connection:
    """One keep-alive connection; `source` picks the client's loopback address (127.0.0.N), so the
    stack counts different users as different clients."""

    def __init__(self, port: int, source: str | None = None):
        self.port, self.source = port, source
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b"") -> Answer:
        if self.reader is None or self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(
                "127.0.0.1", self.port, local_addr=(self.source, 0) if self.source else None
            )
        reader, writer = self.reader, self.writer
        head = [f"{method} {path} HTTP/1.1", f"Host: localhost:{self.port}", f"Content-Length: {len(body)}"]
        head += [f"{name}: {value}" for name, value in (headers or {}).items()]
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        try:
            return await self._read(reader)
        except BaseException:
            self.close()
            raise

    async def _read(self, reader: asyncio.StreamReader) -> Answer:
        status_line = await reader.readline()
        if not status_line:
            raise ConnectionResetError("closed before an answer")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while (line := await reader.readline()) not in (b"\r\n", b"\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if headers.get("transfer-encoding", "").lower() == "chunked":
            body = b""
            while size := int((await reader.readline()).split(b";")[0], 16):
                body += await reader.readexactly(size + 2)
                body = body[:-2]
            await reader.readline()
        else:
            body = await reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            self.close()
        return Answer(status, headers, body)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass
class Outcome:
    kind: str  # what was asked: "redirect", "paste", "ocr", …
    started: float  # time.monotonic()
    ended: float
    ok: bool
    detail: str  # "302", "201", "503 database_unavailable", "timeout", "ConnectionResetError"…
    value: object = None  # what the check needs afterwards (a paste's id)
    sent: float = 0.0  # when it actually went out (a loaded client falls behind its schedule)


@dataclass
class Record:
    outcomes: list[Outcome] = field(default_factory=list)

    def add(self, outcome: Outcome) -> None:
        self.outcomes.append(outcome)

    def of(self, kind: str | None = None) -> list[Outcome]:
        return [o for o in self.outcomes if kind is None or o.kind == kind]

    def errors(self, kind: str | None = None) -> list[Outcome]:
        return [o for o in self.of(kind) if not o.ok]

    def error_kinds(self, kind: str | None = None) -> dict[str, int]:
        kinds: dict[str, int] = {}
        for outcome in self.errors(kind):
            kinds[f"{outcome.kind}: {outcome.detail}"] = kinds.get(f"{outcome.kind}: {outcome.detail}", 0) + 1
        return dict(sorted(kinds.items(), key=lambda item: -item[1]))

    def last_error_end(self, kind: str | None = None) -> float | None:
        errors = self.errors(kind)
        return max(o.ended for o in errors) if errors else None

    def first_error_start(self, kind: str | None = None) -> float | None:
        errors = self.errors(kind)
        return min(o.sent or o.started for o in errors) if errors else None


async def timed(
    record: Record, kind: str, call: Callable[[], Awaitable[Attempt]], started: float | None = None
) -> Outcome:
    """Run one request and record it; `started` is its scheduled time when paced."""
    sent = time.monotonic()
    started = sent if started is None else started
    try:
        ok, detail, value = await asyncio.wait_for(call(), REQUEST_TIMEOUT)
    except TimeoutError:
        ok, detail, value = False, "timeout", None
    except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as exc:
        ok, detail, value = False, type(exc).__name__, None
    outcome = Outcome(kind, started, time.monotonic(), ok, detail, value, sent)
    record.add(outcome)
    return outcome


class Pool:
    """Idle keep-alive connections to one port, opened as needed."""

    def __init__(self, port: int, source: str | None = None):
        self.port, self.source = port, source
        self.idle: list[Connection] = []

    async def request(self, method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b"") -> Answer:
        conn = self.idle.pop() if self.idle else Connection(self.port, self.source)
        answer = await conn.request(method, path, headers, body)
        if conn.writer is not None:
            self.idle.append(conn)
        return answer


async def paced(
    record: Record,
    kind: str,
    rate: float,
    stop: asyncio.Event,
    call: Callable[[int], Awaitable[Attempt]],
    max_in_flight: int = 2000,
) -> int:
    """Start `rate` requests a second until `stop`, each recorded from its scheduled time (so a
    stall shows in every request queued behind it). Returns how many were started."""
    begun, number = time.monotonic(), 0
    running: set[asyncio.Future[Outcome]] = set()
    while not stop.is_set():
        due = begun + number / rate
        delay = due - time.monotonic()
        if delay > 0:
            try:
                await asyncio.wait_for(stop.wait(), delay)
                break
            except TimeoutError:
                pass
        if len(running) >= max_in_flight:  # the stack is stalled: count the request as refused by us
            record.add(Outcome(kind, due, due, False, "client gave up (too many waiting)"))
        else:
            task = asyncio.ensure_future(timed(record, kind, partial(call, number), started=due))
            running.add(task)
            task.add_done_callback(running.discard)
        number += 1
    if running:
        await asyncio.wait(running)
    return number
