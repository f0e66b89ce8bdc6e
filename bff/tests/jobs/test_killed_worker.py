"""A real gunicorn BFF whose worker is SIGKILLed in the middle of a job: the client is answered at
once (its connection ends, no waiting out the job deadline), the job's processes die with the
worker, and the worker gunicorn starts in its place removes the job's scratch directory."""

from __future__ import annotations

import io
import os
import signal
import threading
import time

import jwt
import pytest
import requests
from PIL import Image, ImageDraw

from fixtures.gunicorn_bff import children, running_bff
from fixtures.redirect_support import until
from toolkit_bff.jobs.sessions import session_members


def text_page() -> bytes:
    """A page of text for OCR: a job of a second or more."""
    image = Image.new("L", (1240, 1754), 255)
    draw = ImageDraw.Draw(image)
    for row in range(80):
        draw.text((60, 40 + row * 21), "the quick brown fox jumps over the lazy dog " * 3, fill=0)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


@pytest.fixture
def bff(tmp_path):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    with running_bff(scratch) as running:
        yield running.master, running.url, scratch, running.answers


def test_a_worker_killed_mid_job_answers_its_client_and_the_next_one_removes_the_scratch(bff, stack_env):
    master, url, scratch, answers = bff
    token = jwt.encode(
        {
            "sub": "00000000-0000-4000-8000-000000000001",
            "aud": "authenticated",
            "role": "authenticated",
            "exp": int(time.time()) + 600,
        },
        stack_env["TOOLKIT_JWT_SECRET"],
        algorithm="HS256",
    )
    outcome: dict[str, object] = {}

    def post() -> None:
        try:
            response = requests.post(
                f"{url}/api/tools/ocr",
                files={"file": ("page.png", text_page())},
                data={"language": "eng"},
                headers={"Authorization": f"Bearer {token}"},
                timeout=120,
            )
            outcome["status"] = response.status_code
        except requests.ConnectionError as exc:
            outcome["error"] = exc

    client = threading.Thread(target=post)
    client.start()
    [worker] = children(master.pid)
    # The job's processes: the members of the session its child leads (a child just forked has not
    # made its session yet, so the session is waited for, not only the child).
    job_processes: list[int] = []

    def job_running() -> bool:
        job_processes[:] = [member for job in children(worker) for member in session_members(job)]
        return any(scratch.glob(f"toolkit-job-{worker}-*")) and bool(job_processes)

    assert until(job_running, within=30)
    os.kill(worker, signal.SIGKILL)
    client.join(timeout=60)  # the job deadline: the client must not wait that long
    assert not client.is_alive()
    assert "error" in outcome, outcome  # the connection ended: no answer was made up for the job
    assert until(lambda: not any(session_members(pid) for pid in job_processes), within=10)
    # gunicorn starts a new worker; starting, it removes what the killed one left.
    assert until(lambda: children(master.pid) not in ([], [worker]), within=60)
    assert until(lambda: not list(scratch.iterdir()), within=30)
    assert answers()
