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
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

TERMINATION_SIGNALS = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
_libc = ctypes.CDLL(None, use_errno=True)  # loaded here: a child between fork and exec must not load libraries


def child_setup(death_signal: int = signal.SIGTERM) -> Callable[[], None]:
    """A `preexec_fn`: the child gets `death_signal` when the runner dies. Subprocess runs it after
    any change of user, which would clear the setting."""
    parent = os.getpid()

    def setup() -> None:
        _libc.prctl(PR_SET_PDEATHSIG, int(death_signal), 0, 0, 0)
        if os.getppid() != parent:  # the runner died before the line above: no signal will come
            os._exit(1)

    return setup


@contextmanager
def termination_deferred() -> Iterator[None]:
    """SIGINT/SIGTERM/SIGHUP arriving during the block are handled after it, by the handlers in place
    before it. (Not by masking: the kernel hands a signal to any thread that does not block it, and
    Python then runs the handler in the main thread at once.) Only the main thread handles signals,
    so elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []
    previous = {
        signum: signal.signal(signum, lambda number, frame: arrived.append(number)) for signum in TERMINATION_SIGNALS
    }
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)  # None: not set from Python
        if arrived:
            signal.raise_signal(arrived[0])


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
    started: ClassVar[list[Session]] = []
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
