"""Benchmark of the local Realtime service: N subscribers (default 500, one WebSocket each, as N
browsers), one change → how long until each subscriber has it. Not part of the test suites; see
bench/README.md.

    .venv/bin/python -m bench.realtime                 # starts its own throw-away stack
    .venv/bin/python -m bench.realtime --running       # the stack whose TOOLKIT_* variables are set

Scenarios (each: --changes updates of one page_settings row, which every subscriber may read):
    single      one subscriber: the baseline (poll interval, one RLS check, one message)
    distinct    every subscriber its own user (own sub claim): one RLS check per subscriber per change
    shared      every subscriber the same claims (the anon key): one RLS check per change
Besides latency it reports the service's CPU time per change (from /proc), which depends much less
than latency on what else the machine runs.
Latency is from the moment the UPDATE's commit returns to the moment a subscriber has parsed the
message; subscribers run in this process (asyncio), so their own parsing is included. The service polls
its replication slot every 100 ms (upstream's default), which sets the floor: ~50 ms on average."""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

import re
import subprocess

import jwt
import psycopg
import websockets

P99_TARGET_MS = 250.0


def token(secret: str, claims: dict) -> str:
    return jwt.encode({"exp": int(time.time()) + 3600, "aud": "authenticated"} | claims, secret, algorithm="HS256")


class Subscriber:
    def __init__(self, url: str, access_token: str):
        self.url, self.access_token = url, access_token
        self.received: dict[str, float] = {}  # disable_reason → arrival (monotonic)

    async def join(self) -> None:
        self.ws = await websockets.connect(self.url, max_queue=None, ping_interval=None)
        binding = {"event": "UPDATE", "schema": "public", "table": "page_settings", "filter": "page_key=eq.pdf-editor"}
        await self.ws.send(json.dumps(["1", "1", "realtime:bench", "phx_join",
                                       {"config": {"postgres_changes": [binding]}, "access_token": self.access_token}]))
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


def service_pid(port: int) -> int | None:
    out = subprocess.run(["ss", "-Hltnp", f"sport = :{port}"], capture_output=True, text=True).stdout
    found = re.search(r"pid=(\d+)", out)
    return int(found.group(1)) if found else None


def cpu_seconds(pid: int | None) -> float:
    if pid is None:
        return float("nan")
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def scenario(name: str, url: str, tokens: list[str], db_url: str, changes: int, pid: int | None) -> dict:
    subs = [Subscriber(url, t) for t in tokens]
    for start in range(0, len(subs), 50):  # join in slices: 500 handshakes at once only measure the backlog
        await asyncio.gather(*(s.join() for s in subs[start:start + 50]))
    listeners = [asyncio.create_task(s.listen()) for s in subs]
    latencies, slowest = [], []
    cpu_before = cpu_seconds(pid)
    with psycopg.connect(db_url, autocommit=True) as db:
        for i in range(changes):
            reason = f"bench {name} {i} {uuid.uuid4().hex[:8]}"
            db.execute("update public.page_settings set disable_reason = %s where page_key = 'pdf-editor'", (reason,))
            committed = time.monotonic()
            deadline = committed + 10
            while not all(reason in s.received for s in subs) and time.monotonic() < deadline:
                await asyncio.sleep(0.005)
            got = [(s.received[reason] - committed) * 1000 for s in subs if reason in s.received]
            if len(got) < len(subs):
                raise RuntimeError(f"{name}: {len(subs) - len(got)} subscribers never got change {i}")
            latencies += got
            slowest.append(max(got))
            await asyncio.sleep(0.2)
        cpu = cpu_seconds(pid) - cpu_before
        db.execute("update public.page_settings set disable_reason = '' where page_key = 'pdf-editor'")
    for task in listeners:
        task.cancel()
    await asyncio.gather(*(s.ws.close() for s in subs), return_exceptions=True)
    return {"scenario": name, "subscribers": len(subs), "changes": changes,
            "p50": statistics.median(latencies), "p99": percentile(latencies, 99),
            "max": max(latencies), "last_p50": statistics.median(slowest), "cpu_ms": cpu * 1000 / changes}


async def run(env: dict[str, str], args) -> int:
    realtime = env["TOOLKIT_REALTIME_URL"].replace("http://", "ws://")
    url = (f"{env['TOOLKIT_PUBLIC_URL'].replace('http://', 'ws://')}/realtime/v1/websocket" if args.gateway
           else f"{realtime}/socket/websocket") + f"?apikey={env['TOOLKIT_ANON_KEY']}&vsn=2.0.0"
    secret = env["TOOLKIT_JWT_SECRET"]
    distinct = [token(secret, {"role": "authenticated", "sub": str(uuid.uuid4())}) for _ in range(args.subscribers)]
    shared = [env["TOOLKIT_ANON_KEY"]] * args.subscribers
    pid = service_pid(int(realtime.rsplit(":", 1)[1]))
    db = env["TOOLKIT_DATABASE_ADMIN_URL"]
    results = [await scenario("single", url, distinct[:1], db, args.changes, pid),
               await scenario("distinct", url, distinct, db, args.changes, pid),
               await scenario("shared", url, shared, db, args.changes, pid)]
    print(f"{'scenario':<10}{'subs':>6}{'changes':>9}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}{'last p50':>10}"
          f"{'CPU ms/change':>15}")
    for r in results:
        print(f"{r['scenario']:<10}{r['subscribers']:>6}{r['changes']:>9}{r['p50']:>9.1f}{r['p99']:>9.1f}"
              f"{r['max']:>9.1f}{r['last_p50']:>10.1f}{r['cpu_ms']:>15.1f}")
    worst = max(r["p99"] for r in results[1:])
    print(f"p99 of 500 against 1 subscriber: {worst / results[0]['p99']:.1f}x")
    print(f"p99 delivery {worst:.1f} ms (target < {P99_TARGET_MS:.0f} ms): {'met' if worst < P99_TARGET_MS else 'NOT met'}"
          f"  ·  path: {'gateway' if args.gateway else 'direct'}")
    return 0


def own_stack(args) -> int:
    os.environ["TOOLKIT_TEST_PORT_BASE"] = str(args.port_base)
    from scripts.stack.config import test_config
    from scripts.stack.stack import say, start_stack
    from scripts.stack.supervisor import StackError, Supervisor, raise_on_termination_signals

    work = Path(tempfile.mkdtemp(prefix="toolkit-bench-realtime-"))
    os.chmod(work, 0o755)
    cfg = test_config(work)
    raise_on_termination_signals()
    sup = Supervisor(cfg.log_dir)
    try:
        start_stack(cfg, sup, durable=True)
        return asyncio.run(run(cfg.service_env(), args))
    except StackError as exc:
        say(f"error: {exc}")
        return 1
    finally:
        sup.stop_all()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--running", action="store_true", help="use the stack named by TOOLKIT_* variables")
    parser.add_argument("--subscribers", type=int, default=500)
    parser.add_argument("--changes", type=int, default=20)
    parser.add_argument("--gateway", action="store_true", help="connect through the nginx gateway")
    parser.add_argument("--port-base", type=int, default=int(os.environ.get("TOOLKIT_TEST_PORT_BASE", "56700")))
    args = parser.parse_args()
    if args.running:
        return asyncio.run(run(dict(os.environ), args))
    return own_stack(args)


if __name__ == "__main__":
    sys.exit(main())
