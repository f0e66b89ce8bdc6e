"""Every file-tool request runs as a job in a child process with hard limits.

The view is run in a child forked from the worker thread that took the request: the child has the
parsed request, the app and the view, so tool code is unchanged, but whatever it does — a decoder
bomb, a PDF that makes pikepdf allocate gigabytes, LibreOffice hanging — happens in a process that:
- has an address-space limit (the worker's current size + TOOLS_JOB_MEMORY_MB) and a CPU-time limit
  (`resource.setrlimit`), inherited by the programs it starts (LibreOffice, Tesseract);
- writes its response body to a file through the output budget (TOOLS_MAX_OUTPUT_MB, 413 past it;
  RLIMIT_FSIZE backs it for files its programs write);
- leads its own session, so the wall-clock deadline kills the whole tree (every process in that
  session, LibreOffice's children included), and dies with the worker (PR_SET_PDEATHSIG);
- runs niced, so redirects and the data API keep their share of the CPU while jobs run.
Its scratch directory (`toolkit-job-<worker pid>-…`) is removed when the child ends, however it
ends; directories left by a worker that was itself killed are removed at the next start-up.
"""
from __future__ import annotations

import errno
import json
import logging
import os
import resource
import select
import shutil
import signal
import tempfile
import threading
import time
from functools import wraps
from pathlib import Path

from flask import Response, current_app, g, make_response, request

from ..errors import ApiError
from .scratch import make_scratch_dir
from .slots import job_slot
from .limits import Limits, job_timed_out, output_too_large
from .sessions import kill_session

log = logging.getLogger(__name__)

BODY_FILE = "response.body"
JOB_NICENESS = 10
_PR_SET_PDEATHSIG = 1
_CHUNK = 256 * 1024
EXIT_GRACE_SECONDS = 1.0


def run_as_job(view):
    """Wrap a tool view so that it runs in a bounded child process (see the module docstring)."""
    @wraps(view)
    def job_view(**kwargs):
        limits = Limits.current()
        with job_slot():
            parse_body_here()
            scratch = make_scratch_dir()
            try:
                meta = _run_child(view, kwargs, scratch, limits)
                return response_from(meta, scratch)
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
    return job_view


def parse_body_here() -> None:
    """Read the request body in the worker: the child must never read the client's connection (the
    worker would not know the body was consumed and could wait for it on keep-alive)."""
    if request.mimetype in ("multipart/form-data", "application/x-www-form-urlencoded"):
        request.form, request.files  # noqa: B018 — parsed and cached on the request
    else:
        request.get_data(cache=True)


def fork_job(view, kwargs: dict, scratch: Path, limits: Limits, *, progress: bool = False) -> tuple[int, int]:
    """Start the job's child: (its pid, the read end of the pipe its answer comes through). With
    progress, the child may write progress lines on that pipe before its answer (progress.py)."""
    read_fd, write_fd = os.pipe()
    parent_pid = os.getpid()
    pid = os.fork()
    if pid == 0:  # the child: never returns into the worker's code
        exit_code = 1
        try:
            os.close(read_fd)
            _child_main(view, kwargs, scratch, limits, write_fd, parent_pid, progress)
            exit_code = 0
        except BaseException:  # noqa: BLE001 — reported to the worker as a failed job
            log.exception("tool job failed")
        finally:
            os._exit(exit_code)
    os.close(write_fd)
    return pid, read_fd


def _run_child(view, kwargs: dict, scratch: Path, limits: Limits) -> dict:
    deadline = time.monotonic() + limits.job_timeout
    pid, read_fd = fork_job(view, kwargs, scratch, limits)
    raw, status = None, None
    try:
        raw, status = _wait_for_answer(read_fd, pid, deadline)
    finally:
        os.close(read_fd)
        if not (raw and raw.endswith(b"\n") and status is None):
            kill_session(pid)  # past its deadline, or dead: the job and whatever it started
            if status is None:
                _, status = os.waitpid(pid, 0)
    if raw is None:
        raise job_timed_out(limits.job_timeout)
    if not raw.endswith(b"\n"):
        raise job_died(status, limits)
    # Answered: it exits on its own. Tearing down a forked worker's address space takes a few
    # milliseconds, so it is reaped (and anything it left running killed) off the request's path.
    reap_in_background(pid)
    return json.loads(raw)


def reap_in_background(pid: int) -> None:
    threading.Thread(target=_reap_answered_job, args=(pid,), daemon=True).start()


def _reap_answered_job(pid: int) -> None:
    status = _reap_within(pid, EXIT_GRACE_SECONDS)
    # A session id stays reserved while any process carries it, so killing by it is safe after the
    # leader is reaped; it catches programs the job left running.
    kill_session(pid)
    if status is None:
        os.waitpid(pid, 0)


def _reap_within(pid: int, seconds: float) -> int | None:
    ends = time.monotonic() + seconds
    while True:
        reaped, status = os.waitpid(pid, os.WNOHANG)
        if reaped:
            return status
        if time.monotonic() >= ends:
            return None
        time.sleep(0.001)


def _wait_for_answer(fd: int, pid: int, deadline: float) -> tuple[bytes | None, int | None]:
    """The child's one-line answer (None when the deadline passes first) and its wait status if it
    was reaped here. Not read to EOF: a job forked at the same moment by another thread of this
    worker may hold a copy of this pipe's write end, so the child's exit is watched directly."""
    chunks: list[bytes] = []
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None, None
        ready, _, _ = select.select([fd], [], [], min(remaining, 0.1))
        if ready:
            chunk = os.read(fd, 65536)
            chunks.append(chunk)
            if not chunk or chunk.endswith(b"\n"):
                return b"".join(chunks), None
            continue
        reaped, status = os.waitpid(pid, os.WNOHANG)
        if reaped:  # it ended: whatever it wrote is already in the pipe
            os.set_blocking(fd, False)
            try:
                while chunk := os.read(fd, 65536):
                    chunks.append(chunk)
            except BlockingIOError:
                pass
            return b"".join(chunks), status


def job_died(status: int, limits: Limits) -> ApiError:
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGXCPU:
        return ApiError(422, "job_cpu_limit",
                        f"The job exceeded the {limits.job_cpu_seconds} s CPU-time limit")
    log.warning("tool job ended without an answer (wait status %s)", status)
    return ApiError(422, "job_failed", "The job was stopped: it exceeded the "
                    f"{limits.job_memory_bytes // 2**20} MB memory limit or the file could not be processed")


def _child_main(view, kwargs: dict, scratch: Path, limits: Limits, meta_fd: int, parent_pid: int,
                progress: bool) -> None:
    _become_job_process(scratch, limits, parent_pid)
    g.job_scratch = scratch
    if progress:
        g.job_progress_fd = meta_fd
    inline = None  # an error's body, sent through the pipe rather than a file
    try:
        response = make_response(view(**kwargs))
        size = _write_body(response, scratch / BODY_FILE, limits.max_output_bytes)  # a streamed body is made here
    except OutputBudgetExceeded:
        response, inline = _error_answer(output_too_large(limits.max_output_bytes))
    except MemoryError:
        response, inline = _error_answer(ApiError(422, "job_memory_limit", "The job exceeded the "
                                                  f"{limits.job_memory_bytes // 2**20} MB memory limit"))
    except Exception as exc:  # noqa: BLE001 — the app's own handlers turn it into JSON (a full disk: 503)
        response, inline = _error_answer(exc)
    headers = [(k, v) for k, v in response.headers.items() if k.lower() != "content-length"]
    meta = {"status": response.status_code, "headers": headers, "report": g.get("job_report")}
    meta |= {"size": size} if inline is None else {"size": len(inline), "body": inline.decode()}
    with os.fdopen(meta_fd, "wb") as pipe:  # write() of a file object writes it all
        pipe.write((json.dumps(meta) + "\n").encode())


def _error_answer(error: Exception) -> tuple[Response, bytes]:
    """The error's JSON, a few hundred bytes: it goes back through the pipe, so neither the output
    budget nor a full disk can stop the client from hearing what went wrong."""
    response = make_response(current_app.handle_user_exception(error))
    return response, response.get_data()


def _become_job_process(scratch: Path, limits: Limits, parent_pid: int) -> None:
    os.setsid()
    _die_with_parent(parent_pid)
    for number in (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT, signal.SIGHUP, signal.SIGUSR1,
                   signal.SIGUSR2, signal.SIGCHLD):
        signal.signal(number, signal.SIG_DFL)  # not the worker's handlers
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a too-large write fails with EFBIG instead
    os.nice(JOB_NICENESS)
    address_space = _current_address_space() + limits.job_memory_bytes
    resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    resource.setrlimit(resource.RLIMIT_CPU, (limits.job_cpu_seconds, limits.job_cpu_seconds + 5))
    file_limit = limits.max_output_bytes + 1024 * 1024
    resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    tmp = str(scratch / "tmp")
    tempfile.tempdir = tmp
    os.environ.update(TMPDIR=tmp, OMP_THREAD_LIMIT="1")


def _die_with_parent(parent_pid: int) -> None:
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent_pid:  # the worker died before the line above took effect
        os._exit(1)


def _current_address_space() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


class OutputBudgetExceeded(Exception):
    pass


def _write_body(response: Response, path: Path, budget: int) -> int:
    """Write the body chunk by chunk (streamed bodies are produced as they are written)."""
    size = 0
    try:
        with open(path, "wb") as body:
            for chunk in response.iter_encoded():
                size += len(chunk)
                if size > budget:
                    raise OutputBudgetExceeded
                body.write(chunk)
    except OSError as exc:
        if exc.errno == errno.EFBIG:
            raise OutputBudgetExceeded from None
        raise
    finally:
        response.close()
    return size


def response_from(meta: dict, scratch: Path) -> Response:
    """The child's answer: an error's body as it came through the pipe, anything else streamed from
    its body file. The file is opened before the scratch directory is removed, so it lives exactly
    as long as the response."""
    if "body" in meta:
        return Response(meta["body"], status=meta["status"], headers=meta["headers"])
    body = open(scratch / BODY_FILE, "rb")  # noqa: SIM115 — closed with the response

    def chunks():
        try:
            while chunk := body.read(_CHUNK):
                yield chunk
        finally:
            body.close()

    response = Response(chunks(), status=meta["status"], headers=meta["headers"])
    response.headers["Content-Length"] = str(meta["size"])
    response.call_on_close(body.close)
    return response
