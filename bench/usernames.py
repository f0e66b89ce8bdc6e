"""Username checks through the gateway against the same site requests made directly, in the same run.

    .venv/bin/python -m bench.usernames [--smoke] [--sites 400] [--repeat 3]

The sites are played by the local fake-sites server the BFF's tests use
(bff/tests/tools_servers/fake_sites.py), started before the stack with a list of 400 sites on it, so
the checker's own work is measured and not the internet. Baseline: the same site URLs fetched by a
plain client with the checker's concurrency (TOOLKIT_USERNAME_CONCURRENCY, 48)."""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TypedDict

import requests

from scripts.stack.config import ROOT, StackConfig
from scripts.stack.supervisor import Supervisor

from .result import Chart, Params, Result, Table, ratio
from .runner import main_of
from .stack import Stack

NAME = "usernames"
TITLE = "Username checks vs the sites answering directly"
ABOUT = (
    "One check of a name on every site of a list through the gateway (the BFF asks each site, classifies the "
    "answer and streams a line per site), against the same site requests made by a plain client with the "
    "checker's concurrency. The sites are a local stand-in (the BFF tests' fake-sites server) with 400 "
    "entries, so the figure is the checker's own cost, not the internet's."
)
FIGURES = ["checker_vs_direct"]
PARAMS = {"full": {"sites": 400, "repeat": 3}, "smoke": {"sites": 20, "repeat": 1}}
STACK_ENV = {"TOOLKIT_USERNAME_RATE_LIMIT": "100000 per minute"}
LISTED = 400
CONCURRENCY = int(os.environ.get("TOOLKIT_USERNAME_CONCURRENCY", "48"))
SERVE = "import sys; from tools_servers.fake_sites import serve_stack; serve_stack(int(sys.argv[1]), int(sys.argv[2]))"


def site_name(index: int) -> str:
    return f"Bench{index:03d}"


def start_sites(cfg: StackConfig, sup: Supervisor) -> dict[str, str]:
    """The fake sites (and the fake internet the checker probes first) on two spare ports of the
    block, and a list of LISTED sites on them for the BFF."""
    port, internet = cfg.gateway_port + 11, cfg.gateway_port + 12  # base+91, base+92
    base = f"http://127.0.0.1:{port}"
    listing = {
        site_name(i): {
            "errorType": "status_code",
            "url": f"{base}/status/{{}}-{i}",
            "urlMain": base,
            "username_claimed": "taken",
        }
        for i in range(LISTED)
    }
    path = cfg.data_dir / "bench-username-sites.json"
    path.write_text(json.dumps(listing))
    sup.start(
        "fake-sites", [sys.executable, "-c", SERVE, str(port), str(internet)], port=port, cwd=ROOT / "bff" / "tests"
    )
    return {
        "TOOLKIT_USERNAME_SITES_FILE": str(path),
        "TOOLKIT_USERNAME_INTERNET_PROBE": f"localhost:{internet}",
        "BENCH_FAKE_SITES_URL": base,
    }


STACK_HELPER = start_sites


class CheckRun(TypedDict):
    """One check through the gateway, as its stream ended."""

    status: int
    seconds: float
    available: int  # sites that answered "available"
    results: int  # result lines
    done: bool  # the stream's last line was its "done"


def check(gateway: str, sites: int) -> CheckRun:
    """One check of `sites` sites through the gateway: the last line of the stream, and the seconds."""
    wanted = {} if sites >= LISTED else {"sites": ",".join(site_name(i) for i in range(sites))}
    started = time.perf_counter()
    response = requests.get(f"{gateway}/api/tools/username/benchname", params=wanted, timeout=300)
    seconds = time.perf_counter() - started
    lines = [json.loads(line) for line in response.text.splitlines() if line.strip()]
    results = [line for line in lines if line.get("type") == "result"]
    available = sum(1 for line in results if line.get("status") == "available")
    return {
        "status": response.status_code,
        "seconds": seconds,
        "available": available,
        "results": len(results),
        "done": bool(lines) and lines[-1].get("type") == "done",
    }


def direct(base: str, sites: int) -> tuple[float, int]:
    """The same site URLs fetched by a plain client, CONCURRENCY at a time: (seconds, answers 404)."""

    def fetch(index: int) -> int:
        return requests.get(f"{base}/status/benchname-{index}", timeout=30, allow_redirects=False).status_code

    started = time.perf_counter()
    with ThreadPoolExecutor(CONCURRENCY) as pool:
        codes = list(pool.map(fetch, range(sites)))
    return time.perf_counter() - started, codes.count(404)


def run(stack: Stack, params: Params, result: Result) -> None:
    sites, repeat = params["sites"], params["repeat"]
    gateway, base = stack.env["TOOLKIT_PUBLIC_URL"], os.environ["BENCH_FAKE_SITES_URL"]
    checks = [check(gateway, sites) for _ in range(repeat)]
    plain = [direct(base, sites) for _ in range(repeat)]
    checker_rate = statistics.median(sites / c["seconds"] for c in checks)
    direct_rate = statistics.median(sites / seconds for seconds, _ in plain)
    result.tables.append(
        Table(
            f"one name on {sites} sites, {repeat} times each",
            ["path", "sites/s (median)"],
            [["the sites, directly", direct_rate], ["the username checker, through the gateway", checker_rate]],
        )
    )
    value = ratio(checker_rate, direct_rate)
    result.figure(
        "checker_vs_direct",
        f"username check of {sites} sites: throughput vs the sites asked directly",
        value,
        "the sites, directly",
        better="higher",
    )
    result.headline = (
        f"A username check through the gateway gets through {checker_rate:.0f} sites/s, "
        f"{value:.2f}× the rate at which a plain client gets the same {sites} answers."
    )
    result.charts.append(
        Chart(
            f"one name on {sites} sites",
            "sites per second",
            ["the sites, directly", "username check"],
            {"sites/s": [direct_rate, checker_rate]},
            "the sites, directly",
        )
    )
    # One more row than sites: the name on Toolkit itself (free here too).
    good = all(
        c["status"] == 200 and c["done"] and c["results"] == sites + 1 and c["available"] == sites + 1 for c in checks
    )
    result.check(
        "every check streamed to the end, every site (and Toolkit itself) answered: available",
        good,
        "; ".join(
            f"{c['status']}, {c['available']} of {c['results']} rows available, done {c['done']}" for c in checks
        ),
    )
    result.check(
        "every direct request was answered (404: no such user)",
        all(n == sites for _, n in plain),
        f"{sum(n for _, n in plain)} of {sites * repeat}",
    )


if __name__ == "__main__":
    main_of(sys.modules[__name__])
