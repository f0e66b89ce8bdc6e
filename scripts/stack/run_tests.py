"""./scripts/test: a throw-away stack on the test ports, every suite against it, one summary.

Usage: scripts/test [SUITE ...]   (suites: pgtap pytest vitest auth playwright size bench; default: all)
       scripts/test --faults [...]  (the fault run, bench/faults.py: a stack of its own, not the suites)

Nothing is started unless every program needed is installed and every port of the block is free.
Every process started dies with the run (lifetime.py, watchdog.py); the run ends by checking that
none is left and no port of its block is held, and fails naming them (leftovers.py)."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from . import leftovers, preflight
from .config import ROOT, test_config, test_port_base
from .cpu_use import trees_cpu_seconds
from .lifetime import report_sessions_to, started_sessions
from .schedule import run_suites
from .services import build_app
from .stack import say, start_stack
from .suites import SUITE_NAMES, SuiteResult, all_suites, prepare_pgtap
from .supervisor import (
    StackError,
    Supervisor,
    only_note_termination_signals,
    raise_on_termination_signals,
    received_signal,
)
from .username_sites import fake_username_sites
from .watchdog import Watchdog

SLOWEST_SHOWN = 10


def print_summary(results: list[SuiteResult], problems: list[str], seconds: float) -> None:
    print("\n\033[1m══ summary ══\033[0m")
    for r in results:
        mark = "\033[32mok  \033[0m" if r.ok else "\033[31mFAIL\033[0m"
        print(
            f"  {mark} {r.name:<11} {r.passed:>4} passed {r.failed:>3} failed {r.skipped:>3} skipped"
            f"  ({r.seconds:.0f}s, cpu {r.cpu_seconds:.0f}s)"
        )
        # CI keeps only the end of the output: name what failed here, not only far above.
        for name in r.counts.failed_names[:15]:
            print(f"         \033[31m✗\033[0m {name[:200]}")
    slowest = sorted(
        ((seconds, r.name, name) for r in results for name, seconds in r.counts.durations.items()), reverse=True
    )[:SLOWEST_SHOWN]
    if slowest:
        print(f"  the {len(slowest)} slowest tests:")
        for test_seconds, suite, name in slowest:
            print(f"    {test_seconds:6.1f}s  {suite:<10} {name[:160]}")
    problems = [problem for r in results for problem in r.problems] + problems
    for problem in problems:
        print(f"  \033[31m✗\033[0m {problem}")
    print(f"  total time {seconds:.0f}s")
    passed, failed = sum(r.passed for r in results), sum(r.failed for r in results)
    skipped = sum(r.skipped for r in results)
    # A problem (a skip without a listed reason, a count other than the listed one, a process or port
    # left behind) fails the run.
    print(f"\nSummary: {passed} passed, {failed + len(problems)} failed, {skipped} skipped", flush=True)


def left_behind(mark: str, base: int, within: float = 10) -> list[str]:
    """Processes of the run still running `within` seconds after the end, ports of its block still held:
    each named, the processes stopped."""
    processes = leftovers.wait_until_gone(mark, started_sessions(), exclude={os.getpid()}, within=within)
    leftovers.stop(processes)
    return [f"left running, now stopped: {process}" for process in processes] + [
        f"still held after the run: {port}" for port in leftovers.held_ports(base)
    ]


def temp_files_inside(data_dir: Path) -> Path:
    """What the run's processes write to a temporary directory (pytest's, the e2e specs' files,
    Chromium's profiles, the benchmarks' stack) goes inside the run's data, removed with it: runs
    one after another never fill /tmp. Open to all, as /tmp is: the postgres OS user writes there too."""
    inside = data_dir / "tmp"
    inside.mkdir()
    inside.chmod(0o1777)
    os.environ["TMPDIR"] = str(inside)
    return inside


def main(argv: list[str]) -> int:
    if argv[:1] == ["--faults"]:  # the fault run starts and stops a stack of its own
        os.chdir(ROOT)
        os.execv(sys.executable, [sys.executable, "-m", "bench.faults", *argv[1:]])
    started = time.monotonic()
    names = SUITE_NAMES
    unknown = set(argv) - set(names)
    if unknown:
        say(f"unknown suite(s): {', '.join(sorted(unknown))}")
        return 2
    base = test_port_base()
    os.environ["TOOLKIT_TEST_PORT_BASE"] = str(base)  # the runner's own tests use the ports the stack leaves free
    cannot = preflight.problems([name for name in names if not argv or name in argv], base)
    if cannot:
        for problem in cannot:
            say(f"error: {problem}")
        return 2
    # The postgres OS user must be able to reach the cluster inside the temp directory.
    data_dir = Path(tempfile.mkdtemp(prefix="toolkit-test-"))
    os.chmod(data_dir, 0o755)
    temp_files_inside(data_dir)
    # Two of the BFF, redirect service and Auth: the replicas tests balance them (bff/tests/replicas/).
    cfg = test_config(data_dir, replicas=2)
    selected = [s for s in all_suites(cfg) if not argv or s.name in argv]
    mark = leftovers.new_mark()
    os.environ[mark] = "1"  # every process the run starts, and theirs, carries it
    raise_on_termination_signals()
    watchdog = Watchdog(mark, data_dir)
    report_sessions_to(watchdog.tell)
    sup = Supervisor(cfg.log_dir)
    results: list[SuiteResult] = []
    failure = None
    try:
        # The browser suites need app/dist; skipping the build keeps API-only runs fast (the one pytest
        # test that reads the build through the gateway builds it itself: scripts/tests/test_stack.py).
        if {"playwright", "size"} & {s.name for s in selected}:
            say("building the app" if build_app() else "app build is current")
        # The BFF reads its site list at start. A run of only stack-free suites (lint) starts none.
        if any(s.needs_stack for s in selected):
            with fake_username_sites(cfg, sup):
                start_stack(cfg, sup, durable=False)
            prepare_pgtap(cfg)
        run_suites(selected, results, stack_cpu=lambda: trees_cpu_seconds([s.process.pid for s in sup.services]))
    except StackError as exc:
        failure = f"error: {exc}"
    except KeyboardInterrupt:
        failure = f"interrupted ({received_signal() or 'SIGINT'}): stopping everything the run started"
    finally:
        only_note_termination_signals()  # a second Ctrl-C must not cut the clean-up short
        if failure:
            say(failure)
        sup.stop_all()
        if os.environ.get("TOOLKIT_KEEP_TEST_DATA"):
            say(f"test data kept in {data_dir}")
        else:
            shutil.rmtree(data_dir, ignore_errors=True)
        left = left_behind(mark, base)
        watchdog.done()
    print_summary(results, left, time.monotonic() - started)
    if received_signal():
        say(f"stopped by {received_signal()}")
        return 130
    return 1 if failure or left or not all(r.ok for r in results) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
