"""The test suites ./scripts/test runs, and how to read each runner's counts."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .auth import auth_env
from .config import ROOT, StackConfig
from .postgres import superuser_connection


ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


@dataclass
class SuiteResult:
    name: str
    passed: int
    failed: int
    exit_code: int
    seconds: float

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and self.failed == 0


def _last_int(pattern: str, text: str) -> int:
    found = re.findall(pattern, text, flags=re.MULTILINE)
    return int(found[-1]) if found else 0


def _count_pg_prove(out: str) -> tuple[int, int]:
    total = _last_int(r"Tests=(\d+)", out)
    failed = sum(int(n) for n in re.findall(r"Failed (\d+)/\d+ subtests", out))
    return total - failed, failed


def _count_pytest(out: str) -> tuple[int, int]:
    summary = [line for line in out.splitlines() if re.search(r"\d+ (passed|failed|error)", line)]
    last = summary[-1] if summary else ""
    return _last_int(r"(\d+) passed", last), _last_int(r"(\d+) failed", last) + _last_int(r"(\d+) errors?", last)


def _count_vitest(out: str) -> tuple[int, int]:
    tests = [line for line in out.splitlines() if re.match(r"\s*Tests\s", line)]
    last = tests[-1] if tests else ""
    return _last_int(r"(\d+) passed", last), _last_int(r"(\d+) failed", last)


def _count_playwright(out: str) -> tuple[int, int]:
    return _last_int(r"^\s+(\d+) passed", out), _last_int(r"^\s+(\d+) failed", out)


def _count_size(out: str) -> tuple[int, int]:
    return (1, 0) if re.search(r"Initial JS", out) else (0, 0)


@dataclass
class Suite:
    name: str
    cmd: list[str]
    cwd: Path
    count: Callable[[str], tuple[int, int]]
    env: dict[str, str] | None = None


def chromium_path() -> str:
    for candidate in ("chromium", "chromium-browser"):
        path = subprocess.run(["which", candidate], capture_output=True, text=True).stdout.strip()
        if path:
            return path
    raise RuntimeError("Debian's chromium is not installed (scripts/setup installs it)")


def prepare_pgtap(cfg: StackConfig) -> None:
    with superuser_connection(cfg) as conn:
        conn.execute("create extension if not exists pgtap with schema extensions")


def all_suites(cfg: StackConfig) -> list[Suite]:
    # The tests of the local Auth build their own app instances with the stack's Auth configuration.
    env = cfg.service_env() | {"TOOLKIT_AUTH_ENV": json.dumps(auth_env(cfg))}
    db_tests = sorted(str(p) for p in (ROOT / "supabase" / "tests" / "database").glob("*.sql"))
    # The e2e specs read the confirmation mails the stack captured.
    node_env = {"E2E_BASE_URL": cfg.gateway_url, "CHROMIUM_PATH": chromium_path(), "CI": "true",
                "TOOLKIT_MAIL_DIR": str(cfg.mail_dir)}
    return [
        Suite("pgtap", ["pg_prove", "--ext", ".sql", "-h", str(cfg.pg_socket_dir), "-p", str(cfg.pg_port),
                        "-U", "postgres", "-d", "postgres", *db_tests],
              ROOT, _count_pg_prove, {"PGOPTIONS": "-c search_path=public,extensions"}),
        Suite("pytest", [str(ROOT / ".venv" / "bin" / "pytest"), "-q", "-p", "no:cacheprovider"],
              ROOT, _count_pytest, env),
        Suite("vitest", ["npm", "test", "--silent"], ROOT / "app", _count_vitest, node_env),
        # supabase-js against the running Auth through the gateway (app/conformance/auth/README.md).
        Suite("auth", ["npm", "run", "test:auth", "--silent"], ROOT / "app", _count_vitest,
              node_env | cfg.service_env()),
        Suite("playwright", ["npm", "run", "e2e", "--silent"], ROOT / "app", _count_playwright, node_env),
        Suite("size", ["npm", "run", "size", "--silent"], ROOT / "app", _count_size, node_env),
    ]


def run_suite(suite: Suite) -> SuiteResult:
    print(f"\n\033[1;35m══ {suite.name} ══\033[0m", flush=True)
    started = time.monotonic()
    # Own process group, so an interrupted run can stop the suite and what it spawned (node, chromium).
    proc = subprocess.Popen(suite.cmd, cwd=suite.cwd, env={**os.environ, **(suite.env or {})},
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    lines = []
    try:
        for line in proc.stdout:  # stream while keeping a copy to count from
            sys.stdout.write(line)
            lines.append(line)
        proc.wait()
    except BaseException:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        raise
    passed, failed = suite.count(ANSI_ESCAPE.sub("", "".join(lines)))
    if proc.returncode != 0 and failed == 0:
        failed = 1  # the runner failed without a countable test failure (crash, build error)
    return SuiteResult(suite.name, passed, failed, proc.returncode, time.monotonic() - started)
