"""Long jobs that say how far they are: the answer is a stream of JSON lines (NDJSON).

A view marked `@streams_progress` runs as a job like any other (a bounded child process holding a
job slot, child_jobs.py), but the worker passes the child's progress on while it works:

    {"type": "progress", "stage": "OCR", "done": 3, "total": 10, "unit": "page"}
    …
    {"type": "result", "filename", "content_type", "size", "report", "data": "<base64>"}

or, when the job fails after it started, `{"type": "error", "error": {"code", "message"}}` as the
last line. A job that fails before its first progress line (a wrong password, a damaged file, a
bad option) answers the usual 4xx JSON error instead, so bad input reads the same everywhere.

In the child, `report_progress(...)` writes a line on the pipe the answer comes through and
`set_report(...)` adds a JSON report to the result line (what a redaction removed, per-file
results of a batch). Outside a streaming job both do nothing, so the code they sit in also runs
as a plain view or in a test.
"""
from __future__ import annotations

import base64
import json
import os
import select
import shutil
import threading
import time
from functools import wraps
from pathlib import Path
from typing import Iterator

from flask import Response, current_app, g, make_response, stream_with_context
from werkzeug.http import parse_options_header

from ..errors import ApiError
from .child_jobs import BODY_FILE, fork_job, job_died, parse_body_here, reap_in_background, response_from
from .limits import Limits, job_timed_out
from .scratch import make_scratch_dir
from .sessions import kill_session
from .slots import acquire_job_slot

NDJSON = "application/x-ndjson"
_BASE64_CHUNK = 3 * 65536  # a multiple of 3: the pieces join into one valid base64 text
_write_lock = threading.Lock()


def streams_progress(view):
    """Mark a tool view as a long job whose answer is a progress stream (see the module docstring)."""
    view.streams_progress = True
    return view


def report_progress(*, stage: str, done: int, total: int | None, unit: str = "page") -> None:
    fd = g.get("job_progress_fd")
    if fd is None:
        return
    line = json.dumps({"type": "progress", "stage": stage, "done": done, "total": total, "unit": unit})
    with _write_lock:  # a line is far below PIPE_BUF, so one write is atomic; the lock keeps order
        os.write(fd, (line + "\n").encode())


def set_report(report: dict) -> None:
    g.job_report = report


def run_as_progress_job(view):
    @wraps(view)
    def progress_view(**kwargs):
        limits = Limits.current()
        release = acquire_job_slot()
        scratch: Path | None = None
        job: _Job | None = None
        try:
            parse_body_here()
            scratch = make_scratch_dir()
            pid, fd = fork_job(view, kwargs, scratch, limits, progress=True)
            job = _Job(pid, fd, time.monotonic() + limits.job_timeout, limits, scratch, release)
            first = job.next_line()
            if first.get("type") != "progress" and first.get("status", 200) >= 400:
                return job.plain_error(first)  # failed before it started: an ordinary error
        except BaseException:
            if job:
                job.close()
            else:
                release()
                if scratch:
                    shutil.rmtree(scratch, ignore_errors=True)
            raise
        response = Response(stream_with_context(job.lines(first)), mimetype=NDJSON)
        response.call_on_close(job.close)  # the client left, or the stream never started
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Accel-Buffering"] = "no"  # the gateway passes each line on at once
        return response
    return progress_view


class _Job:
    """The running child seen from the worker: its lines in order, then cleaned up exactly once."""

    def __init__(self, pid: int, fd: int, deadline: float, limits: Limits, scratch: Path, release):
        self.pid, self.fd, self.deadline, self.limits = pid, fd, deadline, limits
        self.scratch, self.release = scratch, release
        self.buffer = b""
        self.answered = self.reaped = self.closed = False

    def next_line(self) -> dict:
        """The next progress line or the answer (`{"status", "headers", "size", "report"}`); a
        job that dies or runs out of time becomes its error's answer."""
        while b"\n" not in self.buffer:
            remaining = self.deadline - time.monotonic()
            if remaining <= 0:
                return self._failed(job_timed_out(self.limits.job_timeout))
            ready, _, _ = select.select([self.fd], [], [], min(remaining, 0.1))
            if ready and (chunk := os.read(self.fd, 65536)):
                self.buffer += chunk
                continue
            # Nothing new, or the pipe closed: has the child ended? (Not read to EOF: a job forked
            # at the same moment by another thread may hold a copy of the pipe, child_jobs.py.)
            reaped, status = os.waitpid(self.pid, 0 if ready else os.WNOHANG)
            if reaped:
                self.reaped = True
                self._drain()
                if b"\n" not in self.buffer:
                    return self._failed(job_died(status, self.limits))
        line, _, self.buffer = self.buffer.partition(b"\n")
        item = json.loads(line)
        if item.get("type") != "progress":
            self._finished()
        return item

    def _finished(self) -> None:
        """It answered: it exits on its own; reaped (and what it left running killed) off the way."""
        self.answered = True
        if self.reaped:
            kill_session(self.pid)
        else:
            reap_in_background(self.pid)

    def _drain(self) -> None:
        os.set_blocking(self.fd, False)
        try:
            while chunk := os.read(self.fd, 65536):
                self.buffer += chunk
        except BlockingIOError:
            pass

    def _failed(self, error: ApiError) -> dict:
        kill_session(self.pid)  # past its deadline, or dead: the job and whatever it started
        if not self.reaped:
            os.waitpid(self.pid, 0)
            self.reaped = True
        self.answered = True
        return {"type": "failed", "status": error.status, "error": error}

    def lines(self, first: dict) -> Iterator[bytes]:
        try:
            item = first
            while item.get("type") == "progress":
                yield (json.dumps(item) + "\n").encode()
                item = self.next_line()
            yield from self._last_lines(item)
        finally:
            self.close()

    def _last_lines(self, answer: dict) -> Iterator[bytes]:
        if answer.get("type") == "failed":
            error = answer["error"]
            yield (json.dumps({"type": "error", "error": {"code": error.code, "message": error.message}}) + "\n").encode()
            return
        headers = dict(answer["headers"])
        if answer["status"] >= 400:
            # An error's body comes through the pipe (child_jobs: a full disk cannot silence it).
            body = json.loads(answer.get("body") or (self.scratch / BODY_FILE).read_bytes() or b"{}")
            error = body.get("error") or {"code": "job_failed", "message": "The job could not be completed"}
            yield (json.dumps({"type": "error", "error": error}) + "\n").encode()
            return
        _, options = parse_options_header(headers.get("Content-Disposition", ""))
        head = {"type": "result", "filename": options.get("filename"),
                "content_type": headers.get("Content-Type", "application/octet-stream"),
                "size": answer["size"], "report": answer.get("report")}
        yield json.dumps(head)[:-1].encode() + b', "data": "'
        with open(self.scratch / BODY_FILE, "rb") as body:
            while chunk := body.read(_BASE64_CHUNK):
                yield base64.b64encode(chunk)
        yield b'"}\n'

    def plain_error(self, answer: dict) -> Response:
        if answer.get("type") == "failed":
            self.close()
            return make_response(current_app.handle_user_exception(answer["error"]))
        response = response_from(answer, self.scratch)  # opens the body before close() removes it
        self.close()
        return response

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            if not self.answered:  # the client left while it worked: stop it and all it started
                kill_session(self.pid)
                os.waitpid(self.pid, 0)
            os.close(self.fd)
        finally:
            shutil.rmtree(self.scratch, ignore_errors=True)
            self.release()
