"""Running helper programs (LibreOffice, Tesseract) under the job's deadline."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from pathlib import Path

from ..errors import ApiError
from .limits import Deadline, job_timed_out


def run_program(
    args: list[str], deadline: Deadline, *, cwd: Path, env: dict[str, str] | None = None, inherit_env: bool = True
) -> subprocess.CompletedProcess[bytes]:
    """Run args with the job's remaining time; on timeout kill its whole process group (LibreOffice
    forks a child) and answer 422 job_timeout. The program gets a process group of its own but
    stays in the job's session, so the job's deadline kills it too (sessions.py)."""
    remaining = deadline.remaining()
    if remaining <= 0:
        raise job_timed_out(deadline.seconds)
    try:
        environment = {**os.environ, **(env or {})} if inherit_env else dict(env or {})
        process = subprocess.Popen(
            args,
            cwd=cwd,
            env=environment,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            process_group=0,
        )
    except FileNotFoundError:
        raise ApiError(503, "tool_unavailable", f"{args[0]} is not installed on the server") from None
    try:
        stdout, stderr = process.communicate(timeout=remaining)
    except subprocess.TimeoutExpired:
        _kill_group(process)
        raise job_timed_out(deadline.seconds) from None
    finally:
        if process.poll() is None:
            _kill_group(process)
    return subprocess.CompletedProcess(args, process.returncode, stdout, stderr)


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.communicate()
