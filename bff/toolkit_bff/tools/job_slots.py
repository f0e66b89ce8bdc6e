"""How many tool jobs may run at once: per BFF worker process and per client IP.

A request over either cap is refused at once with 429 and Retry-After rather than queued, so tool
jobs can never hold all of a worker's threads: redirects and the data API always find one free.
Both counts are per worker process (a client spread over 2 workers may run 2 × the per-client cap);
the rate limits, which are shared by every worker, bound how many jobs a client can start.
IPv6 clients are counted by their /64, like the rate limits."""
from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Iterator

from flask import current_app, request

from ..errors import ApiError
from ..client_keys import client_key

RETRY_AFTER_SECONDS = 5


class JobSlots:
    """Counters of running jobs in this worker: all of them, and per client key."""

    def __init__(self, per_worker: int, per_client: int):
        self.per_worker, self.per_client = per_worker, per_client
        self._lock = threading.Lock()
        self.running = 0
        self.by_client: dict[str, int] = {}

    def acquire(self, client: str) -> str | None:
        """None when a slot was taken, else which cap is full ("worker" or "client")."""
        with self._lock:
            if self.running >= self.per_worker:
                return "worker"
            if self.by_client.get(client, 0) >= self.per_client:
                return "client"
            self.running += 1
            self.by_client[client] = self.by_client.get(client, 0) + 1
            return None

    def release(self, client: str) -> None:
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
        slots = app.extensions.setdefault("tool_job_slots", JobSlots(
            app.config["TOOLS_MAX_JOBS_PER_WORKER"], app.config["TOOLS_MAX_JOBS_PER_CLIENT"]))
    return slots


def too_many_jobs(which: str, limit: int) -> ApiError:
    what = ("this server is busy with other jobs" if which == "worker"
            else f"at most {limit} jobs may run at once per client")
    return ApiError(429, "too_many_jobs", f"Too many tool jobs: {what}. Try again shortly.",
                    headers={"Retry-After": str(RETRY_AFTER_SECONDS)})


@contextmanager
def job_slot() -> Iterator[None]:
    slots, client = _slots(), client_key(request.remote_addr)
    full = slots.acquire(client)
    if full:
        raise too_many_jobs(full, slots.per_worker if full == "worker" else slots.per_client)
    try:
        yield
    finally:
        slots.release(client)
