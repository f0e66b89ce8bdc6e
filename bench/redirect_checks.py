"""Exact checks for bench.redirect, with clients that see every answer (wrk abandons the requests
in flight when it stops, so its runs can only bound the clicks): exact counts after the flush,
max_clicks under concurrent clients, and a Postgres restart in the middle of the load."""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections import Counter
from collections.abc import Callable
from urllib.parse import urlsplit

from .links import TARGET


def _client(
    port: int, path: str, stop: Callable[[], bool], tally: Counter[str], lock: threading.Lock, limit: int | None = None
) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    done = 0
    while not stop() and (limit is None or done < limit):
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            body = response.read()
            outcome = classify(response.status, response.getheader("Location"), body)
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            outcome = "connection error"
        with lock:
            tally[outcome] += 1
        done += 1
        if outcome != "target":
            time.sleep(0.01)  # do not spin on errors
    conn.close()


def classify(status: int, location: str | None, body: bytes) -> str:
    if status == 302:
        return (
            "target"
            if location == TARGET
            else "home"
            if location is not None and urlsplit(location).path == "/"
            else f"302 to {location}"
        )
    if status == 503:
        try:
            return f"503 {json.loads(body)['error']['code']}"
        except (ValueError, KeyError, TypeError):
            return "503 without a JSON error"
    return f"status {status}"


def run_clients(
    port: int, path: str, *, clients: int, each: int | None = None, stop: Callable[[], bool] = lambda: False
) -> Counter[str]:
    tally, lock = Counter[str](), threading.Lock()
    # Daemon threads: an interrupted run must not wait for its clients before it exits.
    threads = [
        threading.Thread(target=_client, args=(port, path, stop, tally, lock, each), daemon=True)
        for _ in range(clients)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return tally


def settled(read: Callable[[], int], expected: int, within: float = 15.0) -> int:
    """The click count once the flushes caught up with `expected`, read again a moment later."""
    deadline = time.monotonic() + within
    while read() < expected and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    return read()


def under_restart(
    port: int, path: str, restart: Callable[[], float], *, clients: int = 8, before: float = 2.0, after: float = 3.0
) -> tuple[Counter[str], float]:
    """Clients run while restart() stops and starts Postgres; returns what they saw and the seconds
    Postgres was away."""
    finished = threading.Event()
    result: dict[str, Counter[str]] = {}

    def load() -> None:
        result["tally"] = run_clients(port, path, clients=clients, stop=finished.is_set)

    runner = threading.Thread(target=load, daemon=True)
    runner.start()
    time.sleep(before)
    down = restart()
    time.sleep(after)
    finished.set()
    runner.join()
    return result["tally"], down
