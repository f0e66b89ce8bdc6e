"""The runner's schedule (scripts/stack/schedule.py) on real processes: a suite that changes nothing
in the test stack runs while the others run, its output kept in one block; a suite that needs the
machine to itself starts only once those have ended; an interrupted run stops the suite beside too."""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from functools import partial
from pathlib import Path

import pytest

from stack.schedule import run_suites
from stack.suite_run import run_suite
from stack.suites import Suite
from stack.test_counts import Counts

# Waits for a file another suite makes; gives up after a minute (the suites did not run side by side).
WAIT_FOR = (
    "import os, sys, time\nend = time.monotonic() + 60\nwhile not os.path.exists(sys.argv[1]):\n"
    "    if time.monotonic() > end: sys.exit('never came: ' + sys.argv[1])\n    time.sleep(0.05)\n"
)


def python_suite(name: str, code: str, *args: str, **flags) -> Suite:
    return Suite(
        name, [sys.executable, "-c", code, *args], Path.cwd(), lambda out: Counts(passed=out.count("ok")), **flags
    )


@pytest.fixture
def run(tmp_path):
    (tmp_path / "skips.json").write_text("{}")
    (tmp_path / "counts.json").write_text(json.dumps({"pytest": 1, "vitest": 1, "playwright": 1}))
    return partial(run_suite, allowed_skips=tmp_path / "skips.json", expected_counts=tmp_path / "counts.json")


def test_a_suite_beside_runs_while_the_others_run_and_one_alone_waits_for_it(tmp_path, run, capsys):
    started, beside_done, beside_pid = (str(tmp_path / name) for name in ("started", "beside-done", "beside.pid"))
    # In order: says it started, then waits until the suite beside has done its part (it would wait
    # for ever if the two ran one after the other).
    first = python_suite(
        "pytest",
        "import pathlib, sys\npathlib.Path(sys.argv[1]).touch()\n"
        + WAIT_FOR.replace("sys.argv[1]", "sys.argv[2]")
        + "print('ok')",
        started,
        beside_done,
    )
    beside = python_suite(
        "vitest",
        WAIT_FOR + "import pathlib\npathlib.Path(sys.argv[2]).write_text(str(os.getpid()))\n"
        "print('line one')\nprint('ok')\npathlib.Path(sys.argv[3]).touch()",
        started,
        beside_pid,
        beside_done,
        beside_others=True,
    )
    # Alone: the suite beside has ended (its process reaped) by the time it starts.
    alone = python_suite(
        "playwright",
        "import os, sys\npid = open(sys.argv[1]).read()\n"
        "print('ok' if not os.path.exists(f'/proc/{pid}') else 'beside still running')",
        beside_pid,
        alone=True,
    )
    results = []
    run_suites([first, beside, alone], results, stack_cpu=lambda: 0.0, run=run)
    assert [(r.name, r.ok) for r in results] == [("pytest", True), ("vitest", True), ("playwright", True)]
    out = capsys.readouterr().out
    assert "══ vitest ══\x1b[0m\nline one\nok\n" in out  # its output in one block, after its header


def test_an_interrupted_run_stops_the_suite_beside(tmp_path, run):
    beside_pid = tmp_path / "beside.pid"
    beside = python_suite(
        "vitest",
        "import os, sys, time\nopen(sys.argv[1], 'w').write(str(os.getpid()))\ntime.sleep(600)",
        str(beside_pid),
        beside_others=True,
    )
    interrupting = python_suite("pytest", WAIT_FOR + "raise SystemExit(0)", str(beside_pid))

    def interrupt_once_beside_started(suite, **kwargs):
        if suite.name == "pytest":
            run(suite, **kwargs)  # returns once the suite beside has started
            raise KeyboardInterrupt
        return run(suite, **kwargs)

    results = []
    with pytest.raises(KeyboardInterrupt):
        run_suites([interrupting, beside], results, stack_cpu=lambda: 0.0, run=interrupt_once_beside_started)
    pid = int(beside_pid.read_text())
    deadline = time.monotonic() + 30
    while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not os.path.exists(f"/proc/{pid}")
    assert threading.active_count() == 1 or not any(
        t.name == "suites-beside" and t.is_alive() for t in threading.enumerate()
    )
