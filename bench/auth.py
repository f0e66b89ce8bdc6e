"""Local Auth: password sign-in against a bare bcrypt check, refresh and get-user against the BFF's
health endpoint, each baseline measured in the same run, straight to Auth and through the gateway.

    .venv/bin/python -m bench.auth [--smoke] [--clients 50] [--rate 200] [--duration 10]

Closed loop (--clients concurrent clients, each waiting for its answer before the next request):
    bcrypt      bare bcrypt.checkpw of a $2a$10$ hash, in --clients threads: sign-in's floor
    sign-in     POST /token?grant_type=password (one user per client)
    refresh     POST /token?grant_type=refresh_token (each client follows its own rotation)
    get-user    GET /user with the client's access token
    health      the BFF's GET /api/health: the baseline for refresh and get-user
Open loop (--rate requests/s on a fixed schedule, latency counted from the scheduled time, so a
stall is not hidden by the client waiting): refresh, get-user and health.
Targets: cost per sign-in within 1.5× of the bare bcrypt check; refresh and get-user p99 < 25 ms at
200 requests/s."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

import bcrypt

from .auth_load import Request, Summary, closed_loop, paced
from .auth_targets import Sessions, Target, scenarios
from .cpu import port_cpu
from .result import Cell, Chart, Params, Result, Table, ratio
from .runner import main_of
from .stack import Stack
from .users import PASSWORD, create_user

NAME = "auth"
TITLE = "Sign-in vs bare bcrypt; refresh and get-user vs the BFF's health"
ABOUT = (
    "The local Auth service under load from Python clients (threads, one keep-alive connection each). "
    "Sign-in is dominated by one bcrypt check of the password ($2a$10$), so its baseline is that check alone, "
    "run in as many threads in this process; refresh and get-user are compared with the BFF's `GET /api/health`, "
    "the cheapest request of the stack's own Python services. Every Auth scenario is measured straight to Auth's "
    "port (direct) and through the nginx gateway with the anon key. Besides requests/s and p99 it reports the "
    "CPU time per request of the server's processes, which depends much less on the neighbours."
)
FIGURES = [
    f"{name}.{path}"
    for path in ("direct", "gateway")
    for name in (
        "sign_in_cost_vs_bcrypt",
        "refresh_rps_vs_health",
        "get_user_rps_vs_health",
        "refresh_p99_vs_health",
        "get_user_p99_vs_health",
    )
] + ["sign_in_cpu_vs_bcrypt"]
PARAMS = {
    "full": {"clients": 50, "rate": 200, "duration": 10.0, "warmup": 2.0},
    "smoke": {"clients": 2, "rate": 20, "duration": 0.2, "warmup": 0.0},
}
# Through the gateway every request comes from 127.0.0.1: lift Auth's per-client /token limit
# (burst 30), or the run would measure 429s.
STACK_ENV = {"GOTRUE_RATE_LIMIT_TOKEN_REFRESH": "100000000"}
SIGN_IN_TARGET, PACED_P99_TARGET_MS = 1.5, 25.0
# A run's key: the bare bcrypt baseline, or (scenario, path).
RunKey = str | tuple[str, str]
COLUMNS = ["scenario", "path", "load", "req/s", "p50 ms", "p99 ms", "errors", "CPU ms/req"]


def measured(loop: Callable[..., Summary], port: int | None, *args: Any, **kwargs: Any) -> Summary:
    """Run a load loop; add the CPU the server on `port` (or, without a port, this process) spent
    per answered request."""
    result = loop(*args, meter=(lambda: port_cpu(port)) if port else time.process_time, **kwargs)
    return result | {"cpu_ms": 1000 * result["cpu"] / max(result["total"], 1)}


def run(stack: Stack, params: Params, result: Result) -> None:
    env = stack.env
    clients, rate, duration, warmup = params["clients"], params["rate"], params["duration"], params["warmup"]
    direct = Target(env["TOOLKIT_AUTH_URL"])
    bff_direct = Target(env["TOOLKIT_BFF_URL"])
    paths = [
        ("direct", direct, bff_direct),
        (
            "gateway",
            Target(env["TOOLKIT_PUBLIC_URL"] + "/auth/v1", {"apikey": env["TOOLKIT_ANON_KEY"]}),
            Target(env["TOOLKIT_PUBLIC_URL"]),
        ),
    ]
    emails = [create_user(env["TOOLKIT_AUTH_URL"], env["TOOLKIT_SERVICE_ROLE_KEY"]) for _ in range(clients)]
    sessions = Sessions(direct, emails, PASSWORD)
    closed: dict[RunKey, Summary] = {}
    open_: dict[RunKey, Summary] = {}
    rows: list[list[Cell]] = []
    loop = {"warmup": warmup}
    closed["bcrypt"] = measured(closed_loop, None, bare_bcrypt, clients, duration, **loop)
    rows.append(row("bcrypt.checkpw $2a$10$", "-", f"{clients} clients", closed["bcrypt"]))
    for path, auth, bff in paths:
        make = scenarios(auth, bff, sessions)
        for name in ("sign-in", "refresh", "get-user", "health"):
            port = bff_direct.port if name == "health" else direct.port
            closed[(name, path)] = measured(closed_loop, port, make[name], clients, duration, **loop)
            rows.append(row(name, path, f"{clients} clients", closed[(name, path)]))
        for name in ("refresh", "get-user", "health"):
            port = bff_direct.port if name == "health" else direct.port
            open_[(name, path)] = measured(paced, port, make[name], rate, duration, clients, **loop)
            rows.append(row(name, path, f"@{rate}/s", open_[(name, path)]))
    result.tables.append(
        Table(f"{clients} clients closed loop, {rate} req/s paced; {duration:g} s per run", COLUMNS, rows)
    )
    figures(result, closed, open_, [p for p, *_ in paths], rate, clients)
    runs = list(closed.values()) + list(open_.values())
    errors = sum(r["errors"] for r in runs)
    result.check(
        "every run answered requests",
        all(r["count"] > 0 for r in runs),
        f"{sum(r['count'] for r in runs)} answered in {len(runs)} runs",
    )
    result.check("no request failed (every answer a 200)", errors == 0, f"{errors} failed")


def bare_bcrypt(index: int) -> Request:
    hashed = bcrypt.hashpw(PASSWORD.encode(), bcrypt.gensalt(10)).replace(b"$2b$", b"$2a$", 1)
    return lambda: bcrypt.checkpw(PASSWORD.encode(), hashed)


def row(label: str, path: str, load: str, r: Summary) -> list[Cell]:
    label = "BFF /api/health" if label == "health" else label
    return [label, path, load, r["rps"], r["p50"], r["p99"], r["errors"], r["cpu_ms"]]


def figures(
    result: Result,
    closed: dict[RunKey, Summary],
    open_: dict[RunKey, Summary],
    paths: list[str],
    rate: int,
    clients: int,
) -> None:
    bcrypt_run = closed["bcrypt"]
    sign_in_cpu = ratio(closed[("sign-in", "direct")]["cpu_ms"], bcrypt_run["cpu_ms"])
    health = closed[("health", "direct")]["rps"]
    result.headline = (
        f"A sign-in costs {sign_in_cpu:.2f}× the CPU of the bare bcrypt check it contains; refresh and "
        f"get-user answer {ratio(closed[('refresh', 'direct')]['rps'], health):.2f}× and "
        f"{ratio(closed[('get-user', 'direct')]['rps'], health):.2f}× as many requests/s as the BFF's "
        f"health endpoint ({clients} clients, straight to Auth)."
    )
    result.figure(
        "sign_in_cpu_vs_bcrypt", "CPU per sign-in in Auth vs per bare bcrypt check", sign_in_cpu, "bcrypt.checkpw"
    )
    for path in paths:
        cost = ratio(bcrypt_run["rps"], closed[("sign-in", path)]["rps"])
        result.figure(
            f"sign_in_cost_vs_bcrypt.{path}",
            f"sign-in {path}: cost per sign-in vs bare bcrypt (throughput)",
            cost,
            "bcrypt.checkpw",
        )
        result.target(
            f"sign-in {path}: cost within {SIGN_IN_TARGET:g}× of bare bcrypt", cost <= SIGN_IN_TARGET, f"{cost:.2f}×"
        )
        health_run, paced_health = closed[("health", path)], open_[("health", path)]
        for name in ("refresh", "get-user"):
            key = name.replace("-", "_")
            result.figure(
                f"{key}_rps_vs_health.{path}",
                f"{name} {path}: throughput vs the BFF's health",
                ratio(closed[(name, path)]["rps"], health_run["rps"]),
                "BFF /api/health",
                better="higher",
            )
            paced_run = open_[(name, path)]
            result.figure(
                f"{key}_p99_vs_health.{path}",
                f"{name} {path}: p99 at {rate}/s vs the BFF's health",
                ratio(paced_run["p99"], paced_health["p99"]),
                "BFF /api/health",
            )
            result.target(
                f"{name} {path}: p99 < {PACED_P99_TARGET_MS:g} ms at {rate} req/s",
                paced_run["p99"] < PACED_P99_TARGET_MS,
                f"p99 {paced_run['p99']:.1f} ms (health {paced_health['p99']:.1f} ms)",
            )
    series = {path: [bcrypt_run["rps"], closed[("sign-in", path)]["rps"]] for path in paths}
    result.charts.append(
        Chart(
            f"sign-in vs bare bcrypt ({clients} clients)",
            "operations/s",
            ["bcrypt.checkpw", "sign-in"],
            series,
            "bcrypt.checkpw",
        )
    )
    names = ["health", "refresh", "get-user"]
    labels = ["BFF /api/health", "refresh", "get-user"]
    result.charts.append(
        Chart(
            f"refresh and get-user vs the BFF's health ({clients} clients)",
            "requests/s",
            labels,
            {path: [closed[(n, path)]["rps"] for n in names] for path in paths},
            labels[0],
        )
    )
    result.charts.append(
        Chart(
            f"p99 at {rate} requests/s",
            "ms",
            labels,
            {path: [open_[(n, path)]["p99"] for n in names] for path in paths},
            labels[0],
        )
    )


if __name__ == "__main__":
    main_of(sys.modules[__name__])
