"""What a run leaves behind: processes it started (or theirs) still running, ports of its block
still held. The runner checks both when it ends (and fails naming them); the watchdog uses the same
search when the runner itself was killed.

A process is the run's when its environment carries the run's mark (every child inherits it), or
when it is in a session the run started and its environment was overwritten (nginx and Postgres
write their process titles over it). A session id is trusted only while the process that started it
is the one recorded (same start time): the kernel reuses process ids, 32,768 of them here."""

from __future__ import annotations

import contextlib
import os
import signal
import time
import uuid
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import Path

from .lifetime import Session, start_time
from .supervisor import port_holder, port_in_use

MARK_PREFIX = "TOOLKIT_RUN_"


def new_mark() -> str:
    return f"{MARK_PREFIX}{uuid.uuid4().hex[:12]}"


@dataclass(frozen=True)
class Leftover:
    pid: int
    command: str

    def __str__(self) -> str:
        return f"{self.command} (pid {self.pid})"


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state first), or None if it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None


def _running(pid: int) -> bool:
    fields = _stat(pid)
    return bool(fields and fields[0] not in ("Z", "X"))


def _command(pid: int) -> str:
    try:
        words = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return "?"
    return " ".join(w.decode(errors="replace") for w in words if w)[:160] or "?"


def _trusted_sessions(sessions: set[Session]) -> set[int]:
    """Sessions whose leader is the one recorded, or gone (its id cannot be reused while members remain)."""
    return {s.leader for s in sessions if start_time(s.leader) in (None, s.started)}


def find(
    mark: str, sessions: AbstractSet[Session] = frozenset(), exclude: AbstractSet[int] = frozenset()
) -> list[Leftover]:
    needle, trusted = f"{mark}=".encode(), _trusted_sessions(set(sessions))
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) in exclude or int(entry) == os.getpid():
            continue
        pid, fields = int(entry), _stat(int(entry))
        if not fields or fields[0] in ("Z", "X"):  # gone, or only waiting for its parent to reap it
            continue
        try:
            environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        except OSError:
            continue
        marked = any(item.startswith(needle) for item in environ)
        overwritten = not any(b"=" in item for item in environ)
        if marked or (int(fields[4]) in trusted and overwritten):
            found.append(Leftover(pid, _command(pid)))
    return found


def wait_until_gone(mark: str, sessions: set[Session], exclude: set[int], within: float) -> list[Leftover]:
    """What is still there after `within` seconds (processes exit a moment after their parent)."""
    deadline = time.monotonic() + within
    while (left := find(mark, sessions, exclude)) and time.monotonic() < deadline:
        time.sleep(0.2)
    return left


def stop(processes: list[Leftover], grace: float = 5) -> None:
    """SIGTERM, then SIGKILL for whatever is still running after `grace` seconds."""
    for signum in (signal.SIGTERM, signal.SIGKILL):
        for process in processes:
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signum)
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and any(_running(p.pid) for p in processes):
            time.sleep(0.1)


def held_ports(base: int, size: int = 100) -> list[str]:
    """The ports of the block still in use, each with its holder."""
    return [f"port {port} ({port_holder(port)})" for port in range(base, base + size) if port_in_use(port)]
