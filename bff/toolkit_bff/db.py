"""Postgres access under row-level security, the way Supabase's Data API does it.

The pool connects as `authenticator`; each request runs in one transaction that first switches
to the caller's role (`anon` or `authenticated`) and JWT claims, so `auth.uid()` and the policies
decide what the request may see and change.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from flask import Flask, current_app, has_request_context, request
from psycopg import sql
from psycopg.rows import DictRow, dict_row
from psycopg_pool import ConnectionPool

from .claims import Claims
from .errors import ApiError
from .pg_errors import api_error_for

# Every connection hands out rows as dicts by column name (dict_row): a row's values are whatever
# Postgres sends, typed by the query, not by Python.
DictConnection = psycopg.Connection[DictRow]
DictPool = ConnectionPool[DictConnection]


def init_db(app: Flask) -> None:
    # Opened lazily, so a worker starts even while Postgres is still coming up.
    # Autocommit: transactions are always explicit (rls_transaction), and a one-statement request
    # can travel as one simple-protocol query (run_once).
    app.extensions["db_pool"] = DictPool(
        # Every connection opened up front (in the background): opening one under load costs a
        # SCRAM handshake, which showed as p99 spikes in the redirect benchmark (bench/redirect.py).
        app.config["DATABASE_URL"],
        min_size=app.config["DB_POOL_SIZE"],
        max_size=app.config["DB_POOL_SIZE"],
        kwargs={"row_factory": dict_row, "autocommit": True},
        open=False,
    )


def open_pool(app: Flask) -> DictPool:
    """Start connecting (in the background) if not yet done; gunicorn calls it as a worker starts."""
    pool: DictPool = app.extensions["db_pool"]
    if pool.closed:
        pool.open(wait=False)
    return pool


def _pool() -> DictPool:
    return open_pool(current_app)


def _request_headers() -> str:
    """The headers SQL may look at (as PostgREST's `request.headers`), lower-cased names."""
    if not has_request_context():
        return "{}"
    wanted = ("user-agent",)  # never the host: our own hosts are configuration (public.site_hosts)
    return json.dumps({name: request.headers[name] for name in wanted if name in request.headers})


# The caller's role, JWT claims and request headers, local to the transaction they are set in.
SET_CONTEXT = (
    "select set_config('role', {role}, true), set_config('request.jwt.claims', {claims}, true),"
    " set_config('request.headers', {headers}, true)"
)


def _context(claims: Claims | None, role: str | None) -> dict[str, str]:
    role = role or ("authenticated" if claims else "anon")
    return {"role": role, "claims": json.dumps(claims or {"role": role}), "headers": _request_headers()}


@contextmanager
def _as_api_errors() -> Iterator[None]:
    """Postgres errors leave as ApiErrors (see pg_errors)."""
    try:
        yield
    except psycopg.OperationalError as exc:
        raise ApiError(503, "database_unavailable", "The database is not reachable") from exc
    except psycopg.Error as exc:
        raise api_error_for(exc) from exc


@contextmanager
def rls_transaction(
    claims: Claims | None, *, read_only: bool = False, role: str | None = None
) -> Iterator[DictConnection]:
    """One transaction as the caller: role and claims are local to it and vanish at commit."""
    context = _context(claims, role)
    set_context = sql.SQL(SET_CONTEXT).format(**{name: sql.Placeholder(name) for name in context})
    with _as_api_errors(), _pool().connection(timeout=5) as conn, conn.transaction():
        if read_only:
            conn.execute("set transaction read only")
        conn.execute(set_context, context)
        yield conn


def only_row(cursor: psycopg.Cursor[DictRow]) -> DictRow:
    """The row of a statement that always returns exactly one (a function's call, an aggregate)."""
    row = cursor.fetchone()
    if row is None:  # never for such a statement: a mistake in the code, not the caller's
        raise RuntimeError("The statement returned no row")
    return row


def run_once(
    query: str, values: dict[str, object], *, claims: Claims | None = None, role: str | None = None
) -> list[DictRow]:
    """One statement as the caller in one network round trip, for hot paths like /s/{code}.

    The context and the statement go as one simple-protocol query, which Postgres runs as one
    implicit transaction: the settings hold for the statement, then vanish, exactly as in
    rls_transaction. `query` names its values {like_this}; they are sent as quoted literals
    (psycopg's own quoting), never pasted as text."""
    literals = {name: sql.Literal(value) for name, value in {**_context(claims, role), **values}.items()}
    statement = sql.SQL(SET_CONTEXT + "; " + query).format(**literals)
    with _as_api_errors(), _pool().connection(timeout=5) as conn:
        cursor = conn.execute(statement)
        cursor.nextset()  # past the set_config row, to the statement's own result
        return cursor.fetchall()


def schema_level() -> str | None:
    """The newest migration applied to the database (supabase_migrations), None if it cannot be read."""
    try:
        with _pool().connection(timeout=2) as conn:
            row = conn.execute("select max(version) as version from supabase_migrations.schema_migrations").fetchone()
        return row["version"] if row else None
    except Exception:  # unreadable means "unknown" for the health report
        return None


def ping() -> bool:
    try:
        with _pool().connection(timeout=2) as conn:
            conn.execute("select 1")
        return True
    except Exception:  # any failure means "not reachable" for the health report
        return False
