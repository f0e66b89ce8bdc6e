#!/usr/bin/env bash
# Benchmark of the short-link redirect, GET /s/{code}, with wrk (Debian's wrk 4.1, which has no -R).
#
#   bench/redirect.sh [--rate 500] [--duration 15] [--repeat 1] [--threads 2] [--connections 16] [--no-fsync]
#
# Starts its own throw-away stack (Postgres, the BFF under gunicorn, the nginx gateway) on ports
# from BENCH_PORT_BASE (default 61300, away from the dev and test stacks), creates one short link,
# and measures in the same run, for each round:
#   nginx      a separate nginx (same worker count as the gateway) answering `return 302` - the baseline
#   gunicorn   GET /s/{code} straight to the BFF
#   gateway    GET /s/{code} through the gateway nginx to the BFF (what users hit)
# each paced to --rate requests/s (a Lua delay() schedule) and then at saturation (no pacing).
# Prints req/s, p50/p99 latency and errors per scenario, the ratios against nginx, PASS/FAIL for the
# target (p99 < 20 ms at 500 req/s with zero errors) and checks that the link's clicks grew by the
# number of redirects served. Exits 1 if gunicorn misses the target or the click count is wrong.
# gunicorn and the pool follow the usual environment (GUNICORN_WORKERS, GUNICORN_THREADS,
# TOOLKIT_DB_POOL_SIZE), so a setting can be tried without editing bff/.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PY="$ROOT/.venv/bin/python"
[ -x "$PY" ] || { echo "redirect.sh: $PY is missing: run ./scripts/setup first" >&2; exit 1; }
command -v wrk >/dev/null || { echo "redirect.sh: wrk not found: apt-get install wrk (scripts/setup installs it)" >&2; exit 1; }
[ -x /usr/sbin/nginx ] || { echo "redirect.sh: /usr/sbin/nginx not found: run ./scripts/setup first" >&2; exit 1; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/toolkit-bench-redirect-XXXXXX")"
chmod 755 "$WORK"  # the postgres OS user must reach the cluster inside it
bench_pid=""

cleanup() {
  trap - INT TERM HUP
  if [ -n "$bench_pid" ] && kill -0 "$bench_pid" 2>/dev/null; then
    kill -TERM "$bench_pid" 2>/dev/null || true
    while kill -0 "$bench_pid" 2>/dev/null; do wait "$bench_pid" 2>/dev/null || true; done
  fi
  # Safety net: if the Python side died without stopping its services, it left their process
  # group ids (each service leads a session of its own) in $WORK/pids; stop exactly those.
  if [ -s "$WORK/pids" ]; then
    local pid alive _
    while read -r pid; do kill -TERM -- "-$pid" 2>/dev/null || true; done < "$WORK/pids"
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      alive=0
      while read -r pid; do kill -0 -- "-$pid" 2>/dev/null && alive=1; done < "$WORK/pids"
      [ "$alive" = 0 ] && break
      sleep 0.5
    done
    while read -r pid; do kill -KILL -- "-$pid" 2>/dev/null || true; done < "$WORK/pids"
  fi
  rm -rf "$WORK"
}
# Ctrl-C reaches Python directly too (same process group); TERM and HUP only reach us: pass them on.
# The Python side stops its services once, however many signals arrive.
forward() { [ -n "$bench_pid" ] && kill -TERM "$bench_pid" 2>/dev/null || true; }
trap cleanup EXIT
trap forward INT TERM HUP

export BENCH_ROOT="$ROOT" BENCH_WORK="$WORK"
"$PY" - "$@" <<'PYTHON' &
"""The benchmark itself: stack, baseline nginx, wrk runs, report (see bench/redirect.sh)."""
from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import re
import resource
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT, WORK = Path(os.environ["BENCH_ROOT"]), Path(os.environ["BENCH_WORK"])
PORT_BASE = int(os.environ.get("BENCH_PORT_BASE", "61300"))
os.environ["TOOLKIT_TEST_PORT_BASE"] = str(PORT_BASE)  # test_config() offsets every port from it
sys.path.insert(0, str(ROOT / "scripts"))

from stack import postgres  # noqa: E402
from stack.config import test_config  # noqa: E402
from stack.stack import say, start_stack  # noqa: E402
from stack.supervisor import StackError, Supervisor  # noqa: E402

TARGET = "https://example.com/"
TARGET_P99_MS = 20.0
RATE_TOLERANCE = 0.98  # a paced run counts as "at the rate" when it achieved ≥ 98 % of it

BASELINE_CONF = """\
{user_directive}
worker_processes 1;
pid {run}/nginx.pid;
error_log {run}/error.log warn;
events {{ worker_connections 1024; }}
http {{
  access_log {run}/access.log;
  client_body_temp_path {run}/body;
  proxy_temp_path {run}/proxy;
  fastcgi_temp_path {run}/fastcgi;
  uwsgi_temp_path {run}/uwsgi;
  scgi_temp_path {run}/scgi;
  server {{
    listen 127.0.0.1:{port};
    location / {{ return 302 {target}; }}
  }}
}}
"""

# wrk's Lua hooks run in one Lua state per wrk thread (init, delay, request, response) and in the
# main state (setup, done); done() adds up the threads' counters through thread:get().
WRK_SCRIPT = r"""
local ffi = require("ffi")
ffi.cdef[[
  struct bench_timespec { long tv_sec; long tv_nsec; };
  int clock_gettime(int clock_id, struct bench_timespec *tp);
]]
local CLOCK_MONOTONIC = 1
local ts = ffi.new("struct bench_timespec")
local function now_ms()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, ts)
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

local rate = tonumber(os.getenv("BENCH_RATE")) or 0            -- requests/s of all threads; 0: no pacing
local nthreads = tonumber(os.getenv("BENCH_THREADS")) or 1
local expected = os.getenv("BENCH_LOCATION")
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  ok, bad, sent = 0, 0, 0
  raw = wrk.format()
  interval = rate > 0 and nthreads * 1000 / rate or 0        -- ms between this thread's requests
end

function request()
  sent = sent + 1
  return raw
end

if rate > 0 then
  -- A fixed schedule per thread: each request takes the next slot, whichever connection is free.
  -- A slow response does not push the schedule back (the next requests go out at once), so the
  -- achieved rate falls below the target only when every connection is busy.
  function delay()
    local now = now_ms()
    slot = slot or now
    local wait = slot - now
    slot = slot + interval
    if wait <= 0 then return 0 end
    return math.floor(wait)
  end
end

function response(status, headers, body)
  if status == 302 and (expected == nil or headers["Location"] == expected) then
    ok = ok + 1
  else
    bad = bad + 1
  end
end

function done(summary, latency, requests)
  local ok, bad, sent = 0, 0, 0
  for _, thread in ipairs(threads) do
    ok = ok + thread:get("ok")
    bad = bad + thread:get("bad")
    sent = sent + thread:get("sent")
  end
  local e = summary.errors
  io.write(string.format(
    "BENCH requests=%d seconds=%.3f ok=%d bad=%d sent=%d connect=%d read=%d write=%d timeout=%d " ..
    "p50_us=%d p90_us=%d p99_us=%d max_us=%d\n",
    summary.requests, summary.duration / 1e6, ok, bad, sent, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
"""

SCENARIOS = [("nginx", "nginx return 302"), ("gunicorn", "gunicorn /s/{code}"), ("gateway", "gateway → gunicorn")]

_stopping = False


def on_signal(signum, frame):
    """The first SIGINT/SIGTERM/SIGHUP stops the run; later ones must not interrupt the clean-up."""
    global _stopping
    if _stopping:
        return
    _stopping = True
    raise KeyboardInterrupt(signal.Signals(signum).name)


class RecordingSupervisor(Supervisor):
    """Keeps $WORK/pids current (each service leads a session of its own), so bench/redirect.sh can
    stop them even if this process is killed before its `finally`."""

    def start(self, *args, **kwargs):
        try:
            return super().start(*args, **kwargs)
        finally:
            (WORK / "pids").write_text("".join(f"{s.process.pid}\n" for s in self.services))


def start_baseline(sup: Supervisor, port: int) -> None:
    run = WORK / "baseline"
    run.mkdir()
    conf = run / "nginx.conf"
    conf.write_text(BASELINE_CONF.format(user_directive="user root;" if os.geteuid() == 0 else "",
                                         run=run, port=port, target=TARGET))
    sup.start("baseline-nginx", ["/usr/sbin/nginx", "-c", str(conf), "-p", str(run), "-g", "daemon off;"],
              port=port, stop_signal=signal.SIGQUIT)


def create_link(cfg) -> str:
    with postgres.superuser_connection(cfg) as conn:
        return conn.execute("select (public.create_short_link(%s)).short_code", (TARGET,)).fetchone()[0]


def clicks(cfg, code: str) -> int:
    with postgres.superuser_connection(cfg) as conn:
        return conn.execute("select clicks from public.shortened_urls where short_code = %s",
                            (code,)).fetchone()[0]


def wal_syncs(cfg) -> tuple[int, float]:
    """How many times Postgres has flushed WAL to disk, and the milliseconds it spent doing it."""
    with postgres.superuser_connection(cfg) as conn:
        row = conn.execute("select wal_sync, wal_sync_time from pg_stat_wal").fetchone()
        return int(row[0]), float(row[1])


def check_redirect(port: int, path: str) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", path)
    response = conn.getresponse()
    location = response.getheader("Location")
    conn.close()
    if response.status != 302 or location != TARGET:
        raise StackError(f"GET {path} on {port} answered {response.status} to {location!r}, not 302 to {TARGET}")


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def machine_cpu() -> float:
    """CPU seconds every process on the machine has used (steal included: the host took it)."""
    user, nice, system, idle, iowait, irq, softirq, steal = map(int, Path("/proc/stat").read_text().split()[1:9])
    return (user + nice + system + steal) / CLOCK_TICKS  # irq/softirq time belongs to no process: left out


def processes() -> dict[int, tuple[int, int]]:
    """Every process: pid → (parent pid, CPU ticks used so far)."""
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue  # exited meanwhile
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) ": state ppid pgrp session …
        found[int(entry.name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))  # utime + stime
    return found


def descendants(procs: dict[int, tuple[int, int]], root: int) -> set[int]:
    """root and every process under it (Postgres backends call setsid(), so sessions would miss them)."""
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in procs.items():
        children.setdefault(ppid, []).append(pid)
    tree, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid in procs and pid not in tree:
            tree.add(pid)
            todo.extend(children.get(pid, []))
    return tree


def cpu_used(before: dict, after: dict, pids: set[int]) -> float:
    """CPU seconds the given processes used between two snapshots (a new process: all of its time)."""
    return sum(after[pid][1] - before.get(pid, (0, 0))[1] for pid in pids) / CLOCK_TICKS


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)  # wrk runs, once reaped
    return usage.ru_utime + usage.ru_stime


def wrk(url: str, *, rate: int, seconds: float, threads: int, connections: int,
        services: dict[str, int] | None = None) -> dict:
    """One wrk run. CPU accounting over the run: `cpu_ms` is what the services we started used per
    request, `hot_worker` the cores the busiest gunicorn worker used, `other` the cores every other
    process on the machine used (wrk excluded)."""
    services = services or {}
    env = {**os.environ, "BENCH_RATE": str(rate), "BENCH_THREADS": str(threads), "BENCH_LOCATION": TARGET}
    cmd = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds:g}s", "--timeout", "5s",
           "-s", str(WORK / "redirect.lua"), url]
    started, machine_before, client_before, procs_before = time.monotonic(), machine_cpu(), children_cpu(), processes()
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
    procs_after = processes()
    elapsed = time.monotonic() - started
    machine, client = machine_cpu() - machine_before, children_cpu() - client_before
    trees = {name: descendants(procs_after, pid) for name, pid in services.items()}
    ours = cpu_used(procs_before, procs_after, set().union(*trees.values()))
    bff_workers = trees.get("bff", set()) - {services.get("bff")}
    hot_worker = max((cpu_used(procs_before, procs_after, {pid}) for pid in bff_workers), default=0.0) / elapsed
    other = max(0.0, machine - ours - client) / elapsed
    line = next((line for line in out.splitlines() if line.startswith("BENCH ")), None)
    if line is None:
        raise StackError(f"no summary line from wrk:\n{out}")
    values = {key: float(value) for key, value in re.findall(r"(\w+)=([\d.]+)", line)}
    cpu_ms = ours / values["requests"] * 1000 if values["requests"] else 0.0
    errors = values["bad"] + values["connect"] + values["read"] + values["write"] + values["timeout"]
    return {"rps": values["requests"] / values["seconds"], "p50": values["p50_us"] / 1000,
            "p90": values["p90_us"] / 1000, "p99": values["p99_us"] / 1000, "max": values["max_us"] / 1000,
            "errors": int(errors), "ok": int(values["ok"]), "sent": int(values["sent"]),
            "requests": int(values["requests"]), "other": other, "cpu_ms": cpu_ms, "hot_worker": hot_worker}


def main() -> int:
    parser = argparse.ArgumentParser(prog="bench/redirect.sh", description="Benchmark of GET /s/{code}.")
    parser.add_argument("--rate", type=int, default=500, help="paced rate in requests/s (default 500)")
    parser.add_argument("--duration", type=int, default=15, help="seconds per wrk run (default 15)")
    parser.add_argument("--repeat", type=int, default=1, help="rounds of all six runs (default 1)")
    parser.add_argument("--threads", type=int, default=2, help="wrk threads (default 2)")
    parser.add_argument("--connections", type=int, default=16, help="wrk connections (default 16)")
    parser.add_argument("--no-fsync", action="store_true",
                        help="run Postgres with fsync and synchronous_commit off, as scripts/test does")
    args = parser.parse_args()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, on_signal)

    cfg = test_config(WORK)
    baseline_port = PORT_BASE + 90
    (WORK / "redirect.lua").write_text(WRK_SCRIPT)
    sup = RecordingSupervisor(cfg.log_dir)
    try:
        start_stack(cfg, sup, durable=not args.no_fsync)
        start_baseline(sup, baseline_port)
        say(f"baseline nginx ready on {baseline_port}")
        code = create_link(cfg)
        with postgres.superuser_connection(cfg) as conn:  # time WAL flushes: each counted click commits one
            conn.execute("alter system set track_wal_io_timing = on")
            conn.execute("select pg_reload_conf()")
        urls = {"nginx": (baseline_port, f"/s/{code}"), "gunicorn": (cfg.bff_port, f"/s/{code}"),
                "gateway": (cfg.gateway_port, f"/s/{code}")}
        for port, path in urls.values():
            check_redirect(port, path)
        load = dict(threads=args.threads, connections=args.connections,
                    services={service.name: service.process.pid for service in sup.services})

        workers = os.environ.get("GUNICORN_WORKERS", str(multiprocessing.cpu_count()))
        setup_line = (f"{os.cpu_count()} cores · wrk -t{args.threads} -c{args.connections}, {args.duration:g} s per run"
                      f" · gunicorn {workers} workers × {os.environ.get('GUNICORN_THREADS', '4')} threads,"
                      f" DB pool {os.environ.get('TOOLKIT_DB_POOL_SIZE', '4')} per worker"
                      f" · Postgres fsync {'off' if args.no_fsync else 'on'} · gateway and baseline nginx 1 worker")
        say(setup_line)

        say("warming up (3 s per scenario, not reported)")
        for name, _ in SCENARIOS:
            port, path = urls[name]
            wrk(f"http://127.0.0.1:{port}{path}", rate=args.rate, seconds=3, **load)

        rounds: list[dict] = []  # each: {(name, mode): result}
        click_checks = []  # (scenario, mode, clicks delta, ok responses, requests sent)
        modes = [(f"@{args.rate}/s", args.rate), ("max", 0)]
        for number in range(1, args.repeat + 1):
            results = {}
            for mode, rate in modes:
                for name, _ in SCENARIOS:
                    port, path = urls[name]
                    before, syncs_before = clicks(cfg, code), wal_syncs(cfg)
                    result = wrk(f"http://127.0.0.1:{port}{path}", rate=rate, seconds=args.duration, **load)
                    syncs, sync_ms = (b - a for a, b in zip(syncs_before, wal_syncs(cfg)))
                    result["fsync"] = sync_ms / syncs if syncs else 0.0
                    if name != "nginx":
                        time.sleep(0.5)  # requests still in flight when wrk stopped may land now
                        click_checks.append((name, mode, clicks(cfg, code) - before, result["ok"], result["sent"]))
                    results[(name, mode)] = result
                    say(f"round {number}: {name:<8} {mode:<7} {result['rps']:>6.0f} req/s  p50 {result['p50']:.2f} ms"
                        f"  p99 {result['p99']:.2f} ms  max {result['max']:.1f} ms  errors {result['errors']}"
                        f"  · CPU {result['cpu_ms']:.2f} ms/req, busiest worker {result['hot_worker']:.2f} cores,"
                        f" WAL flush {result['fsync']:.2f} ms, others {result['other']:.2f} cores")
                    time.sleep(1)
            rounds.append(results)
        return report(rounds, click_checks, modes, args, setup_line)
    except StackError as exc:
        say(f"error: {exc}")
        return 1
    except subprocess.CalledProcessError as exc:
        say(f"error: {' '.join(exc.cmd)} failed ({exc.returncode}):\n{exc.stdout}{exc.stderr}")
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)
        if sup.services:
            say("stopping the stack")
        sup.stop_all()
        (WORK / "pids").unlink(missing_ok=True)


def report(rounds: list[dict], click_checks: list, modes, args, setup_line: str) -> int:
    def median(name, mode, key):
        return statistics.median(r[(name, mode)][key] for r in rounds)

    def median_ratio(name, mode, key):
        return statistics.median(r[(name, mode)][key] / r[("nginx", mode)][key] for r in rounds)

    print()
    print(f"GET /s/{{code}} redirect · {setup_line}")
    print(f"medians of {len(rounds)} rounds; ratios against nginx in the same round" if len(rounds) > 1
          else "one round; ratios against nginx in the same run")
    print(f"{'scenario':<20}{'load':<8}{'req/s':>7}{'p50 ms':>8}{'p99 ms':>8}{'errors':>7}{'req/s ×':>9}{'p99 ×':>8}"
          f"{'CPU ms/req':>12}{'hot worker':>12}{'WAL ms':>8}{'others':>8}")
    for mode, _ in modes:
        for name, label in SCENARIOS:
            row = {key: median(name, mode, key) for key in ("rps", "p50", "p99", "cpu_ms", "hot_worker", "fsync",
                                                             "other")}
            errors = sum(r[(name, mode)]["errors"] for r in rounds)
            hot, wal = (f"{row['hot_worker']:.2f}", f"{row['fsync']:.2f}") if name != "nginx" else ("-", "-")
            print(f"{label:<20}{mode:<8}{row['rps']:>7.0f}{row['p50']:>8.2f}{row['p99']:>8.2f}{errors:>7d}"
                  f"{median_ratio(name, mode, 'rps'):>8.2f}×{median_ratio(name, mode, 'p99'):>7.2f}×"
                  f"{row['cpu_ms']:>12.3f}{hot:>12}{wal:>8}{row['other']:>8.2f}")
        print()
    print("CPU ms/req: CPU time per request of every process this benchmark started (wrk excluded)\n"
          "hot worker: cores used by the busiest gunicorn worker (1.00 = a whole core, as far as one process\n"
          "            goes under the GIL)\n"
          "WAL ms:     mean time of one WAL flush to disk, which each counted click's commit waits for\n"
          f"others:     cores used by processes this benchmark did not start ({os.cpu_count()} = the whole machine);"
          " high means\n            the numbers measure the neighbours too\n")
    if len(rounds) > 1:
        print("spread over rounds (min–max):")
        for mode, _ in modes:
            for name, label in SCENARIOS:
                values = [r[(name, mode)] for r in rounds]
                rps, p99 = [v["rps"] for v in values], [v["p99"] for v in values]
                print(f"  {label:<20}{mode:<8}req/s {min(rps):>6.0f}–{max(rps):<6.0f}"
                      f"  p99 {min(p99):>6.2f}–{max(p99):<6.2f} ms")
        print()

    paced = modes[0][0]
    exit_code = 0
    for name in ("gunicorn", "gateway"):
        misses = []
        for number, r in enumerate(rounds, 1):
            result = r[(name, paced)]
            if result["p99"] >= TARGET_P99_MS:
                misses.append(f"round {number}: p99 {result['p99']:.2f} ms")
            if result["errors"]:
                misses.append(f"round {number}: {result['errors']} errors")
            if result["rps"] < RATE_TOLERANCE * args.rate:
                misses.append(f"round {number}: only {result['rps']:.0f} req/s")
        verdict = "PASS" if not misses else "FAIL (" + "; ".join(misses) + ")"
        print(f"target {name:<9} p99 < {TARGET_P99_MS:g} ms at {args.rate} req/s, 0 errors"
              f"{' (every round)' if len(rounds) > 1 else ''}: {verdict}")
        if misses and name == "gunicorn":
            exit_code = 1

    wrong = [c for c in click_checks if not (c[3] <= c[2] <= c[4])]
    total_delta, total_ok = sum(c[2] for c in click_checks), sum(c[3] for c in click_checks)
    in_flight = sum(c[4] - c[3] for c in click_checks)
    if wrong:
        exit_code = 1
        for name, mode, delta, ok, sent in wrong:
            print(f"clicks WRONG: {name} {mode}: +{delta} clicks for {ok} redirects ({sent} requests sent)")
    else:
        print(f"clicks OK: +{total_delta} for {total_ok} redirects served in {len(click_checks)} BFF runs"
              f" (each run: redirects ≤ new clicks ≤ requests sent; {in_flight} requests were unanswered"
              f" when wrk stopped, {total_delta - total_ok} of them counted)")
    return exit_code

if __name__ == "__main__":
    sys.exit(main())
PYTHON
bench_pid=$!
while kill -0 "$bench_pid" 2>/dev/null; do wait "$bench_pid" 2>/dev/null && status=0 || status=$?; done
wait "$bench_pid" 2>/dev/null && status=0 || status=$?
bench_pid=""
exit "$status"
