"""Drops cached links as Postgres announces changes (the shortened_urls triggers NOTIFY them)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import psycopg

from .cache import LinkCache

log = logging.getLogger("toolkit_redirect.listener")

CHANNEL = "short_link_changed"


async def listen_for_changes(url: str, cache: LinkCache, on_reconnect: Callable[[], Awaitable[None]]) -> None:
    """Runs until cancelled, reconnecting after any failure.

    Whenever the connection is not up, a change could go unannounced: the cache is emptied when the
    connection is lost and again once it is back, and caching resumes only while listening."""
    delay, lost = 0.05, False
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(url, autocommit=True, connect_timeout=2) as conn:
                await conn.execute(f"listen {CHANNEL}")
                if lost:
                    await on_reconnect()
                cache.clear()
                cache.listening = True
                delay = 0.05
                async for notice in conn.notifies():
                    cache.invalidate(notice.payload)
        except (psycopg.Error, OSError) as exc:
            if cache.listening:
                log.warning("lost the change notifications, cache off until they are back: %s", exc)
        finally:
            lost = True
            cache.listening = False
            cache.clear()
        await asyncio.sleep(delay)
        delay = min(delay * 2, 1.0)
