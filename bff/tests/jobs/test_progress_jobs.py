"""Progress streams (toolkit_bff/jobs/progress.py): lines as the child reports them, a plain error
before the first one, the slot held to the last line, and a client that leaves stops the job."""

from __future__ import annotations

import base64
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Blueprint, Response
from werkzeug.test import TestResponse

from fixtures.tools_support import assert_json_error
from toolkit_bff.errors import ApiError
from toolkit_bff.jobs.progress import report_progress, run_as_progress_job, set_report, streams_progress

probe = Blueprint("progress_probe", __name__)


@probe.post("/probe/steps")
@streams_progress
def steps():
    for done in range(3):
        report_progress(stage="Step", done=done, total=2)
    set_report({"steps": 2})
    return Response(
        b"\x00\x01payload",
        mimetype="application/octet-stream",
        headers={"Content-Disposition": 'attachment; filename="out.bin"'},
    )


@probe.post("/probe/refuse")
@streams_progress
def refuse():
    raise ApiError(422, "invalid_option", "Option 'x' must be y")


@probe.post("/probe/fail-late")
@streams_progress
def fail_late():
    report_progress(stage="Step", done=0, total=1)
    raise ApiError(422, "ocr_failed", "The pages could not be read")


@probe.post("/probe/linger")
@streams_progress
def linger():
    Path(os.environ["PROBE_DIR"], "job.pid").write_text(str(os.getpid()))
    report_progress(stage="Step", done=0, total=1)
    time.sleep(60)
    return Response(b"never")


@pytest.fixture
def probe_client(tools_app, tmp_path, monkeypatch):
    monkeypatch.setenv("PROBE_DIR", str(tmp_path))
    tools_app.register_blueprint(probe)
    for endpoint in list(tools_app.view_functions):
        if endpoint.startswith("progress_probe."):
            tools_app.view_functions[endpoint] = run_as_progress_job(tools_app.view_functions[endpoint])
    return tools_app.test_client()


def lines(response: TestResponse) -> list[dict[str, Any]]:
    return [json.loads(line) for line in response.data.splitlines() if line.strip()]


def test_progress_then_the_file_and_its_report(probe_client):
    response = probe_client.post("/probe/steps")
    assert response.status_code == 200 and response.mimetype == "application/x-ndjson"
    assert response.headers["X-Accel-Buffering"] == "no"
    answer = lines(response)
    assert [(line["type"], line.get("done")) for line in answer] == [
        ("progress", 0),
        ("progress", 1),
        ("progress", 2),
        ("result", None),
    ]
    result = answer[-1]
    assert base64.b64decode(result["data"]) == b"\x00\x01payload"
    assert (result["filename"], result["size"], result["report"]) == ("out.bin", 9, {"steps": 2})


def test_an_error_before_the_first_line_is_an_ordinary_error(probe_client):
    assert_json_error(probe_client.post("/probe/refuse"), 422, "invalid_option")


def test_an_error_after_it_started_ends_the_stream(probe_client):
    assert lines(probe_client.post("/probe/fail-late"))[-1] == {
        "type": "error",
        "error": {"code": "ocr_failed", "message": "The pages could not be read"},
    }


def test_a_client_that_leaves_stops_the_job_and_frees_its_slot(tools_app, probe_client, tmp_path):
    tools_app.config["TOOLS_MAX_JOBS_PER_WORKER"] = 1
    response = probe_client.post("/probe/linger", buffered=False)
    first = next(response.response)
    assert json.loads(first)["type"] == "progress"
    pid = int((tmp_path / "job.pid").read_text())
    # The slot is held while the job streams: a second job is refused at once.
    assert_json_error(probe_client.post("/probe/steps"), 503, "busy")
    response.close()  # the client went away
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert probe_client.post("/probe/steps").status_code == 200
