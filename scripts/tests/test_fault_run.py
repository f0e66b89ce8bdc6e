"""The fault run (./scripts/test --faults, bench/faults.py) never works against a stack it did not
start: a port of its range already in use stops it before it starts or creates anything. A row of
its table holds only when the load it is about ran."""

import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from bench.fault_load import Outcome, Record
from bench.fault_table import load_problems

ROOT = Path(__file__).resolve().parents[2]


def test_the_fault_run_refuses_a_port_range_in_use():
    with socket.create_server(("127.0.0.1", 0)) as held:  # as a running stack's service would
        base = held.getsockname()[1]
        before = set(Path(tempfile.gettempdir()).glob("toolkit-faults-*"))
        run = subprocess.Popen(
            [sys.executable, "-m", "bench.faults", "--only", "redis"],
            cwd=ROOT,
            env={**os.environ, "FAULTS_PORT_BASE": str(base)},
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            _, stderr = run.communicate(timeout=30)
        except subprocess.TimeoutExpired:  # it went ahead: SIGTERM, on which it stops all it started
            run.terminate()
            _, stderr = run.communicate(timeout=180)
        assert run.returncode == 1, stderr
        assert f"port {base} is already in use by" in stderr
        assert f"pid {os.getpid()}" in stderr  # names the process holding it
        assert "starting a stack" not in stderr
        assert set(Path(tempfile.gettempdir()).glob("toolkit-faults-*")) == before  # nothing made


def _answer(kind: str, ended: float, ok: bool = True) -> Outcome:
    return Outcome(kind, ended - 0.01, ended, ok, "302" if ok else "503 database_unavailable")


def test_a_fault_row_holds_only_when_its_load_ran_before_during_and_after_the_fault():
    """A case whose clients got nothing through (a link that does not redirect, writes all refused)
    proves nothing about the fault: its row must fail, saying what did not run."""
    fault_at, fault_end = 10.0, 12.0
    ran = Record(
        [_answer("redirect", t) for t in (9, 11, 13)]
        + [_answer("paste", t) for t in (9, 13)]
        + [_answer("paste", 11, ok=False)]
    )
    assert load_problems(ran, ["redirect", "paste"], fault_at, fault_end) == []
    assert load_problems(Record(), ["redirect"], fault_at, fault_end) == [
        "no successful redirect before the fault",
        "no successful redirect after the fault",
        "no successful redirect while the fault lasted",
    ]
    only_errors_during = Record([_answer("redirect", 9), _answer("redirect", 11, ok=False), _answer("redirect", 13)])
    assert load_problems(only_errors_during, ["redirect"], fault_at, fault_end) == [
        "no successful redirect while the fault lasted"
    ]
    assert load_problems(only_errors_during, ["redirect"], fault_at, fault_end, during=False) == []
    no_writes_after = Record(
        [_answer("redirect", 9), _answer("redirect", 11), _answer("redirect", 13), _answer("paste", 9)]
    )
    assert load_problems(no_writes_after, ["redirect", "paste"], fault_at, fault_end) == [
        "no successful paste after the fault"
    ]
