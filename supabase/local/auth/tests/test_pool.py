"""The connection pool is at least as large as the request threads, and a thread holds one connection
at a time, so no request waits for a connection another thread of the same service holds."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

from local_auth import db

GUNICORN_CONF = Path(__file__).resolve().parent.parent / "gunicorn.conf.py"


def test_the_pool_has_a_connection_per_thread(make_app, monkeypatch):
    make_app()
    assert db.pool_size() == 16
    monkeypatch.setenv("LOCAL_AUTH_THREADS", "24")
    assert runpy.run_path(str(GUNICORN_CONF))["threads"] == 24
    make_app(LOCAL_AUTH_THREADS="24")
    assert db.pool_size() == 24


def test_gotrue_db_max_pool_size_may_ask_for_more_never_fewer(make_app):
    make_app(GOTRUE_DB_MAX_POOL_SIZE="40")
    assert db.pool_size() == 40
    make_app(GOTRUE_DB_MAX_POOL_SIZE="4")
    assert db.pool_size() == 16


def test_a_thread_cannot_hold_two_connections(make_app):
    make_app()
    with db.transaction(), pytest.raises(RuntimeError, match="nested transaction"), db.transaction():
        pass
    with db.transaction() as conn:  # the refused attempt left the thread able to start a new one
        assert conn.execute("select 1 as one").fetchone() == {"one": 1}


def test_work_after_commit_runs_only_after_a_commit(make_app):
    make_app()
    seen: list[str] = []
    with db.transaction():
        db.after_commit(lambda: seen.append("committed"))
        assert seen == []
    assert seen == ["committed"]

    def fail_after_registering() -> None:
        with db.transaction():
            db.after_commit(lambda: seen.append("rolled back"))
            raise ValueError("the transaction fails")

    with pytest.raises(ValueError, match="the transaction fails"):
        fail_after_registering()
    assert seen == ["committed"]
