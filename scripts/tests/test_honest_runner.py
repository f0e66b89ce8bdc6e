"""The runner's counts and checks (scripts/stack/test_counts.py, honesty.py, suites.run_suite): on real
output shapes, and the runner itself on a real pytest process."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from stack.honesty import count_problems, load_allowed_skips, skip_problems
from stack.run_tests import print_summary
from stack.suite_run import run_suite
from stack.suites import Suite, SuiteResult
from stack.test_counts import (
    Counts,
    count_bench,
    count_lint,
    count_pg_prove,
    count_playwright,
    count_pytest,
    count_vitest,
)

PYTEST = """\
........s...x
=========================== short test summary info ============================
SKIPPED [1] bff/tests/test_a.py:12: needs a GPU
XFAIL bff/tests/test_b.py::test_c - known bug
490 passed, 1 skipped, 1 xfailed in 12.00s
"""
VITEST = """\
 ✓ src/lib/a.test.ts > adds 2ms
 ↓ src/lib/a.test.ts > later [skipped]
 □ src/lib/b.test.ts > one day
 Test Files  2 passed (2)
      Tests  115 passed | 1 skipped | 1 todo (117)
"""
PLAYWRIGHT = """\
  ✓   1 [chromium] › e2e/a.spec.ts:3:1 › home (1.2s)
  -   2 [chromium] › e2e/a.spec.ts:9:1 › dark theme
  1 skipped
  3 did not run
  70 passed (1.5m)
"""
BENCH = """\
PASS check ports-taken (2.0 s): port 61022 is already in use by postgres (pid 1)
tools: PASS — the load ran as intended and every figure was produced
FAIL benchmark tools (8.1 s): load check failed: no OCR job failed
PASS benchmark auth (9.0 s)

bench smoke: 2 passed, 1 failed (90 s)
"""
PG_PROVE = """\
supabase/tests/database/01-a.test.sql .. ok
ok 7 - role check # SKIP no pg_cron here
All tests successful.
Files=9, Tests=381,  3 wallclock secs
Result: PASS
"""


def test_pytest_counts_skips_and_xfails_by_name():
    counts = count_pytest(PYTEST)
    assert (counts.passed, counts.failed, counts.skipped) == (490, 0, 2)
    assert counts.skipped_names == [
        "SKIPPED [1] bff/tests/test_a.py:12: needs a GPU",
        "XFAIL bff/tests/test_b.py::test_c - known bug",
    ]


def test_xpassed_counts_as_failed():
    assert count_pytest("3 passed, 1 xpassed in 1s").failed == 1


def test_vitest_counts_skipped_and_todo():
    counts = count_vitest(VITEST)
    assert (counts.passed, counts.failed, counts.skipped) == (115, 0, 2)
    assert len(counts.skipped_names) == 2


def test_playwright_skips_and_tests_that_did_not_run():
    counts = count_playwright(PLAYWRIGHT)
    assert (counts.passed, counts.failed, counts.skipped) == (70, 3, 1)
    assert counts.skipped_names == ["-   2 [chromium] › e2e/a.spec.ts:9:1 › dark theme"]


def test_pg_prove_skip_directives():
    counts = count_pg_prove(PG_PROVE)
    assert (counts.passed, counts.failed, counts.skipped) == (380, 0, 1)


def test_failed_tests_are_named_for_the_summary():
    vitest = " ✓ a.test.ts > adds 2ms\n × conformance/auth/mfa.test.ts > mfa > raises to aal2 31ms\n      Tests  1 failed | 1 passed (2)\n"
    assert count_vitest(vitest).failed_names == ["× conformance/auth/mfa.test.ts > mfa > raises to aal2 31ms"]
    pytest_out = "=== short test summary info ===\nFAILED bff/tests/test_a.py::test_b - assert 1 == 2\nERROR bff/tests/test_c.py\n1 failed, 1 error, 3 passed in 1s\n"
    assert count_pytest(pytest_out).failed_names == [
        "FAILED bff/tests/test_a.py::test_b - assert 1 == 2",
        "ERROR bff/tests/test_c.py",
    ]
    playwright = (
        "  ✘  12 [chromium] › e2e/a.spec.ts:3:1 › home (1.2s)\n  ✓  13 [chromium] › e2e/a.spec.ts:9:1 › b\n  1 failed\n"
    )
    assert count_playwright(playwright).failed_names == ["✘  12 [chromium] › e2e/a.spec.ts:3:1 › home (1.2s)"]
    pg = 't/01.sql .. 1/3\n# Failed test 2: "admins only"\nFailed 1/3 subtests\nFiles=1, Tests=3\n'
    assert count_pg_prove(pg).failed_names == ['# Failed test 2: "admins only"']


def test_each_runner_says_how_long_its_tests_took_and_the_summary_names_the_slowest(capsys):
    pytest_out = (
        "============ slowest 30 durations ============\n"
        "12.50s call     bff/tests/tools/test_ocr.py::test_reads_a_page\n"
        "0.40s setup    bff/tests/tools/test_ocr.py::test_reads_a_page\n"
        "3.00s teardown bff/tests/api/test_links.py::test_a\n"
        "2.00s call     bff/tests/api/test_fuzz.py::test_b\n1.00s call     bff/tests/api/test_fuzz.py::test_b\n"
        "1 passed in 20s\n"
    )
    assert count_pytest(pytest_out).durations == {
        "bff/tests/tools/test_ocr.py::test_reads_a_page": 12.9,
        "bff/tests/api/test_links.py::test_a": 3.0,
        "bff/tests/api/test_fuzz.py::test_b": 2.0,
        "bff/tests/api/test_fuzz.py::test_b (2)": 1.0,
    }
    assert count_vitest(VITEST + " ✓ src/b.test.ts > waits 1.5s\n").durations == {
        "src/lib/a.test.ts > adds": 0.002,
        "src/b.test.ts > waits": 1.5,
    }
    playwright = (
        PLAYWRIGHT
        + "  ✓   4 [chromium] › e2e/b.spec.ts:3:1 › slow (1.5m)\n  ✓   5 [chromium] › e2e/c.spec.ts:1:1 › quick (350ms)\n"
    )
    assert count_playwright(playwright).durations == {
        "[chromium] › e2e/a.spec.ts:3:1 › home": 1.2,
        "[chromium] › e2e/b.spec.ts:3:1 › slow": 90.0,
        "[chromium] › e2e/c.spec.ts:1:1 › quick": 0.35,
    }
    assert count_bench(BENCH).durations == {"check ports-taken": 2.0, "benchmark tools": 8.1, "benchmark auth": 9.0}

    results = [
        SuiteResult("pytest", count_pytest(pytest_out), 0, 20),
        SuiteResult("playwright", count_playwright(playwright), 0, 95),
    ]
    print_summary(results, [], 115)
    out = capsys.readouterr().out
    assert (
        out.index("90.0s  playwright [chromium] › e2e/b.spec.ts:3:1 › slow")
        < out.index("12.9s  pytest     bff/tests/tools/test_ocr.py::test_reads_a_page")
        < out.index("1.2s  playwright")
    )


def _allowed(tmp_path, entries: dict) -> dict:
    path = tmp_path / "allowed_skips.json"
    path.write_text(json.dumps(entries))
    return load_allowed_skips(path)


def test_a_skip_fails_unless_listed_with_a_reason(tmp_path):
    counts = count_pytest(PYTEST)
    assert len(skip_problems("pytest", counts, _allowed(tmp_path, {}))) == 2
    allowed = {
        "pytest": [
            {"test": "test_a.py:12", "reason": "no GPU on CI"},
            {"test": "test_b.py::test_c", "reason": "upstream bug #1"},
        ]
    }
    assert skip_problems("pytest", counts, _allowed(tmp_path, allowed)) == []
    blank_reason = {"pytest": [{"test": "test_a.py:12", "reason": " "}, {"test": "test_b.py::test_c", "reason": "x"}]}
    assert skip_problems("pytest", counts, _allowed(tmp_path, blank_reason)) == [
        "pytest: skipped without a listed reason: SKIPPED [1] bff/tests/test_a.py:12: needs a GPU"
    ]
    no_reason = {"pytest": [{"test": "test_a.py:12"}, {"test": "test_b.py::test_c", "reason": "x"}]}
    assert len(skip_problems("pytest", counts, _allowed(tmp_path, no_reason))) == 1


def test_unnamed_skips_are_checked_by_number(tmp_path):
    counts = Counts(passed=5, skipped=2)
    assert skip_problems("size", counts, _allowed(tmp_path, {"size": [{"test": "x", "reason": "y"}]})) != []
    assert skip_problems("size", counts, _allowed(tmp_path, {"size": [{"test": "x", "reason": "y"}] * 2})) == []


def test_the_count_must_be_exact():
    assert count_problems("pytest", Counts(passed=500), {"pytest": 500}) == []
    fewer = count_problems("pytest", Counts(passed=499), {"pytest": 500})
    more = count_problems("pytest", Counts(passed=501), {"pytest": 500})
    assert len(fewer) == len(more) == 1
    assert (
        "499 tests passed, exactly 500 expected" in fewer[0] and "update scripts/stack/expected_counts.json" in fewer[0]
    )
    assert (
        "501 tests passed, exactly 500 expected" in more[0] and "update scripts/stack/expected_counts.json" in more[0]
    )
    assert count_problems("newsuite", Counts(passed=1), {}) != []


def test_bench_smoke_counts_from_its_summary_line():
    assert (count_bench(BENCH).passed, count_bench(BENCH).failed) == (2, 1)
    assert (count_bench("tools: PASS\n").passed, count_bench("").failed) == (0, 0)  # no summary: nothing passed
    assert count_bench(BENCH).failed_names == ["FAIL benchmark tools (8.1 s): load check failed: no OCR job failed"]


LINT = """PASS ruff check
FAIL mypy bench
bench/run.py:3: error: Function is missing a return type annotation  [no-untyped-def]
PASS tsc -b app
lint: 2 passed, 1 failed
"""


def test_lint_counts_each_check_and_names_the_failed_one():
    assert (count_lint(LINT).passed, count_lint(LINT).failed) == (2, 1)
    assert count_lint(LINT).failed_names == ["FAIL mypy bench"]
    assert (count_lint("PASS ruff check\n").passed, count_lint("").failed) == (0, 0)  # no summary: nothing passed


def test_a_narrowed_run_reports_the_count_and_says_why():
    [problem] = count_problems("pytest", Counts(passed=16), {"pytest": 500}, narrowed_by="TOOLKIT_PYTEST_ARGS")
    assert problem.startswith("pytest: 16 tests passed, 500 expected (narrowed by TOOLKIT_PYTEST_ARGS")


# The runner itself (suites.run_suite) on a real pytest process: its output is counted and checked
# against the two lists exactly as in ./scripts/test.
TESTS = """\
import pytest

def test_one():
    assert True

def test_two():
    assert True

@pytest.mark.skip(reason="needs a GPU")
def test_three():
    pass
"""


@pytest.fixture
def small_suite(tmp_path) -> Suite:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_small.py").write_text(TESTS)
    return Suite(
        "pytest",
        [sys.executable, "-m", "pytest", "-q", "-rsxfE", "-p", "no:cacheprovider", "tests"],
        tmp_path,
        count_pytest,
        {"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},
        narrowing="TOOLKIT_SMALL_SUITE_ARGS",
    )


def _lists(tmp_path, skips: dict, counts: dict) -> tuple[Path, Path]:
    (tmp_path / "skips.json").write_text(json.dumps(skips))
    (tmp_path / "counts.json").write_text(json.dumps(counts))
    return tmp_path / "skips.json", tmp_path / "counts.json"


def test_the_runner_passes_a_suite_only_with_its_skips_listed_and_its_count_exact(small_suite, tmp_path):
    listed = {"pytest": [{"test": "test_small.py", "reason": "no GPU here"}]}
    result = run_suite(small_suite, *_lists(tmp_path, listed, {"pytest": 2}))
    assert (result.passed, result.failed, result.skipped, result.problems, result.ok) == (2, 0, 1, [], True)
    assert result.cpu_seconds > 0.1  # at least starting Python and pytest

    unlisted = run_suite(small_suite, *_lists(tmp_path, {}, {"pytest": 2}))
    assert not unlisted.ok and unlisted.problems == [
        "pytest: skipped without a listed reason: SKIPPED [1] tests/test_small.py:9: needs a GPU"
    ]

    for listed_count in (1, 3):
        counted = run_suite(small_suite, *_lists(tmp_path, listed, {"pytest": listed_count}))
        assert not counted.ok
        assert counted.problems == [count_problems("pytest", Counts(passed=2), {"pytest": listed_count})[0]]


def test_the_runner_says_when_a_run_was_narrowed(small_suite, tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLKIT_SMALL_SUITE_ARGS", "-k one")
    result = run_suite(small_suite, *_lists(tmp_path, {}, {"pytest": 1}))
    assert not result.ok and "narrowed by TOOLKIT_SMALL_SUITE_ARGS" in result.problems[-1]
