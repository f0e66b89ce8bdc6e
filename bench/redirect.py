"""Short-link redirect, GET /s/{code}, with wrk (Debian's wrk 4.1, which has no -R) against a bare
nginx `return 302` measured in the same run; then exact checks with clients that see every answer.

    .venv/bin/python -m bench.redirect [--smoke] [--rate 1000] [--duration 10] [--repeat 1]
                                       [--threads 2] [--connections 16]

Scenarios, each paced to --rate requests/s and then at saturation ("max"):
    nginx      a separate nginx (1 worker, like the gateway) answering `return 302` — the baseline
    redirect   straight to the redirect service (bff/toolkit_redirect), click statistics on (the default)
    stats off  a second redirect service started with TOOLKIT_REDIRECT_STATS=off on a spare port, with a
               link of its own: what statistics cost (target: ≥ 90 % of its saturation throughput)
    gateway    through the gateway nginx to the redirect service (what users hit)
Exact checks: clicks after the flush equal the redirects served; a link with max_clicks is never
followed more often under concurrent clients; a Postgres restart in the middle of the load answers
only the target or a JSON 503, and the clicks stay exact. Then a protected link's extra cost
(bench/redirect_password.py): right and wrong passwords and a missing link's form, against a plain
redirect, one client straight to the service. Targets (issue 38), each against nginx in the same
round: saturation ≥ 80 % of nginx straight to the service and ≥ 50 % through the gateway; p99 at
1,000 req/s ≤ 2× nginx's, both ways, with zero errors; statistics on ≥ 90 % of off. Every request
carries a browser's User-Agent and a Referer (bench/redirect_wrk.py). The redirect service follows
REDIRECT_WORKERS (bff/redirect_gunicorn.conf.py), so a setting can be tried without editing bff/."""

from __future__ import annotations

import http.client
import os
import signal
import sys
import time
from functools import partial

from scripts.stack import postgres
from scripts.stack.config import ROOT
from scripts.stack.services import VENV_BIN, redirects_home
from scripts.stack.supervisor import StackError

from .links import TARGET, clicks, create_link, stats_clicks
from .redirect_checks import run_clients, settled, under_restart
from .redirect_password import measure as measure_password
from .redirect_password import report as report_password
from .redirect_report import ClickCheck, ExactCount, Round, report
from .redirect_wrk import WRK_SCRIPT, baseline_conf, wrk
from .result import Params, Result
from .runner import main_of
from .stack import Stack

NAME = "redirect"
TITLE = "Short-link redirect vs nginx"
ABOUT = (
    "`GET /s/{code}` (a 302 to the link's target, one click counted per request) under wrk, paced to a fixed "
    "rate (latency from each request's scheduled time) and then unpaced (saturation), beside a bare nginx "
    "`return 302` with the same worker count as the gateway: the most a redirect can cost on this machine. "
    "Then exact checks with clients that see every answer: clicks, `max_clicks` under concurrency, and a "
    "Postgres restart in the middle of the load. Click statistics (on by default) against a second redirect "
    "service with `TOOLKIT_REDIRECT_STATS=off`; a password-protected link's right and wrong password against a "
    "plain redirect. Besides req/s and p99: CPU per request of every process the "
    "benchmark started (wrk excluded), the steadiest figure on a shared machine."
)
FIGURES = [
    "gateway_rps_vs_nginx",
    "service_rps_vs_nginx",
    "gateway_p99_vs_nginx",
    "service_p99_vs_nginx",
    "gateway_cpu_vs_nginx",
    "stats_rps_vs_off",
    "stats_cpu_vs_off",
    "protected_p50_vs_plain",
    "wrong_password_p50_vs_missing",
]
PARAMS = {
    "full": {
        "rate": 1000,
        "duration": 10,
        "repeat": 1,
        "threads": 2,
        "connections": 16,
        "warmup": 3,
        "exact_clients": 16,
        "exact_each": 500,
        "limit": 1000,
        "limit_each": 100,
        "restart_clients": 8,
        "restart_pause": 2.0,
        "pause": 1.0,
        "protected": 200,
    },
    "smoke": {
        "rate": 200,
        "duration": 1,
        "repeat": 1,
        "threads": 1,
        "connections": 2,
        "warmup": 0,
        "exact_clients": 4,
        "exact_each": 25,
        "limit": 20,
        "limit_each": 10,
        "restart_clients": 2,
        "restart_pause": 0.5,
        "pause": 0.0,
        "protected": 4,
    },
}
STACK_ENV: dict[str, str] = {}
# name → (label, the service whose workers serve it)
SCENARIOS = {
    "nginx": ("nginx return 302", "baseline-nginx"),
    "redirect": ("redirect service", "redirect"),
    "nostats": ("redirect service, stats off", "redirect-nostats"),
    "gateway": ("gateway → redirect", "redirect"),
}
NAMES = ["nginx", "redirect", "nostats", "gateway"]


def start_baseline(stack: Stack, port: int) -> None:
    run = stack.work / "baseline"
    run.mkdir(exist_ok=True)
    conf = run / "nginx.conf"
    conf.write_text(baseline_conf(run, port))
    stack.sup.start(
        "baseline-nginx",
        ["/usr/sbin/nginx", "-c", str(conf), "-p", str(run), "-g", "daemon off;"],
        port=port,
        stop_signal=signal.SIGQUIT,
    )


def start_without_stats(stack: Stack, port: int) -> None:
    """A second redirect service like the stack's (scripts/stack/services.py), statistics off, its
    own journal (a journal is replayed by whichever service finds it)."""
    env = stack.cfg.service_env() | {
        "REDIRECT_BIND": f"127.0.0.1:{port}",
        "TOOLKIT_REDIRECT_STATS": "off",
        "TOOLKIT_REDIRECT_JOURNAL_DIR": str(stack.work / "redirect-nostats-journal"),
    }
    stack.sup.start(
        "redirect-nostats",
        [str(VENV_BIN / "gunicorn"), "-c", "redirect_gunicorn.conf.py"],
        port=port,
        env=env,
        cwd=ROOT / "bff",
        ready=lambda: redirects_home(f"http://127.0.0.1:{port}/s/readiness-check"),
    )


def check_redirect(port: int, path: str) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    conn.request("GET", path)
    response = conn.getresponse()
    location = response.getheader("Location")
    conn.close()
    if response.status != 302 or location != TARGET:
        raise StackError(f"GET {path} on {port} answered {response.status} to {location!r}, not 302 to {TARGET}")


def restart_postgres(stack: Stack) -> float:
    """Stop Postgres (fast shutdown, as a restart does) and start it again in its place among the
    stack's services; the seconds it was away."""
    sup = stack.sup
    index, service = next((i, s) for i, s in enumerate(sup.services) if s.name == "postgres")
    started = time.monotonic()
    service.process.send_signal(signal.SIGINT)
    service.process.wait(timeout=60)
    sup.services.remove(service)
    postgres.start_postgres(stack.cfg, sup, durable=stack.durable)
    sup.services.insert(index, sup.services.pop())  # stopped in the same order as before
    sup.record()
    return time.monotonic() - started


def run(stack: Stack, params: Params, result: Result) -> None:
    cfg = stack.cfg
    baseline_port = stack.spare_port(90)
    script = stack.work / "redirect.lua"
    script.write_text(WRK_SCRIPT)
    start_baseline(stack, baseline_port)
    no_stats_port = stack.spare_port(93)  # base+91 and +92 are usernames' fake sites
    start_without_stats(stack, no_stats_port)
    code, code_off = create_link(cfg), create_link(cfg)
    ports = {
        "nginx": baseline_port,
        "redirect": cfg.redirect_port,
        "nostats": no_stats_port,
        "gateway": cfg.gateway_port,
    }
    codes = {name: code_off if name == "nostats" else code for name in NAMES}
    for name in NAMES:
        check_redirect(ports[name], f"/s/{codes[name]}")
    pids = {service.name: service.process.pid for service in stack.sup.services}
    load = {"script": script, "threads": params["threads"], "connections": params["connections"]}
    workers = os.environ.get("REDIRECT_WORKERS", str(os.cpu_count()))
    result.notes.append(
        f"wrk -t{params['threads']} -c{params['connections']}, {params['duration']:g} s per run; redirect "
        f"service {workers} workers; Postgres fsync {'on' if stack.durable else 'off'}; gateway and "
        "baseline nginx 1 worker"
    )
    for name in NAMES if params["warmup"] else []:  # warm-up, not reported
        wrk(f"http://127.0.0.1:{ports[name]}/s/{codes[name]}", rate=params["rate"], seconds=params["warmup"], **load)

    rounds: list[Round] = []
    click_checks: list[ClickCheck] = []  # (scenario, mode, clicks delta, ok responses, requests sent)
    modes = [(f"@{params['rate']}/s", params["rate"]), ("max", 0)]
    for _ in range(params["repeat"]):
        results: Round = {}
        for mode, rate in modes:
            for name in NAMES:
                before = clicks(cfg, codes[name])
                results[(name, mode)] = outcome = wrk(
                    f"http://127.0.0.1:{ports[name]}/s/{codes[name]}",
                    rate=rate,
                    seconds=params["duration"],
                    services=pids,
                    worker_of=SCENARIOS[name][1],
                    **load,
                )
                if name != "nginx":
                    ok, sent = int(outcome["ok"]), int(outcome["sent"])  # counts, in a run's figures
                    delta = settled(partial(clicks, cfg, codes[name]), before + ok) - before
                    click_checks.append((name, mode, delta, ok, sent))
                time.sleep(params["pause"])  # let the machine settle between runs
        rounds.append(results)
    # The flushes that counted the clicks above wrote the statistics in the same statement.
    stats_seen = {
        "on": (stats_clicks(cfg, code), clicks(cfg, code)),
        "off": (stats_clicks(cfg, code_off), clicks(cfg, code_off)),
    }

    exact: list[ExactCount] = []
    clients, each = params["exact_clients"], params["exact_each"]
    code_exact = create_link(cfg)
    tally = run_clients(cfg.gateway_port, f"/s/{code_exact}", clients=clients, each=each)
    exact.append(
        (
            f"{clients} clients × {each} through the gateway",
            tally["target"],
            settled(lambda: clicks(cfg, code_exact), tally["target"]),
            tally,
        )
    )
    limit, limit_each = params["limit"], params["limit_each"]
    limited = create_link(cfg, max_clicks=limit)
    tally = run_clients(cfg.gateway_port, f"/s/{limited}", clients=clients, each=limit_each)
    exact.append(
        (
            f"max_clicks {limit}, {clients} clients × {limit_each}",
            limit,
            settled(lambda: clicks(cfg, limited), limit),
            tally,
        )
    )
    code_restart = create_link(cfg)
    tally, down = under_restart(
        cfg.gateway_port,
        f"/s/{code_restart}",
        lambda: restart_postgres(stack),
        clients=params["restart_clients"],
        before=params["restart_pause"],
        after=1.5 * params["restart_pause"],
    )
    exact.append(
        (
            f"Postgres restart ({down:.1f} s away), {params['restart_clients']} clients",
            tally["target"],
            settled(lambda: clicks(cfg, code_restart), tally["target"]),
            tally,
        )
    )
    report(result, rounds, click_checks, exact, modes, NAMES, SCENARIOS, params, stats_seen)
    report_password(result, measure_password(cfg, cfg.redirect_port, params["protected"]))


if __name__ == "__main__":
    main_of(sys.modules[__name__])
