"""The redirect service's per-worker link cache: bounded, expiring, and never storing an answer
that an invalidation may have overtaken."""

from __future__ import annotations

import time

from toolkit_redirect.cache import Link, LinkCache

LINK = Link("https://cached.example", None, False)


def listening_cache(size: int = 3, ttl: float = 60.0) -> LinkCache:
    cache = LinkCache(size, ttl)
    cache.listening = True
    return cache


def test_least_recently_used_entries_leave_first_when_full():
    cache = listening_cache(size=3)
    for code in ("a", "b", "c"):
        cache.put(code, LINK, cache.generation)
    assert cache.get("a") == (True, LINK)  # "a" is now the most recently used
    cache.put("d", None, cache.generation)
    assert (len(cache), cache.get("b"), cache.get("a"), cache.get("d")) == (
        3,
        (False, None),
        (True, LINK),
        (True, None),
    )


def test_entries_expire_after_the_ttl():
    cache = listening_cache(ttl=0.05)
    cache.put("a", LINK, cache.generation)
    time.sleep(0.1)
    assert cache.get("a") == (False, None)


def test_a_lookup_overtaken_by_an_invalidation_is_not_stored():
    cache = listening_cache()
    started = cache.generation  # a lookup starts...
    cache.invalidate("a")  # ...the link changes meanwhile...
    cache.put("a", LINK, started)  # ...and its now stale answer arrives
    assert cache.get("a") == (False, None)


def test_nothing_is_stored_while_change_notifications_are_not_heard():
    cache = LinkCache(3, 60.0)
    cache.put("a", LINK, cache.generation)
    assert cache.get("a") == (False, None)
