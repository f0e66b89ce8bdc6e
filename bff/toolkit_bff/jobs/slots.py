"""How many tool jobs may run at once: per BFF worker process and per client IP (the client's share).

A job is anything outbound or long: a file tool's child process, a translation (an engine call), a
username check (its whole stream). A request over either cap is refused at once rather than queued:
503 `busy` when the worker's slots are all taken, 429 `too_many_jobs` when the client already holds
its share, both with Retry-After. So jobs can never hold all of a worker's threads (the per-worker
cap stays below GUNICORN_THREADS): the data API always finds one free.
The per-client count lives in the rate limits' store when that is Redis (every worker sees it,
shared_counts.py), else per worker. IPv6 clients are counted by their /64, like the rate limits."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from flask import current_app, request

from ..client_keys import client_key
from ..errors import ApiError
from ..limit_shares import share_of
from .shared_counts import SharedJobCounts, shared_counts_for

RETRY_AFTER_SECONDS = 5


class JobSlots:
    """Counters of running jobs in this worker (all of them, and per client key), and the shared
    per-client count when there is a shared store."""

    def __init__(
        self,
        per_worker: int,
        per_client: int,
        shared: SharedJobCounts | None = None,
        alone_per_client: int | None = None,
    ):
        self.per_worker, self.per_client, self.shared = per_worker, per_client, shared
        # While the shared store is away, this worker's share of the client's cap (limit_shares.py).
        self.alone_per_client = alone_per_client or per_client
        self._lock = threading.Lock()
        self.running = 0
        self.by_client: dict[str, int] = {}

    def acquire(self, client: str) -> tuple[str | None, str | None]:
        """(None when a slot was taken, else which cap is full: "client" or "worker"; the job's
        member in the shared store when it counted it). The client's share is checked first, so a client holding its
        share always hears so (429), whether or not this worker is full."""
        with self._lock:
            if self.by_client.get(client, 0) >= self.per_client:
                return "client", None
        counted = self.shared.try_acquire(client, self.per_client) if self.shared else None
        if counted is False:
            return "client", None
        cap = self.alone_per_client if self.shared and counted is None else self.per_client
        with self._lock:
            full = (
                "client"
                if self.by_client.get(client, 0) >= cap
                else "worker"
                if self.running >= self.per_worker
                else None
            )
            if not full:
                self.running += 1
                self.by_client[client] = self.by_client.get(client, 0) + 1
        if full:
            if counted and self.shared:
                self.shared.release(client, counted)
            return full, None
        return None, counted or None

    def release(self, client: str, counted_shared: str | None) -> None:
        if counted_shared and self.shared:  # counted only where there is a shared store
            self.shared.release(client, counted_shared)
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
    slots: JobSlots | None = app.extensions.get("tool_job_slots")
    if slots is None:
        shared = shared_counts_for(app.config["RATELIMIT_STORAGE_URI"], int(app.config["TOOLS_JOB_TIMEOUT"]) + 30)
        slots = app.extensions.setdefault(
            "tool_job_slots",
            JobSlots(
                app.config["TOOLS_MAX_JOBS_PER_WORKER"],
                app.config["TOOLS_MAX_JOBS_PER_CLIENT"],
                shared,
                share_of(app.config["TOOLS_MAX_JOBS_PER_CLIENT"], app.config),
            ),
        )
    return slots


def refused(which: str, limit: int) -> ApiError:
    if which == "worker":
        return ApiError(
            503,
            "busy",
            "The server is busy with other jobs right now. Try again in a few seconds.",
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    return ApiError(
        429,
        "too_many_jobs",
        f"Too many tool jobs: at most {limit} may run at once per client "
        "(file jobs, translations and username checks together). Try again shortly.",
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


def acquire_job_slot() -> Callable[[], None]:
    """Take a slot for the current request's client, or raise 503 busy / 429 too_many_jobs. Returns
    the release function (safe to call more than once), for jobs that outlive the view: streams."""
    slots, client = _slots(), client_key(request.remote_addr)
    full, counted_shared = slots.acquire(client)
    if full:
        raise refused(full, slots.per_worker if full == "worker" else slots.per_client)
    released = threading.Event()

    def release() -> None:
        if not released.is_set():
            released.set()
            slots.release(client, counted_shared)

    return release


@contextmanager
def job_slot() -> Iterator[None]:
    release = acquire_job_slot()
    try:
        yield
    finally:
        release()
