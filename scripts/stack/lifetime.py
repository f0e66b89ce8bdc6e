"""Tying the lifetime of every process the runner starts to the runner's own.

Three layers, each covering what the one before cannot:
- `child_setup()`, run in each child between fork and exec: the kernel sends the child a signal
  when the runner dies, however it dies (PR_SET_PDEATHSIG; SIGKILL included);
- `termination_deferred()`: a signal arriving while a child is being started and recorded waits
  until it is recorded, so no child is ever started that the clean-up does not know about;
- the watchdog (watchdog.py) sweeps what escaped both: grandchildren in sessions of their own."""
from __future__ import annotations

import ctypes
import os
import signal
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

TERMINATION_SIGNALS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
_libc = ctypes.CDLL(None, use_errno=True)  # loaded here: a child between fork and exec must not load libraries


def child_setup(death_signal: int = signal.SIGTERM) -> Callable[[], None]:
    """A `preexec_fn`: the child gets `death_signal` when the runner dies, and gets the termination
    signals back (the runner blocks them while it starts a child; the mask is inherited).
    Subprocess runs it after any change of user, which would clear the setting."""
    parent = os.getpid()

    def setup() -> None:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, TERMINATION_SIGNALS)
        _libc.prctl(PR_SET_PDEATHSIG, int(death_signal), 0, 0, 0)
        if os.getppid() != parent:  # the runner died before the line above: no signal will come
            os._exit(1)

    return setup


@contextmanager
def termination_deferred() -> Iterator[None]:
    """Hold SIGINT/SIGTERM/SIGHUP back for the block; one that arrived meanwhile is handled after it."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, TERMINATION_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@dataclass(frozen=True)
class Session:
    """A session this process started (start_new_session): its leader and the leader's start time
    (clock ticks since boot), which tells the leader from a later process given the same id."""
    leader: int
    started: int


def start_time(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[19])
    except (OSError, ValueError, IndexError):
        return None


class _Sessions:
    started: list[Session] = []
    report: Callable[[Session], None] | None = None  # the watchdog's pipe, when one runs


def record_session(pid: int) -> None:
    """Call right after starting a child in a session of its own, signals still deferred."""
    session = Session(pid, start_time(pid) or 0)
    _Sessions.started.append(session)
    if _Sessions.report:
        _Sessions.report(session)


def started_sessions() -> set[Session]:
    return set(_Sessions.started)


def report_sessions_to(report: Callable[[Session], None]) -> None:
    _Sessions.report = report
    for session in _Sessions.started:
        report(session)
