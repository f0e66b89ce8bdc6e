"""The warm pool of job processes on a real gunicorn worker (toolkit_bff/jobs/job_pool.py): the upload
streams into a job process that was ready before the request came, a full pool answers 503 `busy`
with Retry-After at once (never a queue, never a process beyond the pool), and the pool is ready
again for the next job."""

from __future__ import annotations

import io
import json
import socket
import uuid

import pikepdf
import pytest
import requests

from fixtures import samples
from fixtures.gunicorn_bff import children, running_bff
from fixtures.redirect_support import until
from toolkit_bff.jobs.sessions import session_members


@pytest.fixture
def one_job_bff(tmp_path):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    with running_bff(scratch, TOOLKIT_TOOLS_MAX_JOBS_PER_WORKER="1") as bff:
        yield bff


def multipart(data: bytes, name: str) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
            f"Content-Type: application/pdf\r\n\r\n"
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return body, f"multipart/form-data; boundary={boundary}"


class SlowUpload:
    """A client that sends its request and the first half of its upload, then waits."""

    def __init__(self, port: int, path: str, body: bytes, content_type: str):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.rest = body[len(body) // 2 :]
        self.sock.sendall(
            f"POST {path} HTTP/1.1\r\nHost: bff\r\nContent-Type: {content_type}\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
            + body[: len(body) // 2]
        )

    def finish(self) -> tuple[int, bytes]:
        self.sock.sendall(self.rest)
        answer = b""
        while chunk := self.sock.recv(65536):
            answer += chunk
        self.sock.close()
        head, _, body = answer.partition(b"\r\n\r\n")
        return int(head.split()[1]), body


def job_processes(worker: int) -> list[int]:
    """The worker's job processes (each leads a session of its own), busy or ready."""
    return [child for child in children(worker) if session_members(child)]


def test_a_full_pool_answers_503_busy_with_retry_after_and_serves_the_next_job(one_job_bff):
    bff = one_job_bff
    [worker] = bff.workers()
    assert until(lambda: len(job_processes(worker)) == 1, within=30)  # ready before any job
    pdf = samples.blank_pdf(3)
    body, content_type = multipart(pdf, "three.pdf")

    held = SlowUpload(bff.port, "/api/tools/pdf/info", body, content_type)
    # The job has started on half an upload: it streams into the job as it comes.
    assert until(lambda: any(bff.scratch.glob(f"toolkit-job-{worker}-*")), within=30)
    refused = requests.post(f"{bff.url}/api/tools/pdf/info", files={"file": ("other.pdf", pdf)}, timeout=30)
    assert refused.status_code == 503
    assert refused.json()["error"] == {
        "code": "busy",
        "message": "The server is busy with other jobs right now. Try again in a few seconds.",
    }
    assert refused.headers["Retry-After"] == "5"
    # Refused at once: no job process was started for it beyond the pool (the busy one and its spare).
    assert len(job_processes(worker)) <= 2

    status, answer = held.finish()
    assert status == 200 and json.loads(answer)["pages"] == 3
    after = requests.post(
        f"{bff.url}/api/tools/pdf/merge", files=[("file", ("a.pdf", pdf)), ("file", ("b.pdf", pdf))], timeout=60
    )
    assert after.status_code == 200
    assert len(pikepdf.open(io.BytesIO(after.content)).pages) == 6
    assert until(lambda: not list(bff.scratch.iterdir()), within=10)
