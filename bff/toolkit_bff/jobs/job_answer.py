"""A job's answer, made inside its job process: the view's response body written to a file through the
output budget (a streamed body is produced as it is written), then one JSON line on the channel —
status, headers, size, report — or, for an error, the error's body in that line itself, so neither
the budget nor a full disk can keep the client from hearing what went wrong. Progress lines
(progress.py) go on the same channel before it."""

from __future__ import annotations

import errno
import json
import socket
from collections.abc import Mapping
from pathlib import Path
from typing import NotRequired, TypeAlias, TypedDict

from flask import Response, current_app, g, make_response
from flask.typing import RouteCallable

from ..errors import ApiError
from .limits import Limits, output_too_large

BODY_FILE = "response.body"

# A tool view as Flask keeps it (app.view_functions), which a job runs: the URL's values and read
# options by name, any answer Flask takes.
JobView: TypeAlias = RouteCallable


class JobAnswer(TypedDict):
    """The answer line (after JSON, headers are [name, value] pairs)."""

    status: int
    headers: list[tuple[str, str]]
    size: int
    report: Mapping[str, object] | None  # progress.set_report's, in the tool's own shape
    body: NotRequired[str]  # an error's body, inline


class OutputBudgetExceeded(Exception):
    pass


def run_view_and_answer(
    view: JobView,
    kwargs: dict[str, object],
    scratch: Path,
    limits: Limits,
    channel: socket.socket,
    *,
    progress: bool,
) -> None:
    g.job_scratch = scratch
    if progress:
        g.job_channel = channel
    inline = None  # an error's body, sent in the answer line rather than a file
    try:
        response = make_response(current_app.ensure_sync(view)(**kwargs))
        size = _write_body(response, scratch / BODY_FILE, limits.max_output_bytes)
    except OutputBudgetExceeded:
        response, inline = _error_answer(output_too_large(limits.max_output_bytes))
    except MemoryError:
        response, inline = _error_answer(
            ApiError(
                422, "job_memory_limit", f"The job exceeded the {limits.job_memory_bytes // 2**20} MB memory limit"
            )
        )
    except Exception as exc:
        response, inline = _error_answer(exc)
    headers = [(k, v) for k, v in response.headers.items() if k.lower() != "content-length"]
    meta: JobAnswer = {
        "status": response.status_code,
        "headers": headers,
        "report": g.get("job_report"),
        "size": size if inline is None else len(inline),
    }
    if inline is not None:
        meta["body"] = inline.decode()
    channel.sendall((json.dumps(meta) + "\n").encode())


def _error_answer(error: Exception) -> tuple[Response, bytes]:
    response = make_response(current_app.handle_user_exception(error))
    return response, response.get_data()


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
