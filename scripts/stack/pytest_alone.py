"""The pytest tests that must run alone: each changes what every other test sees (the running stack's
job slots, the pages switch, the set of admins), so the runner (pytest_layout.py) runs them one at a
time after the tests that share the stack have run side by side. Declared here, each with its
reason, never guessed at run time; a test not listed may run beside any other.

Loaded by pytest.ini (-p), so `pytest -m alone` / `-m "not alone"` select them in any run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# A node id's start (a file, a file::test, or one parametrization of it; "*" stands for any text) →
# why it cannot share the stack with other tests.
ALONE: dict[str, str] = {
    "bff/tests/jobs/test_fair_shares.py": "fills every job slot of the running BFF",
    "bff/tests/api/test_api_fuzz.py::test_signed_in_admins_get_documented_answers[* /api/admin/*]": (
        "an admin's fuzzing of the admin operations switches pages off and grants or revokes admins"
    ),
    "bff/tests/api/test_admin_api.py": "switches pages off and removes every admin but one (the last-admin rule)",
    "bff/tests/api/test_openapi.py::test_successful_responses_match_the_document": (
        "its admin cases switch pages off and grant or revoke admins"
    ),
    "bff/tests/api/test_openapi.py::test_error_responses_match_the_document": (
        "its page_disabled cases switch pages off; the last-admin case removes every other admin"
    ),
    "bff/tests/core/test_disabled_pages_enforced.py": "switches pages off, every page at once included",
    "bff/tests/api/test_assurance_api.py::test_a_disabled_page_stays_closed_to_an_admin_who_owes_the_code": (
        "switches a page off"
    ),
    "supabase/local/realtime/tests/test_realtime_privacy.py": (
        "changes a page's settings (test_hostile_http compares them before and after)"
    ),
    "supabase/local/auth/tests/test_cleanup.py::test_reads_and_failures_clean_nothing_and_the_switch_is_off_by_default": (
        "its day-old rows must outlast every write it makes, but any successful write to the stack's own"
        " Auth (clean-up on) by a test beside it removes them"
    ),
}


def _file(key: str) -> str:
    return key.split("::", 1)[0]


FILES = {_file(key) for key in ALONE}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "alone: changes what every other test sees; runs after them, alone")
    missing = sorted(file for file in FILES if not (ROOT / file).is_file())
    if missing:
        raise pytest.UsageError(f"pytest_alone.ALONE names files that do not exist: {', '.join(missing)}")


def _pattern(key: str) -> re.Pattern[str]:
    start = ".*".join(re.escape(part) for part in key.split("*"))
    return re.compile(rf"{start}(?:(?:::|\[).*)?", re.DOTALL)  # the whole id, or one below it


PATTERNS = [_pattern(key) for key in ALONE]


def _listed(nodeid: str) -> bool:
    return any(pattern.fullmatch(nodeid) for pattern in PATTERNS)


def unlisted_test_file(path: Path) -> bool:
    """A test file of the tree that ALONE does not name: it holds no test of the alone part."""
    return (
        path.name.startswith("test_")
        and path.suffix == ".py"
        and path.is_relative_to(ROOT)
        and (path.relative_to(ROOT).as_posix() not in FILES)
    )


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The alone part (`-m alone`) imports only the files ALONE names, not the whole tree again: its
    collection is on the run's critical path. (A test marked alone in a file not named would be lost
    there: the other runs refuse it, below.)"""
    if config.getoption("markexpr") == "alone" and unlisted_test_file(collection_path):
        return True
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("alone") and unlisted_test_file(item.path):
            raise pytest.UsageError(f"{item.nodeid} is marked alone: name it in pytest_alone.ALONE, with its reason")
        if _listed(item.nodeid):
            item.add_marker(pytest.mark.alone)
