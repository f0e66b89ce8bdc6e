"""Tool jobs run in bounded child processes (toolkit_bff/jobs/child_jobs.py): deadline, memory, CPU and
output limits, the process tree killed, scratch removed, concurrent-job caps."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Blueprint, Flask, jsonify
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from fixtures.redirect_support import until
from fixtures.tools_support import assert_json_error
from toolkit_bff import create_app
from toolkit_bff.jobs.child_jobs import run_as_job
from toolkit_bff.jobs.job_pool import close_job_pool
from toolkit_bff.jobs.limits import Deadline
from toolkit_bff.jobs.processes import run_program
from toolkit_bff.jobs.scratch import remove_stale_scratch
from toolkit_bff.jobs.sessions import session_members

# Views that misbehave on purpose, run through the same wrapper as the real tools.
probe = Blueprint("job_probe", __name__)
PID_FILE = "job.pid"


@probe.post("/probe/hang")
def hang():
    Path(os.environ["PROBE_DIR"], PID_FILE).write_text(str(os.getpid()))
    subprocess.Popen(["sleep", "300"])  # a grandchild: must die with the job
    run_program(["sleep", "300"], Deadline(300), cwd=Path("/"))  # in its own process group
    return jsonify(ok=True)


@probe.post("/probe/allocate")
def allocate():
    hoard = bytearray(3 * 2**30)  # more than the job's memory limit
    return jsonify(size=len(hoard))


@probe.post("/probe/spin")
def spin():
    while True:
        pass


@probe.post("/probe/hold")
def hold():
    """Says it started (a file per job), then runs until the test creates `release` (at most 30 s)."""
    Path(os.environ["PROBE_DIR"], f"started-{os.getpid()}").touch()
    release = Path(os.environ["PROBE_DIR"], "release")
    for _ in range(600):
        if release.exists():
            break
        time.sleep(0.05)
    return jsonify(ok=True)


@probe.post("/probe/daemon")
def daemon():
    """Starts a program in a session of its own (out of reach of a kill by session) and answers."""
    program = subprocess.Popen(["setsid", "sleep", "300"])
    Path(os.environ["PROBE_DIR"], "daemon.pid").write_text(str(program.pid))
    return jsonify(ok=True)


@probe.post("/probe/scratch")
def scratch():
    import tempfile

    return jsonify(tmp=tempfile.gettempdir(), omp=os.environ.get("OMP_THREAD_LIMIT"), pid=os.getpid())


@pytest.fixture
def probe_client(tools_app, tmp_path, monkeypatch):
    monkeypatch.setenv("PROBE_DIR", str(tmp_path))
    tools_app.register_blueprint(probe)
    for endpoint in list(tools_app.view_functions):
        if endpoint.startswith("job_probe."):
            tools_app.view_functions[endpoint] = run_as_job(tools_app.view_functions[endpoint])
    return tools_app.test_client()


def test_deadline_kills_the_whole_process_tree(tools_app, probe_client, tmp_path):
    tools_app.config["TOOLS_JOB_TIMEOUT"] = 2
    response = probe_client.post("/probe/hang")
    error = assert_json_error(response, 422, "job_timeout")
    assert "2 s time limit" in error["message"]
    job_pid = int((tmp_path / PID_FILE).read_text())
    assert session_members(job_pid) == []  # the job, its sleep and run_program's sleep are gone


def test_a_program_an_answered_job_left_running_is_killed_even_outside_its_session(probe_client, tmp_path):
    assert probe_client.post("/probe/daemon").status_code == 200
    program = int((tmp_path / "daemon.pid").read_text())

    def gone() -> bool:
        try:
            with open(f"/proc/{program}/stat") as stat:
                return stat.read().rpartition(")")[2].split()[0] == "Z"  # dead, not yet reaped
        except OSError:  # no entry, or gone between the open and the read (ESRCH: failed once in a clean-clone run)
            return True

    assert until(gone, within=10)


def test_memory_limit(tools_app, probe_client):
    tools_app.config["TOOLS_JOB_MEMORY_BYTES"] = 256 * 2**20
    error = assert_json_error(probe_client.post("/probe/allocate"), 422, "job_memory_limit")
    assert "256 MB memory limit" in error["message"]


def test_cpu_time_limit(tools_app, probe_client):
    tools_app.config.update(TOOLS_JOB_CPU_SECONDS=1, TOOLS_JOB_TIMEOUT=30)
    error = assert_json_error(probe_client.post("/probe/spin"), 422, "job_cpu_limit")
    assert "1 s CPU-time limit" in error["message"]


def test_job_gets_private_scratch_and_one_tesseract_thread(probe_client, tools_app):
    answer = probe_client.post("/probe/scratch").get_json()
    assert answer["pid"] != os.getpid()
    assert answer["tmp"].startswith(tools_app.config["TOOLS_TMP_DIR"])
    assert answer["omp"] == "1"
    assert not Path(answer["tmp"]).exists()  # removed with the job


def test_stale_scratch_of_dead_workers_is_removed_at_start(tmp_path):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f"toolkit-job-{dead.pid}-abc"
    live = tmp_path / f"toolkit-job-{os.getpid()}-def"
    for path in (stale, live):
        (path / "tmp").mkdir(parents=True)
    assert remove_stale_scratch(tmp_path) == [stale]
    assert live.exists() and not stale.exists()


def _started() -> int:
    return len(list(Path(os.environ["PROBE_DIR"]).glob("started-*")))


class Held:
    """A /probe/hold job in a thread, returned once the job runs, so every slot it needs is taken
    (waiting on the job, not on time, so a loaded machine cannot reorder requests)."""

    def __init__(self, client_factory: Callable[[], FlaskClient], headers: dict[str, str]) -> None:
        self.response: TestResponse | None = None
        before = _started()
        self.thread = threading.Thread(target=self._send, args=(client_factory, headers))
        self.thread.start()
        for _ in range(600):
            if _started() > before or not self.thread.is_alive():
                break
            time.sleep(0.05)

    def _send(self, client_factory: Callable[[], FlaskClient], headers: dict[str, str]) -> None:
        self.response = client_factory().post("/probe/hold", headers=headers)

    def result(self) -> TestResponse:
        self.thread.join()
        assert self.response is not None, "the request raised (its thread printed why)"
        return self.response


def test_a_full_worker_answers_503_busy(tools_app, probe_client, tmp_path):
    tools_app.config.update(TOOLS_MAX_JOBS_PER_WORKER=1, TOOLS_MAX_JOBS_PER_CLIENT=5)
    tools_app.extensions.pop("tool_job_slots", None)
    held = Held(tools_app.test_client, {"X-Forwarded-For": "198.51.100.1"})
    second = tools_app.test_client().post("/probe/hold", headers={"X-Forwarded-For": "198.51.100.2"})
    (tmp_path / "release").touch()
    assert held.result().status_code == 200
    error = assert_json_error(second, 503, "busy")
    assert error["message"] == "The server is busy with other jobs right now. Try again in a few seconds."
    assert second.headers["Retry-After"] == "5"


def test_jobs_per_client_are_capped_ipv6_by_64(tools_app, probe_client, tmp_path):
    tools_app.config.update(TOOLS_MAX_JOBS_PER_WORKER=5, TOOLS_MAX_JOBS_PER_CLIENT=1)
    tools_app.extensions.pop("tool_job_slots", None)
    first = Held(tools_app.test_client, {"X-Forwarded-For": "2001:db8:1:2::1"})
    same_64 = tools_app.test_client().post("/probe/hold", headers={"X-Forwarded-For": "2001:db8:1:2:ffff::9"})
    other_client = Held(tools_app.test_client, {"X-Forwarded-For": "2001:db8:1:3::1"})
    (tmp_path / "release").touch()
    assert first.result().status_code == 200 and other_client.result().status_code == 200
    error = assert_json_error(same_64, 429, "too_many_jobs")
    assert "at most 1 may run at once per client" in error["message"]


KILLED_WORKER = """
import os, sys, threading
from pathlib import Path
from flask import Blueprint, jsonify
from toolkit_bff import create_app
from toolkit_bff.jobs.child_jobs import run_as_job

bp = Blueprint("sleepy", __name__)

@bp.post("/sleepy")
def sleepy():
    Path(sys.argv[1], "job.pid").write_text(str(os.getpid()))
    threading.Event().wait(300)
    return jsonify(ok=True)

app = create_app({"TESTING": True, "JWT_SECRET": "x" * 32, "DATABASE_URL": "postgresql://nobody@127.0.0.1:9/none",
                  "TOOLS_TMP_DIR": sys.argv[1]})
app.register_blueprint(bp)
app.view_functions["sleepy.sleepy"] = run_as_job(app.view_functions["sleepy.sleepy"])
app.test_client().post("/sleepy")
"""


def test_a_killed_worker_takes_its_job_along_and_its_scratch_goes_at_the_next_start(tmp_path):
    scratch = tmp_path / "worker-scratch"
    scratch.mkdir()
    bff_dir = Path(__file__).resolve().parents[2]
    worker = subprocess.Popen(
        [sys.executable, "-c", KILLED_WORKER, str(scratch)], cwd=bff_dir, env={**os.environ, "PYTHONPATH": str(bff_dir)}
    )
    pid_file = scratch / "job.pid"
    for _ in range(300):
        if pid_file.exists() and pid_file.read_text():
            break
        time.sleep(0.1)
    job_pid = int(pid_file.read_text())
    assert session_members(job_pid) == [job_pid]
    worker.kill()  # SIGKILL: the worker cleans up nothing
    worker.wait()
    for _ in range(50):
        if not session_members(job_pid):
            break
        time.sleep(0.1)
    assert session_members(job_pid) == []  # the job died with its worker
    left = list(scratch.glob("toolkit-job-*"))
    assert len(left) == 1  # its scratch is still there…
    app = create_app(
        {
            "TESTING": True,
            "JWT_SECRET": "x" * 32,
            "DATABASE_URL": "postgresql://nobody@127.0.0.1:9/none",
            "TOOLS_TMP_DIR": str(scratch),
        }
    )  # …until the next worker starts
    app.extensions["db_pool"].close()
    assert list(scratch.glob("toolkit-job-*")) == []


def _probe_app(tmp_path: Path, **config: object) -> Flask:
    app = create_app(
        {
            "TESTING": True,
            "JWT_SECRET": "x" * 32,
            "DATABASE_URL": "postgresql://nobody@127.0.0.1:9/none",
            "TOOLS_TMP_DIR": str(tmp_path),
            **config,
        }
    )
    app.register_blueprint(probe)
    app.view_functions["job_probe.hold"] = run_as_job(app.view_functions["job_probe.hold"])
    return app


def test_the_per_client_cap_holds_across_workers_through_the_shared_store(tmp_path, monkeypatch):
    """Two apps play two gunicorn workers counting in the stack's Redis."""
    monkeypatch.setenv("PROBE_DIR", str(tmp_path))
    store = os.environ["TOOLKIT_TEST_RATE_LIMIT_STORE"]
    worker_a, worker_b = (
        _probe_app(tmp_path, RATELIMIT_STORAGE_URI=store, RATELIMIT_ENABLED=False, TOOLS_MAX_JOBS_PER_CLIENT=1)
        for _ in range(2)
    )
    headers = {"X-Forwarded-For": f"203.0.113.{os.getpid() % 250 + 1}"}
    held = Held(worker_a.test_client, headers)
    elsewhere = worker_b.test_client().post("/probe/hold", headers=headers)
    (tmp_path / "release").touch()
    assert held.result().status_code == 200
    assert_json_error(elsewhere, 429, "too_many_jobs")
    # Released on both: the client may start a job again on either worker.
    assert worker_b.test_client().post("/probe/hold", headers=headers).status_code == 200
    for app in (worker_a, worker_b):
        close_job_pool(app)
        app.extensions["db_pool"].close()
