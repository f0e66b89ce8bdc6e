"""Answered jobs are reaped off the request's path (toolkit_bff/jobs/reaping.py). Issue 37: under
fuzzing a BFF thread crashed with `ChildProcessError: [Errno 10] No child processes` because a job's
process had already been reaped, and what the job had left running was never killed. A process gone
before the reaper comes is done, and its session is swept all the same."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from fixtures.redirect_support import until
from toolkit_bff.jobs.job_process import JobProcess
from toolkit_bff.jobs.reaping import JobReaper, finish_job
from toolkit_bff.jobs.sessions import session_members

# Shaped like a job: it leads its own session and has started a program that stays in it.
LEAVES_A_PROGRAM = (
    "import os, subprocess, time; os.setsid(); "
    "program = subprocess.Popen(['sleep', '300']); print(program.pid, flush=True); time.sleep(300)"
)


@pytest.fixture
def job_like():
    started: list[subprocess.Popen[str]] = []

    def start() -> tuple[subprocess.Popen[str], JobProcess, int]:
        child = subprocess.Popen([sys.executable, "-c", LEAVES_A_PROGRAM], stdout=subprocess.PIPE, text=True)
        started.append(child)
        assert child.stdout  # stdout=PIPE
        program = int(child.stdout.readline())
        assert session_members(child.pid) == sorted([child.pid, program])
        return child, JobProcess.of_child(child.pid), program  # the pool holds a pidfd from its fork on

    yield start
    for child in started:
        for pid in session_members(child.pid):
            os.kill(pid, 9)
        child.kill()
        child.wait()
        if child.stdout:
            child.stdout.close()


def test_a_job_killed_and_reaped_before_the_reaper_runs_is_done_and_what_it_left_is_killed(job_like):
    child, process, program = job_like()
    child.kill()
    child.wait()  # killed, and reaped by something else, before the reaper comes
    assert session_members(child.pid) == [program]
    finish_job(process)  # no ChildProcessError
    assert session_members(child.pid) == []


def test_the_reaper_thread_finishes_such_a_job_and_keeps_reaping(job_like):
    reaper = JobReaper(grace_seconds=30)
    try:
        child, process, _program = job_like()
        child.kill()
        child.wait()
        reaper.adopt(process)
        assert until(lambda: not session_members(child.pid), within=10)
        # Still at work: the next answered job that exits is reaped (a crashed thread would leave a zombie).
        done = subprocess.Popen([sys.executable, "-c", "pass"])
        reaper.adopt(JobProcess.of_child(done.pid))
        assert until(lambda: not os.path.exists(f"/proc/{done.pid}"), within=10)
        done.wait()
    finally:
        reaper.close()


def test_an_answered_job_that_does_not_exit_is_stopped_after_the_grace(job_like):
    reaper = JobReaper(grace_seconds=0.5)
    try:
        child, process, _program = job_like()
        reaper.adopt(process)
        assert until(lambda: not session_members(child.pid), within=10)  # the job and its program
        assert until(lambda: not os.path.exists(f"/proc/{child.pid}"), within=10)  # and reaped
    finally:
        reaper.close()
