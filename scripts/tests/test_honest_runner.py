"""The runner's counts and checks (scripts/stack/test_counts.py, honesty.py), on real output shapes."""
from __future__ import annotations

from stack.honesty import count_problems, skip_problems
from stack.test_counts import Counts, count_bench, count_pg_prove, count_playwright, count_pytest, count_vitest

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
    assert counts.skipped_names == ["SKIPPED [1] bff/tests/test_a.py:12: needs a GPU",
                                    "XFAIL bff/tests/test_b.py::test_c - known bug"]


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


def test_a_skip_fails_unless_listed_with_a_reason():
    counts = count_pytest(PYTEST)
    assert len(skip_problems("pytest", counts, {})) == 2
    allowed = {"pytest": [{"test": "test_a.py:12", "reason": "no GPU on CI"},
                          {"test": "test_b.py::test_c", "reason": "upstream bug #1"}]}
    assert skip_problems("pytest", counts, allowed) == []
    no_reason = {"pytest": [{"test": "test_a.py:12", "reason": " "}, {"test": "test_b.py::test_c", "reason": "x"}]}
    assert skip_problems("pytest", counts, {k: [e for e in v if e["reason"].strip()] for k, v in no_reason.items()}) \
        == ["pytest: skipped without a listed reason: SKIPPED [1] bff/tests/test_a.py:12: needs a GPU"]


def test_unnamed_skips_are_checked_by_number():
    counts = Counts(passed=5, skipped=2)
    assert skip_problems("size", counts, {"size": [{"test": "x", "reason": "y"}]}) != []
    assert skip_problems("size", counts, {"size": [{"test": "x", "reason": "y"}] * 2}) == []


def test_a_suite_that_shrinks_fails():
    assert count_problems("pytest", Counts(passed=499), {"pytest": 500}) != []
    assert count_problems("pytest", Counts(passed=500), {"pytest": 500}) == []
    assert count_problems("newsuite", Counts(passed=1), {}) != []


def test_bench_smoke_counts_from_its_summary_line():
    assert (count_bench(BENCH).passed, count_bench(BENCH).failed) == (2, 1)
    assert (count_bench("tools: PASS\n").passed, count_bench("").failed) == (0, 0)  # no summary: nothing passed
