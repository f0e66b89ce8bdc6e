"""Reading each runner's output: how many tests passed, failed and were skipped, and which.

"Skipped" is everything that did not run as a test and pass or fail: skip, todo, xfail (a test
expected to fail proves nothing while it fails), fixme. Each runner is started in a mode that
names them (pytest -rsxfE, vitest's verbose reporter, pg_prove --directives, Playwright's list
reporter), so a skip can be matched against the allow-list by name."""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass
class Counts:
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    skipped_names: list[str] = field(default_factory=list)  # one line per skipped test, when named
    failed_names: list[str] = field(default_factory=list)  # one line per failed test, for the summary
    durations: dict[str, float] = field(default_factory=dict)  # seconds per test, as far as the runner says


_UNIT_SECONDS = {"ms": 0.001, "s": 1.0, "m": 60.0}


def _seconds(number: str, unit: str) -> float:
    return round(float(number) * _UNIT_SECONDS[unit], 3)


def pytest_durations(out: str) -> dict[str, float]:
    """`--durations` lines ("12.34s call     path::test"), the phases of one test added up. Tests that
    share a name (schemathesis parametrizes one per operation) are told apart as "name (2)"…"""
    found: dict[str, float] = {}
    phases: dict[str, set[str]] = {}
    for seconds, phase, name in re.findall(r"^([\d.]+)s (setup|call|teardown)\s+(\S.*)$", out, flags=re.MULTILINE):
        key, number = name, 1
        while phase in phases.get(key, set()):
            number += 1
            key = f"{name} ({number})"
        phases.setdefault(key, set()).add(phase)
        found[key] = round(found.get(key, 0.0) + float(seconds), 3)
    return found


def vitest_durations(out: str) -> dict[str, float]:
    """The verbose reporter: "✓ src/a.test.ts > suite > name 647ms" (only tests slower than a few ms)."""
    return {
        name: _seconds(number, unit)
        for name, number, unit in re.findall(r"^\s*[✓×]\s+(\S.*?)\s+([\d.]+)(ms|s)$", out, flags=re.MULTILINE)
    }


def playwright_durations(out: str) -> dict[str, float]:
    """The list reporter: "✓  12 [chromium] › e2e/a.spec.ts:3:1 › title (1.2s)", or (350ms), (1.5m)."""
    return {
        name: _seconds(number, unit)
        for name, number, unit in re.findall(r"^\s+[✓✘]\s+\d+ (\[.*?)\s+\(([\d.]+)(ms|s|m)\)$", out, flags=re.MULTILINE)
    }


def bench_durations(out: str) -> dict[str, float]:
    return {
        name: float(seconds)
        for name, seconds in re.findall(r"^(?:PASS|FAIL) (.+?) \(([\d.]+) s\)", out, flags=re.MULTILINE)
    }


def _lines(pattern: str, out: str) -> list[str]:
    return [line.strip() for line in out.splitlines() if re.match(pattern, line)]


def _last_int(pattern: str, text: str) -> int:
    found = re.findall(pattern, text, flags=re.MULTILINE)
    return int(found[-1]) if found else 0


def count_pg_prove(out: str) -> Counts:
    total = _last_int(r"Tests=(\d+)", out)
    failed = sum(int(n) for n in re.findall(r"Failed (\d+)/\d+ subtests", out))
    # --directives prints every test carrying a SKIP or TODO directive.
    names = [line.strip() for line in out.splitlines() if re.search(r"#\s*(SKIP|TODO)\b", line, re.IGNORECASE)]
    return Counts(total - failed - len(names), failed, len(names), names, _lines(r"#\s+Failed test", out))


# Starts each part's output when the suite runs as several pytest runs (pytest_layout.py).
PYTEST_PART_MARK = "== pytest part:"


def count_pytest(out: str) -> Counts:
    """One pytest run's output, or several runs' (each after a PYTEST_PART_MARK line) added up."""
    runs = [
        _count_pytest_run(part) for part in re.split(rf"^{re.escape(PYTEST_PART_MARK)}.*$", out, flags=re.MULTILINE)
    ]
    if len(runs) > 1:
        runs = runs[1:]  # what came before the first mark is not a run's output
    total = Counts()
    for run in runs:
        total.passed += run.passed
        total.failed += run.failed
        total.skipped += run.skipped
        total.skipped_names += run.skipped_names
        total.failed_names += run.failed_names
        total.durations |= run.durations
    return total


def _count_pytest_run(out: str) -> Counts:
    summary = [
        line for line in out.splitlines() if re.search(r"\d+ (passed|failed|errors?|skipped|xfailed|xpassed)\b", line)
    ]
    last = summary[-1] if summary else ""
    failed = _last_int(r"(\d+) failed", last) + _last_int(r"(\d+) errors?", last) + _last_int(r"(\d+) xpassed", last)
    skipped = _last_int(r"(\d+) skipped", last) + _last_int(r"(\d+) xfailed", last)
    # -rsxfE: "SKIPPED [2] path:line: reason" (one line may stand for several) and "XFAIL path::test - reason".
    names = _lines(r"(SKIPPED|XFAIL) ", out)
    return Counts(
        _last_int(r"(\d+) passed", last), failed, skipped, names, _lines(r"(FAILED|ERROR) ", out), pytest_durations(out)
    )


def count_vitest(out: str) -> Counts:
    tests = [line for line in out.splitlines() if re.match(r"\s*Tests\s", line)]
    last = tests[-1] if tests else ""
    skipped = _last_int(r"(\d+) skipped", last) + _last_int(r"(\d+) todo", last)
    # The verbose reporter marks a skipped test "↓ name [skipped]" and a todo "□ name".
    names = _lines(r"\s*(↓|□)\s", out)
    return Counts(
        _last_int(r"(\d+) passed", last),
        _last_int(r"(\d+) failed", last),
        skipped,
        names,
        _lines(r"\s*×\s", out),
        vitest_durations(out),
    )


def count_playwright(out: str) -> Counts:
    skipped = _last_int(r"^\s+(\d+) skipped", out)
    # "did not run" means the run stopped early (e.g. a forbidden test.only): a failure, not a skip.
    failed = _last_int(r"^\s+(\d+) failed", out) + _last_int(r"^\s+(\d+) did not run", out)
    # The list reporter marks skipped tests with "-": "  -   3 [chromium] › e2e/a.spec.ts:5:3 › title".
    names = _lines(r"\s+-\s+\d+ \[", out)
    return Counts(
        _last_int(r"^\s+(\d+) passed", out),
        failed,
        skipped,
        names,
        _lines(r"\s+✘\s+\d+ \[", out),
        playwright_durations(out),
    )


def count_size(out: str) -> Counts:
    return Counts(1 if re.search(r"Initial JS", out) else 0)


def _count_pass_fail_lines(out: str, summary_prefix: str) -> Counts:
    """ "PASS/FAIL <name> …" lines, then "<summary_prefix>N passed, M failed"."""
    last = [line for line in out.splitlines() if line.startswith(summary_prefix)]
    summary = last[-1] if last else ""
    return Counts(
        _last_int(r"(\d+) passed", summary),
        _last_int(r"(\d+) failed", summary),
        failed_names=_lines(r"FAIL ", out),
        durations=bench_durations(out),
    )


def count_bench(out: str) -> Counts:
    """bench.smoke: one line per benchmark, then "bench smoke: N passed, M failed"."""
    return _count_pass_fail_lines(out, "bench smoke: ")


def count_lint(out: str) -> Counts:
    """stack.lint: one line per check (ruff, mypy per root, ESLint, tsc), then "lint: N passed, M failed"."""
    return _count_pass_fail_lines(out, "lint: ")
