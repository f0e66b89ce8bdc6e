"""Every file-tool request runs as a job in a job process of its own, with hard limits.

The worker's part: take a warm job process from the pool (job_pool.py), send it the job — the view,
the request's environ and the values its hooks set, the limits, the scratch directory, the
configuration — and stream the request body into it as it is read from the client (the upload is
parsed in the job, never in the worker); then wait for the answer line until the deadline and hand
the answer to the client. Tool code is unchanged: the view runs in the job process inside the same
request as in the worker (job_child.py). Whatever it does — a decoder bomb, a PDF that makes pikepdf
allocate gigabytes, LibreOffice hanging — happens in a process that:
- has an address-space limit (its size + TOOLS_JOB_MEMORY_MB) and a CPU-time limit
  (`resource.setrlimit`), inherited by the programs it starts (LibreOffice, Tesseract);
- writes its response body to a file through the output budget (TOOLS_MAX_OUTPUT_MB, 413 past it;
  RLIMIT_FSIZE backs it for files its programs write) — job_answer.py;
- leads its own session, so the wall-clock deadline kills the whole tree (every process in that
  session, LibreOffice's children included), and dies with the worker (PR_SET_PDEATHSIG);
- runs niced, so redirects and the data API keep their share of the CPU while jobs run.
Its scratch directory (`toolkit-job-<worker pid>-…`) is removed when the job ends, however it ends;
directories left by a worker that was itself killed are removed at the next start-up.
"""

from __future__ import annotations

import json
import logging
import shutil
import signal
import time
from collections.abc import Callable, Iterator
from functools import wraps
from pathlib import Path
from typing import IO

from flask import Response, current_app, g, request

from ..errors import ApiError
from .job_answer import BODY_FILE, JobAnswer, JobView
from .job_child import Job, register_job_view
from .job_pool import job_pool
from .job_process import DeadlinePassed, Ending, JobProcess
from .limits import Limits, job_timed_out
from .scratch import make_scratch_dir
from .slots import job_slot
from .uploads import job_body

log = logging.getLogger(__name__)

_CHUNK = 256 * 1024
# What the worker's hooks put on `g` that a view may read in the job (auth.request_claims, http_policy).
CARRIED_REQUEST_VALUES = ("toolkit_claims", "request_id")


def run_as_job(view: JobView) -> Callable[..., Response]:
    """Wrap a tool view so that it runs in a bounded job process (see the module docstring)."""
    key = register_job_view(view)

    @wraps(view)
    def job_view(**kwargs: object) -> Response:
        limits = Limits.current()
        with job_slot():
            body = job_body()  # a body over the request limit is refused (413) before a job starts
            scratch = make_scratch_dir()
            try:
                process = start_job(key, kwargs, scratch, limits, body)
                return response_from(answer_of(process, limits), scratch)
            finally:
                shutil.rmtree(scratch, ignore_errors=True)

    return job_view


def start_job(
    key: str, kwargs: dict[str, object], scratch: Path, limits: Limits, body: IO[bytes], *, progress: bool = False
) -> JobProcess:
    """A job process running the view `key` for the current request, its body passed on to it."""
    pool = job_pool(current_app)
    process = pool.take()
    job: Job = {
        "view": key,
        "kwargs": kwargs,
        "scratch": str(scratch),
        "limits": limits,
        "progress": progress,
        "config": dict(current_app.config),
        "environ": {name: value for name, value in request.environ.items() if isinstance(value, str)},
        "g": {name: g.get(name) for name in CARRIED_REQUEST_VALUES if name in g},
    }
    try:
        process.send(job, body, timeout=limits.job_timeout)
    except TimeoutError:
        process.stop()
        raise job_timed_out(limits.job_timeout) from None
    except BaseException:
        process.stop()
        raise
    finally:
        pool.refill()
    return process


def answer_of(process: JobProcess, limits: Limits) -> JobAnswer:
    """The job's answer line, parsed; a job that dies or runs out of time becomes its error."""
    try:
        line = process.next_line(time.monotonic() + limits.job_timeout)
    except DeadlinePassed:
        process.stop()  # the job and whatever it started
        raise job_timed_out(limits.job_timeout) from None
    except BaseException:
        process.stop()
        raise
    if line is None:
        raise job_died(process.stop(), limits)
    job_pool(current_app).finished(process)  # it exits on its own; reaped off the request's path
    answer: JobAnswer = json.loads(line)
    return answer


def job_died(ending: Ending | None, limits: Limits) -> ApiError:
    if ending is not None and ending.signal == signal.SIGXCPU:
        return ApiError(422, "job_cpu_limit", f"The job exceeded the {limits.job_cpu_seconds} s CPU-time limit")
    log.warning("tool job ended without an answer (%s)", ending)
    return ApiError(
        422,
        "job_failed",
        "The job was stopped: it exceeded the "
        f"{limits.job_memory_bytes // 2**20} MB memory limit or the file could not be processed",
    )


def response_from(meta: JobAnswer, scratch: Path) -> Response:
    """The job's answer: an error's body as it came in the answer line, anything else streamed from
    its body file. The file is opened before the scratch directory is removed, so it lives exactly
    as long as the response."""
    if "body" in meta:
        return Response(meta["body"], status=meta["status"], headers=meta["headers"])
    body = open(scratch / BODY_FILE, "rb")  # noqa: SIM115 — closed with the response

    def chunks() -> Iterator[bytes]:
        try:
            while chunk := body.read(_CHUNK):
                yield chunk
        finally:
            body.close()

    response = Response(chunks(), status=meta["status"], headers=meta["headers"])
    response.headers["Content-Length"] = str(meta["size"])
    response.call_on_close(body.close)
    return response
