"""The connection pool (as supabase_auth_admin, like the official server) and transactions."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

_pool: ConnectionPool | None = None


def init_pool(url: str, *, size: int = 4) -> None:
    global _pool
    if _pool is not None:
        _pool.close()
    # search_path as the official server sets it, so unqualified names would resolve the same way.
    _pool = ConnectionPool(url, min_size=1, max_size=size, open=True, timeout=10,
                           kwargs={"row_factory": dict_row, "options": "-c search_path=auth"})


class CommitWithError(Exception):
    """Raised inside a transaction to keep its writes and still answer with `error` (upstream's
    storage.NewCommitWithError), e.g. revoking a token family when a stolen token is reused."""

    def __init__(self, error: Exception):
        super().__init__(str(error))
        self.error = error


@contextmanager
def transaction() -> Iterator[psycopg.Connection]:
    """One transaction on a pooled connection: committed on success, rolled back on any error
    except CommitWithError, which commits and then raises the error it carries."""
    assert _pool is not None, "init_pool() was not called"
    pending = None
    with _pool.connection() as conn:
        with conn.transaction():
            try:
                yield conn
            except CommitWithError as exc:
                pending = exc.error
    if pending is not None:
        raise pending


def close_pool() -> None:
    global _pool
    if _pool is not None:
        _pool.close()
        _pool = None
