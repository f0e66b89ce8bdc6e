"""The migration runner: new files only, in name order, all-or-nothing, each file's checksum kept and
compared, and the seed once."""

import os
import shutil
import subprocess
import uuid
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from stack.config import ROOT
from stack.postgres import (
    SUPABASE_DIR,
    MigrationChanged,
    apply_migrations,
    apply_seed,
    bootstrap,
    changed_migration_message,
    file_checksum,
)

MIGRATIONS = SUPABASE_DIR / "migrations"


@pytest.fixture
def make_db():
    """Fresh databases on the test cluster, bootstrapped like the real one, dropped afterwards."""
    admin_url = os.environ["TOOLKIT_DATABASE_ADMIN_URL"]
    made: list[tuple[str, psycopg.Connection]] = []

    def make() -> psycopg.Connection:
        name = f"migrations_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f"create database {name}")
        conn = psycopg.connect(urlunsplit(urlsplit(admin_url)._replace(path=f"/{name}")), autocommit=True)
        made.append((name, conn))
        bootstrap(conn, urlsplit(admin_url).password)
        return conn

    yield make
    with psycopg.connect(admin_url, autocommit=True) as admin:
        for name, conn in made:
            conn.close()
            admin.execute(f"drop database {name} with (force)")


@pytest.fixture
def scratch_db(make_db):
    return make_db()


def _tables(conn) -> set[str]:
    rows = conn.execute("select tablename from pg_tables where schemaname = 'public'").fetchall()
    return {row[0] for row in rows}


def test_applies_only_new_migrations_in_name_order(scratch_db, tmp_path):
    (tmp_path / "20260101000002_add_notes_body.sql").write_text("alter table notes add column body text;")
    (tmp_path / "20260101000001_create_notes.sql").write_text("create table notes (id int);")
    assert apply_migrations(scratch_db, tmp_path) == [
        "20260101000001_create_notes.sql",
        "20260101000002_add_notes_body.sql",
    ]

    (tmp_path / "20260101000003_create_tags.sql").write_text("create table tags (id int);")
    assert apply_migrations(scratch_db, tmp_path) == ["20260101000003_create_tags.sql"]
    assert apply_migrations(scratch_db, tmp_path) == []
    assert _tables(scratch_db) == {"notes", "tags"}
    versions = scratch_db.execute(
        "select version, name from supabase_migrations.schema_migrations order by version"
    ).fetchall()
    assert versions == [
        ("20260101000001", "create_notes"),
        ("20260101000002", "add_notes_body"),
        ("20260101000003", "create_tags"),
    ]


def test_a_failing_migration_leaves_nothing_behind(scratch_db, tmp_path):
    (tmp_path / "20260101000001_half_broken.sql").write_text("create table half (id int); select * from no_such_table;")
    with pytest.raises(psycopg.errors.UndefinedTable):
        apply_migrations(scratch_db, tmp_path)
    assert _tables(scratch_db) == set()
    assert scratch_db.execute("select count(*) from supabase_migrations.schema_migrations").fetchone() == (0,)


def test_seed_runs_once_and_again_only_when_it_changes(scratch_db, tmp_path):
    scratch_db.execute("create table visits (n int)")
    seed = tmp_path / "seed.sql"
    seed.write_text("insert into visits values (1);")
    assert apply_seed(scratch_db, seed) is True
    assert apply_seed(scratch_db, seed) is False
    seed.write_text("insert into visits values (2);")
    assert apply_seed(scratch_db, seed) is True
    assert scratch_db.execute("select array_agg(n order by n) from visits").fetchone() == ([1, 2],)


def _checksums(conn) -> dict[str, str]:
    return dict(conn.execute("select version, sha256 from supabase_migrations.migration_checksums"))


def test_records_each_file_s_checksum(scratch_db, tmp_path):
    (tmp_path / "20260101000001_create_notes.sql").write_text("create table notes (id int);\n")
    apply_migrations(scratch_db, tmp_path)
    assert _checksums(scratch_db) == {"20260101000001": file_checksum(tmp_path / "20260101000001_create_notes.sql")}


def test_a_file_changed_after_it_was_applied_stops_the_run_before_anything_else(scratch_db, tmp_path):
    landed = tmp_path / "20260101000001_create_notes.sql"
    landed.write_text("create table notes (id int);\n")
    apply_migrations(scratch_db, tmp_path)
    before = file_checksum(landed)
    landed.write_text("create table notes (id bigint);\n")
    (tmp_path / "20260101000002_create_tags.sql").write_text("create table tags (id int);\n")
    with pytest.raises(MigrationChanged) as refused:
        apply_migrations(scratch_db, tmp_path)
    assert str(refused.value) == changed_migration_message(landed.name, before, file_checksum(landed))
    assert "20260101000001_create_notes.sql has changed since this database applied it" in str(refused.value)
    assert _tables(scratch_db) == {"notes"}  # the new file waits until the changed one is restored
    landed.write_text("create table notes (id int);\n")
    assert apply_migrations(scratch_db, tmp_path) == ["20260101000002_create_tags.sql"]


def test_a_record_from_before_checksums_takes_the_file_s_checksum_from_then_on(scratch_db, tmp_path):
    landed = tmp_path / "20260101000001_create_notes.sql"
    landed.write_text("create table notes (id int);\n")
    apply_migrations(scratch_db, tmp_path)
    scratch_db.execute("delete from supabase_migrations.migration_checksums")
    assert apply_migrations(scratch_db, tmp_path) == []
    assert _checksums(scratch_db) == {"20260101000001": file_checksum(landed)}
    landed.write_text("create table notes (id bigint);\n")
    with pytest.raises(MigrationChanged):
        apply_migrations(scratch_db, tmp_path)


def _moderation_functions(conn) -> dict[str, tuple]:
    rows = conn.execute(
        "select p.proname, pg_get_functiondef(p.oid), p.proacl::text from pg_proc p"
        " where p.pronamespace = 'public'::regnamespace and p.proname like 'admin%'"
    )
    return {name: (definition, acl) for name, definition, acl in rows}


def test_the_rewritten_moderation_migration_and_its_fix_forward_end_alike(make_db, tmp_path):
    """20261123000200 was edited after it landed (e15a2bf) and is restored; 20261125000100 carries the
    change. A database that applied the edited text and one that did not end with the same functions."""
    edited = subprocess.run(
        ["git", "show", "e15a2bf:supabase/migrations/20261123000200_admin_moderation.sql"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for path in MIGRATIONS.glob("*.sql"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "20261123000200_admin_moderation.sql").write_text(edited)
    migrated_with_the_edit, migrated_now = make_db(), make_db()
    apply_migrations(migrated_with_the_edit, tmp_path)
    apply_migrations(migrated_now)
    functions = _moderation_functions(migrated_now)
    assert "admin_require_moderator" in functions and "admin_delete_paste" in functions
    assert _moderation_functions(migrated_with_the_edit) == functions
