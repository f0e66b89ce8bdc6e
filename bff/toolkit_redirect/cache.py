"""Per-worker LRU cache of code → link, with a TTL and invalidation by code."""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass


@dataclass(frozen=True)
class Link:
    location: str  # the destination, ready for the Location header
    expires_at: float | None  # epoch seconds
    limited: bool  # has max_clicks: every click is counted in SQL, never from the cache
    protected: bool = False  # asks for a password first (password.py); opened only in SQL


class LinkCache:
    """code → Link, or None for "no such link" (a flood of unknown codes costs one lookup each).

    `generation` grows with every invalidation: a lookup that started before one must not store
    its (possibly stale) answer, or a deleted link could come back for a whole TTL."""

    def __init__(self, size: int, ttl: float):
        self._entries: OrderedDict[str, tuple[float, Link | None]] = OrderedDict()
        self._size, self._ttl = size, ttl
        self.generation = 0
        self.listening = False  # set by the listener: without notifications nothing is stored

    def get(self, code: str) -> tuple[bool, Link | None]:
        """(found, link); found is False when the code is not cached or its entry expired."""
        entry = self._entries.get(code)
        if entry is None:
            return False, None
        if entry[0] <= time.monotonic():
            del self._entries[code]
            return False, None
        self._entries.move_to_end(code)
        return True, entry[1]

    def put(self, code: str, link: Link | None, generation: int) -> None:
        if generation != self.generation or not self.listening:
            return
        self._entries[code] = (time.monotonic() + self._ttl, link)
        self._entries.move_to_end(code)
        while len(self._entries) > self._size:
            self._entries.popitem(last=False)

    def invalidate(self, code: str) -> None:
        self.generation += 1
        self._entries.pop(code, None)

    def clear(self) -> None:
        self.generation += 1
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
