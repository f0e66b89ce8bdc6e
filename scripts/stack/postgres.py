"""The private PostgreSQL 15 cluster: create, start, bootstrap, migrate and seed."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
from pathlib import Path

import psycopg
from psycopg import sql

from .config import ROOT, StackConfig
from .supervisor import StackError, Supervisor

PG_BIN = Path("/usr/lib/postgresql/15/bin")
SUPABASE_DIR = ROOT / "supabase"
# initdb and postgres refuse to run as root: use the OS user Debian's package creates.
PG_OS_USER = "postgres" if os.geteuid() == 0 else None


def _as_pg_user(path: Path) -> None:
    if PG_OS_USER:
        shutil.chown(path, PG_OS_USER, PG_OS_USER)


def init_cluster(cfg: StackConfig) -> bool:
    """Create the cluster once; returns True when it was created now."""
    if (cfg.pg_dir / "PG_VERSION").exists():
        return False
    cfg.pg_dir.mkdir(parents=True, exist_ok=True)
    _as_pg_user(cfg.pg_dir)
    pwfile = cfg.data_dir / "pg-password"
    pwfile.write_text(cfg.db_password)
    _as_pg_user(pwfile)
    subprocess.run(
        [
            str(PG_BIN / "initdb"),
            "-D",
            str(cfg.pg_dir),
            "-U",
            "postgres",
            "--pwfile",
            str(pwfile),
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
            "--encoding=UTF8",
            "--locale=C.UTF-8",
        ],
        check=True,
        capture_output=True,
        user=PG_OS_USER,
    )
    pwfile.unlink()
    return True


def start_postgres(cfg: StackConfig, sup: Supervisor, *, durable: bool) -> None:
    cfg.pg_socket_dir.mkdir(parents=True, exist_ok=True)
    _as_pg_user(cfg.pg_socket_dir)
    settings = {
        "port": cfg.pg_port,
        "listen_addresses": "127.0.0.1",
        "unix_socket_directories": str(cfg.pg_socket_dir),
        "wal_level": "logical",
        "max_connections": 100,
    }
    if not durable:  # a throw-away test cluster trades crash safety for speed
        settings |= {
            "fsync": "off",
            "synchronous_commit": "off",
            "full_page_writes": "off",
            # Logical decoding sees an asynchronous commit only once the WAL writer flushes
            # it (every 200 ms by default): Realtime would wait that long for every change.
            "wal_writer_delay": "10ms",
        }
    cmd = [str(PG_BIN / "postgres"), "-D", str(cfg.pg_dir)]
    for key, value in settings.items():
        cmd += ["-c", f"{key}={value}"]
    sup.start(
        "postgres",
        cmd,
        port=cfg.pg_port,
        user=PG_OS_USER,
        stop_signal=signal.SIGINT,
        ready=lambda: _accepts_connections(cfg),
    )


def _accepts_connections(cfg: StackConfig) -> bool:
    result = subprocess.run([str(PG_BIN / "pg_isready"), "-q", "-h", str(cfg.pg_socket_dir), "-p", str(cfg.pg_port)])
    return result.returncode == 0


def superuser_connection(cfg: StackConfig) -> psycopg.Connection:
    return psycopg.connect(
        host=str(cfg.pg_socket_dir), port=cfg.pg_port, user="postgres", dbname="postgres", autocommit=True
    )


def bootstrap(conn: psycopg.Connection, password: str) -> None:
    """Roles and schemas the official image ships with, then passwords for the login roles."""
    for path in sorted((SUPABASE_DIR / "bootstrap").glob("*.sql")):
        conn.execute(path.read_text())
    for role in ("authenticator", "supabase_auth_admin"):
        conn.execute(sql.SQL("alter role {} with password {}").format(sql.Identifier(role), sql.Literal(password)))


MIGRATION_HISTORY = ROOT / "deploy" / "migrate" / "history.sql"  # the tables both runners record in


class MigrationChanged(StackError):
    """A migration this database has applied differs now from the file it applied."""


def file_checksum(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def apply_migrations(conn: psycopg.Connection, directory: Path = SUPABASE_DIR / "migrations") -> list[str]:
    """Apply the files not yet recorded, in name order, each with its record and checksum in one
    transaction (the same as deploy/migrate/apply-migrations.sh). Before anything is applied, every
    recorded file is compared with the checksum it was applied with: a changed one stops the run."""
    conn.execute(MIGRATION_HISTORY.read_text())
    recorded: dict[str, str | None] = dict(
        conn.execute(
            "select m.version, c.sha256 from supabase_migrations.schema_migrations m"
            " left join supabase_migrations.migration_checksums c using (version)"
        )
    )
    files = sorted(directory.glob("*.sql"))
    for path in files:
        version = path.stem.partition("_")[0]
        if version not in recorded:
            continue
        checksum, applied_with = file_checksum(path), recorded[version]
        if applied_with is None:  # applied before checksums were kept: this text is the one from now on
            _record_checksum(conn, version, checksum)
        elif applied_with != checksum:
            raise MigrationChanged(changed_migration_message(path.name, applied_with, checksum))
    applied_now = []
    for path in files:
        version, _, name = path.stem.partition("_")
        if version in recorded:
            continue
        data = path.read_bytes()  # read once: the text applied is the text whose checksum is kept
        statements = data.decode()
        with conn.transaction():
            conn.execute(statements)
            conn.execute(
                "insert into supabase_migrations.schema_migrations (version, name, statements)"
                " values (%s, %s, array[%s])",
                (version, name, statements),
            )
            _record_checksum(conn, version, hashlib.sha256(data).hexdigest())
        applied_now.append(path.name)
    return applied_now


def _record_checksum(conn: psycopg.Connection, version: str, checksum: str) -> None:
    conn.execute(
        "insert into supabase_migrations.migration_checksums (version, sha256) values (%s, %s)", (version, checksum)
    )


def changed_migration_message(file: str, recorded: str, now: str) -> str:
    """The one explanation both runners give (apply-migrations.sh prints the same words)."""
    return (
        f"{file} has changed since this database applied it (sha256 {recorded} then, {now} now). "
        "A migration that has been applied is never edited: restore the file and put the change "
        'in a new migration (supabase/README.md, "Migrations").'
    )


def apply_seed(conn: psycopg.Connection, seed: Path = SUPABASE_DIR / "seed.sql") -> bool:
    """Run the seed once per database, and again only if the file changes."""
    if not seed.exists():
        return False
    digest = file_checksum(seed)
    row = conn.execute("select hash from supabase_migrations.seed_files where path = %s", (seed.name,)).fetchone()
    if row and row[0] == digest:
        return False
    with conn.transaction():
        conn.execute(seed.read_text())
        conn.execute(
            "insert into supabase_migrations.seed_files (path, hash) values (%s, %s)"
            " on conflict (path) do update set hash = excluded.hash",
            (seed.name, digest),
        )
    return True
