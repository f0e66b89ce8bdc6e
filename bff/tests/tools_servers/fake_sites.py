"""A local HTTP server that plays social sites of each detection type for the username checker.

`taken` exists everywhere; any other name does not. Every request path is recorded so tests can
prove that some sites were never asked. HoldSite keeps names starting with `hold` waiting (at most
HOLD_SECONDS) until POST /__holds/release, so tests can keep checks running while they look at the
rest of the server. In the test stack (serve_stack) it also plays "the internet" the username
checker probes: a second port that POST /__internet/off closes and /__internet/on opens again."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import ClassVar

from flask import Flask

from . import _Server, serve

HOLD_SECONDS = 25.0

TAKEN = "taken"
CLOUDFLARE_PAGE = '<html><span id="challenge-error-text">Enable JavaScript and cookies</span></html>'


class FakeSites(BaseHTTPRequestHandler):
    requests_seen: ClassVar[list[str]] = []
    holds_released = threading.Event()
    internet: InternetSwitch | None = None

    def log_message(self, format: str, *args: object) -> None:  # keep test output quiet
        pass

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_POST(self) -> None:
        controls: dict[str, Callable[[], None]] = {
            "/__holds/arm": self.holds_released.clear,
            "/__holds/release": self.holds_released.set,
        }
        if self.internet:
            controls |= {"/__internet/off": self.internet.off, "/__internet/on": self.internet.on}
        action = controls.get(self.path)
        if action:
            action()
        self.send_response(204 if action else 404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self) -> None:
        self.requests_seen.append(self.path)
        kind, _, name = self.path.strip("/").partition("/")
        taken = name == TAKEN

        def late() -> tuple[int, str]:
            time.sleep(2)
            return 200, "late"

        answers: dict[str, Callable[[], tuple[int, str]]] = {
            "status": lambda: (200, "profile") if taken else (404, "nope"),
            "message": lambda: (200, "<h1>Profile of taken</h1>" if taken else "<p>Sorry, no such user.</p>"),
            "redirect": lambda: (200, "profile") if taken else (302, "/signup"),
            "redirect-out": lambda: (302, "http://169.254.169.254/latest/meta-data/"),
            "blocked": lambda: (429, "slow down"),
            "waf": lambda: (200, CLOUDFLARE_PAGE),
            "broken": lambda: (500, "oops"),
            "slow": late,
            "signup": lambda: (200, "sign up"),
            "codes": lambda: (200, "profile") if taken else (403, "gone"),
            "wall-header": lambda: (404, "not found (a challenge page, really)"),
            "hold": lambda: (
                (self.holds_released.wait(HOLD_SECONDS), (200, "profile"))[1]
                if name.startswith("hold")
                else (404, "nope")
            ),
        }
        status, body = answers.get(kind, lambda: (404, "unknown route"))()
        self.send_response(status)
        if 300 <= status < 400:
            self.send_header("Location", body)
        if kind == "wall-header":  # a bot wall answering a HEAD request: no page, only its header
            self.send_header("cf-mitigated", "challenge")
        payload = body.encode()
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(payload)


def site_list(base: str) -> dict[str, object]:
    """A data.json-format list pointing at the fake server, one site per behaviour."""
    return {
        "$schema": "data.schema.json",
        "StatusSite": {
            "errorType": "status_code",
            "url": f"{base}/status/{{}}",
            "urlMain": base,
            "username_claimed": TAKEN,
        },
        "MessageSite": {
            "errorType": "message",
            "errorMsg": ["Sorry, no such user", "Gone"],
            "url": f"{base}/message/{{}}",
            "urlMain": base,
            "username_claimed": TAKEN,
        },
        "RedirectSite": {
            "errorType": "response_url",
            "url": f"{base}/redirect/{{}}",
            "urlMain": base,
            "username_claimed": TAKEN,
        },
        "CodesSite": {
            "errorType": ["status_code"],
            "errorCode": [403],
            "url": f"{base}/codes/{{}}",
            "urlMain": base,
            "username_claimed": TAKEN,
        },
        "EscapingSite": {
            "errorType": "status_code",
            "url": f"{base}/redirect-out/{{}}",
            "urlMain": base,
            "username_claimed": TAKEN,
        },
        "BlockedSite": {
            "errorType": "status_code",
            "url": f"{base}/blocked/{{}}",
            "urlMain": base,
            "username_claimed": TAKEN,
        },
        "WafSite": {
            "errorType": "message",
            "errorMsg": "Sorry",
            "url": f"{base}/waf/{{}}",
            "urlMain": base,
            "username_claimed": TAKEN,
        },
        "BrokenSite": {
            "errorType": "status_code",
            "url": f"{base}/broken/{{}}",
            "urlMain": base,
            "username_claimed": TAKEN,
        },
        "SlowSite": {
            "errorType": "status_code",
            "url": f"{base}/slow/{{}}",
            "urlMain": base,
            "username_claimed": TAKEN,
        },
        "StrictSite": {
            "errorType": "status_code",
            "regexCheck": "^[0-9]+$",
            "url": f"{base}/status/strict-{{}}",
            "urlMain": base,
            "username_claimed": TAKEN,
        },
        "NsfwSite": {
            "errorType": "status_code",
            "url": f"{base}/status/{{}}",
            "urlMain": base,
            "isNSFW": True,
            "username_claimed": TAKEN,
        },
        "HeaderWallSite": {
            "errorType": "status_code",
            "url": f"{base}/wall-header/{{}}",
            "urlMain": base,
            "username_claimed": TAKEN,
        },
        "HoldSite": {
            "errorType": "status_code",
            "url": f"{base}/hold/{{}}",
            "urlMain": base,
            "username_claimed": "hold",
        },
    }


@contextmanager
def running() -> Iterator[tuple[str, list[str]]]:
    FakeSites.requests_seen = []
    FakeSites.holds_released.set()
    with serve(FakeSites) as url:
        yield url, FakeSites.requests_seen


def probe_of(base: str) -> str:
    """The username checker's internet probe (host:port) for a fake server at base: its own port,
    by name, so the check does a real lookup and a real connection."""
    return "localhost:" + base.rsplit(":", 1)[1]


def configure(app: Flask, base: str, folder: Path, **config: object) -> None:
    """Point an app's username checker at the fake sites at `base` (their list written into
    `folder`), and its internet probe at them too."""
    path = folder / "sites.json"
    path.write_text(json.dumps(site_list(base)))
    app.config.update(USERNAME_SITES_FILE=str(path), USERNAME_INTERNET_PROBE=probe_of(base), **config)


@contextmanager
def serving(app: Flask, folder: Path, site_timeout: float = 1) -> Iterator[list[str]]:
    """The sites running and `app` checking names against them; yields the request paths they saw."""
    with running() as (base, seen):
        configure(app, base, folder, USERNAME_SITE_TIMEOUT=site_timeout)
        yield seen


class InternetSwitch:
    """A listening port that stands for the internet: on, connections succeed; off, they are refused."""

    def __init__(self, port: int):
        self.port, self.lock = port, threading.Lock()
        self.sock: socket.socket | None = None
        self.on()

    def on(self) -> None:
        with self.lock:
            if self.sock is None:
                self.sock = socket.create_server(("127.0.0.1", self.port), backlog=64)
                threading.Thread(target=self._accept, args=(self.sock,), daemon=True).start()

    def off(self) -> None:
        with self.lock:
            if self.sock is not None:
                # shutdown() first: a close() alone leaves the port listening while accept() blocks on it.
                with suppress(OSError):
                    self.sock.shutdown(socket.SHUT_RDWR)
                self.sock.close()
                self.sock = None

    @staticmethod
    def _accept(sock: socket.socket) -> None:
        while True:
            try:
                connection, _ = sock.accept()
            except OSError:  # closed: the internet went off
                return
            connection.close()


def serve_stack(port: int, internet_port: int) -> None:
    """The test stack's fake sites and fake internet (scripts/stack/username_sites.py)."""
    FakeSites.holds_released.set()
    FakeSites.internet = InternetSwitch(internet_port)
    _Server(("127.0.0.1", port), FakeSites).serve_forever()
