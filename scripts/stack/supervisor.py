"""Starts the stack's processes, waits until each is ready and stops all of them on any exit."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

from .lifetime import child_setup, record_session, termination_deferred


class StackError(RuntimeError):
    """A part of the stack could not start; the message says which and why."""


def port_holder(port: int) -> str:
    try:
        out = subprocess.run(["ss", "-Hltnp", f"sport = :{port}"], capture_output=True, text=True).stdout
    except FileNotFoundError:  # iproute2 missing, or not on PATH: the port is still named
        out = ""
    holders = {f"{name} (pid {pid})" for name, pid in re.findall(r'"([^"]+)",pid=(\d+)', out)}
    return ", ".join(sorted(holders)) or "another process"


def port_in_use(port: int) -> bool:
    """Something listens on it or holds it bound (a connection in TIME_WAIT does not count)."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


def ensure_port_free(port: int) -> None:
    if port_in_use(port):
        raise StackError(f"port {port} is already in use by {port_holder(port)}")


def port_open(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


@dataclass
class Service:
    name: str
    process: subprocess.Popen[bytes]
    log_path: Path
    stop_signal: int = signal.SIGTERM


class Supervisor:
    def __init__(self, log_dir: Path):
        self.log_dir = log_dir
        self.services: list[Service] = []

    def start(
        self,
        name: str,
        cmd: list[str],
        *,
        port: int,
        env: dict[str, str] | None = None,
        user: str | None = None,
        cwd: Path | None = None,
        ready: Callable[[], bool] | None = None,
        timeout: float = 60,
        stop_signal: int = signal.SIGTERM,
    ) -> Service:
        ensure_port_free(port)
        self.log_dir.mkdir(parents=True, exist_ok=True)
        log_path = self.log_dir / f"{name}.log"
        # If we die, the child gets its stop signal (nginx: SIGTERM, the fast shutdown; SIGQUIT waits
        # for open WebSockets).
        death_signal = signal.SIGTERM if stop_signal == signal.SIGQUIT else stop_signal
        with open(log_path, "ab") as log, termination_deferred():  # started means recorded
            # A new session per child: Ctrl-C reaches only us, and we stop children in order.
            process = subprocess.Popen(
                cmd,
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, **(env or {})},
                cwd=cwd,
                user=user,
                start_new_session=True,
                preexec_fn=child_setup(death_signal),
            )
            service = Service(name, process, log_path, stop_signal)
            self.services.append(service)
            record_session(process.pid)
        self._wait_ready(service, ready or (lambda: port_open(port)), timeout)
        return service

    def _wait_ready(self, service: Service, ready: Callable[[], bool], timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if service.process.poll() is not None:
                raise StackError(f"{service.name} exited during start-up:\n{self.tail(service)}")
            if ready():
                return
            time.sleep(0.1)
        raise StackError(f"{service.name} was not ready after {timeout:.0f}s:\n{self.tail(service)}")

    @staticmethod
    def tail(service: Service, lines: int = 20) -> str:
        text = service.log_path.read_text(errors="replace").splitlines()
        return "\n".join(f"  | {line}" for line in text[-lines:])

    def first_exited(self) -> Service | None:
        return next((s for s in self.services if s.process.poll() is not None), None)

    def stop_all(self) -> None:
        """Stop every service, last started first, then whatever is left of its process group (a
        child the leader did not wait for). A signal arriving meanwhile waits until all are stopped."""
        with termination_deferred():
            for service in reversed(self.services):
                if service.process.poll() is None:
                    _signal_group(service.process.pid, service.stop_signal)
            for service in reversed(self.services):
                with contextlib.suppress(subprocess.TimeoutExpired):
                    service.process.wait(timeout=15)
                _signal_group(service.process.pid, signal.SIGKILL)
                service.process.wait()
            self.services.clear()


def _signal_group(pgid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError):  # nothing left in it
        os.killpg(pgid, signum)


class _Termination:
    received: str | None = None  # the first termination signal, by name
    raised = False


def raise_on_termination_signals() -> None:
    """Turn the first SIGINT/SIGTERM/SIGHUP into KeyboardInterrupt so `finally` blocks stop every
    child; later ones are only noted, so they cannot cut the clean-up short."""

    def handler(signum: int, frame: FrameType | None) -> None:
        _Termination.received = _Termination.received or signal.Signals(signum).name
        if not _Termination.raised:
            _Termination.raised = True
            raise KeyboardInterrupt(signal.Signals(signum).name)

    # Started in the background by a script, Python inherits an ignored SIGINT; Ctrl-C must still work.
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, handler)


def only_note_termination_signals() -> None:
    """From now on (the clean-up), a termination signal is noted, never raised."""
    _Termination.raised = True


def received_signal() -> str | None:
    """The termination signal this process received, if any (for its exit status and message)."""
    return _Termination.received
