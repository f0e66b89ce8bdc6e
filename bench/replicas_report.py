"""bench.replicas' findings: two instances against one in the same round (throughput and CPU per
request), the load checks (right answers, clicks and views counted, both instances answering) and
the charts."""

from __future__ import annotations

import os
import statistics
from collections import Counter
from dataclasses import dataclass
from typing import Any

from scripts.stack.services import instance_name

from .result import Chart, Result, Table, ratio

LABELS = {"one": "1 instance", "two": "2 instances"}
WORKLOADS = {"redirect": ("short-link redirect", "redirect"), "paste": ("paste read", "bff")}  # → label, service
# nginx takes turns between the instances; a quarter leaves room for the requests in flight when wrk stops.
LEAST_SHARE = 0.25
COLUMNS = [
    "workload",
    "instances",
    "req/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "CPU ms/req",
    "answered by",
    "others (cores)",
]


@dataclass
class Run:
    round: int
    workload: str  # "redirect" or "paste"
    scenario: str  # "one" or "two"
    outcome: dict[str, Any]  # bench.redirect_wrk.wrk()'s
    added: int  # the clicks or views the run added
    shares: Counter[str]  # requests each instance answered, from the gateway's access log


def _median(runs: list[Run], workload: str, scenario: str, key: str) -> float:
    return float(statistics.median(r.outcome[key] for r in runs if (r.workload, r.scenario) == (workload, scenario)))


def _median_ratio(runs: list[Run], workload: str, key: str) -> float:
    """Median over the rounds of two instances ÷ one instance in the same round."""
    pairs: dict[int, dict[str, float]] = {}
    for r in runs:
        if r.workload == workload:
            pairs.setdefault(r.round, {})[r.scenario] = r.outcome[key]
    return statistics.median(ratio(pair["two"], pair["one"]) for pair in pairs.values())


def _shares_ok(run: Run) -> bool:
    service = WORKLOADS[run.workload][1]
    total = sum(run.shares.values())
    if run.scenario == "one":
        return total > 0 and set(run.shares) == {instance_name(service, 0)}
    wanted = {instance_name(service, i) for i in range(2)}
    return set(run.shares) == wanted and all(count >= LEAST_SHARE * total for count in run.shares.values())


def _answered_by(shares: Counter[str]) -> str:
    return ", ".join(f"{name} {count}" for name, count in sorted(shares.items())) or "none"


def report(result: Result, runs: list[Run], params: dict[str, Any]) -> None:
    rows: list[list[Any]] = []
    for workload, (label, _) in WORKLOADS.items():
        for scenario, instances in LABELS.items():
            mine = [r for r in runs if (r.workload, r.scenario) == (workload, scenario)]
            rows.append(
                [
                    label,
                    instances,
                    _median(runs, workload, scenario, "rps"),
                    _median(runs, workload, scenario, "p50"),
                    _median(runs, workload, scenario, "p99"),
                    sum(r.outcome["errors"] for r in mine),
                    _median(runs, workload, scenario, "cpu_ms"),
                    _answered_by(sum((r.shares for r in mine), Counter())),
                    _median(runs, workload, scenario, "other"),
                ]
            )
    rounds = params["rounds"]
    result.tables.append(
        Table(f"medians of {rounds} rounds at saturation" if rounds > 1 else "at saturation", COLUMNS, rows)
    )
    result.notes.append(
        f"wrk -t{params['threads']} -c{params['connections']}, {params['duration']:g} s per run, through a gateway "
        "nginx of 1 worker; CPU ms/req: every process of the stack (wrk excluded); answered by: requests each "
        f"instance answered, from the gateway's access log; others: cores used by processes the stack did not "
        f"start ({os.cpu_count()} = the whole machine)"
    )
    for workload, (label, _) in WORKLOADS.items():
        result.figure(
            f"{workload}_rps_two_vs_one",
            f"{label}: saturation throughput, 2 instances vs 1",
            _median_ratio(runs, workload, "rps"),
            f"1 instance of the {WORKLOADS[workload][1]}",
            better="higher",
        )
        result.figure(
            f"{workload}_cpu_two_vs_one",
            f"{label}: CPU per request, 2 instances vs 1",
            _median_ratio(runs, workload, "cpu_ms"),
            f"1 instance of the {WORKLOADS[workload][1]}",
        )
        result.charts.append(
            Chart(
                f"{label}s at saturation",
                "requests/s",
                list(LABELS.values()),
                {"req/s": [_median(runs, workload, scenario, "rps") for scenario in LABELS]},
                LABELS["one"],
            )
        )
    figures = result.figures
    result.headline = (
        f"With two instances of each sharing one Postgres and one Redis on this machine, redirects ran at "
        f"{figures['redirect_rps_two_vs_one'].value:.2f}× the throughput of one instance "
        f"({figures['redirect_cpu_two_vs_one'].value:.2f}× the CPU per request) and paste reads at "
        f"{figures['paste_rps_two_vs_one'].value:.2f}× ({figures['paste_cpu_two_vs_one'].value:.2f}× the CPU)."
    )

    result.check(
        "every wrk run was answered",
        all(r.outcome["requests"] > 0 for r in runs),
        f"{sum(r.outcome['requests'] for r in runs)} requests in {len(runs)} runs",
    )
    errors = sum(r.outcome["errors"] for r in runs)
    result.check(
        "every answer right: a 302 to the target, a 200 with the paste (no socket error, no timeout)",
        errors == 0,
        f"{errors} errors",
    )
    wrong = [r for r in runs if not r.outcome["ok"] <= r.added <= r.outcome["sent"]]
    result.check(
        "after each run: right answers ≤ clicks (views) added ≤ requests sent",
        not wrong,
        "; ".join(
            f"{r.workload} {LABELS[r.scenario]}: +{r.added} for {r.outcome['ok']} answers ({r.outcome['sent']} sent)"
            for r in wrong
        )
        or f"{len(runs)} runs",
    )
    unshared = [r for r in runs if not _shares_ok(r)]
    result.check(
        f"each instance answered its share: with 2, both (each ≥ {LEAST_SHARE:.0%}); with 1, the first alone",
        not unshared,
        "; ".join(f"{r.workload} {LABELS[r.scenario]}: {_answered_by(r.shares)}" for r in unshared or runs),
    )
