"""Where /s/{code} leads, and counting the click: the service's logic, independent of the server.

A live link leads to its destination. A dead one leads home (SPEC §5) with the reason in the query,
so the home page can say why: `/?link=unknown` (no such link, or no code), `/?link=expired`,
`/?link=exhausted` (its click limit is reached). A protected link answers NEEDS_PASSWORD: the
server shows the password page, and unlock() opens the link once the password is right."""

from __future__ import annotations

import asyncio
import enum
import logging
import time
from dataclasses import dataclass
from typing import Final, Literal, TypeAlias

from .cache import Link, LinkCache
from .clicks import ClickCounter
from .database import make_pool
from .links import LinkStore, live
from .listener import listen_for_changes
from .password import PasswordChecker
from .rules import VALID_CODE
from .settings import Settings

log = logging.getLogger("toolkit_redirect")

# SPEC §5: a missing, unknown or expired link goes home; the query makes the home page say why
# (app/src/tools/url-shortener/dead-links.ts).
HOME_UNKNOWN = "/?link=unknown"
HOME_EXPIRED = "/?link=expired"
HOME_EXHAUSTED = "/?link=exhausted"
DEAD_LINK_HOMES: dict[str | None, str] = {"expired": HOME_EXPIRED, "exhausted": HOME_EXHAUSTED}


class _Page(enum.Enum):
    PASSWORD = enum.auto()


NEEDS_PASSWORD: Final = _Page.PASSWORD  # not a Location: the password page
# Where /s/{code} leads: a Location, or the password page.
Destination: TypeAlias = str | Literal[_Page.PASSWORD]


@dataclass(frozen=True)
class Unlocked:
    """The answer to a password: `location` to follow (303), or `wrong`, or `retry_after` seconds."""

    location: str | None = None
    wrong: bool = False
    retry_after: int = 0


def _home_for(link: Link | None) -> str:
    if link is None:
        return HOME_UNKNOWN
    return HOME_EXPIRED if link.expires_at is not None and link.expires_at <= time.time() else HOME_EXHAUSTED


class Redirector:
    def __init__(self, settings: Settings):
        self.settings = settings
        self.cache = LinkCache(settings.cache_size, settings.cache_ttl)
        self.pool = make_pool(settings.database_url, settings.pool_size)
        self.store = LinkStore(self.pool, settings.db_timeout)
        self.clicks = ClickCounter(
            self.pool, settings.flush_interval, settings.db_timeout, settings.journal_dir, stats=settings.stats
        )
        self.passwords = PasswordChecker(settings.password_checks)
        self._lookups: dict[str, asyncio.Future[Link | None]] = {}  # one lookup per code at a time, however many ask
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        # Not waiting for Postgres: a worker starts (and answers 503) while the database is away.
        await self.pool.open(wait=False)
        self.clicks.open_journal()
        self._tasks = [
            asyncio.create_task(listen_for_changes(self.settings.database_url, self.cache, self._database_back)),
            asyncio.create_task(self.clicks.run()),
            asyncio.create_task(self.clicks.recover_forever()),
        ]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.clicks.drain(time.monotonic() + self.settings.shutdown_flush_timeout)
        await self.pool.close()
        self.passwords.close()

    async def _database_back(self) -> None:
        # The pool's idle connections died with the old server: drop them now, not on a request.
        await self.pool.check()

    def follow_cached(self, code: str, *, count: bool, referer: bytes = b"", agent: bytes = b"") -> Destination | None:
        """The Location (or NEEDS_PASSWORD) when the cache alone can answer, counting the click;
        None when Postgres must be asked."""
        if not VALID_CODE.fullmatch(code):
            return HOME_UNKNOWN
        found, link = self.cache.get(code)
        if not found:
            return None
        if not live(link):
            return _home_for(link)
        if link.limited:
            return None  # its clicks left are known in SQL only
        if link.protected:
            return NEEDS_PASSWORD
        if count:
            self.clicks.count(code, referer, agent)
        return link.location

    async def follow(self, code: str, *, count: bool, referer: bytes = b"", agent: bytes = b"") -> Destination:
        """The Location for /s/{code} (or NEEDS_PASSWORD): the destination of a live link, else home.

        Raises DatabaseUnavailable when the answer depends on Postgres and it cannot be asked."""
        if not VALID_CODE.fullmatch(code):
            return HOME_UNKNOWN
        link = await self._link(code)
        if not live(link):
            return _home_for(link)
        if link.protected:
            # A used-up link asks for no password; its clicks left are known in SQL only.
            if link.limited and await self.store.state(code) != "protected":
                return _home_for(link)
            return NEEDS_PASSWORD
        if link.limited:
            location = await self.store.resolve_limited(code, count=count)
            if location is None:
                return _home_for(link)
            if count:
                self.clicks.count_visit(code, referer, agent)
            return location
        if count:
            self.clicks.count(code, referer, agent)
        return link.location

    async def unlock(
        self, code: str, password: str | None, client: str, *, count: bool, referer: bytes = b"", agent: bytes = b""
    ) -> Unlocked:
        """A password sent for /s/{code} from `client`. Every answer costs one check-in round trip
        and one argon2 verification, whether or not the link exists or has a password."""
        state, stored_hash, retry_after = await self.store.password_check_in(code[:64], client)
        if retry_after:
            return Unlocked(retry_after=retry_after)
        matched = await self.passwords.check(stored_hash, password)
        if state != "protected":
            # No password to check: the same answer as following the link (home, or where it leads).
            if state == "active":
                followed = await self.follow(code, count=count, referer=referer, agent=agent)
                return Unlocked(location=followed if isinstance(followed, str) else HOME_UNKNOWN)
            return Unlocked(location=DEAD_LINK_HOMES.get(state, HOME_UNKNOWN))
        if not matched:
            return Unlocked(wrong=True)
        location = await self.store.open_protected(code, client, count=count)
        if location is None:  # expired or used up between the two statements
            return Unlocked(location=HOME_EXHAUSTED)
        if count:
            self.clicks.count_visit(code, referer, agent)
        return Unlocked(location=location)

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
