"""The fault run (./scripts/test --faults, bench/faults.py) never works against a stack it did not
start: a port of its range already in use stops it before it starts or creates anything."""
import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_fault_run_refuses_a_port_range_in_use():
    with socket.create_server(("127.0.0.1", 0)) as held:  # as a running stack's service would
        base = held.getsockname()[1]
        before = set(Path(tempfile.gettempdir()).glob("toolkit-faults-*"))
        run = subprocess.Popen([sys.executable, "-m", "bench.faults", "--only", "redis"], cwd=ROOT,
                               env={**os.environ, "FAULTS_PORT_BASE": str(base)}, stderr=subprocess.PIPE, text=True)
        try:
            _, stderr = run.communicate(timeout=30)
        except subprocess.TimeoutExpired:  # it went ahead: SIGTERM, on which it stops all it started
            run.terminate()
            _, stderr = run.communicate(timeout=180)
        assert run.returncode == 1, stderr
        assert f"port {base} is already in use by" in stderr
        assert f"pid {os.getpid()}" in stderr  # names the process holding it
        assert "starting a stack" not in stderr
        assert set(Path(tempfile.gettempdir()).glob("toolkit-faults-*")) == before  # nothing made
