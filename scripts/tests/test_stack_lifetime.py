"""Every process the stack starts dies with it, whatever signal arrives at whatever moment
(scripts/stack/lifetime.py, supervisor.py, watchdog.py): real Redis and Apertium started by the
stack's own functions, on ports of this run's block that the test stack leaves free."""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from stack import config, supervisor
from stack.lifetime import termination_deferred
from stack.supervisor import Supervisor, port_in_use

SCRIPTS = Path(__file__).resolve().parents[1]


def spare_stack_config(data_dir: Path):
    """The stack's layout with the gateway moved to base+91: Redis then listens on base+90 and
    Apertium on base+48, ports the running test stack does not use (its second redirect service
    is at base+53)."""
    base = os.environ.get("TOOLKIT_TEST_PORT_BASE")
    if not base:
        pytest.fail("TOOLKIT_TEST_PORT_BASE is not set: run the suites through ./scripts/test")
    return dataclasses.replace(config.test_config(data_dir), gateway_port=int(base) + 91)


# A parent that starts Redis and Apertium as the stack does, says their process ids, and waits.
PARENT = textwrap.dedent("""
    import dataclasses, sys, time
    from pathlib import Path
    from stack.config import test_config
    from stack.ratelimit_store import start_ratelimit_store
    from stack.supervisor import Supervisor, raise_on_termination_signals
    from stack.translation_engine import start_apertium
    cfg = dataclasses.replace(test_config(Path(sys.argv[1])), gateway_port=int(sys.argv[2]))
    raise_on_termination_signals()
    sup = Supervisor(cfg.log_dir)
    try:
        start_ratelimit_store(cfg, sup)
        print("redis", sup.services[-1].process.pid, flush=True)
        start_apertium(cfg, sup)
        print("apertium", sup.services[-1].process.pid, flush=True)
        time.sleep(600)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    finally:
        sup.stop_all()
""")


def running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] not in ("Z", "X")
    except OSError:
        return False


def until(check, within: float = 30) -> bool:
    deadline = time.monotonic() + within
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


@pytest.fixture
def parent(tmp_path):
    """(the stack's layout on spare ports, the parent process); killed at the end if the test did not stop it."""
    cfg = spare_stack_config(tmp_path / "stack")
    with subprocess.Popen(
        [sys.executable, "-c", PARENT, str(cfg.data_dir), str(cfg.gateway_port)],
        cwd=SCRIPTS,
        stdout=subprocess.PIPE,
        text=True,
    ) as process:
        try:
            yield cfg, process
        finally:
            if process.poll() is None:
                process.kill()


def read_pid(parent: subprocess.Popen, name: str) -> int:
    line = parent.stdout.readline().split()
    assert line[:1] == [name], line
    return int(line[1])


def test_redis_and_apertium_die_with_a_parent_killed_outright(parent):
    cfg, process = parent
    redis, apertium = read_pid(process, "redis"), read_pid(process, "apertium")
    process.kill()  # SIGKILL: no clean-up of its own runs
    process.wait()
    assert until(lambda: not running(redis) and not running(apertium)), "orphaned under PID 1"
    assert until(lambda: not port_in_use(cfg.gateway_port - 1) and not port_in_use(cfg.apertium_port))


def test_sigint_while_apertium_starts_stops_redis_and_apertium(parent):
    cfg, process = parent
    redis = read_pid(process, "redis")
    process.send_signal(signal.SIGINT)  # Apertium is being started now
    assert process.wait(timeout=60) == 0 and process.stdout.read().split()[-1] == "interrupted"
    assert not running(redis)
    assert not port_in_use(cfg.gateway_port - 1) and not port_in_use(cfg.apertium_port)


def test_a_signal_arriving_as_a_child_starts_is_handled_once_the_child_is_recorded(tmp_path, monkeypatch):
    """The race the bench smoke once lost (a redis-server orphaned under PID 1): the signal lands
    between the child's start and its record. Here it is sent at exactly that moment."""
    real_popen = subprocess.Popen

    def popen_then_signal(*args, **kwargs):
        process = real_popen(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGINT)  # arrives before the supervisor records the child
        return process

    monkeypatch.setattr(supervisor.subprocess, "Popen", popen_then_signal)
    sup = Supervisor(tmp_path / "logs")
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            sup.start("sleeper", ["sleep", "600"], port=spare_stack_config(tmp_path).gateway_port, ready=lambda: False)
        assert [service.name for service in sup.services] == ["sleeper"]
        child = sup.services[0].process.pid
        sup.stop_all()
        assert not running(child)
    finally:
        signal.signal(signal.SIGINT, previous)
        for service in sup.services:
            service.process.kill()


def test_termination_signals_wait_for_the_end_of_a_deferred_block():
    handled = []
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: handled.append(signum))
    try:
        with termination_deferred():
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(0.1)
            assert handled == []
        assert handled == [signal.SIGTERM]
    finally:
        signal.signal(signal.SIGTERM, previous)
