"""Killing a job's whole process tree: every process in its session.

A job child leads its own session; the programs it starts (LibreOffice and the soffice.bin it
forks, Tesseract) stay in that session even when they get a process group of their own, so
killing by session reaches grandchildren that a process-group kill would miss."""

from __future__ import annotations

import contextlib
import os
import signal


def session_members(session_id: int) -> list[int]:
    """Live (non-zombie) processes whose session is session_id, read from /proc."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rpartition(b")")[2].split()
        except OSError:  # gone meanwhile
            continue
        state, session = fields[0], int(fields[3])
        if session == session_id and state != b"Z":
            members.append(int(entry))
    return members


def kill_session(session_id: int, rounds: int = 10) -> None:
    """SIGKILL every process of the session, again until none is left (one may fork meanwhile)."""
    for _ in range(rounds):
        members = session_members(session_id)
        if not members:
            return
        for pid in members:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
