"""wrk runs for bench.redirect: the paced/unpaced Lua script, the baseline nginx, and CPU accounting."""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

from .cpu import children_cpu, cpu_used, descendants, machine_cpu, processes
from .links import TARGET

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


def baseline_conf(run: Path, port: int) -> str:
    return BASELINE_CONF.format(
        user_directive="user root;" if os.geteuid() == 0 else "", run=run, port=port, target=TARGET
    )


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
local expected_status = tonumber(os.getenv("BENCH_STATUS")) or 302
local expected = os.getenv("BENCH_LOCATION")  -- "": any (an answer without a Location)
if expected == "" then expected = nil end
local threads = {}

-- A click as a browser sends it: the service's bot check and statistics read these two headers, so
-- a request without them would skip the work real clicks cost (nginx gets the same request).
wrk.headers["User-Agent"] = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) " ..
                            "Chrome/126.0.0.0 Safari/537.36"
wrk.headers["Referer"] = "https://news.example.org/t/redirects-near-nginx"

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
  -- Header names are case-insensitive; wrk's table is not (uvicorn sends them in lower case).
  if status == expected_status and (expected == nil or (headers["Location"] or headers["location"]) == expected) then
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


# One wrk run's figures by name: rps, latencies in ms (p50, p90, p99, max), counts (errors, ok, sent,
# requests) and CPU (cpu_ms, hot_worker, other).
WrkRun = dict[str, float]


def wrk(
    url: str,
    *,
    script: Path,
    rate: int,
    seconds: float,
    threads: int,
    connections: int,
    services: dict[str, int] | None = None,
    worker_of: str = "",
    status: int = 302,
    location: str = TARGET,
) -> WrkRun:
    """One wrk run. CPU accounting over the run: `cpu_ms` is what the services we started used per
    request, `hot_worker` the cores the busiest worker of the service `worker_of` used, `other` the
    cores every other process on the machine used (wrk excluded). An answer counts as ok when it has
    `status` and (unless `location` is "") that Location."""
    services = services or {}
    env = {
        **os.environ,
        "BENCH_RATE": str(rate),
        "BENCH_THREADS": str(threads),
        "BENCH_LOCATION": location,
        "BENCH_STATUS": str(status),
    }
    cmd = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds:g}s", "--timeout", "5s", "-s", str(script), url]
    started, machine_before, client_before, procs_before = time.monotonic(), machine_cpu(), children_cpu(), processes()
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout
    procs_after = processes()
    elapsed = time.monotonic() - started
    machine, client = machine_cpu() - machine_before, children_cpu() - client_before
    trees = {name: descendants(procs_after, [pid]) for name, pid in services.items()}
    ours = cpu_used(procs_before, procs_after, set[int]().union(*trees.values()))
    workers = trees.get(worker_of, set()) - {services.get(worker_of)}
    hot_worker = max((cpu_used(procs_before, procs_after, {pid}) for pid in workers), default=0.0) / elapsed
    other = max(0.0, machine - ours - client) / elapsed
    line = next((line for line in out.splitlines() if line.startswith("BENCH ")), None)
    if line is None:
        raise RuntimeError(f"no summary line from wrk:\n{out}")
    values = {key: float(value) for key, value in re.findall(r"(\w+)=([\d.]+)", line)}
    cpu_ms = ours / values["requests"] * 1000 if values["requests"] else 0.0
    errors = values["bad"] + values["connect"] + values["read"] + values["write"] + values["timeout"]
    return {
        "rps": values["requests"] / values["seconds"],
        "p50": values["p50_us"] / 1000,
        "p90": values["p90_us"] / 1000,
        "p99": values["p99_us"] / 1000,
        "max": values["max_us"] / 1000,
        "errors": int(errors),
        "ok": int(values["ok"]),
        "sent": int(values["sent"]),
        "requests": int(values["requests"]),
        "other": other,
        "cpu_ms": cpu_ms,
        "hot_worker": hot_worker,
    }
