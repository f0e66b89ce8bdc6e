"""Clicks survive a killed redirect worker and a flush whose reply is lost: the write-ahead journal
(toolkit_redirect/journal.py) and the numbered batches (a live worker's flush through
record_short_link_activity, a journal's replay through record_short_link_clicks, one batch count per
worker for both) together count every redirect a client got exactly once."""

from __future__ import annotations

import asyncio
import fcntl
import os
import signal
import uuid
from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit, urlunsplit

import pytest

from fixtures.database import AdminDb
from fixtures.lossy_proxy import ReplyLosingProxy
from fixtures.redirect_support import RedirectInstance, clicks, make_link, request, settled_clicks, until
from toolkit_redirect.journal import SEGMENT_BYTES, ClickJournal, read_counts, recover_orphans, segment_name


@pytest.fixture
def codes(admin_db):
    made: list[str] = []
    yield made
    admin_db.execute("delete from public.shortened_urls where short_code = any(%s)", (made,))


@pytest.fixture
def start(stack_env):
    instances: list[RedirectInstance] = []

    def start_instance(database_url: str | None = None, **settings) -> RedirectInstance:
        instance = RedirectInstance(database_url or stack_env["TOOLKIT_DATABASE_URL"], **settings)
        instances.append(instance)
        instance.wait_ready()
        return instance

    yield start_instance
    for instance in instances:
        instance.stop()


def test_a_killed_worker_loses_no_click(start, admin_db, codes):
    # Flushes far apart: every click is still only in the worker's memory (and journal) when it dies.
    service = start(TOOLKIT_REDIRECT_FLUSH_INTERVAL="300")
    code = make_link(admin_db, "https://killed.example")
    codes.append(code)
    assert {request(service.url, f"/s/{code}").location for _ in range(25)} == {"https://killed.example"}
    assert clicks(admin_db, code) == 0
    [worker] = service.workers()
    os.kill(worker, signal.SIGKILL)
    # gunicorn starts a new worker, which replays the dead one's journal.
    assert settled_clicks(admin_db, code, 25, within=30) == 25
    assert until(lambda: service.workers() not in ([], [worker]), within=10)
    assert {request(service.url, f"/s/{code}").location for _ in range(5)} == {"https://killed.example"}
    service.process.send_signal(signal.SIGTERM)
    assert service.process.wait(timeout=30) == 0
    assert clicks(admin_db, code) == 30
    assert os.listdir(service.journal.name) == []  # a clean stop leaves no journal behind


def through(url: str, port: int) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=f"{parts.username}:{parts.password}@127.0.0.1:{port}"))


def test_a_flush_whose_reply_is_lost_is_applied_once(start, stack_env, admin_db, codes):
    proxy = ReplyLosingProxy(urlsplit(stack_env["TOOLKIT_DATABASE_URL"]).port, b"record_short_link_activity")
    try:
        service = start(through(stack_env["TOOLKIT_DATABASE_URL"], proxy.port))
        code = make_link(admin_db, "https://lost-reply.example")
        codes.append(code)
        served = sum(request(service.url, f"/s/{code}").status == 302 for _ in range(40))
        assert served == 40
        # The first flush committed but its worker never heard so: it sends the same batch again.
        assert until(lambda: proxy.lost == 1, within=10)
        assert settled_clicks(admin_db, code, served, within=15) == served
        assert service.stop() == 0
        assert clicks(admin_db, code) == served
    finally:
        proxy.close()


def _record_in(admin_db: AdminDb) -> Callable[[uuid.UUID, int, dict[str, int]], Awaitable[int]]:
    """What a worker's flush does with one batch of its journal, done on the test's connection."""

    async def record(flusher: uuid.UUID, number: int, counts: dict[str, int]) -> int:
        row = admin_db.execute(
            "select public.record_short_link_clicks(%s, %s, %s, %s)",
            (flusher, number, list(counts), list(counts.values())),
        ).fetchone()
        assert row, "a select gives a row"
        recorded: int = row[0]
        return recorded

    return record


def test_a_dead_workers_journal_is_replayed_once_and_a_live_ones_is_left_alone(admin_db, codes, tmp_path):
    code = make_link(admin_db, "https://journal.example")
    codes.append(code)
    dead, alive = uuid.uuid4(), uuid.uuid4()
    # The dead worker had sent batch 1 (Postgres has it) and was filling batch 2; the last line
    # was never completed.
    (tmp_path / segment_name(dead, 1)).write_text(f"{code}\n" * 3)
    (tmp_path / segment_name(dead, 2)).write_text(f"{code}\n" * 4 + code[:2])
    (tmp_path / f"{dead}.lock").touch()
    record = _record_in(admin_db)
    # Batch 1 reached Postgres as a live worker flushes (clicks and statistics in one statement).
    assert (
        admin_db.execute(
            "select public.record_short_link_activity(%s, 1, %s, %s, '{}', '{}', '{}', '{}', '{}', '{}')",
            (dead, [code], [3]),
        ).fetchone()[0]
        == 3
    )
    # A live worker holds its lock: its files are its own.
    (tmp_path / segment_name(alive, 1)).write_text(f"{code}\n" * 5)
    held = os.open(tmp_path / f"{alive}.lock", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)
        assert asyncio.run(recover_orphans(tmp_path, record)) == 4
        assert clicks(admin_db, code) == 3 + 4
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted([f"{alive}.lock", segment_name(alive, 1)])
        # Replayed again (two workers looking at once): nothing more is added.
        (tmp_path / segment_name(dead, 2)).write_text(f"{code}\n" * 4)
        (tmp_path / f"{dead}.lock").touch()
        assert asyncio.run(recover_orphans(tmp_path, record)) == 0
        assert clicks(admin_db, code) == 7
    finally:
        os.close(held)


def test_a_batch_busier_than_the_reserved_file_keeps_every_click(tmp_path):
    journal = ClickJournal(tmp_path, uuid.uuid4())
    journal.open()
    many = SEGMENT_BYTES // len(b"abcdefg\n") + 1000  # past the space the file was given
    for _ in range(many):
        journal.record("abcdefg")
    journal.record("xyz12")
    # The worker dies here: nothing closed, nothing flushed; the file is what the next worker reads.
    assert read_counts(tmp_path / segment_name(journal.flusher, 1)) == {"abcdefg": many, "xyz12": 1}
