"""The compose stack's migrate service (deploy/migrate/apply-migrations.sh), run with psql against
scratch databases of the test cluster: it records what the local runner and the CLI record, each
file's checksum too, and refuses a file changed after it was applied. The script applies every
migration to a fresh database once per module; the tests that start from a migrated database
(a second run, an upgrade, a failing or changed file) each get a copy of that one."""

import os
import shutil
import subprocess
import uuid
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from deploy_support import ROOT

from stack.postgres import apply_migrations, bootstrap, changed_migration_message, file_checksum

SCRIPT = ROOT / "deploy" / "migrate" / "apply-migrations.sh"
MIGRATIONS = ROOT / "supabase" / "migrations"


def _database_url(admin_url: str, name: str) -> str:
    return urlunsplit(urlsplit(admin_url)._replace(path=f"/{name}"))


def _drop(admin_url: str, names: list[str]) -> None:
    with psycopg.connect(admin_url, autocommit=True) as admin:
        for name in names:
            admin.execute(f"drop database {name} with (force)")


@pytest.fixture(scope="module")
def migrated():
    """A database the CLI never touched (bootstrapped, without the CLI's schema) on which the script
    has applied every migration: (its name, the script's run). Applying them all is the slow part,
    done once; each test works on a copy of it (`make_db(like=...)`)."""
    admin_url = os.environ["TOOLKIT_DATABASE_ADMIN_URL"]
    name = f"deploy_migrated_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f"create database {name}")
    try:
        with psycopg.connect(_database_url(admin_url, name), autocommit=True) as conn:
            bootstrap(conn, urlsplit(admin_url).password)
            conn.execute("drop schema supabase_migrations cascade")  # the script creates the CLI's table itself
        yield name, run_migrate(_database_url(admin_url, name))
    finally:
        _drop(admin_url, [name])


@pytest.fixture
def make_db():
    """make_db() -> a new bootstrapped database; make_db(like=name) -> a copy of that database."""
    admin_url = os.environ["TOOLKIT_DATABASE_ADMIN_URL"]
    made = []

    def make(like: str | None = None) -> str:
        name = f"deploy_migrate_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f"create database {name}" + (f" template {like}" if like else ""))
        made.append(name)
        url = _database_url(admin_url, name)
        if not like:
            with psycopg.connect(url, autocommit=True) as conn:
                bootstrap(conn, urlsplit(admin_url).password)
        return url

    yield make
    _drop(admin_url, made)


def run_migrate(url: str, migrations=MIGRATIONS) -> subprocess.CompletedProcess:
    parts = urlsplit(url)
    env = {
        "PATH": os.environ["PATH"],
        "PGHOST": parts.hostname,
        "PGPORT": str(parts.port),
        "PGUSER": parts.username,
        "PGPASSWORD": parts.password,
        "PGDATABASE": parts.path.lstrip("/"),
        "MIGRATIONS_DIR": str(migrations),
    }
    return subprocess.run(["/bin/sh", str(SCRIPT)], env=env, capture_output=True, text=True)


def records(url: str) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(
            "select version, name, statements from supabase_migrations.schema_migrations order by version"
        ).fetchall()


def checksums(url: str) -> dict[str, str]:
    with psycopg.connect(url) as conn:
        return dict(conn.execute("select version, sha256 from supabase_migrations.migration_checksums"))


def public_tables(url: str) -> set[str]:
    with psycopg.connect(url) as conn:
        return {r[0] for r in conn.execute("select tablename from pg_tables where schemaname = 'public'")}


def test_applies_every_migration_and_records_it_as_the_local_runner_does(migrated, make_db):
    template, result = migrated
    assert result.returncode == 0, result.stderr
    by_script, by_runner = make_db(like=template), make_db()
    with psycopg.connect(by_runner, autocommit=True) as conn:
        apply_migrations(conn)

    expected = sorted(MIGRATIONS.glob("*.sql"))
    assert f"{len(expected)} new migration(s) applied" in result.stdout
    assert records(by_script) == records(by_runner)
    assert (
        checksums(by_script) == checksums(by_runner) == {p.stem.partition("_")[0]: file_checksum(p) for p in expected}
    )
    assert [r[0] + "_" + r[1] for r in records(by_script)] == [p.stem for p in expected]
    # The file is kept byte for byte, final newline included.
    assert records(by_script)[0][2] == [expected[0].read_text()]
    assert public_tables(by_script) == public_tables(by_runner) and "profile" in public_tables(by_script)


def test_a_second_run_applies_nothing(migrated, make_db):
    url = make_db(like=migrated[0])
    before = records(url)
    again = run_migrate(url)
    assert again.returncode == 0, again.stderr
    assert "0 new migration(s) applied" in again.stdout
    assert records(url) == before


def test_an_upgrade_applies_only_the_new_file(migrated, make_db, tmp_path):
    url = make_db(like=migrated[0])
    migrations = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS, migrations)
    (migrations / "29991231000000_upgrade_note.sql").write_text(
        "create table public.upgrade_note (id int primary key);\nalter table public.upgrade_note enable row level security;\n"
    )
    result = run_migrate(url, migrations)
    assert result.returncode == 0, result.stderr
    assert "applying 29991231000000_upgrade_note" in result.stdout
    assert "1 new migration(s) applied" in result.stdout
    assert records(url)[-1][:2] == ("29991231000000", "upgrade_note")


def test_a_failing_migration_leaves_nothing_behind_and_stops_the_start(migrated, make_db, tmp_path):
    url = make_db(like=migrated[0])
    migrations = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS, migrations)
    (migrations / "29991231000000_broken.sql").write_text("create table public.half_done (id int);\nselect 1 / 0;\n")
    result = run_migrate(url, migrations)
    assert result.returncode != 0  # compose then keeps bff, rest and realtime from starting
    assert "division by zero" in result.stderr
    assert "half_done" not in public_tables(url)
    assert "29991231000000" not in [r[0] for r in records(url)]
    assert len(records(url)) == len(list(MIGRATIONS.glob("*.sql")))


def test_a_file_changed_after_it_was_applied_stops_the_start_with_the_local_runner_s_message(
    migrated, make_db, tmp_path
):
    url = make_db(like=migrated[0])
    migrations = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS, migrations)
    landed = sorted(migrations.glob("*.sql"))[-1]
    before = file_checksum(landed)
    landed.write_text(landed.read_text() + "\ncreate table public.sneaked_in (id int);\n")
    (migrations / "29991231000000_upgrade_note.sql").write_text("create table public.upgrade_note (id int);\n")
    result = run_migrate(url, migrations)
    assert result.returncode != 0  # compose then keeps bff, rest and realtime from starting
    assert f"migrate: {changed_migration_message(landed.name, before, file_checksum(landed))}" in " ".join(
        result.stderr.split()
    )
    assert {"sneaked_in", "upgrade_note"} & public_tables(url) == set()
    assert "29991231000000" not in [r[0] for r in records(url)]


def test_a_record_from_before_checksums_takes_the_file_s_checksum_from_then_on(migrated, make_db):
    url = make_db(like=migrated[0])
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("delete from supabase_migrations.migration_checksums")
    again = run_migrate(url)
    assert again.returncode == 0, again.stderr
    assert checksums(url) == {p.stem.partition("_")[0]: file_checksum(p) for p in MIGRATIONS.glob("*.sql")}
