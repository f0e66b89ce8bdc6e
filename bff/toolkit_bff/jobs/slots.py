"""How many tool jobs may run at once: per BFF worker process and per client IP.

A request over either cap is refused at once with 429 and Retry-After rather than queued, so tool
jobs can never hold all of a worker's threads: redirects and the data API always find one free.
The per-client count lives in the rate limits' store when that is Redis (every worker sees it,
shared_counts.py), else per worker. IPv6 clients are counted by their /64, like the rate limits."""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator

from flask import current_app, request

from ..errors import ApiError
from ..client_keys import client_key
from .shared_counts import SharedJobCounts, shared_counts_for

RETRY_AFTER_SECONDS = 5


class JobSlots:
    """Counters of running jobs in this worker (all of them, and per client key), and the shared
    per-client count when there is a shared store."""

    def __init__(self, per_worker: int, per_client: int, shared: SharedJobCounts | None = None):
        self.per_worker, self.per_client, self.shared = per_worker, per_client, shared
        self._lock = threading.Lock()
        self.running = 0
        self.by_client: dict[str, int] = {}

    def acquire(self, client: str) -> tuple[str | None, bool]:
        """(None when a slot was taken, else which cap is full: "worker" or "client"; whether the
        shared store counted it)."""
        with self._lock:
            if self.running >= self.per_worker:
                return "worker", False
            if self.by_client.get(client, 0) >= self.per_client:
                return "client", False
            self.running += 1
            self.by_client[client] = self.by_client.get(client, 0) + 1
        counted = self.shared.try_acquire(client, self.per_client) if self.shared else None
        if counted is False:
            self._release_local(client)
            return "client", False
        return None, bool(counted)

    def release(self, client: str, counted_shared: bool) -> None:
        if counted_shared:
            self.shared.release(client)
        self._release_local(client)

    def _release_local(self, client: str) -> None:
        with self._lock:
            self.running -= 1
            left = self.by_client[client] - 1
            if left:
                self.by_client[client] = left
            else:
                del self.by_client[client]


def _slots() -> JobSlots:
    app = current_app
    slots = app.extensions.get("tool_job_slots")
    if slots is None:
        shared = shared_counts_for(app.config["RATELIMIT_STORAGE_URI"], int(app.config["TOOLS_JOB_TIMEOUT"]) + 30)
        slots = app.extensions.setdefault("tool_job_slots", JobSlots(
            app.config["TOOLS_MAX_JOBS_PER_WORKER"], app.config["TOOLS_MAX_JOBS_PER_CLIENT"], shared))
    return slots


def too_many_jobs(which: str, limit: int) -> ApiError:
    what = ("this server is busy with other jobs" if which == "worker"
            else f"at most {limit} jobs may run at once per client")
    return ApiError(429, "too_many_jobs", f"Too many tool jobs: {what}. Try again shortly.",
                    headers={"Retry-After": str(RETRY_AFTER_SECONDS)})


@contextmanager
def job_slot() -> Iterator[None]:
    slots, client = _slots(), client_key(request.remote_addr)
    full, counted_shared = slots.acquire(client)
    if full:
        raise too_many_jobs(full, slots.per_worker if full == "worker" else slots.per_client)
    try:
        yield
    finally:
        slots.release(client, counted_shared)
