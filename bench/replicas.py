"""Redirects and paste reads served by one instance and by two (issue 41), each at saturation with wrk
through a gateway nginx (1 worker, the stack's config):

    .venv/bin/python -m bench.replicas [--smoke] [--duration 10] [--rounds 3] [--threads 2] [--connections 16]

    1 instance    the stack's gateway, whose upstreams are the first BFF and the first redirect service
    2 instances   the stack's second gateway (same config), balancing both instances of each

Both instances share one Postgres and one Redis, as replicas in Kubernetes do; on a 2-core machine
a second instance adds no core, so the ratio is what running two costs (more processes competing,
state shared through Postgres), not what a second node would add. The rounds alternate which scenario
goes first; figures are medians of each round's ratios.

A run's load counts only if every answer was right (a 302 to the link's target; a 200 with the
paste), the clicks and views it added lie between the answers wrk received and the requests it sent,
and — read from the gateway's access log, which names the instance that answered each request —
the two-instance runs were answered by both instances, each at least a quarter of the requests (nginx
takes turns), and the one-instance runs by the first instance alone."""

from __future__ import annotations

import json
import sys
import time
import urllib.request
from collections import Counter
from typing import Any

from scripts.stack import postgres
from scripts.stack.config import StackConfig
from scripts.stack.gateway import log_dir_of
from scripts.stack.services import instance_name

from .instance_shares import AccessLog, answered_by
from .links import TARGET, clicks, create_link
from .redirect_checks import settled
from .redirect_wrk import WRK_SCRIPT, wrk
from .replicas_report import Run, report
from .result import Result
from .runner import main_of
from .stack import Stack

NAME = "replicas"
TITLE = "Redirects and paste reads: one instance vs two"
ABOUT = (
    "`GET /s/{code}` and an anonymous `GET /api/pastes/{id}` (each read counts a view) under wrk at "
    "saturation, through the stack's gateway to the first instance of the redirect service and the BFF, "
    "and through its second gateway (the same config) balancing two instances of each, sharing one "
    "Postgres and one Redis. On one machine a second instance adds processes, not cores: the ratio says "
    "what running two costs. The gateway's access log names the instance that answered each request."
)
FIGURES = ["redirect_rps_two_vs_one", "redirect_cpu_two_vs_one", "paste_rps_two_vs_one", "paste_cpu_two_vs_one"]
PARAMS: dict[str, dict[str, Any]] = {
    "full": {"duration": 10, "rounds": 3, "threads": 2, "connections": 16, "warmup": 2, "pause": 1.0},
    "smoke": {"duration": 1, "rounds": 1, "threads": 1, "connections": 4, "warmup": 0, "pause": 0.0},
}
STACK_ENV: dict[str, str] = {}
SCENARIOS = {"one": "gateway", "two": "gateway-replicas"}  # scenario → the gateway it goes through
WORKLOADS = ("redirect", "paste")


def create_paste(cfg: StackConfig) -> str:
    """An unlisted paste, written anonymously through the gateway as a visitor writes one."""
    body = json.dumps({"content": "replicas bench: " + "x" * 200, "privacy": "unlisted"}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{cfg.gateway_port}/api/pastes",
        data=body,
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        paste_id: str = json.load(answer)["id"]
        return paste_id


def views(cfg: StackConfig, paste_id: str) -> int:
    with postgres.superuser_connection(cfg) as conn:
        row = conn.execute("select views from public.pastes where id = %s", (paste_id,)).fetchone()
        return int(row[0]) if row else 0


def instances(cfg: StackConfig) -> dict[str, str]:
    """Upstream address as a gateway logs it → the instance's service name (bff, bff-2, redirect, …)."""
    named = {f"127.0.0.1:{port}": instance_name("bff", i) for i, port in enumerate(cfg.bff_ports)}
    sockets = {f"unix:{cfg.redirect_socket_of(i)}": instance_name("redirect", i) for i in range(cfg.replicas)}
    return named | sockets


# What each answer must be (wrk counts anything else as an error): status, Location ("": none).
EXPECTED = {"redirect": (302, TARGET), "paste": (200, "")}


def run(stack: Stack, params: dict[str, Any], result: Result) -> None:
    cfg = stack.cfg
    if cfg.replicas < 2 or cfg.replicas_gateway_port is None:
        raise RuntimeError("the bench stack runs one instance of each: nothing to compare")
    script = stack.work / "replicas.lua"
    script.write_text(WRK_SCRIPT)
    code, paste_id = create_link(cfg), create_paste(cfg)
    ports = {"one": cfg.gateway_port, "two": cfg.replicas_gateway_port}
    paths = {"redirect": f"/s/{code}", "paste": f"/api/pastes/{paste_id}"}
    counted = {"redirect": lambda: clicks(cfg, code), "paste": lambda: views(cfg, paste_id)}  # what an answer adds
    pids = {service.name: service.process.pid for service in stack.sup.services}
    names = instances(cfg)

    def load(workload: str, scenario: str, seconds: float) -> dict[str, Any]:
        status, location = EXPECTED[workload]
        return wrk(
            f"http://127.0.0.1:{ports[scenario]}{paths[workload]}",
            script=script,
            rate=0,
            seconds=seconds,
            threads=params["threads"],
            connections=params["connections"],
            services=pids,
            status=status,
            location=location,
        )

    for workload in WORKLOADS if params["warmup"] else ():  # not reported
        for scenario in SCENARIOS:
            load(workload, scenario, params["warmup"])
    runs: list[Run] = []
    for number in range(params["rounds"]):
        order = list(SCENARIOS) if number % 2 == 0 else list(reversed(SCENARIOS))  # neither always first
        for workload in WORKLOADS:
            for scenario in order:
                log = AccessLog(log_dir_of(cfg, SCENARIOS[scenario]) / "nginx-access.log")
                before = counted[workload]()
                outcome = load(workload, scenario, params["duration"])
                added = settled(counted[workload], before + outcome["ok"]) - before
                shares = answered_by(log.new_lines(), paths[workload], EXPECTED[workload][0])
                by_name = Counter({names.get(address, address): count for address, count in shares.items()})
                runs.append(Run(number, workload, scenario, outcome, added, by_name))
                time.sleep(params["pause"])  # let the machine settle between runs
    report(result, runs, params)


if __name__ == "__main__":
    main_of(sys.modules[__name__])
