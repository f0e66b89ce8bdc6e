"""The throw-away stack a benchmark measures: the real parts (Postgres, Redis, Auth, Realtime, the
BFF, the redirect service, the nginx gateway), started through scripts/stack exactly as
./scripts/test starts them, on a block of free ports, and stopped by process id on any exit.

Ports: a block of 100 (scripts/stack/config.py's test layout, base+0 … base+99). Without
--port-base the first free block from BENCH_PORT_BASE (default 61000) up to 62900 is taken, saying
which port made it skip a block; with --port-base the block must be free, or the run stops before
starting anything and names the port and its holder.

Stopping: SIGINT, SIGTERM and SIGHUP become KeyboardInterrupt once; later signals are ignored so the
clean-up is not cut short. Every service leads a session of its own; their process ids are kept in
<work>/pids while they run, so scripts/bench can stop them even if this process is killed."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

from scripts.stack.config import StackConfig, test_config
from scripts.stack.stack import say, start_stack
from scripts.stack.supervisor import Service, StackError, Supervisor, port_holder

BLOCK = 100
# Starts what the stack's services must find running (a benchmark's STACK_HELPER); returns the
# environment that tells them where it is.
StackHelper = Callable[[StackConfig, Supervisor], dict[str, str]]
FIRST_BASE, LAST_BASE = 61000, 62900


@dataclass
class Stack:
    cfg: StackConfig
    sup: RecordingSupervisor
    work: Path
    base: int
    durable: bool

    @property
    def env(self) -> dict[str, str]:
        return self.cfg.service_env()

    @property
    def pids(self) -> list[int]:
        return [service.process.pid for service in self.sup.services]

    def spare_port(self, offset: int) -> int:
        """A port of this stack's block that scripts/stack leaves unused (base+90 … base+98 but the
        second Auth's base+97)."""
        assert 90 <= offset <= 98 and offset != 97
        return self.base + offset


class RecordingSupervisor(Supervisor):
    """A Supervisor that keeps <work>/pids current (one process id a line)."""

    def __init__(self, log_dir: Path, pid_file: Path):
        super().__init__(log_dir)
        self.pid_file = pid_file

    def record(self) -> None:
        self.pid_file.write_text("".join(f"{service.process.pid}\n" for service in self.services))

    def start(self, *args: Any, **kwargs: Any) -> Service:  # Supervisor.start's parameters, passed on
        try:
            return super().start(*args, **kwargs)
        finally:
            self.record()

    def stop_all(self) -> None:
        super().stop_all()
        self.pid_file.unlink(missing_ok=True)


def taken_port(base: int) -> int | None:
    """The first port of the block that something else listens on (or holds), else None."""
    for port in range(base, base + BLOCK):
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                return port
    return None


def choose_base(explicit: int | None) -> int:
    if explicit is not None:
        port = taken_port(explicit)
        if port is not None:
            raise StackError(
                f"port {port} (of the block {explicit}–{explicit + BLOCK - 1} asked for with --port-base)"
                f" is already in use by {port_holder(port)}"
            )
        return explicit
    first = int(os.environ.get("BENCH_PORT_BASE", FIRST_BASE))
    for base in range(first, LAST_BASE + 1, BLOCK):
        port = taken_port(base)
        if port is None:
            return base
        say(
            f"ports {base}–{base + BLOCK - 1} not free (port {port} is in use by {port_holder(port)}): trying the next block"
        )
    raise StackError(f"no free block of {BLOCK} ports between {first} and {LAST_BASE + BLOCK - 1}")


_stopping = False


def _on_signal(signum: int, frame: FrameType | None) -> None:
    global _stopping
    if _stopping:
        return  # the clean-up is under way: let it finish
    _stopping = True
    raise KeyboardInterrupt(signal.Signals(signum).name)


def stop_on_signals() -> None:
    """SIGINT/SIGTERM/SIGHUP → KeyboardInterrupt, once (a background job may inherit an ignored SIGINT)."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _on_signal)


@contextmanager
def bench_stack(
    *, durable: bool, env: Mapping[str, str], port_base: int | None = None, helpers: tuple[StackHelper, ...] = ()
) -> Iterator[Stack]:
    """Start the whole stack with `env` added to every service's environment; stop it on exit.
    Each helper, `helper(cfg, sup) -> env`, starts what the stack's services must find running (a
    benchmark's stand-in for a third-party site) through the same supervisor, before the stack."""
    global _stopping
    base = choose_base(port_base)
    os.environ.update(env)
    os.environ["TOOLKIT_TEST_PORT_BASE"] = str(base)  # test_config() offsets every port from it
    given = os.environ.get("BENCH_WORK")
    work = Path(given) if given else Path(tempfile.mkdtemp(prefix="toolkit-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    work.chmod(0o755)  # the postgres OS user must reach the cluster inside it
    # Two instances of the BFF, the redirect service and Auth, as in ./scripts/test: the main gateway
    # keeps the first of each, a second one balances both (bench/replicas.py compares them).
    cfg = test_config(work, replicas=2)
    sup = RecordingSupervisor(cfg.log_dir, work / "pids")
    say(f"bench stack on ports {base}–{base + BLOCK - 1}, data in {work}")
    try:
        for helper in helpers:
            os.environ.update(helper(cfg, sup))
        start_stack(cfg, sup, durable=durable)
        say("bench stack ready")
        yield Stack(cfg, sup, work, base, durable)
    finally:
        _stopping = True  # a signal from now on must not interrupt the clean-up
        if sup.services:
            say("stopping the bench stack")
        sup.stop_all()
        if not os.environ.get("BENCH_KEEP_DATA"):
            shutil.rmtree(work, ignore_errors=True)
        _stopping = False
