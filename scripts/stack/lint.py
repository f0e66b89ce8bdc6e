"""The lint suite (./scripts/test lint): ruff, ruff's formatter in check mode, mypy strict, ESLint and
the TypeScript build, each run once over the whole tree; no stack needed. Settings: pyproject.toml
(ruff, mypy) and app/eslint.config.js.

Prints "PASS <check>" or "FAIL <check>" (with the tool's findings) per check, then
"lint: N passed, M failed"."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from .config import ROOT

VENV_BIN = ROOT / ".venv" / "bin"
APP_BIN = ROOT / "app" / "node_modules" / ".bin"

# mypy runs once per root: each root has modules of the same name as another's (conftest,
# gunicorn.conf, tests), which one run cannot tell apart.
MYPY_ROOTS = ("bff", "supabase/local/auth", "supabase/local/realtime", "scripts/stack", "bench")


def checks(mypy_cache: Path) -> list[tuple[str, list[str], Path]]:
    """(name, command, directory) of each check. The mypy runs share one cache, new for each lint run:
    the standard library and the packages every root imports are analysed once instead of five
    times; a module of the same name in another root has another path and contents, so mypy
    checks it afresh rather than trust the other root's entry."""
    mypy = [str(VENV_BIN / "mypy"), "--cache-dir", str(mypy_cache)]
    return [
        ("ruff check", [str(VENV_BIN / "ruff"), "check", "--no-cache", "."], ROOT),
        ("ruff format --check", [str(VENV_BIN / "ruff"), "format", "--check", "--no-cache", "."], ROOT),
        *[(f"mypy {root}", [*mypy, root], ROOT) for root in MYPY_ROOTS],
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
    with tempfile.TemporaryDirectory(prefix="toolkit-lint-") as scratch:
        results = [run_check(name, cmd, cwd) for name, cmd, cwd in checks(Path(scratch) / "mypy")]
    passed = sum(results)
    print(f"lint: {passed} passed, {len(results) - passed} failed", flush=True)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
