"""Inside a job process: made ready before any request comes (a warm spare of the pool), then one job,
then exit. The worker's side of the same process is job_process.py.

Ready (before the job, off the request's path): it leads a session of its own (the deadline kills
that whole session), dies with the worker (PR_SET_PDEATHSIG), runs niced, adopts every orphan of its
descendants (PR_SET_CHILD_SUBREAPER), drops its copies of the worker's sockets and pipes (the
clients' connections, the database's, other jobs' channels: none is kept open by it) and freezes the
objects it inherited out of the garbage collector's reach (a collection would otherwise copy every
page of the worker's heap).
The job (after the worker sends it): the limits the job is given (address space on top of its size,
CPU time, file size), its scratch directory as TMPDIR, the request rebuilt from the worker's environ
with the body read straight from the channel as the worker passes it on, the view run as in the
worker, its answer written as before (child_jobs.py); then every program it left running killed."""

from __future__ import annotations

import contextlib
import ctypes
import gc
import logging
import os
import pickle
import resource
import signal
import socket
import stat
import sys
import tempfile
import time
from pathlib import Path
from typing import NoReturn, TypedDict

from flask import Flask, g
from flask.ctx import RequestContext

from .job_answer import JobView, run_view_and_answer
from .limits import Limits

log = logging.getLogger(__name__)

JOB_NICENESS = 10
EXIT_ANSWERED, EXIT_FAILED, EXIT_LEFTOVERS = 0, 1, 3
_PR_SET_PDEATHSIG, _PR_SET_CHILD_SUBREAPER = 1, 36
_LEFTOVERS_GRACE_SECONDS = 2.0
_libc = ctypes.CDLL(None, use_errno=True)  # loaded in the worker: a job process never loads it

# The views that run as jobs, by key: the job names its view by key, the process finds it in the
# worker's memory it was forked with (a view wrapped after that fork is unknown to it: job_pool.py).
_JOB_VIEWS: dict[str, JobView] = {}


class Job(TypedDict):
    """What the worker sends a job process (child_jobs.start_job), pickled."""

    view: str  # the key register_job_view gave it
    kwargs: dict[str, object]
    scratch: str
    limits: Limits
    progress: bool
    config: dict[str, object]  # the app's configuration of that moment
    environ: dict[str, str]  # the request's environ, its text entries
    g: dict[str, object]  # child_jobs.CARRIED_REQUEST_VALUES


def register_job_view(view: JobView) -> str:
    key = f"{view.__module__}.{view.__qualname__}#{id(view)}"
    _JOB_VIEWS[key] = view
    return key


def job_views_generation() -> int:
    return len(_JOB_VIEWS)


def serve_one_job(app: Flask, channel: socket.socket, parent_pid: int) -> NoReturn:
    """The whole life of a job process (never returns). Its exit code tells the worker's reaper
    whether it answered and left nothing running (EXIT_ANSWERED), so only other endings cost a scan
    of every process for the job's session."""
    code = EXIT_FAILED
    try:
        become_ready(parent_pid, channel.fileno())
        job = receive_job(channel)
        if job is None:  # the pool closed this spare
            os._exit(EXIT_ANSWERED)
        scratch = Path(job["scratch"])
        apply_limits(job["limits"], scratch)
        with job_request_context(app, job, channel):
            for name, value in job["g"].items():  # what the worker's hooks set: verified claims, request id
                setattr(g, name, value)
            run_view_and_answer(
                _JOB_VIEWS[job["view"]], job["kwargs"], scratch, job["limits"], channel, progress=job["progress"]
            )
        code = EXIT_ANSWERED if end_leftovers() else EXIT_LEFTOVERS
    except BaseException:
        log.exception("tool job failed")
    finally:
        os._exit(code)


def become_ready(parent_pid: int, channel_fd: int) -> None:
    os.setsid()
    _libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent_pid:  # the worker died before the line above took effect
        os._exit(EXIT_FAILED)
    for number in (
        signal.SIGTERM,
        signal.SIGINT,
        signal.SIGQUIT,
        signal.SIGHUP,
        signal.SIGUSR1,
        signal.SIGUSR2,
        signal.SIGCHLD,
        signal.SIGWINCH,
        signal.SIGABRT,
    ):
        signal.signal(number, signal.SIG_DFL)  # not the worker's handlers
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a too-large write fails with EFBIG instead
    os.nice(JOB_NICENESS)
    gc.freeze()
    release_inherited_channels(keep=channel_fd)
    _libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def release_inherited_channels(keep: int) -> None:
    """Every socket and pipe inherited from the worker now points at /dev/null: the peer of a client
    connection the worker closes sees it closed, a job's channel ends when its own job process does.
    The descriptor numbers stay taken, so an inherited Python object that closes one later closes
    /dev/null, never a file this job opened."""
    null = os.open(os.devnull, os.O_RDWR)
    try:
        for name in os.listdir("/proc/self/fd"):
            fd = int(name)
            if fd <= 2 or fd in (keep, null):
                continue
            try:
                mode = os.fstat(fd).st_mode
            except OSError:  # the listing's own descriptor, closed meanwhile
                continue
            if stat.S_ISSOCK(mode) or stat.S_ISFIFO(mode):
                os.dup2(null, fd, inheritable=False)
    finally:
        os.close(null)


def receive_job(channel: socket.socket) -> Job | None:
    """The job as the worker sends it: a 4-byte length, then the pickled job (the worker is the
    only writer: the same program, its own memory). None: the channel closed first."""
    head = _receive_exactly(channel, 4)
    body = None if head is None else _receive_exactly(channel, int.from_bytes(head, "big"))
    job: Job | None = None if body is None else pickle.loads(body)
    return job


def _receive_exactly(channel: socket.socket, size: int) -> bytes | None:
    chunks: list[bytes] = []
    left = size
    while left:
        chunk = channel.recv(left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def apply_limits(limits: Limits, scratch: Path) -> None:
    address_space = _current_address_space() + limits.job_memory_bytes
    resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    resource.setrlimit(resource.RLIMIT_CPU, (limits.job_cpu_seconds, limits.job_cpu_seconds + 5))
    file_limit = limits.max_output_bytes + 1024 * 1024
    resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    tmp = str(scratch / "tmp")
    tempfile.tempdir = tmp
    os.environ.update(TMPDIR=tmp, OMP_THREAD_LIMIT="1")


def _current_address_space() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def job_request_context(app: Flask, job: Job, channel: socket.socket) -> RequestContext:
    """The request as the worker received it (its environ's text entries), its body read from the
    channel up to the end the worker marks (shutdown), in the app's configuration of that moment."""
    app.config.update(job["config"])
    environ = {
        **job["environ"],
        "wsgi.input": channel.makefile("rb"),
        "wsgi.input_terminated": True,
        "wsgi.errors": sys.stderr,
    }
    return app.request_context(environ)


def end_leftovers() -> bool:
    """Kill every process the job left behind: its children and, as their subreaper, every orphan of
    theirs (a daemon that left the session too). True once none is left."""
    ends = time.monotonic() + _LEFTOVERS_GRACE_SECONDS
    while True:
        _reap_exited()
        left = _children()
        if not left:
            return True
        for pid in left:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        if time.monotonic() > ends:
            return False
        time.sleep(0.002)


def _reap_exited() -> None:
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass


def _children() -> list[int]:
    found = []
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/children") as listed:
                found += [int(pid) for pid in listed.read().split()]
        except OSError:
            continue
    return found
