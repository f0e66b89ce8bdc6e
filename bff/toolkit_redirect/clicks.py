"""Clicks of unlimited links, and the statistics of every counted click, kept in memory and added
to Postgres in batches.

One statement per flush carries every code's count and the statistics rollup (visits.py). Each
worker numbers its batches; a batch keeps its number until Postgres confirms it and new clicks wait
in the next batch meanwhile, so a retry (after an error, a timeout or a lost reply) sends exactly
the same batch, and record_short_link_activity, which remembers each worker's last batch number,
applies it once. Each click is also written ahead to the worker's journal before its redirect is
sent (journal.py), so a worker that is killed loses no click: another worker replays its journal with
its flusher id through record_short_link_clicks (same batch numbers; the journal keeps counts only, so
a killed worker's unflushed statistics are the one thing lost)."""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from pathlib import Path

import psycopg
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from .journal import ClickJournal, recover_orphans
from .visits import StatKey, VisitStats, as_columns

log = logging.getLogger("toolkit_redirect.clicks")

FLUSH = "select public.record_short_link_activity(%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
REPLAY = "select public.record_short_link_clicks(%s, %s, %s, %s)"  # a journal's batch: counts only
RECOVER_EVERY = 1.0  # seconds between looks for the journals of workers that are gone
ERRORS = (psycopg.OperationalError, PoolTimeout, TimeoutError, OSError)


class ClickCounter:
    def __init__(
        self,
        pool: AsyncConnectionPool,
        interval: float,
        timeout: float,
        journal_dir: Path | None = None,
        *,
        stats: bool = True,
    ):
        self._pool, self._interval, self._timeout = pool, interval, timeout
        self._pending: dict[str, int] = {}
        self.visits = VisitStats(stats)
        self._flusher = uuid.uuid4()  # this worker process, as Postgres tells its batches apart
        self._numbered = 0
        # sent, not yet confirmed: (number, clicks per code, statistics)
        self._batch: tuple[int, dict[str, int], dict[StatKey, int]] | None = None
        self._failing_since: float | None = None
        self._journal_dir = journal_dir
        self._journal = ClickJournal(journal_dir, self._flusher) if journal_dir else None

    def open_journal(self) -> None:
        if self._journal is None:
            return
        try:
            self._journal.open()
        except OSError as exc:
            log.error(
                "no click journal in %s, counting in memory only (a killed worker would lose its unflushed clicks): %s",
                self._journal_dir,
                exc,
            )
            self._journal = None

    def count(self, code: str, referer: bytes = b"", agent: bytes = b"") -> None:
        """A click of an unlimited link: its counter and its statistics."""
        self._pending[code] = self._pending.get(code, 0) + 1
        if self._journal:
            self._journal.record(code)  # before the redirect is sent
        self.visits.record(code, referer, agent)

    def count_visit(self, code: str, referer: bytes = b"", agent: bytes = b"") -> None:
        """A click already counted in SQL (a limited or protected link): its statistics only."""
        self.visits.record(code, referer, agent)

    @property
    def unflushed(self) -> int:
        return sum(self._pending.values()) + (sum(self._batch[1].values()) if self._batch else 0)

    async def flush(self) -> bool:
        """Send the waiting batch (or make one of the pending clicks); True once nothing is left."""
        if self._batch is None:
            if not self._pending and not self.visits.pending:
                return True
            self._numbered += 1
            self._batch, self._pending = (self._numbered, self._pending, self.visits.take()), {}
            if self._journal:
                self._journal.seal(self._numbered)
        number, counts, stats = self._batch
        try:
            await self._call(FLUSH, (self._flusher, number, list(counts), list(counts.values()), *as_columns(stats)))
        except ERRORS as exc:
            if self._failing_since is None:
                self._failing_since = time.monotonic()
                log.warning("click flush failed, retrying until Postgres answers: %s", exc)
            return False
        if self._failing_since is not None:
            log.warning("click flush succeeded after %.1f s of retries", time.monotonic() - self._failing_since)
            self._failing_since = None
        self._batch = None
        if self._journal:
            self._journal.confirmed(number)
        return not self._pending and not self.visits.pending

    async def _record(self, flusher: uuid.UUID, number: int, counts: dict[str, int]) -> int:
        """A journal's batch `number` of `flusher` into Postgres; the clicks added (0: applied before)."""
        return await self._call(REPLAY, (flusher, number, list(counts), list(counts.values())))

    async def _call(self, statement: str, params: tuple[object, ...]) -> int:
        """One flush function, bounded by the timeout; its answer (the clicks it added)."""
        async with asyncio.timeout(self._timeout):
            async with self._pool.connection(timeout=self._timeout) as conn:
                cursor = await conn.execute(statement, params)
                row = await cursor.fetchone()
        if row is None:  # never: each flush function returns one value
            raise RuntimeError("The flush function returned no row")
        added: int = row[0]
        return added

    async def recover(self) -> int:
        """Replay the journals of workers that are gone (see journal.py); the clicks recovered."""
        if self._journal is None or self._journal_dir is None:  # the two are set together
            return 0
        try:
            return await recover_orphans(self._journal_dir, self._record)
        except ERRORS:
            return 0  # Postgres is away: the files wait for the next look

    async def run(self) -> None:
        """Flush every interval until cancelled."""
        while True:
            await asyncio.sleep(self._interval)
            try:
                await self.flush()
            except psycopg.Error:  # a bug or a schema problem: keep the clicks, keep serving, say so
                log.exception("click flush failed")

    async def recover_forever(self) -> None:
        """At start, then every RECOVER_EVERY seconds, until cancelled: what stopped workers left."""
        while self._journal is not None:
            try:
                await self.recover()
            except psycopg.Error:
                log.exception("click journal replay failed")
            await asyncio.sleep(RECOVER_EVERY)

    async def drain(self, deadline: float) -> None:
        """At shutdown: flush until everything is in or the deadline passes."""
        while not await self.flush():
            if time.monotonic() >= deadline:
                fate = "left in the journal for the next worker" if self._journal else "lost"
                log.error("stopping with %d clicks Postgres never took: %s", self.unflushed, fate)
                break
            await asyncio.sleep(min(self._interval, 0.1))
        if self._journal:
            self._journal.close(everything_flushed=self.unflushed == 0)
