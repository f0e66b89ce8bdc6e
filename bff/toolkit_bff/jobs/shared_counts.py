"""Running jobs per client counted in the shared store (Redis, the rate limits' store), so the
per-client cap holds across every worker and replica rather than once per worker.

Each running job is a member of its client's sorted set, scored with the moment it may be dropped
(a little after the longest a job may run): a worker killed in the middle of a job leaves a member
that expires on its own, whatever the client does meanwhile. (A plain counter with an expiry
renewed on every try kept a killed job's count for as long as its client kept trying.) When the
store cannot be reached, the caller falls back to its own per-worker count."""

from __future__ import annotations

import logging
import time
import uuid
from typing import Literal

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

log = logging.getLogger(__name__)

KEY_PREFIX = "toolkit:running-job-set:"


class SharedJobCounts:
    def __init__(self, url: str, ttl_seconds: int) -> None:
        # One immediate retry replaces a connection a restarted store dropped; no backoff, since every
        # tool request waits here: redis-py's default (three tries, backing off) held each ~3.6 s
        # before the per-worker fallback while the store was away.
        self.store = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1, retry=Retry(NoBackoff(), 1))
        self.ttl = ttl_seconds

    def try_acquire(self, client: str, limit: int) -> str | Literal[False] | None:
        """The job's member (counted); False: the client is at its limit; None: the store is unreachable."""
        key, member, now = KEY_PREFIX + client, uuid.uuid4().hex, time.time()
        try:
            with self.store.pipeline() as pipe:  # MULTI/EXEC: one step for every worker
                pipe.zremrangebyscore(key, "-inf", now)
                pipe.zadd(key, {member: now + self.ttl})
                pipe.zcard(key)
                pipe.expire(key, self.ttl)
                _, _, count, _ = pipe.execute()
            if count > limit:
                self.store.zrem(key, member)
                return False
            return member
        except redis.RedisError as exc:
            log.warning("shared job counts unavailable, counting per worker: %s", exc)
            return None

    def release(self, client: str, member: str) -> None:
        try:
            self.store.zrem(KEY_PREFIX + client, member)
        except redis.RedisError as exc:
            log.warning("shared job count not released (it expires on its own): %s", exc)

    def running(self, client: str) -> int:
        """Jobs the store counts for the client now (expired members left out)."""
        return self.store.zcount(KEY_PREFIX + client, time.time(), "+inf")


def shared_counts_for(storage_uri: str, ttl_seconds: int) -> SharedJobCounts | None:
    return SharedJobCounts(storage_uri, ttl_seconds) if storage_uri.startswith(("redis://", "rediss://")) else None
