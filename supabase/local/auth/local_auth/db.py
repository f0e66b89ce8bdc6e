"""The connection pool (as supabase_auth_admin, like the official server) and transactions.

Each request thread holds at most one connection at a time (a nested transaction() is refused), so a
pool as large as the thread count never makes a thread wait for a connection. Work that must not
happen inside a transaction — sending mail — is registered with after_commit() and runs once the
transaction has committed and its connection is back in the pool."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeAlias

import psycopg
from psycopg.rows import DictRow, dict_row
from psycopg_pool import ConnectionPool

# A row as the pool's dict_row factory returns it: column name → value (psycopg types the values as Any;
# each reader knows its table's columns).
Row: TypeAlias = DictRow
Conn: TypeAlias = "psycopg.Connection[DictRow]"
# An id as the queries take it: a UUID from a row, or its text from a token's claim or the URL.
Id: TypeAlias = uuid.UUID | str

_pool: ConnectionPool[Conn] | None = None
_local = threading.local()


def init_pool(url: str, *, size: int) -> None:
    global _pool
    if _pool is not None:
        _pool.close()
    # search_path as the official server sets it, so unqualified names would resolve the same way.
    # Each connection is checked as it leaves the pool (one empty round trip): after Postgres
    # restarts, every pooled connection is dead, and without the check each would cost a request a 500.
    _pool = ConnectionPool(
        url,
        min_size=1,
        max_size=size,
        open=True,
        timeout=10,
        check=ConnectionPool.check_connection,
        kwargs={"row_factory": dict_row, "options": "-c search_path=auth"},
    )
    # Ready before use: its first connection is made, so no one closes it while a worker still connects
    # (a pool closed mid-connect crashed the interpreter once), and an unreachable database fails here.
    _pool.wait(timeout=10)


def returned(cursor: psycopg.Cursor[Row]) -> Row:
    """The row a statement that cannot miss gave back (an INSERT/UPDATE … RETURNING of a locked or new row)."""
    row = cursor.fetchone()
    if row is None:
        raise LookupError("the statement returned no row")
    return row


def pool_size() -> int:
    assert _pool is not None, "init_pool() was not called"
    return _pool.max_size


class CommitWithError(Exception):
    """Raised inside a transaction to keep its writes and still answer with `error` (upstream's
    storage.NewCommitWithError), e.g. revoking a token family when a stolen token is reused."""

    def __init__(self, error: Exception):
        super().__init__(str(error))
        self.error = error


def after_commit(action: Callable[[], None]) -> None:
    """Run `action` once the current transaction has committed (never if it rolls back). An
    exception from it reaches the caller of transaction()."""
    pending = getattr(_local, "after_commit", None)
    assert pending is not None, "after_commit() outside a transaction"
    pending.append(action)


@contextmanager
def transaction() -> Iterator[Conn]:
    """One transaction on a pooled connection: committed on success, rolled back on any error
    except CommitWithError, which commits and then raises the error it carries."""
    assert _pool is not None, "init_pool() was not called"
    if getattr(_local, "after_commit", None) is not None:
        raise RuntimeError("nested transaction: a thread holds one connection at a time")
    pending: list[Callable[[], None]] = []
    _local.after_commit = pending
    error: Exception | None = None
    try:
        with _pool.connection() as conn, conn.transaction():
            try:
                yield conn
            except CommitWithError as exc:
                error = exc.error
    except BaseException:
        pending.clear()  # rolled back: nothing it promised happens
        raise
    finally:
        _local.after_commit = None
    for action in pending:
        action()
    if error is not None:
        raise error


def close_pool() -> None:
    global _pool
    if _pool is not None:
        _pool.close()
        _pool = None
