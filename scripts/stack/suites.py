"""The test suites ./scripts/test runs, and how to read each runner's counts."""

from __future__ import annotations

import json
import os
import shlex
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .auth import auth_env, features_auth_env, features_auth_url
from .config import ROOT, StackConfig, replicas_env
from .postgres import superuser_connection
from .ratelimit_store import storage_uri
from .services import TEST_BFF_WORKERS
from .test_counts import (
    Counts,
    count_bench,
    count_lint,
    count_pg_prove,
    count_playwright,
    count_pytest,
    count_size,
    count_vitest,
)
from .username_sites import fake_sites_url


@dataclass
class SuiteResult:
    name: str
    counts: Counts
    exit_code: int
    seconds: float
    problems: list[str] = field(default_factory=list)  # skips not allowed, a count that is off
    cpu_seconds: float = 0.0  # its processes', and the test stack's while it served the suite (suite_run.py)

    @property
    def passed(self) -> int:
        return self.counts.passed

    @property
    def failed(self) -> int:
        return self.counts.failed

    @property
    def skipped(self) -> int:
        return self.counts.skipped

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and self.failed == 0 and not self.problems


@dataclass
class Suite:
    name: str
    cmd: list[str]
    cwd: Path
    count: Callable[[str], Counts]
    env: dict[str, str] | None = None
    narrowing: str | None = None  # the variable that runs only part of the suite, if any
    # May run while the other suites run (schedule.py): it changes nothing in the test stack.
    beside_others: bool = False
    # Needs the machine to itself (two browsers on two cores): starts once those beside others have ended.
    alone: bool = False
    needs_stack: bool = True  # False: the suite reads only the source tree (lint)


def narrowed_by(suite: Suite) -> str | None:
    """The narrowing variable, when it is set for this run."""
    return suite.narrowing if suite.narrowing and os.environ.get(suite.narrowing, "").strip() else None


def chromium_path() -> str:
    """Debian's chromium ("" when missing: the runner's preflight says so before anything starts)."""
    return shutil.which("chromium") or shutil.which("chromium-browser") or ""


def prepare_pgtap(cfg: StackConfig) -> None:
    with superuser_connection(cfg) as conn:
        conn.execute("create extension if not exists pgtap with schema extensions")


def features_env(cfg: StackConfig) -> dict[str, str]:
    """Where the test stack's second Auth (the official switches on: scripts/stack/auth.py) is."""
    return {
        "TOOLKIT_AUTH_FEATURES_URL": features_auth_url(cfg),
        "TOOLKIT_AUTH_FEATURES_ENV": json.dumps(features_auth_env(cfg)),
    }


SUITE_NAMES = ["pgtap", "pytest", "vitest", "auth", "playwright", "size", "bench", "lint"]  # in the order they run


def all_suites(cfg: StackConfig) -> list[Suite]:
    # The tests of the local Auth build their own app instances with the stack's Auth configuration;
    # the rate-limit store's address is given for the tests that check the running BFF shares its
    # counters there (the tests' own apps keep per-app memory counters).
    # TOOLKIT_LOG_DIR: the tests that check no log of the stack holds a secret; TOOLKIT_TEST_BFF_WORKERS: the
    # tests that fill every job slot of the running BFF.
    env = (
        cfg.service_env()
        | {
            "TOOLKIT_AUTH_ENV": json.dumps(auth_env(cfg)),
            "TOOLKIT_TEST_RATE_LIMIT_STORE": storage_uri(cfg),
            "TOOLKIT_FAKE_SITES_URL": fake_sites_url(cfg),
            "TOOLKIT_LOG_DIR": str(cfg.log_dir),
            "TOOLKIT_TEST_BFF_WORKERS": str(TEST_BFF_WORKERS),
        }
        | features_env(cfg)
        | replicas_env(cfg)
    )
    db_tests = sorted(str(p) for p in (ROOT / "supabase" / "tests" / "database").glob("*.sql"))
    # The e2e specs read the confirmation mails the stack captured.
    node_env = {
        "E2E_BASE_URL": cfg.gateway_url,
        "CHROMIUM_PATH": chromium_path(),
        "CI": "true",
        "TOOLKIT_MAIL_DIR": str(cfg.mail_dir),
        "TOOLKIT_FAKE_SITES_URL": fake_sites_url(cfg),
        "TOOLKIT_LOG_DIR": str(cfg.log_dir),
    }
    return [
        Suite(
            "pgtap",
            [
                "pg_prove",
                "--directives",
                "--ext",
                ".sql",
                "-h",
                str(cfg.pg_socket_dir),
                "-p",
                str(cfg.pg_port),
                "-U",
                "postgres",
                "-d",
                "postgres",
                *db_tests,
            ],
            ROOT,
            count_pg_prove,
            {"PGOPTIONS": "-c search_path=public,extensions"},
        ),
        # While working on one part: TOOLKIT_PYTEST_ARGS="bff/tests/tools/qr_generator -k y" ./scripts/test pytest
        # (the count check then fails and says the run was narrowed).
        # --durations: the summary names the slowest tests of every suite. Two parts: the tests that
        # share the stack on TOOLKIT_PYTEST_WORKERS processes, then those that run alone (pytest_layout.py).
        Suite(
            "pytest",
            [
                str(ROOT / ".venv" / "bin" / "python"),
                "-m",
                "stack.pytest_layout",
                "-q",
                "-rsxfE",
                "-p",
                "no:cacheprovider",
                "--durations=30",
                *shlex.split(os.environ.get("TOOLKIT_PYTEST_ARGS", "")),
            ],
            ROOT / "scripts",
            count_pytest,
            env,
            narrowing="TOOLKIT_PYTEST_ARGS",
        ),
        # Unit tests: only the API types' drift check reads the BFF's document (a GET).
        Suite(
            "vitest",
            ["npm", "test", "--silent", "--", "--reporter=verbose"],
            ROOT / "app",
            count_vitest,
            node_env,
            beside_others=True,
        ),
        # supabase-js against the running Auth through the gateway (app/conformance/auth/README.md).
        Suite(
            "auth",
            ["npm", "run", "test:auth", "--silent", "--", "--reporter=verbose"],
            ROOT / "app",
            count_vitest,
            node_env | cfg.service_env() | features_env(cfg),
        ),
        # The admin journeys make their users through Auth's admin API and the first admin in
        # user_roles as service_role, as an operator would; the admin URL only moves a mail's stamp past
        # Auth's frequency window (e2e/mail.ts).
        Suite(
            "playwright",
            ["npm", "run", "e2e", "--silent"],
            ROOT / "app",
            count_playwright,
            node_env
            | {
                name: cfg.service_env()[name]
                for name in (
                    "TOOLKIT_SERVICE_ROLE_KEY",
                    "TOOLKIT_DATABASE_URL",
                    "TOOLKIT_DATABASE_ADMIN_URL",
                    "TOOLKIT_ANON_KEY",
                )
            }
            | {"TOOLKIT_AUTH_FEATURES_URL": features_auth_url(cfg)},
            narrowing="TOOLKIT_E2E_GREP",
            alone=True,
        ),  # app/playwright.config.ts reads it
        Suite("size", ["npm", "run", "size", "--silent"], ROOT / "app", count_size, node_env, beside_others=True),
        # Every benchmark in smoke mode on a throw-away stack of its own (bench/README.md): it must
        # complete, produce its figures and really run its load; never judged on a timing.
        # TOOLKIT_BENCH_ARGS="tools report" runs only those (benchmarks or checks).
        Suite(
            "bench",
            [
                str(ROOT / ".venv" / "bin" / "python"),
                "-m",
                "bench.smoke",
                *shlex.split(os.environ.get("TOOLKIT_BENCH_ARGS", "")),
            ],
            ROOT,
            count_bench,
            narrowing="TOOLKIT_BENCH_ARGS",
            beside_others=True,
        ),
        # ruff, ruff format --check, mypy strict, ESLint and tsc -b over the tree (scripts/stack/lint.py).
        Suite(
            "lint",
            [str(ROOT / ".venv" / "bin" / "python"), "-m", "stack.lint"],
            ROOT / "scripts",
            count_lint,
            beside_others=True,
            needs_stack=False,
        ),
    ]
