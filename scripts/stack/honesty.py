"""What makes a green run mean something: no skip without a listed reason, no suite smaller than
it should be. Both lists are small JSON files beside this module, easy to review and to raise:
- allowed_skips.json: {"<suite>": [{"test": "<text found in the runner's line for it>",
  "reason": "<why it may be skipped>"}]}; an entry without a reason does not count.
- expected_counts.json: {"<suite>": <how many tests must pass, exactly>}."""

from __future__ import annotations

import json
from pathlib import Path

from .test_counts import Counts

HERE = Path(__file__).resolve().parent
ALLOWED_SKIPS = HERE / "allowed_skips.json"
EXPECTED_COUNTS = HERE / "expected_counts.json"


def load_allowed_skips(path: Path = ALLOWED_SKIPS) -> dict[str, list[dict[str, str]]]:
    data = json.loads(path.read_text()) if path.exists() else {}
    return {
        suite: [entry for entry in entries if str(entry.get("reason", "")).strip() and entry.get("test")]
        for suite, entries in data.items()
    }


def load_expected_counts(path: Path = EXPECTED_COUNTS) -> dict[str, int]:
    return json.loads(path.read_text()) if path.exists() else {}


def skip_problems(suite: str, counts: Counts, allowed: dict[str, list[dict[str, str]]]) -> list[str]:
    """Every skipped test must match an allow-list entry; when a runner does not name all of its
    skips, their number may not exceed the entries listed for that suite."""
    entries = allowed.get(suite, [])
    problems = [
        f"{suite}: skipped without a listed reason: {name}"
        for name in counts.skipped_names
        if not any(entry["test"] in name for entry in entries)
    ]
    unnamed = counts.skipped - len(counts.skipped_names)
    if unnamed > 0 and counts.skipped > len(entries):
        problems.append(
            f"{suite}: {counts.skipped} tests skipped, {len(entries)} allowed (scripts/stack/allowed_skips.json)"
        )
    return problems


def count_problems(suite: str, counts: Counts, expected: dict[str, int], narrowed_by: str | None = None) -> list[str]:
    """The suite must pass exactly the listed number of tests: fewer means tests were lost (or
    failed), more means tests were added without raising the number in the same commit."""
    listed = expected.get(suite)
    if listed is None:
        return [f"{suite}: no expected test count in scripts/stack/expected_counts.json"]
    if counts.passed == listed:
        return []
    if narrowed_by:
        return [
            f"{suite}: {counts.passed} tests passed, {listed} expected (narrowed by {narrowed_by}: "
            "expected while working on one part; the full run must match exactly)"
        ]
    change = "lost or failing tests" if counts.passed < listed else "tests added without updating the count"
    return [
        f"{suite}: {counts.passed} tests passed, exactly {listed} expected ({change}): update "
        "scripts/stack/expected_counts.json in the commit that adds or removes tests"
    ]
