"""Which suite runs when. The suites that change nothing in the test stack (Suite.beside_others:
Vitest, the bundle size, the benchmarks' smoke run on a stack of their own) run one after another
in a thread of their own while the others run in order, so the cores the stack's suites leave idle
(waiting on Postgres, LibreOffice, a browser) are used; their output is printed as each ends. A
suite that needs the machine to itself (Suite.alone: Playwright) starts once they have all ended."""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Callable

from .suite_run import run_suite, stop_group
from .suites import SUITE_NAMES, Suite, SuiteResult


class Beside(threading.Thread):
    def __init__(self, suites: list[Suite], run: Callable[..., SuiteResult]):
        super().__init__(name="suites-beside", daemon=True)
        self.suites, self.run_one = suites, run
        self.results: list[SuiteResult] = []
        self.error: BaseException | None = None
        self.current: subprocess.Popen[str] | None = None
        self.stopping = False

    def run(self) -> None:
        try:
            for suite in self.suites:
                if self.stopping:
                    return
                self.results.append(self.run_one(suite, stream=False, started_process=self._note_process))
        except BaseException as exc:  # handed to the main thread by finish()
            self.error = exc

    def _note_process(self, process: subprocess.Popen[str]) -> None:
        self.current = process
        if self.stopping:  # stopped while it was starting
            stop_group(process)

    def finish(self) -> list[SuiteResult]:
        """Wait for every suite beside; their results (once)."""
        if self.ident is not None:
            self.join()
        if self.error:
            raise self.error
        results, self.results = self.results, []
        return results

    def stop(self) -> None:
        self.stopping = True
        if self.current is not None and self.current.poll() is None:
            stop_group(self.current)
        if self.ident is not None:
            self.join(timeout=60)


def run_suites(
    selected: list[Suite],
    results: list[SuiteResult],
    stack_cpu: Callable[[], float],
    run: Callable[..., SuiteResult] = run_suite,
) -> None:
    """Every selected suite, as described above, each result added to `results` as the suite ends
    (an interrupted run keeps those). `stack_cpu`: the test stack's CPU seconds so far."""
    in_order = [suite for suite in selected if not suite.beside_others]
    beside = Beside([suite for suite in selected if suite.beside_others], run)
    if not in_order:  # nothing to run beside: in order, each streamed
        in_order, beside = beside.suites, Beside([], run)
    beside.start()
    try:
        for suite in in_order:
            if suite.alone:
                results += beside.finish()
            results.append(run(suite, stack_cpu=None if suite.beside_others else stack_cpu))
        results += beside.finish()
    except BaseException:
        beside.stop()
        results += beside.results
        raise
    results.sort(key=lambda result: SUITE_NAMES.index(result.name))
