"""Reading links and counting clicks of limited links, in SQL."""

from __future__ import annotations

import asyncio
import time
from datetime import datetime
from typing import Any, TypeGuard
from urllib.parse import quote

import psycopg
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from .cache import Link
from .database import DatabaseUnavailable

LOOKUP = "select original_url, expires_at, max_clicks, protected from public.shortened_urls where short_code = %s"
# The existing atomic resolution: with count=true the row lock re-checks max_clicks, so N workers
# and any number of clients together never serve more than the maximum.
RESOLVE = "select public.resolve_short_link(%s, %s)"
# A protected link: its state and hash (with the attempt counted), then, after a correct password,
# its destination with the click counted the same atomic way.
CHECK_IN = "select state, password_hash, retry_after from public.short_link_password_check_in(%s, %s)"
OPEN_PROTECTED = "select public.open_protected_short_link(%s, %s, %s)"
STATE = "select public.short_link_state(%s)"

# Characters a Location header may carry as they are; anything else (non-ASCII) is %-encoded.
LOCATION_SAFE = "!#$%&'()*+,-./:;=?@[]_~"


def location_header(url: str) -> str:
    return quote(url, safe=LOCATION_SAFE)


def _epoch(moment: datetime | None) -> float | None:
    return moment.timestamp() if moment is not None else None


class LinkStore:
    def __init__(self, pool: AsyncConnectionPool, timeout: float):
        self._pool, self._timeout = pool, timeout

    async def _fetch(self, query: str, params: tuple[object, ...]) -> tuple[Any, ...] | None:
        try:
            async with asyncio.timeout(self._timeout):
                async with self._pool.connection(timeout=self._timeout) as conn:
                    cursor = await conn.execute(query, params)
                    return await cursor.fetchone()
        except (psycopg.OperationalError, PoolTimeout, TimeoutError, OSError) as exc:
            raise DatabaseUnavailable(str(exc)) from exc

    async def lookup(self, code: str) -> Link | None:
        row = await self._fetch(LOOKUP, (code,))
        if row is None:
            return None
        url, expires_at, max_clicks, protected = row
        return Link(location_header(url), _epoch(expires_at), max_clicks is not None, protected)

    async def resolve_limited(self, code: str, *, count: bool) -> str | None:
        """The destination of a link with a click limit while it has clicks left (counting one)."""
        row = await self._fetch(RESOLVE, (code, count))
        return location_header(row[0]) if row and row[0] is not None else None

    async def state(self, code: str) -> str | None:
        """short_link_state: active, protected, expired, exhausted, or None for no link."""
        row = await self._fetch(STATE, (code,))
        return row[0] if row else None

    async def password_check_in(self, code: str, client: str) -> tuple[str | None, str | None, int]:
        """(state, hash, seconds to wait) for a password attempt on `code` from `client`."""
        row = await self._fetch(CHECK_IN, (code, client))
        return (row[0], row[1], row[2]) if row else (None, None, 0)

    async def open_protected(self, code: str, client: str, *, count: bool) -> str | None:
        """The destination of a live protected link once its password was right (counting one)."""
        row = await self._fetch(OPEN_PROTECTED, (code, client, count))
        return location_header(row[0]) if row and row[0] is not None else None


def live(link: Link | None) -> TypeGuard[Link]:
    return link is not None and (link.expires_at is None or link.expires_at > time.time())
