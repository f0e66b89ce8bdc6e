"""The migration runner: new files only, in name order, all-or-nothing, and the seed once."""
import os
import uuid
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

from stack.postgres import apply_migrations, apply_seed, bootstrap


@pytest.fixture()
def scratch_db():
    """A fresh database on the test cluster, bootstrapped like the real one."""
    admin_url = os.environ["TOOLKIT_DATABASE_ADMIN_URL"]
    name = f"migrations_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f"create database {name}")
    try:
        with psycopg.connect(urlunsplit(urlsplit(admin_url)._replace(path=f"/{name}")), autocommit=True) as conn:
            bootstrap(conn, urlsplit(admin_url).password)
            yield conn
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f"drop database {name} with (force)")


def _tables(conn) -> set[str]:
    rows = conn.execute("select tablename from pg_tables where schemaname = 'public'").fetchall()
    return {row[0] for row in rows}


def test_applies_only_new_migrations_in_name_order(scratch_db, tmp_path):
    (tmp_path / "20260101000002_add_notes_body.sql").write_text("alter table notes add column body text;")
    (tmp_path / "20260101000001_create_notes.sql").write_text("create table notes (id int);")
    assert apply_migrations(scratch_db, tmp_path) == [
        "20260101000001_create_notes.sql", "20260101000002_add_notes_body.sql"]

    (tmp_path / "20260101000003_create_tags.sql").write_text("create table tags (id int);")
    assert apply_migrations(scratch_db, tmp_path) == ["20260101000003_create_tags.sql"]
    assert apply_migrations(scratch_db, tmp_path) == []
    assert _tables(scratch_db) == {"notes", "tags"}
    versions = scratch_db.execute("select version, name from supabase_migrations.schema_migrations"
                                  " order by version").fetchall()
    assert versions == [("20260101000001", "create_notes"), ("20260101000002", "add_notes_body"),
                        ("20260101000003", "create_tags")]


def test_a_failing_migration_leaves_nothing_behind(scratch_db, tmp_path):
    (tmp_path / "20260101000001_half_broken.sql").write_text(
        "create table half (id int); select * from no_such_table;")
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
