"""./scripts/test on bad input and when killed: a port already taken, a program missing, a run
killed outright or sent SIGTERM. Each time it says which, exits non-zero and leaves nothing running;
and a run ends by naming (and stopping) any process it started that is still there, and any port of
its block still held."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path

import pytest

from stack import leftovers
from stack.run_tests import left_behind, temp_files_inside
from stack.supervisor import port_in_use

SCRIPTS = Path(__file__).resolve().parents[1]


def running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] not in ("Z", "X")
    except OSError:
        return False


def until(check, within: float = 30) -> bool:
    deadline = time.monotonic() + within
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def descendants(pid: int) -> set[int]:
    found, todo = set(), [pid]
    while todo:
        current = todo.pop()
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                children = {int(child) for child in (task / "children").read_text().split()}
            except OSError:
                continue
            todo += list(children - found)
            found |= children
    return found


@pytest.fixture
def run_tmp():
    """TMPDIR for a runner: the postgres OS user must reach the cluster inside (pytest's tmp_path is private)."""
    path = Path(tempfile.mkdtemp(prefix="toolkit-runner-test-"))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def free_block() -> int:
    """A block of 100 ports nothing holds, below the kernel's ephemeral range (as the test blocks are)."""
    for base in range(21000, 26300, 100):
        if not any(port_in_use(port) for port in range(base, base + 100)):
            return base
    pytest.fail("no free block of 100 ports between 21000 and 26299")


class Runner:
    """./scripts/test's Python part (scripts/setup is not the subject here), its stderr read as it comes."""

    def __init__(self, tmp_path: Path, base: int, env: dict[str, str] | None = None, suites=("pgtap",)):
        self.lines: list[str] = []
        self.process = subprocess.Popen(
            [sys.executable, "-m", "stack.run_tests", *suites],
            cwd=SCRIPTS,
            env={**os.environ, "TOOLKIT_TEST_PORT_BASE": str(base), "TMPDIR": str(tmp_path), **(env or {})},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.reader = threading.Thread(target=lambda: self.lines.extend(self.process.stderr), daemon=True)
        self.reader.start()

    def said(self, text: str, within: float = 240) -> bool:
        return until(
            lambda: any(text in line for line in self.lines) or self.process.poll() is not None, within
        ) and any(text in line for line in self.lines)

    def finish(self, timeout: float = 120) -> tuple[int, str]:
        code = self.process.wait(timeout=timeout)
        self.reader.join(timeout=10)
        self.process.stderr.close()
        return code, "".join(self.lines)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.finish()


def test_a_taken_port_is_named_and_nothing_starts(tmp_path):
    with socket.create_server(("127.0.0.1", 0)) as held:
        base = held.getsockname()[1]
        code, said = Runner(tmp_path, base).finish()
    assert code == 2, said
    assert f"port {base} of the block {base}–{base + 99} is already in use by" in said and f"pid {os.getpid()}" in said
    assert "ready on" not in said and not list(tmp_path.iterdir())


def test_a_missing_program_is_named_and_nothing_starts(tmp_path):
    code, said = Runner(tmp_path, free_block(), {"PATH": str(tmp_path / "no-programs-here")}).finish()
    assert code == 2, said
    assert "missing: redis-server (Debian package redis-server)" in said
    assert "missing: pg_prove (Debian package libtap-parser-sourcehandler-pgtap-perl)" in said
    assert "ready on" not in said and not list(tmp_path.iterdir())


def test_the_end_of_a_run_names_and_stops_a_process_left_behind_and_a_port_still_held():
    mark, base = leftovers.new_mark(), free_block()  # a block below the ephemeral range, as a run's is
    stray = subprocess.Popen(["sleep", "600"], env={**os.environ, mark: "1"}, start_new_session=True)
    try:
        with socket.create_server(("127.0.0.1", base + 7)):
            problems = left_behind(mark, base, within=0.5)
        assert len(problems) == 2 and problems[0] == f"left running, now stopped: sleep 600 (pid {stray.pid})"
        assert problems[1].startswith(f"still held after the run: port {base + 7} (")
        assert problems[1].endswith(f" (pid {os.getpid()}))")  # the holder named
        assert stray.wait(timeout=10) == -signal.SIGTERM
    finally:
        stray.kill()


# A runner in miniature: the watchdog, then a service that leaves a process in a session of its own
# (as LibreOffice or a browser may), then nothing more: the test kills it outright.
KILLED_RUNNER = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from stack.lifetime import report_sessions_to
    from stack.supervisor import Supervisor
    from stack.watchdog import Watchdog
    mark, directory, port = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
    os.environ[mark] = "1"
    watchdog = Watchdog(mark, directory)
    report_sessions_to(watchdog.tell)
    sup = Supervisor(directory / "logs")
    sup.start("escaper", ["sh", "-c", "setsid sleep 600 & exec sleep 600"], port=port, ready=lambda: True)
    print("started", flush=True)
    time.sleep(600)
""")


def test_the_watchdog_stops_what_a_runner_killed_outright_left_and_removes_its_data(tmp_path):
    mark, directory = leftovers.new_mark(), tmp_path / "run"
    directory.mkdir()
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    runner = subprocess.Popen(
        [sys.executable, "-c", KILLED_RUNNER, mark, str(directory), str(port)],
        cwd=SCRIPTS,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert runner.stdout.readline() == "started\n"
        assert until(lambda: len(leftovers.find(mark)) == 2, within=10)  # the service and its escaped child
        left = leftovers.find(mark)
        runner.kill()
        assert until(lambda: not any(running(process.pid) for process in left)), [str(p) for p in left]
        assert until(lambda: not directory.exists())
        runner.wait()
        assert "watchdog: the test run was killed; stopped" in runner.stderr.read()
    finally:
        runner.kill()
        runner.communicate()
        leftovers.stop(leftovers.find(mark))


@pytest.mark.parametrize(
    ("signum", "after", "code"),
    [(signal.SIGTERM, "postgres ready", 130), (signal.SIGKILL, "auth ready", -signal.SIGKILL)],
)
def test_a_run_stopped_while_its_stack_starts_leaves_no_process_port_or_directory(run_tmp, signum, after, code):
    base = free_block()
    runner = Runner(run_tmp, base)
    try:
        assert runner.said(after), "".join(runner.lines)
        tree = descendants(runner.process.pid)
        runner.process.send_signal(signum)
        assert runner.finish()[0] == code
        if signum == signal.SIGTERM:
            assert "interrupted (SIGTERM)" in "".join(runner.lines)
        assert until(lambda: not [pid for pid in tree if running(pid)]), [pid for pid in tree if running(pid)]
        assert until(lambda: not any(port_in_use(port) for port in range(base, base + 100)))
        assert until(lambda: not list(run_tmp.glob("toolkit-test-*")))
    finally:
        runner.kill()


def test_what_a_run_writes_to_a_temporary_directory_goes_with_its_data(tmp_path, monkeypatch):
    # The e2e specs' files, Chromium's profiles and pytest's directories once piled up in /tmp, run
    # after run (4 GB after a day): a run's processes now write them inside its data, removed at the end.
    monkeypatch.setenv("TMPDIR", os.environ.get("TMPDIR", "/tmp"))  # put back after the test
    inside = temp_files_inside(tmp_path)
    made = subprocess.run(
        [sys.executable, "-c", "import tempfile; print(tempfile.mkdtemp(prefix='a-suite-'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert Path(made).parent == inside == tmp_path / "tmp"
    assert inside.stat().st_mode & 0o7777 == 0o1777  # as /tmp: the postgres OS user writes there too
