"""The benchmark suite of ./scripts/test: every benchmark in smoke mode (seconds, tiny inputs, the
same code path) on one shared throw-away stack, plus the checks of the machinery (bench/self_checks.py).
A benchmark passes when it completed, produced every figure it promises and its load checks held —
never on a timing. One line per test, then "bench smoke: N passed, M failed".

    .venv/bin/python -m bench.smoke [NAME ...]     # NAME: a benchmark or a check; default all"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

from scripts.stack.stack import say
from scripts.stack.supervisor import StackError

from . import self_checks
from .registry import BENCHMARKS, stack_env, stack_helpers
from .result import Result
from .run import save
from .runner import print_result, run_one
from .stack import Stack, bench_stack, stop_on_signals

# name(s) → check on the shared stack, returning [(name, ok, detail)]
CHECKS: dict[tuple[str, ...], Callable[[Stack], list[tuple[str, bool, str]]]] = {
    ("ports-taken",): lambda stack: [("ports-taken", *self_checks.explicit_block_taken(stack))],
    ("sigint-while-starting", "sigterm-while-starting"): self_checks.interruptions,
    ("failed-load-is-fail",): lambda stack: [("failed-load-is-fail", *self_checks.failed_load_reports_fail(stack))],
}
# After the benchmarks: it reports on their results.
REPORT_CHECK = "report"


def outcome(name: str, ok: bool, detail: str, seconds: float, tally: dict[str, int]) -> None:
    tally["passed" if ok else "failed"] += 1
    print(f"{'PASS' if ok else 'FAIL'} {name} ({seconds:.1f} s){': ' + detail if detail else ''}", flush=True)


def main(names: list[str]) -> int:
    known = [m.NAME for m in BENCHMARKS] + [name for names in CHECKS for name in names] + [REPORT_CHECK]
    unknown = set(names) - set(known)
    if unknown:
        print(f"unknown: {', '.join(sorted(unknown))}; known: {', '.join(known)}")
        return 2
    wanted = set(names or known)
    stop_on_signals()
    tally, results = {"passed": 0, "failed": 0}, list[Result]()
    started, load_before = time.time(), list(os.getloadavg())
    try:
        with bench_stack(durable=False, env=stack_env(BENCHMARKS), helpers=stack_helpers(BENCHMARKS)) as stack:
            for check_names, check in CHECKS.items():
                if wanted & set(check_names):
                    began = time.monotonic()
                    for name, ok, detail in check(stack):
                        outcome(f"check {name}", ok, detail, time.monotonic() - began, tally)
            for module in BENCHMARKS:
                if module.NAME in wanted:
                    result = run_one(module, stack, "smoke")
                    print_result(result)
                    results.append(result)
                    outcome(
                        f"benchmark {module.NAME}",
                        result.ok,
                        "; ".join(result.problems()),
                        result.conditions.get("seconds", 0),
                        tally,
                    )
        if REPORT_CHECK in wanted and results:
            began = time.monotonic()
            ok, detail = self_checks.report_and_comparison(
                results,
                lambda rs, out, stamp, charts: save(
                    rs, "smoke", out, "python -m bench.smoke", load_before, started, stamp, charts
                ),
            )
            outcome(f"check {REPORT_CHECK}", ok, detail, time.monotonic() - began, tally)
    except StackError as exc:
        say(f"error: {exc}")
        tally["failed"] += 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130
    print(f"\nbench smoke: {tally['passed']} passed, {tally['failed']} failed ({time.time() - started:.0f} s)")
    return 1 if tally["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
