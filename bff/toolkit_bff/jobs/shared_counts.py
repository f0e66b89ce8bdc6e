"""Running jobs per client counted in the shared store (Redis, the rate limits' store), so the
per-client cap holds across every worker and replica rather than once per worker.

Each count is a Redis key that expires a little after the longest a job may run: a worker killed in
the middle of a job cannot leave a client blocked for longer than that. When the store cannot be
reached, the caller falls back to its own per-worker count."""
from __future__ import annotations

import logging

import redis

log = logging.getLogger(__name__)

KEY_PREFIX = "toolkit:running-jobs:"


class SharedJobCounts:
    def __init__(self, url: str, ttl_seconds: int):
        self.store = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
        self.ttl = ttl_seconds

    def try_acquire(self, client: str, limit: int) -> bool | None:
        """True: counted; False: the client is at its limit; None: the store is unreachable."""
        key = KEY_PREFIX + client
        try:
            with self.store.pipeline() as pipe:
                count, _ = pipe.incr(key).expire(key, self.ttl).execute()
            if count > limit:
                self.store.decr(key)
                return False
            return True
        except redis.RedisError as exc:
            log.warning("shared job counts unavailable, counting per worker: %s", exc)
            return None

    def release(self, client: str) -> None:
        try:
            self.store.decr(KEY_PREFIX + client)
        except redis.RedisError as exc:
            log.warning("shared job count not released (it expires on its own): %s", exc)


def shared_counts_for(storage_uri: str, ttl_seconds: int) -> SharedJobCounts | None:
    return SharedJobCounts(storage_uri, ttl_seconds) if storage_uri.startswith(("redis://", "rediss://")) else None
