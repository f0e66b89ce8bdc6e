"""The lint suite (./scripts/test lint): ruff, ruff's formatter in check mode, mypy strict, ESLint and
the TypeScript build, each run once over the whole tree; no stack needed. Settings: pyproject.toml
(ruff, mypy) and app/eslint.config.js.

Prints "PASS <check>" or "FAIL <check>" (with the tool's findings) per check, then
"lint: N passed, M failed"."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .config import ROOT

VENV_BIN = ROOT / ".venv" / "bin"
APP_BIN = ROOT / "app" / "node_modules" / ".bin"

# mypy runs once per root: each root has modules of the same name as another's (conftest,
# gunicorn.conf, tests), which one run cannot tell apart.
MYPY_ROOTS = ("bff", "supabase/local/auth", "supabase/local/realtime", "scripts/stack", "bench")

CHECKS: list[tuple[str, list[str], Path]] = [
    ("ruff check", [str(VENV_BIN / "ruff"), "check", "--no-cache", "."], ROOT),
    ("ruff format --check", [str(VENV_BIN / "ruff"), "format", "--check", "--no-cache", "."], ROOT),
    *[(f"mypy {root}", [str(VENV_BIN / "mypy"), "--no-incremental", root], ROOT) for root in MYPY_ROOTS],
    ("eslint app", [str(APP_BIN / "eslint"), "--max-warnings=0", "."], ROOT / "app"),
    ("tsc -b app", [str(APP_BIN / "tsc"), "-b"], ROOT / "app"),
]


def run_check(name: str, cmd: list[str], cwd: Path) -> bool:
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    print(f"{'PASS' if proc.returncode == 0 else 'FAIL'} {name}", flush=True)
    if proc.returncode != 0:
        print((proc.stdout + proc.stderr).rstrip(), flush=True)
    return proc.returncode == 0


def main() -> int:
    results = [run_check(name, cmd, cwd) for name, cmd, cwd in CHECKS]
    passed = sum(results)
    print(f"lint: {passed} passed, {len(results) - passed} failed", flush=True)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
