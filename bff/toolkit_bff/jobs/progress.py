"""Long jobs that say how far they are: the answer is a stream of JSON lines (NDJSON).

A view marked `@streams_progress` runs as a job like any other (a bounded job process holding a
job slot, child_jobs.py), but the worker passes the job's progress on while it works:

    {"type": "progress", "stage": "OCR", "done": 3, "total": 10, "unit": "page"}
    …
    {"type": "result", "filename", "content_type", "size", "report", "data": "<base64>"}

or, when the job fails after it started, `{"type": "error", "error": {"code", "message"}}` as the
last line. A job that fails before its first progress line (a wrong password, a damaged file, a
bad option) answers the usual 4xx JSON error instead, so bad input reads the same everywhere.

In the job, `report_progress(...)` writes a line on the channel the answer comes through and
`set_report(...)` adds a JSON report to the result line (what a redaction removed, per-file
results of a batch). Outside a streaming job both do nothing, so the code they sit in also runs
as a plain view or in a test.
"""

from __future__ import annotations

import base64
import json
import shutil
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from functools import wraps
from pathlib import Path
from typing import Any, TypeAlias, TypeVar, cast

from flask import Response, current_app, g, make_response, stream_with_context
from flask.typing import ResponseReturnValue
from werkzeug.http import parse_options_header

from ..errors import ApiError
from .child_jobs import job_died, response_from, start_job
from .job_answer import BODY_FILE, JobAnswer, JobView
from .job_child import register_job_view
from .job_pool import job_pool
from .job_process import DeadlinePassed, JobProcess
from .limits import Limits, job_timed_out
from .scratch import make_scratch_dir
from .slots import acquire_job_slot
from .uploads import job_body

NDJSON = "application/x-ndjson"
_BASE64_CHUNK = 3 * 65536  # a multiple of 3: the pieces join into one valid base64 text
_write_lock = threading.Lock()
View = TypeVar("View", bound=Callable[..., ResponseReturnValue])
# A line of the job's channel, decoded JSON: a progress line, the answer (job_answer.JobAnswer), or
# the worker's own {"type": "failed", "status", "error": ApiError} when the job died or ran late.
ChannelLine: TypeAlias = dict[str, Any]


def streams_progress(view: View) -> View:
    """Mark a tool view as a long job whose answer is a progress stream (see the module docstring)."""
    # An attribute of the function itself (tools/__init__.py reads it); the checker knows a function
    # only by its signature.
    view.streams_progress = True  # type: ignore[attr-defined]
    return view


def report_progress(*, stage: str, done: int, total: int | None, unit: str = "page") -> None:
    channel = g.get("job_channel")
    if channel is None:
        return
    line = json.dumps({"type": "progress", "stage": stage, "done": done, "total": total, "unit": unit})
    with _write_lock:  # whole lines, in order, whichever thread of the job reports
        channel.sendall((line + "\n").encode())


def set_report(report: Mapping[str, object]) -> None:
    g.job_report = report


def run_as_progress_job(view: JobView) -> Callable[..., Response]:
    key = register_job_view(view)

    @wraps(view)
    def progress_view(**kwargs: object) -> Response:
        limits = Limits.current()
        release = acquire_job_slot()
        scratch: Path | None = None
        job: _Job | None = None
        try:
            body = job_body()  # a body over the request limit is refused (413) before a job starts
            scratch = make_scratch_dir()
            process = start_job(key, kwargs, scratch, limits, body, progress=True)
            job = _Job(process, time.monotonic() + limits.job_timeout, limits, scratch, release)
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
    """The running job process seen from the worker: its lines in order, then cleaned up exactly once."""

    def __init__(
        self, process: JobProcess, deadline: float, limits: Limits, scratch: Path, release: Callable[[], None]
    ) -> None:
        self.process, self.deadline, self.limits = process, deadline, limits
        self.scratch, self.release = scratch, release
        self.pool = job_pool(current_app)
        self.answered = self.closed = False

    def next_line(self) -> ChannelLine:
        """The next progress line or the answer (`{"status", "headers", "size", "report"}`); a
        job that dies or runs out of time becomes its error's answer."""
        try:
            line = self.process.next_line(self.deadline)
        except DeadlinePassed:
            self.process.stop()  # the job and whatever it started
            return self._failed(job_timed_out(self.limits.job_timeout))
        if line is None:
            return self._failed(job_died(self.process.stop(), self.limits))
        item: ChannelLine = json.loads(line)
        if item.get("type") != "progress":
            self.answered = True  # it exits on its own: reaped off the request's path
            self.pool.finished(self.process)
        return item

    def _failed(self, error: ApiError) -> ChannelLine:
        self.answered = True  # stopped and reaped already
        return {"type": "failed", "status": error.status, "error": error}

    def lines(self, first: ChannelLine) -> Iterator[bytes]:
        try:
            item = first
            while item.get("type") == "progress":
                yield (json.dumps(item) + "\n").encode()
                item = self.next_line()
            yield from self._last_lines(item)
        finally:
            self.close()

    def _last_lines(self, answer: ChannelLine) -> Iterator[bytes]:
        if answer.get("type") == "failed":
            error = answer["error"]
            yield (
                json.dumps({"type": "error", "error": {"code": error.code, "message": error.message}}) + "\n"
            ).encode()
            return
        headers = dict(answer["headers"])
        if answer["status"] >= 400:
            # An error's body comes in the answer line (job_answer.py: a full disk cannot silence it).
            body = json.loads(answer.get("body") or (self.scratch / BODY_FILE).read_bytes() or b"{}")
            error = body.get("error") or {"code": "job_failed", "message": "The job could not be completed"}
            yield (json.dumps({"type": "error", "error": error}) + "\n").encode()
            return
        _, options = parse_options_header(headers.get("Content-Disposition", ""))
        head = {
            "type": "result",
            "filename": options.get("filename"),
            "content_type": headers.get("Content-Type", "application/octet-stream"),
            "size": answer["size"],
            "report": answer.get("report"),
        }
        yield json.dumps(head)[:-1].encode() + b', "data": "'
        with open(self.scratch / BODY_FILE, "rb") as body:
            while chunk := body.read(_BASE64_CHUNK):
                yield base64.b64encode(chunk)
        yield b'"}\n'

    def plain_error(self, answer: ChannelLine) -> Response:
        if answer.get("type") == "failed":
            self.close()
            return make_response(current_app.handle_user_exception(answer["error"]))
        # Not progress (the caller checked) and not the worker's failure: the job's answer line.
        response = response_from(cast(JobAnswer, answer), self.scratch)  # opens the body before close() removes it
        self.close()
        return response

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            if not self.answered:  # the client left while it worked: stop it and all it started
                self.process.stop()
        finally:
            shutil.rmtree(self.scratch, ignore_errors=True)
            self.release()
