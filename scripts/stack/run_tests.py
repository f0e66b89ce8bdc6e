"""./scripts/test: a throw-away stack on the test ports, every suite against it, one summary.

Usage: scripts/test [SUITE ...]   (suites: pgtap pytest vitest auth playwright size bench; default: all)
       scripts/test --faults [...]  (the fault run, bench/faults.py: a stack of its own, not the suites)
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from .config import ROOT, test_config
from .services import build_app
from .stack import say, start_stack
from .suites import SuiteResult, all_suites, prepare_pgtap, run_suite
from .supervisor import StackError, Supervisor, raise_on_termination_signals
from .username_sites import fake_username_sites


def print_summary(results: list[SuiteResult], seconds: float) -> None:
    print("\n\033[1m══ summary ══\033[0m")
    for r in results:
        mark = "\033[32mok  \033[0m" if r.ok else "\033[31mFAIL\033[0m"
        print(f"  {mark} {r.name:<11} {r.passed:>4} passed {r.failed:>3} failed {r.skipped:>3} skipped"
              f"  ({r.seconds:.0f}s)")
        # CI keeps only the end of the output: name what failed here, not only far above.
        for name in r.counts.failed_names[:15]:
            print(f"         \033[31m✗\033[0m {name[:200]}")
    problems = [problem for r in results for problem in r.problems]
    for problem in problems:
        print(f"  \033[31m✗\033[0m {problem}")
    print(f"  total time {seconds:.0f}s")
    passed, failed = sum(r.passed for r in results), sum(r.failed for r in results)
    skipped = sum(r.skipped for r in results)
    # A problem (a skip without a listed reason, a count other than the listed one) fails the run.
    print(f"\nSummary: {passed} passed, {failed + len(problems)} failed, {skipped} skipped", flush=True)


def main(argv: list[str]) -> int:
    if argv[:1] == ["--faults"]:  # the fault run starts and stops a stack of its own
        os.chdir(ROOT)
        os.execv(sys.executable, [sys.executable, "-m", "bench.faults", *argv[1:]])
    started = time.monotonic()
    # The postgres OS user must be able to reach the cluster inside the temp directory.
    data_dir = Path(tempfile.mkdtemp(prefix="toolkit-test-"))
    os.chmod(data_dir, 0o755)
    # Two of the BFF, redirect service and Auth: the replicas tests balance them (bff/tests/replicas/).
    cfg = test_config(data_dir, replicas=2)
    suites = all_suites(cfg)
    unknown = set(argv) - {s.name for s in suites}
    if unknown:
        say(f"unknown suite(s): {', '.join(sorted(unknown))}")
        return 2
    selected = [s for s in suites if not argv or s.name in argv]
    raise_on_termination_signals()
    sup = Supervisor(cfg.log_dir)
    results: list[SuiteResult] = []
    try:
        # The browser suites need app/dist; skipping the build keeps API-only runs fast (the one pytest
        # test that reads the build through the gateway builds it itself: scripts/tests/test_stack.py).
        if {"playwright", "size"} & {s.name for s in selected}:
            say("building the app" if build_app() else "app build is current")
        # The BFF reads its site list at start.
        with fake_username_sites(cfg, sup):
            start_stack(cfg, sup, durable=False)
        prepare_pgtap(cfg)
        for suite in selected:
            results.append(run_suite(suite))
    except StackError as exc:
        say(f"error: {exc}")
        return 1
    except KeyboardInterrupt:
        say("interrupted")
        return 130
    finally:
        sup.stop_all()
        if os.environ.get("TOOLKIT_KEEP_TEST_DATA"):
            say(f"test data kept in {data_dir}")
        else:
            shutil.rmtree(data_dir, ignore_errors=True)
    print_summary(results, time.monotonic() - started)
    return 0 if all(r.ok for r in results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
