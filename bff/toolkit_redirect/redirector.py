"""Where /s/{code} leads, and counting the click: the service's logic, independent of the server."""
from __future__ import annotations

import asyncio
import logging
import time

from .cache import Link, LinkCache
from .clicks import ClickCounter
from .database import make_pool
from .links import LinkStore, live
from .listener import listen_for_changes
from .rules import VALID_CODE
from .settings import Settings

log = logging.getLogger("toolkit_redirect")

# SPEC §5: a missing, unknown or expired link goes home; the query makes the home page say why
# (app/src/lib/dead-short-link.ts, DEAD_LINK_HOME).
HOME = "/?link=gone"


class Redirector:
    def __init__(self, settings: Settings):
        self.settings = settings
        self.cache = LinkCache(settings.cache_size, settings.cache_ttl)
        self.pool = make_pool(settings.database_url, settings.pool_size)
        self.store = LinkStore(self.pool, settings.db_timeout)
        self.clicks = ClickCounter(self.pool, settings.flush_interval, settings.db_timeout, settings.journal_dir)
        self._lookups: dict[str, asyncio.Future] = {}  # one lookup per code at a time, however many ask
        self._tasks: list[asyncio.Task] = []

    async def start(self) -> None:
        # Not waiting for Postgres: a worker starts (and answers 503) while the database is away.
        await self.pool.open(wait=False)
        self.clicks.open_journal()
        self._tasks = [asyncio.create_task(listen_for_changes(self.settings.database_url, self.cache,
                                                              self._database_back)),
                       asyncio.create_task(self.clicks.run()), asyncio.create_task(self.clicks.recover_forever())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.clicks.drain(time.monotonic() + self.settings.shutdown_flush_timeout)
        await self.pool.close()

    async def _database_back(self) -> None:
        # The pool's idle connections died with the old server: drop them now, not on a request.
        await self.pool.check()

    def follow_cached(self, code: str, *, count: bool) -> str | None:
        """The Location when the cache alone can answer (counting the click), else None."""
        if not VALID_CODE.fullmatch(code):
            return HOME
        found, link = self.cache.get(code)
        if not found or (link is not None and link.limited and live(link)):
            return None
        if not live(link):
            return HOME
        if count:
            self.clicks.count(code)
        return link.location

    async def follow(self, code: str, *, count: bool) -> str:
        """The Location for /s/{code}: the destination of a live link, else home.

        Raises DatabaseUnavailable when the answer depends on Postgres and it cannot be asked."""
        if not VALID_CODE.fullmatch(code):
            return HOME
        link = await self._link(code)
        if not live(link):
            return HOME
        if link.limited:
            return await self.store.resolve_limited(code, count=count) or HOME
        if count:
            self.clicks.count(code)
        return link.location

    async def _link(self, code: str) -> Link | None:
        found, link = self.cache.get(code)
        if found:
            return link
        lookup = self._lookups.get(code)
        if lookup is None:
            lookup = asyncio.ensure_future(self._lookup(code))
            self._lookups[code] = lookup
            lookup.add_done_callback(lambda _: self._lookups.pop(code, None))
        # Shielded: a client that disconnects must not cancel the lookup others are waiting for.
        return await asyncio.shield(lookup)

    async def _lookup(self, code: str) -> Link | None:
        generation = self.cache.generation
        link = await self.store.lookup(code)
        self.cache.put(code, link, generation)
        return link
