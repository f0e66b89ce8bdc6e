"""A job process seen from the worker that forked it (job_child.py is its inside).

The worker holds three things per process: its pid, a pidfd (its exit is seen without reaping it, so
its pid — and the id of the session it leads — stays reserved until the worker reaps it: killing by
session is never aimed at a stranger) and one end of a socket pair, the channel: the job and the
request body go in, progress lines and the answer line come out."""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import socket
import time
from dataclasses import dataclass
from typing import IO

from flask import Flask

from .job_child import EXIT_ANSWERED, Job, job_views_generation, serve_one_job
from .sessions import kill_session

_CHUNK = 256 * 1024


def readable(fds: list[int], timeout: float) -> set[int]:
    """Which of fds can be read (a pidfd: its process has exited) within timeout seconds. poll, not
    select: a busy worker's descriptors may number past select's 1024."""
    poller = select.poll()
    for fd in fds:
        poller.register(fd, select.POLLIN)
    return {fd for fd, _ in poller.poll(max(0.0, timeout) * 1000)}


class DeadlinePassed(Exception):
    """The job did not answer in time."""


@dataclass(frozen=True)
class Ending:
    """How a job process ended: an exit code, or the signal that killed it."""

    code: int | None = None
    signal: int | None = None

    @property
    def clean(self) -> bool:
        """It answered and killed whatever it had started (job_child.serve_one_job)."""
        return self.code == EXIT_ANSWERED


def spawn_job_process(app: Flask) -> JobProcess:
    """Fork a job process that waits for its job (job_child.serve_one_job). Forked by a thread that
    lives as long as the worker: the process dies with the thread that forked it (PR_SET_PDEATHSIG)."""
    parent_end, child_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    generation, parent_pid = job_views_generation(), os.getpid()
    try:
        pid = os.fork()
    except OSError:
        parent_end.close()
        child_end.close()
        raise
    if pid == 0:  # the job process: never returns into the worker's code
        serve_one_job(app, child_end, parent_pid)
    child_end.close()
    return JobProcess(pid, os.pidfd_open(pid), parent_end, generation)


class JobProcess:
    def __init__(self, pid: int, pidfd: int, channel: socket.socket | None, generation: int = 0):
        self.pid, self.pidfd, self.channel, self.generation = pid, pidfd, channel, generation
        self.born = time.monotonic()
        self.buffer = b""
        self.ended = False  # its exit or the end of its channel was seen

    @classmethod
    def of_child(cls, pid: int) -> JobProcess:
        """A handle on a child process of this worker that has no channel."""
        return cls(pid, os.pidfd_open(pid), None)

    def _open_channel(self) -> socket.socket:
        if self.channel is None:
            raise RuntimeError("a process taken up by JobProcess.of_child has no channel")
        return self.channel

    def send(self, job: Job, body: IO[bytes] | None, *, timeout: float) -> None:
        """The job, then the request body as it is read from the client, then the end of it. A job
        that stops reading (it answered without the body, or died) is not an error here: its answer
        or its ending says what happened. Raises TimeoutError when the job takes nothing for
        `timeout` seconds."""
        data = pickle.dumps(job)
        channel = self._open_channel()
        channel.settimeout(timeout)
        try:
            channel.sendall(len(data).to_bytes(4, "big") + data)
            while body is not None and (chunk := body.read(_CHUNK)):
                channel.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            with contextlib.suppress(OSError):
                channel.shutdown(socket.SHUT_WR)
            channel.settimeout(None)

    def next_line(self, deadline: float) -> bytes | None:
        """The next line the job writes (without its newline); None once it ended without writing
        one more. Raises DeadlinePassed first if the deadline (time.monotonic) comes."""
        channel = self._open_channel()
        while b"\n" not in self.buffer:
            if self.ended:
                return None
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise DeadlinePassed
            ready = readable([channel.fileno(), self.pidfd], remaining)
            if channel.fileno() in ready:
                chunk = channel.recv(65536)
                self.buffer += chunk
                self.ended = not chunk
            elif self.pidfd in ready:  # it exited: what it wrote is already in the channel
                self._drain()
                self.ended = True
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def _drain(self) -> None:
        channel = self._open_channel()
        channel.setblocking(False)
        try:
            while chunk := channel.recv(65536):
                self.buffer += chunk
        except BlockingIOError:
            pass
        finally:
            channel.setblocking(True)

    def exited(self) -> bool:
        return bool(readable([self.pidfd], 0))

    def ending(self, *, block: bool, reap: bool) -> Ending | None:
        """How it ended (None: still running, when not blocking); with reap=False it stays a zombie,
        its pid and session id reserved. ChildProcessError: something else reaped it already."""
        options = os.WEXITED | (0 if block else os.WNOHANG) | (0 if reap else os.WNOWAIT)
        result = os.waitid(os.P_PIDFD, self.pidfd, options)
        if result is None or result.si_pid == 0:
            return None
        if result.si_code == os.CLD_EXITED:
            return Ending(code=result.si_status)
        return Ending(signal=result.si_status)

    def stop(self) -> Ending | None:
        """Kill it and every process of its session (LibreOffice's children too), then reap it.
        None: it had been reaped elsewhere (the session is swept all the same)."""
        kill_session(self.pid)
        with contextlib.suppress(ProcessLookupError):
            signal.pidfd_send_signal(self.pidfd, signal.SIGKILL)
        try:
            return self.ending(block=True, reap=True)
        except ChildProcessError:
            return None
        finally:
            self.close()

    def discard(self) -> None:
        """Kill and reap a spare that never got a job (it has started nothing: no session to sweep)."""
        try:
            signal.pidfd_send_signal(self.pidfd, signal.SIGKILL)
            self.ending(block=True, reap=True)
        except (ProcessLookupError, ChildProcessError):
            pass
        finally:
            self.close()

    def close_channel(self) -> None:
        if self.channel is not None:
            self.channel.close()
            self.channel = None

    def close(self) -> None:
        self.close_channel()
        if self.pidfd >= 0:
            os.close(self.pidfd)
            self.pidfd = -1
