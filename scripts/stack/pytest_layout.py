"""The pytest suite in two parts, one after the other: the tests that can share the test stack, spread
over worker processes (pytest-xdist, whole files per worker so a file's module fixtures and order
hold, the fuzz file's operations one by one: pytest_spread.py), then the tests that change what
every other test sees (pytest_alone.py), one at a time.

Each part's output starts with a PYTEST_PART_MARK line, so the counts of both parts add up (test_counts.py).
`python -m stack.pytest_layout [pytest arguments]`, from scripts/; pytest itself runs from the root."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

from .config import ROOT
from .lifetime import child_setup
from .test_counts import PYTEST_PART_MARK

NO_TESTS_COLLECTED = 5  # a narrowed run may select nothing in one part: the count check judges the total
# Two cores: one worker each; the stack's processes fill the time a worker waits on them.
WORKERS_VARIABLE = "TOOLKIT_PYTEST_WORKERS"
DEFAULT_WORKERS = 2


def workers() -> int:
    raw = os.environ.get(WORKERS_VARIABLE, "").strip()
    if not raw:
        return DEFAULT_WORKERS
    if not raw.isdigit() or int(raw) < 1:
        raise SystemExit(f"{WORKERS_VARIABLE} must be a whole number of at least 1, not {raw!r}")
    return int(raw)


def parts(args: list[str], worker_count: int) -> list[tuple[str, list[str]]]:
    """(name, pytest command) of each part, in the order they run."""
    pytest = [sys.executable, "-m", "pytest", *args]
    shared = ["-n", str(worker_count), "-p", "stack.pytest_spread"] if worker_count > 1 else []
    return [
        ("shared", [*pytest, *shared, "-m", "not alone"]),
        ("alone", [*pytest, "-m", "alone"]),
    ]


def bytecode_env(cache_dir: str) -> dict[str, str]:
    """Every Python process of the suite (workers, the alone part, the BFFs and pytest runs that tests
    start) compiles and assertion-rewrites each module once, into a cache of this run outside the tree:
    with PYTHONDONTWRITEBYTECODE each one did it again (~6 CPU-s of every collection)."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    return env | {"PYTHONPYCACHEPREFIX": cache_dir}


def run_part(name: str, cmd: list[str], env: dict[str, str]) -> int:
    print(f"{PYTEST_PART_MARK} {name}", flush=True)
    code = subprocess.run(cmd, cwd=ROOT, env=env, preexec_fn=child_setup(), check=False).returncode
    return 0 if code == NO_TESTS_COLLECTED else code


def main(args: list[str]) -> int:
    with tempfile.TemporaryDirectory(prefix="toolkit-pycache-") as cache_dir:
        env = bytecode_env(cache_dir)
        codes = [run_part(name, cmd, env) for name, cmd in parts(args, workers())]
    return next((code for code in codes if code != 0), 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
