"""Checks of the benchmark machinery itself, run by the smoke suite beside the benchmarks:
- a benchmark started while another stack holds its ports takes the next free block and says why;
  asked for a held block with --port-base, it names the port and its holder and starts nothing;
- interrupted (SIGINT or SIGTERM) while its stack starts, it stops every process it started;
- a benchmark whose load fails reports FAIL (here: OCR jobs refused because an admin disabled the
  page, a condition a real deployment can be in);
- the report: results file, Markdown and one chart per benchmark; a later run compares with it and
  flags a figure that got more than 20 % worse.
Each returns (ok, detail), or a list of (name, ok, detail)."""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from scripts.stack import postgres

from . import redirect_under_ocr
from .compare import compare
from .cpu import descendants, processes
from .result import JsonObject, Result
from .runner import run_one
from .stack import BLOCK, Stack, taken_port

# run.save with the run's own settings: (results, out, stamp, charts) -> (report path, document)
SaveResults = Callable[[list[Result], Path, str, bool], tuple[Path, JsonObject]]

ROOT = Path(__file__).resolve().parents[1]
CHILD = [sys.executable, "-m", "bench.realtime", "--smoke"]  # any benchmark: the harness is the same


class Child:
    """A benchmark run alone in a subprocess, its stderr read line by line."""

    def __init__(self, args: list[str], env: dict[str, str]):
        self.parent = Path(tempfile.mkdtemp(prefix="toolkit-bench-child-"))
        self.parent.chmod(0o755)  # the postgres OS user must reach the cluster inside
        self.work = self.parent / "work"
        self.lines: list[str] = []
        self.process = subprocess.Popen(
            [*CHILD, *args],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **env, "BENCH_WORK": str(self.work)},
        )
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stderr is not None  # stderr=PIPE: Popen always opens it
        for line in self.process.stderr:
            self.lines.append(line.rstrip())

    def wait_for(self, text: str, timeout: float = 180) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and self.process.poll() is None:
            if any(text in line for line in self.lines):
                return True
            time.sleep(0.05)
        return any(text in line for line in self.lines)

    def output(self) -> str:
        return "\n".join(self.lines[-8:])

    def stop(self) -> None:
        if self.process.poll() is None:  # a failed check must not leave the child running
            self.process.terminate()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.parent, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


class Interruption:
    """A benchmark started alone while the shared stack holds its block: it must move to another
    block; sent `sig` once it said `after`, it must exit 130 and leave no process, port or directory."""

    def __init__(self, sig: int, after: str, shared: Stack):
        self.sig, self.after, self.shared = sig, after, shared
        self.child = Child([], {"BENCH_PORT_BASE": str(shared.base)})

    def started(self) -> bool:
        return self.child.wait_for(self.after)

    def chose_its_block(self) -> bool:
        return self.child.wait_for("bench stack on ports")

    def interrupt(self) -> tuple[bool, str]:
        child, shared = self.child, self.shared
        if not self.started():
            return False, f"never said {self.after!r}:\n{child.output()}"
        moved = [line for line in child.lines if f"ports {shared.base}–" in line and "not free" in line]
        block = next(
            (int(m.group(1)) for line in child.lines if (m := re.search(r"bench stack on ports (\d+)", line))), None
        )
        tree = descendants(processes(), [child.process.pid]) - {child.process.pid}
        recorded = (child.work / "pids").read_text().split() if (child.work / "pids").exists() else []
        child.process.send_signal(self.sig)
        code = child.process.wait(timeout=120)
        time.sleep(0.5)  # orphans are reaped by init
        left = sorted(pid for pid in tree if _alive(pid))
        port = taken_port(block) if block is not None else None
        problems = (
            ([f"did not say the shared block {shared.base} was taken"] if not moved else [])
            + ([f"used the shared block {block}"] if block == shared.base else [])
            + ([f"exit status {code}, not 130"] if code != 130 else [])
            + ([f"{len(recorded)} services recorded in its pids file"] if not recorded else [])
            + ([f"processes still running: {left}"] if left else [])
            + ([f"port {port} still in use"] if port is not None else [])
            + ([f"{child.work} still exists"] if child.work.exists() else [])
        )
        detail = f"{len(tree)} processes ({len(recorded)} services) on ports {block}–{(block or 0) + BLOCK - 1}"
        return not problems, "; ".join(problems) or detail + ": all stopped, block free, data removed"


def interruptions(shared: Stack) -> list[tuple[str, bool, str]]:
    """SIGINT while Postgres starts, SIGTERM once Auth is up. The second run starts while the first
    one's Postgres holds its block (so it moves past both blocks), which overlaps their start-ups."""
    first = Interruption(signal.SIGINT, "postgres ready", shared)
    second = None
    try:
        if first.started():
            second = Interruption(signal.SIGTERM, "auth ready", shared)
            second.chose_its_block()
        outcomes = [("sigint-while-starting", *first.interrupt())]
        if second is None:
            return [*outcomes, ("sigterm-while-starting", False, "not run: the first run never started")]
        return [*outcomes, ("sigterm-while-starting", *second.interrupt())]
    finally:
        for run in (first, second):
            if run is not None:
                run.child.stop()


def explicit_block_taken(shared: Stack) -> tuple[bool, str]:
    child = Child(["--port-base", str(shared.base)], {})
    try:
        code = child.process.wait(timeout=120)
        child.reader.join(timeout=5)
        named = [line for line in child.lines if "already in use by" in line and f"block {shared.base}–" in line]
        started = [line for line in child.lines if "ready on" in line]
        ok = code == 1 and bool(named) and not started
        return ok, named[0].split("error: ", 1)[-1] if ok else f"exit {code}:\n{child.output()}"
    finally:
        child.stop()


def failed_load_reports_fail(shared: Stack) -> tuple[bool, str]:
    def set_page(disabled: bool) -> None:
        with postgres.superuser_connection(shared.cfg) as conn:
            conn.execute(
                "update public.page_settings set is_disabled = %s where page_key = 'image-to-text'", (disabled,)
            )

    set_page(True)
    try:
        result = run_one(redirect_under_ocr, shared, "smoke")
    finally:
        set_page(False)
    failed = [c for c in result.checks if not c.ok]
    ok = not result.ok and any("page_disabled" in c.detail for c in failed)
    return ok, "; ".join(result.problems()) if ok else f"reported {'PASS' if result.ok else result.problems()}"


def report_and_comparison(results: list[Result], save: SaveResults) -> tuple[bool, str]:
    """`save(results, out, stamp, charts) -> (report path, document)` into a scratch directory; the
    second run (without charts), with one figure made 30 % worse, must name the first and flag
    exactly that figure. Then that benchmark FAILs in a third run: a fourth, made worse again, must
    not compare with the figures of the failed one."""
    with tempfile.TemporaryDirectory(prefix="toolkit-bench-report-") as out:
        first_report, first = save(results, Path(out), "2000-01-01-0000", True)
        worse = copy.deepcopy(results)
        target = next(r for r in worse if r.figures)
        key, fig = next(iter(target.figures.items()))
        fig.value = fig.value * 1.3 if fig.better == "lower" else fig.value / 1.3
        second_report, second = save(worse, Path(out), "2000-01-01-0001", False)
        charts = sorted(
            p.name for p in (first_report.with_suffix("")).glob("*.png") if p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        )
        wanted = sorted(f"{r.name}.png" for r in results if r.charts)
        flagged = [(c["benchmark"], c["figure"]) for c in second["comparison"] if c["flagged"]]
        problems = (
            ([f"charts {charts}, wanted {wanted}"] if charts != wanted else [])
            + (
                ["the report misses a benchmark"]
                if any(r.title not in first_report.read_text() for r in results)
                else []
            )
            + (
                [f"second run compared with {second['previous']}"]
                if second["previous"] != first_report.with_suffix(".json").name
                else []
            )
            + ([f"flagged {flagged}, wanted {[(target.name, key)]}"] if flagged != [(target.name, key)] else [])
            + (["the first run flagged something"] if any(c["flagged"] for c in compare(first, None)) else [])
            + (["the flag is not in the report"] if "⚠" not in second_report.read_text() else [])
        )
        json.loads(first_report.with_suffix(".json").read_text())
        failed = copy.deepcopy(worse)
        next(r for r in failed if r.name == target.name).check("a load check", False, "made to fail")
        save(failed, Path(out), "2000-01-01-0002", False)
        _, fourth = save(worse, Path(out), "2000-01-01-0003", False)
        compared = {c["benchmark"] for c in fourth["comparison"]}
        problems += ([f"compared with the failed {target.name}"] if target.name in compared else []) + (
            ["the others were not compared"] if len(results) > 1 and not compared else []
        )
        return not problems, "; ".join(problems) or (
            f"{len(charts)} charts; {target.name} {key} 30 % worse was flagged; a failed run is no baseline"
        )
