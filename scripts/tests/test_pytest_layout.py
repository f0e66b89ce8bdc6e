"""The pytest suite's layout (scripts/stack/pytest_layout.py, pytest_alone.py): the tests that share
the stack run on worker processes, those listed as changing what every other test sees run after
them in one process, and the counts of both parts add up to one suite's."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from stack.config import ROOT
from stack.pytest_alone import ALONE, _listed, pytest_collection_modifyitems, unlisted_test_file
from stack.pytest_spread import SPREAD, largest_first, unit
from stack.test_counts import PYTEST_PART_MARK, count_pytest

TWO_PARTS = f"""\
[gw0] warning: 9 passed in an earlier line that is not a summary
{PYTEST_PART_MARK} shared
..F.s
FAILED bff/tests/test_a.py::test_one - assert 1 == 2
SKIPPED [1] bff/tests/test_b.py:3: needs a GPU
============================= slowest 30 durations =============================
2.00s call     bff/tests/test_a.py::test_two
3 passed, 1 failed, 1 skipped in 9.00s
{PYTEST_PART_MARK} alone
..
============================= slowest 30 durations =============================
5.00s call     bff/tests/test_c.py::test_alone
2 passed, 1700 deselected in 7.00s
"""


def test_the_counts_names_and_durations_of_both_parts_add_up():
    counts = count_pytest(TWO_PARTS)
    assert (counts.passed, counts.failed, counts.skipped) == (5, 1, 1)
    assert counts.failed_names == ["FAILED bff/tests/test_a.py::test_one - assert 1 == 2"]
    assert counts.skipped_names == ["SKIPPED [1] bff/tests/test_b.py:3: needs a GPU"]
    assert counts.durations == {"bff/tests/test_a.py::test_two": 2.0, "bff/tests/test_c.py::test_alone": 5.0}


def test_a_listed_file_or_test_is_alone_and_its_neighbours_are_not():
    fuzz = "bff/tests/api/test_api_fuzz.py"
    assert _listed("bff/tests/jobs/test_fair_shares.py::test_slots")
    assert _listed(f"{fuzz}::test_signed_in_admins_get_documented_answers[PUT /api/admin/pages/{{page_key}}]")
    assert not _listed(f"{fuzz}::test_signed_in_admins_get_documented_answers[PUT /api/me]")
    assert not _listed(f"{fuzz}::test_anonymous_callers_get_documented_answers[GET /api/admin/users]")
    assert not _listed("bff/tests/jobs/test_fair_shares_more.py::test_slots")
    assert all(reason.strip() for reason in ALONE.values())


def test_the_alone_part_reads_only_the_files_alone_names_and_an_unlisted_alone_mark_is_refused():
    assert not unlisted_test_file(ROOT / "bff/tests/jobs/test_fair_shares.py")
    assert not unlisted_test_file(ROOT / "bff/tests/api/test_api_fuzz.py")  # only some of its tests
    assert unlisted_test_file(ROOT / "bff/tests/api/test_links_api.py")
    assert not unlisted_test_file(ROOT / "bff/tests/conftest.py")
    assert not unlisted_test_file(Path("/elsewhere/test_probe.py"))  # outside the tree: its own marks hold
    # The alone part never reads that file, so a test marked there would run in neither part.
    stray = SimpleNamespace(
        nodeid="bff/tests/api/test_links_api.py::test_x",
        path=ROOT / "bff/tests/api/test_links_api.py",
        get_closest_marker=lambda name: name == "alone",
    )
    with pytest.raises(pytest.UsageError, match=r"name it in pytest_alone\.ALONE"):
        pytest_collection_modifyitems([stray])  # type: ignore[list-item]


def test_the_fuzz_operations_go_out_one_by_one_before_whole_files_largest_first():
    fuzz = "bff/tests/api/test_api_fuzz.py"
    assert fuzz in SPREAD
    put = fuzz + "::test_signed_in_admins_get_documented_answers[PUT /api/me]"
    post = fuzz + "::test_anonymous_callers_get_documented_answers[POST /api/pastes]"
    assert unit(put) == put
    assert unit("bff/tests/api/test_links_api.py::test_one[a]") == "bff/tests/api/test_links_api.py"
    units = {
        "small.py": {"small.py::a": False},
        put: {put: False},
        "big.py": {"big.py::a": False, "big.py::b": False},
        post: {post: False},
    }
    assert list(largest_first(units)) == [put, post, "big.py", "small.py"]


TESTS = """\
import os
import pytest

def _ran(name):
    with open({log!r}, "a") as log:
        log.write(f"{{name}} {{os.environ.get('PYTEST_XDIST_WORKER', 'main')}}\\n")

def test_shared_one():
    _ran("one")

def test_shared_two():
    _ran("two")

def test_shared_broken():
    assert 1 == 2

@pytest.mark.alone
def test_alone():
    _ran("alone")
"""


def test_the_shared_tests_run_on_workers_then_the_alone_ones_in_one_process(tmp_path: Path):
    log = tmp_path / "ran.log"
    (tmp_path / "test_layout_probe.py").write_text(TESTS.format(log=str(log)))
    run = subprocess.run(
        [
            *(sys.executable, "-m", "stack.pytest_layout", "-q", "-p", "no:cacheprovider"),
            *("-c", str(ROOT / "pytest.ini"), "--rootdir", str(tmp_path), str(tmp_path / "test_layout_probe.py")),
        ],
        cwd=ROOT / "scripts",
        # Not this test's own worker's variables (PYTEST_XDIST_WORKER…): the probe reads where it runs.
        env={name: value for name, value in os.environ.items() if not name.startswith("PYTEST_")},
        capture_output=True,
        text=True,
        timeout=300,
    )
    counts = count_pytest(run.stdout)
    assert run.returncode == 1, run.stdout + run.stderr  # the shared part's failure is the suite's
    assert (counts.passed, counts.failed) == (3, 1), run.stdout
    ran = [line.split() for line in log.read_text().splitlines()]
    assert sorted(name for name, _ in ran[:2]) == ["one", "two"]
    assert all(worker.startswith("gw") for _, worker in ran[:2])
    assert ran[2:] == [["alone", "main"]]
