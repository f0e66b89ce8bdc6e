"""A protected link's extra cost for bench.redirect: one client, straight to the redirect service,
sending in turn a plain redirect, the right password (303 to the target), a wrong password (403, the
page again) and a password for a link that does not exist (sent home as `/?link=unknown`), so the
four kinds share the machine's moments alike. Latency is each request's round trip.

The service allows each address 5 tries a minute per link and 20 over all links: each try names a
new address in X-Forwarded-For (the service trusts the one proxy in front of it), and a new
protected link takes over every PER_LINK rounds."""

from __future__ import annotations

import http.client
import statistics
import time
import uuid
from collections import Counter
from dataclasses import dataclass
from typing import TypedDict
from urllib.parse import urlencode, urlsplit

from scripts.stack.config import StackConfig

from .links import TARGET, clicks, create_link, create_protected_link
from .result import Cell, Chart, Result, Table, ratio

PASSWORD = "correct horse battery staple"
PER_LINK = 12  # rounds per protected link (a fresh link now and then, as visitors spread over links)
KINDS = {
    "plain": "plain redirect (GET)",
    "right": "right password (POST → 303)",
    "wrong": "wrong password (POST → 403)",
    "missing": "missing link (POST → home)",
}


def _send(
    conn: http.client.HTTPConnection,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[float, int, str | None]:
    started = time.perf_counter()
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    response.read()
    return (time.perf_counter() - started) * 1000, response.status, response.getheader("Location")


class _Extra(TypedDict, total=False):
    """What a request sends besides its method and path (_send's keywords)."""

    body: bytes
    headers: dict[str, str]


def _form(password: str, address: str) -> _Extra:
    return {
        "body": urlencode({"password": password}).encode(),
        "headers": {"Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": address},
    }


def _expected(kind: str, status: int, location: str | None) -> bool:
    if kind == "plain":
        return status == 302 and location == TARGET
    if kind == "right":
        return status == 303 and location == TARGET
    if kind == "wrong":
        return status == 403 and location is None
    return location is not None and urlsplit(location).path == "/" and urlsplit(location).query == "link=unknown"


@dataclass
class PasswordRuns:
    times: dict[str, list[float]]  # kind → latencies (ms)
    unexpected: Counter[str]  # "kind: status location" → how many
    protected_clicks: int
    links: int


def measure(cfg: StackConfig, port: int, rounds: int) -> PasswordRuns:
    """Latencies (ms) per kind, the answers that were not the expected one, and the protected
    links' clicks against the right passwords sent."""
    plain = create_link(cfg)
    protected: list[str] = []
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    wrong_answers: Counter[str] = Counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        for number in range(rounds):
            if number % PER_LINK == 0:
                protected.append(create_protected_link(cfg, PASSWORD))
            address = f"10.{number // 256 % 256}.{number % 256}.%d"
            sends: dict[str, tuple[str, str, _Extra]] = {
                "plain": ("GET", f"/s/{plain}", {}),
                "right": ("POST", f"/s/{protected[-1]}", _form(PASSWORD, address % 1)),
                "wrong": ("POST", f"/s/{protected[-1]}", _form(PASSWORD + "!", address % 2)),
                "missing": ("POST", f"/s/bench-{uuid.uuid4().hex[:12]}", _form(PASSWORD, address % 3)),
            }
            for kind, (method, path, extra) in sends.items():
                elapsed, status, location = _send(conn, method, path, **extra)
                times[kind].append(elapsed)
                if not _expected(kind, status, location):
                    wrong_answers[f"{kind}: {status} {location}"] += 1
    finally:
        conn.close()
    return PasswordRuns(times, wrong_answers, sum(clicks(cfg, code) for code in protected), len(protected))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(times: list[float]) -> dict[str, float]:
    return {"p50": statistics.median(times), "p99": percentile(times, 0.99), "max": max(times)}


def report(result: Result, seen: PasswordRuns) -> None:
    times = seen.times
    figures = {kind: summary(values) for kind, values in times.items()}
    plain = figures["plain"]
    rows: list[list[Cell]] = [
        [
            label,
            len(times[kind]),
            figures[kind]["p50"],
            figures[kind]["p99"],
            figures[kind]["max"],
            ratio(figures[kind]["p50"], plain["p50"]),
            ratio(figures[kind]["p99"], plain["p99"]),
        ]
        for kind, label in KINDS.items()
    ]
    result.tables.append(
        Table(
            "a protected link's extra cost: one client straight to the redirect service",
            ["request", "n", "p50 ms", "p99 ms", "max ms", "p50 ×plain", "p99 ×plain"],
            rows,
        )
    )
    result.figure(
        "protected_p50_vs_plain",
        "protected link: right password's median latency vs a plain redirect",
        ratio(figures["right"]["p50"], plain["p50"]),
        "plain redirect, same client, same rounds",
    )
    result.figure(
        "wrong_password_p50_vs_missing",
        "wrong password's median latency vs a missing link's",
        ratio(figures["wrong"]["p50"], figures["missing"]["p50"]),
        "a missing link's password form",
        better="lower",
    )  # either way from 1 would show
    result.notes.append(
        f"protected links: {len(times['right'])} rounds over {seen.links} links (password "
        "hashed with the service's argon2id HASHER), a new X-Forwarded-For address per try"
    )
    right = len(times["right"])
    result.check(
        "protected link: every right password led to the target (303) and counted one click",
        not seen.unexpected and seen.protected_clicks == right > 0,
        "; ".join(f"{count} × {what}" for what, count in sorted(seen.unexpected.items()))
        or f"{right} redirects, {seen.protected_clicks} clicks",
    )
    result.charts.append(
        Chart(
            "a protected link's extra cost",
            "ms",
            list(KINDS.values()),
            {"p50": [figures[k]["p50"] for k in KINDS], "p99": [figures[k]["p99"] for k in KINDS]},
            KINDS["plain"],
        )
    )
