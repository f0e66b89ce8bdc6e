"""Running one suite: its own process group, its output streamed (or kept until it ends, for a suite
run beside another), counted and checked against the two lists (honesty.py)."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from .honesty import (
    ALLOWED_SKIPS,
    EXPECTED_COUNTS,
    count_problems,
    load_allowed_skips,
    load_expected_counts,
    skip_problems,
)
from .lifetime import child_setup, record_session, termination_deferred
from .suites import Suite, SuiteResult, narrowed_by

ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
OUTPUT = threading.Lock()  # one suite's lines, or another's whole block, at a time


def say_lines(lines: list[str]) -> None:
    with OUTPUT:
        sys.stdout.write("".join(lines))
        sys.stdout.flush()


def stop_group(proc: subprocess.Popen[str], grace: float = 30) -> None:
    """SIGTERM first: a runner that started processes in sessions of their own (the bench suite's
    stack) stops them itself; then SIGKILL whatever of the group is left."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        pass
    except ProcessLookupError:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def _reap(proc: subprocess.Popen[str]) -> float:
    """Wait for the suite's process; the CPU seconds it and every descendant it reaped used."""
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime


def run_suite(
    suite: Suite,
    allowed_skips: Path = ALLOWED_SKIPS,
    expected_counts: Path = EXPECTED_COUNTS,
    *,
    stream: bool = True,
    stack_cpu: Callable[[], float] | None = None,
    started_process: Callable[[subprocess.Popen[str]], None] | None = None,
) -> SuiteResult:
    """`stream`: print each line as it comes (else all of them when the suite ends); `stack_cpu`: the
    CPU seconds of the stack serving this suite so far, to count its share; `started_process`: told
    of the suite's process, for whoever must be able to stop it."""
    header = f"\n\033[1;35m══ {suite.name} ══\033[0m\n"
    if stream:
        say_lines([header])
    started, stack_before = time.monotonic(), stack_cpu() if stack_cpu else 0.0
    # Own process group, so an interrupted run can stop the suite and what it spawned (node, chromium);
    # it gets SIGTERM if the runner dies, and is recorded before any signal is handled (lifetime.py).
    with termination_deferred():
        proc = subprocess.Popen(
            suite.cmd,
            cwd=suite.cwd,
            env={**os.environ, **(suite.env or {})},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
            preexec_fn=child_setup(signal.SIGTERM),
        )
        record_session(proc.pid)
    assert proc.stdout is not None  # stdout=PIPE: Popen always opens it
    if started_process:
        started_process(proc)
    lines = []
    with proc:
        try:
            for line in proc.stdout:  # stream while keeping a copy to count from
                if stream:
                    say_lines([line])
                lines.append(line)
            cpu = _reap(proc)
        except BaseException:
            stop_group(proc)
            raise
    if not stream:
        say_lines([header, *lines])
    cpu += stack_cpu() - stack_before if stack_cpu else 0.0
    counts = suite.count(ANSI_ESCAPE.sub("", "".join(lines)))
    if proc.returncode != 0 and counts.failed == 0:
        counts.failed = 1  # the runner failed without a countable test failure (crash, build error)
    problems = skip_problems(suite.name, counts, load_allowed_skips(allowed_skips)) + count_problems(
        suite.name, counts, load_expected_counts(expected_counts), narrowed_by(suite)
    )
    return SuiteResult(suite.name, counts, proc.returncode, time.monotonic() - started, problems, cpu)
