"""Local Realtime: N subscribers (one WebSocket each, as N browsers), one change → how long until
each subscriber has it, against one subscriber in the same run.

    .venv/bin/python -m bench.realtime [--smoke] [--subscribers 1,100,500] [--changes 20] [--gateway true]

Scenarios (each: --changes updates of one page_settings row, which every subscriber may read):
    single      one subscriber: the baseline (poll interval, one RLS check, one message)
    distinct    every subscriber its own user (own sub claim): one RLS check per subscriber per change,
                at each count of --subscribers above 1
    shared      the largest count with the same claims (the anon key): one RLS check per change
Besides latency it reports the service's CPU time per change (from /proc), which depends much less
than latency on what else the machine runs.
Latency is from the moment the UPDATE's commit returns to the moment a subscriber has parsed the
message; subscribers run in this process (asyncio), so their own parsing is included. The service polls
its replication slot every 100 ms (upstream's default), which sets the floor: ~50 ms on average."""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import sys
import time
import uuid
from pathlib import Path
from typing import TypedDict

import jwt
import psycopg
import websockets

from .cpu import listening_pids
from .result import Chart, Params, Result, Table, ratio
from .runner import main_of
from .stack import Stack

NAME = "realtime"
TITLE = "Realtime delivery vs subscribers"
ABOUT = (
    "One row every role may read (`page_settings`) is updated every 200 ms; each subscriber is a WebSocket "
    "client in this process (asyncio), joined to that table's changes. Latency runs from the moment the "
    "UPDATE's commit returns to the moment a subscriber has parsed the message; the baseline is one "
    "subscriber in the same run. The service polls its replication slot every 100 ms (upstream's default), "
    "so ~50 ms on average is the floor. Besides latency: the service's CPU time per change."
)
FIGURES = ["distinct_p99_vs_single", "shared_p99_vs_single", "distinct_cpu_vs_single", "shared_cpu_vs_single"]
PARAMS = {
    "full": {"subscribers": "1,100,500", "changes": 20, "gateway": False},
    "smoke": {"subscribers": "1,5", "changes": 2, "gateway": False},
}
STACK_ENV: dict[str, str] = {}

P99_TARGET_MS = 250.0


def token(secret: str, claims: dict[str, str]) -> str:
    return jwt.encode({"exp": int(time.time()) + 3600, "aud": "authenticated"} | claims, secret, algorithm="HS256")


class Subscriber:
    def __init__(self, url: str, access_token: str):
        self.url, self.access_token = url, access_token
        self.received: dict[str, float] = {}  # disable_reason → arrival (monotonic)

    async def join(self) -> None:
        self.ws = await websockets.connect(self.url, max_queue=None, ping_interval=None)
        binding = {"event": "UPDATE", "schema": "public", "table": "page_settings", "filter": "page_key=eq.pdf-editor"}
        await self.ws.send(
            json.dumps(
                [
                    "1",
                    "1",
                    "realtime:bench",
                    "phx_join",
                    {"config": {"postgres_changes": [binding]}, "access_token": self.access_token},
                ]
            )
        )
        while True:
            _, _, _, event, payload = json.loads(await self.ws.recv())
            if event == "system":
                if payload["status"] != "ok":
                    raise RuntimeError(payload["message"])
                return
            if event == "phx_reply" and payload["status"] != "ok":
                raise RuntimeError(payload["response"])

    async def listen(self) -> None:
        async for frame in self.ws:
            _, _, _, event, payload = json.loads(frame)
            if event == "postgres_changes":
                self.received[payload["data"]["record"]["disable_reason"]] = time.monotonic()


def cpu_seconds(pid: int | None) -> float:
    if pid is None:
        return float("nan")
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


class ScenarioRun(TypedDict):
    """One scenario's delivery figures (latencies in ms from the commit)."""

    scenario: str  # single, distinct or shared
    subscribers: int
    changes: int
    delivered: int
    p50: float
    p99: float
    max: float
    last_p50: float  # the median over changes of the slowest subscriber's latency
    cpu_ms: float  # the service's CPU per change


async def scenario(name: str, url: str, tokens: list[str], db_url: str, changes: int, pid: int | None) -> ScenarioRun:
    subs = [Subscriber(url, t) for t in tokens]
    listeners: list[asyncio.Task[None]] = []
    try:
        for start in range(0, len(subs), 50):  # join in slices: 500 handshakes at once only measure the backlog
            await asyncio.gather(*(s.join() for s in subs[start : start + 50]))
        listeners = [asyncio.create_task(s.listen()) for s in subs]
        latencies: list[float] = []
        slowest: list[float] = []
        delivered = 0
        cpu_before = cpu_seconds(pid)
        with psycopg.connect(db_url, autocommit=True) as db:
            for i in range(changes):
                reason = f"bench {name} {i} {uuid.uuid4().hex[:8]}"
                db.execute(
                    "update public.page_settings set disable_reason = %s where page_key = 'pdf-editor'", (reason,)
                )
                committed = time.monotonic()
                deadline = committed + 10
                while not all(reason in s.received for s in subs) and time.monotonic() < deadline:
                    await asyncio.sleep(0.005)
                got = [(s.received[reason] - committed) * 1000 for s in subs if reason in s.received]
                delivered += len(got)
                latencies += got
                slowest.append(max(got, default=float("nan")))
                await asyncio.sleep(0.2)
            cpu = cpu_seconds(pid) - cpu_before
            db.execute("update public.page_settings set disable_reason = '' where page_key = 'pdf-editor'")
    finally:
        for task in listeners:
            task.cancel()
        await asyncio.gather(*(s.ws.close() for s in subs if hasattr(s, "ws")), return_exceptions=True)
    nan = float("nan")
    return {
        "scenario": name,
        "subscribers": len(subs),
        "changes": changes,
        "delivered": delivered,
        "p50": statistics.median(latencies) if latencies else nan,
        "p99": percentile(latencies, 99) if latencies else nan,
        "max": max(latencies, default=nan),
        "last_p50": statistics.median(slowest),
        "cpu_ms": cpu * 1000 / changes,
    }


async def measure(env: dict[str, str], params: Params) -> list[ScenarioRun]:
    realtime = env["TOOLKIT_REALTIME_URL"].replace("http://", "ws://")
    url = (
        f"{env['TOOLKIT_PUBLIC_URL'].replace('http://', 'ws://')}/realtime/v1/websocket"
        if params["gateway"]
        else f"{realtime}/socket/websocket"
    ) + f"?apikey={env['TOOLKIT_ANON_KEY']}&vsn=2.0.0"
    counts = sorted({int(n) for n in str(params["subscribers"]).split(",")} - {1})
    secret = env["TOOLKIT_JWT_SECRET"]
    distinct = [token(secret, {"role": "authenticated", "sub": str(uuid.uuid4())}) for _ in range(max(counts))]
    pid = next(iter(listening_pids(int(realtime.rsplit(":", 1)[1]))), None)
    db, changes = env["TOOLKIT_DATABASE_ADMIN_URL"], params["changes"]
    runs = [await scenario("single", url, distinct[:1], db, changes, pid)]
    for count in counts:
        runs.append(await scenario("distinct", url, distinct[:count], db, changes, pid))
    runs.append(await scenario("shared", url, [env["TOOLKIT_ANON_KEY"]] * max(counts), db, changes, pid))
    return runs


def label(r: ScenarioRun) -> str:
    return {
        "single": "1 subscriber",
        "distinct": f"{r['subscribers']} users",
        "shared": f"{r['subscribers']} sharing the anon key",
    }[r["scenario"]]


def run(stack: Stack, params: Params, result: Result) -> None:
    runs = asyncio.run(measure(stack.env, params))
    path = "gateway" if params["gateway"] else "direct"
    result.tables.append(
        Table(
            f"{params['changes']} changes per scenario, {path}",
            ["scenario", "subs", "p50 ms", "p99 ms", "max ms", "slowest p50 ms", "CPU ms/change"],
            [[label(r), r["subscribers"], r["p50"], r["p99"], r["max"], r["last_p50"], r["cpu_ms"]] for r in runs],
        )
    )
    single, largest, shared = runs[0], runs[-2], runs[-1]
    for key, r in (("distinct", largest), ("shared", shared)):
        result.figure(
            f"{key}_p99_vs_single",
            f"p99 delivery, {label(r)} vs 1 subscriber",
            ratio(r["p99"], single["p99"]),
            "1 subscriber",
        )
        # CPU time comes in clock ticks: a baseline that used less than one counts as one.
        tick_ms = 1000 / os.sysconf("SC_CLK_TCK") / single["changes"]
        result.figure(
            f"{key}_cpu_vs_single",
            f"service CPU per change, {label(r)} vs 1 subscriber",
            ratio(r["cpu_ms"], max(single["cpu_ms"], tick_ms)),
            "1 subscriber",
        )
    result.headline = (
        f"One change reaches {largest['subscribers']} subscribers (each their own user) with a p99 of "
        f"{largest['p99']:.0f} ms, {ratio(largest['p99'], single['p99']):.2f}× one subscriber's; the service "
        f"spends {largest['cpu_ms']:.0f} ms of CPU per change on them."
    )
    worst = max(largest["p99"], shared["p99"])
    result.target(
        f"p99 delivery < {P99_TARGET_MS:g} ms for {largest['subscribers']} subscribers ({path})",
        worst < P99_TARGET_MS,
        f"{worst:.1f} ms",
    )
    labels = [label(r) for r in runs]
    result.charts.append(
        Chart(
            f"delivery latency vs subscribers ({path})",
            "ms from commit to message",
            labels,
            {"p50": [r["p50"] for r in runs], "p99": [r["p99"] for r in runs]},
            labels[0],
        )
    )
    result.charts.append(
        Chart(
            "the service's CPU per change",
            "ms of CPU per change",
            labels,
            {"CPU": [r["cpu_ms"] for r in runs]},
            labels[0],
        )
    )
    expected = sum(r["subscribers"] * r["changes"] for r in runs)
    delivered = sum(r["delivered"] for r in runs)
    result.check(
        "every subscriber received every change (within 10 s)",
        delivered == expected,
        f"{delivered} of {expected} deliveries",
    )


if __name__ == "__main__":
    main_of(sys.modules[__name__])
