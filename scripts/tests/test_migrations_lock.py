"""Landed migrations are never edited: supabase/migrations.lock holds the sha256 of every landed
file, each file must match its line, and the lock only grows (every line it ever held in git history
is still there, unchanged), so editing a file together with its line fails too."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from stack.config import ROOT
from stack.postgres import SUPABASE_DIR, file_checksum

LOCK = SUPABASE_DIR / "migrations.lock"
MIGRATIONS = SUPABASE_DIR / "migrations"
_LINE = re.compile(r"([0-9a-f]{64})  (\d{14}_\w+\.sql)")


def lock_entries(text: str) -> dict[str, str]:
    """file name → sha256; every line that is not blank or a comment must be a checksum line."""
    entries: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        match = _LINE.fullmatch(line)
        assert match, f"supabase/migrations.lock line {number} is not '<sha256>  <file>.sql': {line!r}"
        checksum, name = match.groups()
        assert name not in entries, f"supabase/migrations.lock lists {name} twice"
        entries[name] = checksum
    return entries


def changed_files(locked: dict[str, str], directory: Path) -> list[str]:
    return sorted(
        name
        for name, checksum in locked.items()
        if (directory / name).exists() and file_checksum(directory / name) != checksum
    )


def removed_files(locked: dict[str, str], directory: Path) -> list[str]:
    return sorted(name for name in locked if not (directory / name).exists())


def unlocked_files(locked: dict[str, str], directory: Path) -> list[str]:
    return sorted(path.name for path in directory.glob("*.sql") if path.name not in locked)


def lost_lines(earlier: dict[str, str], current: dict[str, str]) -> dict[str, str]:
    """The lines of an earlier lock that the current one no longer holds as they were."""
    return {name: checksum for name, checksum in earlier.items() if current.get(name) != checksum}


def committed_locks() -> list[tuple[str, str]]:
    """(commit, text) of every version of the lock in this checkout's history."""
    path = str(LOCK.relative_to(ROOT))
    commits = subprocess.run(
        ["git", "log", "--full-history", "--format=%h", "--", path],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return [
        (
            commit,
            subprocess.run(
                ["git", "show", f"{commit}:{path}"], cwd=ROOT, capture_output=True, text=True, check=True
            ).stdout,
        )
        for commit in commits
    ]


def test_every_landed_migration_is_unchanged():
    locked = lock_entries(LOCK.read_text())
    changed = changed_files(locked, MIGRATIONS)
    assert changed == [], (
        f"landed migrations changed: {', '.join(changed)}. A migration on main is never "
        "edited: restore it (git checkout main -- supabase/migrations/<file>) and put the "
        "change in a new migration"
    )
    removed = removed_files(locked, MIGRATIONS)
    assert removed == [], f"landed migrations removed: {', '.join(removed)} (a landed migration stays)"


def test_every_migration_has_its_line_in_the_lock():
    missing = unlocked_files(lock_entries(LOCK.read_text()), MIGRATIONS)
    assert missing == [], "new migrations without their line in supabase/migrations.lock; append:\n" + "\n".join(
        f"{file_checksum(MIGRATIONS / name)}  {name}" for name in missing
    )


def test_the_lock_only_grows():
    current = lock_entries(LOCK.read_text())
    history = committed_locks()
    assert history, "supabase/migrations.lock is not committed"
    for commit, text in history:
        lost = lost_lines(lock_entries(text), current)
        assert lost == {}, (
            f"supabase/migrations.lock held these lines in {commit} and no longer does: "
            f"{lost}. The lock only grows: a landed migration and its line are never changed"
        )


def test_the_checks_catch_an_edited_file_a_missing_line_and_an_edited_lock(tmp_path):
    (tmp_path / "20260101000001_one.sql").write_text("create table one (id int);\n")
    (tmp_path / "20260101000002_two.sql").write_text("create table two (id int);\n")
    one = file_checksum(tmp_path / "20260101000001_one.sql")
    landed = lock_entries(f"# landed\n{one}  20260101000001_one.sql\n")
    assert (changed_files(landed, tmp_path), unlocked_files(landed, tmp_path)) == ([], ["20260101000002_two.sql"])

    (tmp_path / "20260101000001_one.sql").write_text("create table one (id bigint);\n")
    assert changed_files(landed, tmp_path) == ["20260101000001_one.sql"]
    relocked = lock_entries(f"{file_checksum(tmp_path / '20260101000001_one.sql')}  20260101000001_one.sql\n")
    assert changed_files(relocked, tmp_path) == []  # the file and its line edited together...
    assert lost_lines(landed, relocked) == {"20260101000001_one.sql": one}  # ...and the history says so
    grown = lock_entries(f"{one}  20260101000001_one.sql\n{'c' * 64}  20260101000002_two.sql\n")
    assert lost_lines(landed, grown) == {}
    (tmp_path / "20260101000001_one.sql").unlink()
    assert removed_files(landed, tmp_path) == ["20260101000001_one.sql"]
