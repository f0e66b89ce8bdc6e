"""The warm pool: each BFF worker keeps job processes forked ahead of time, one job each.

Forking the worker (a few hundred MB mapped) and tearing the copy down again cost tens of
milliseconds on every job when they sat on the request's path; now one keeper thread forks a spare
before it is needed and the reaper (reaping.py) collects it after it answered. A spare serves exactly
one job and exits: a job never sees another job's data, limits or leftovers, as when each job was
forked from its request. The pool keeps TOOLS_MAX_JOBS_PER_WORKER spares ready (the most jobs a
worker runs at once: slots.py caps them before a spare is asked for) and refills after a job's
upload has gone in, while the worker thread only waits for the answer.

A spare forked before a view was wrapped as a job does not know it (tests wrap views late): such
spares are dropped. The configuration goes with each job, so a spare never runs with an old one. A
spare keeps the pages of the worker's memory as they were at its fork while the worker changes its
own copies, so one idle for SPARE_MAX_AGE_SECONDS is replaced: that old copy stays small.
If no spare can be made (fork refused: out of memory or processes), the job is refused as a full
worker's is: 503 `busy` with Retry-After."""

from __future__ import annotations

import logging
import os
import threading
import time

from flask import Flask

from .job_child import job_views_generation
from .job_process import JobProcess, spawn_job_process
from .reaping import JobReaper
from .slots import refused

log = logging.getLogger(__name__)

EXTENSION = "tool_job_pool"
TAKE_WAIT_SECONDS = 10.0
FORK_RETRY_SECONDS = 1.0
SPARE_MAX_AGE_SECONDS = 300.0
_creating = threading.Lock()


class JobPool:
    def __init__(self, app: Flask, spares: int):
        self.app, self.spares, self.owner = app, max(1, spares), os.getpid()
        self.reaper = JobReaper()
        self._ready: list[JobProcess] = []
        self._changed = threading.Condition()
        self._fork_error: OSError | None = None
        self._closed = False
        # The spares die with the thread that forked them (PR_SET_PDEATHSIG): this one lives as long as the pool.
        self._keeper = threading.Thread(target=self._keep_ready, name="job-pool-keeper", daemon=True)
        self._keeper.start()

    def take(self, wait_seconds: float = TAKE_WAIT_SECONDS) -> JobProcess:
        """A ready job process; waits for the keeper when none is, and answers 503 busy if it cannot make one."""
        ends = time.monotonic() + wait_seconds
        with self._changed:
            while True:
                self._drop_unfit()
                if self._ready:
                    return self._ready.pop(0)
                remaining = ends - time.monotonic()
                if self._closed or self._fork_error is not None or remaining <= 0:
                    raise refused("worker", self.spares)
                self._changed.notify_all()  # the keeper makes one now
                self._changed.wait(remaining)

    def refill(self) -> None:
        """Fork the spares that were taken (called once a job's upload is in: the worker thread then
        only waits, so the fork does not hold up its transfer)."""
        with self._changed:
            self._changed.notify_all()

    def finished(self, process: JobProcess) -> None:
        """The job answered: its process is reaped off the request's path."""
        self.reaper.adopt(process)

    def close(self) -> None:
        with self._changed:
            self._closed = True
            spares, self._ready = self._ready, []
            self._changed.notify_all()
        for process in spares:
            process.discard()
        self._keeper.join(timeout=30)
        self.reaper.close()

    def _drop_unfit(self) -> None:
        """Spares that cannot serve (forked before a view was wrapped, or killed from outside) or
        have waited too long."""
        generation, oldest = job_views_generation(), time.monotonic() - SPARE_MAX_AGE_SECONDS
        unfit = [p for p in self._ready if p.generation != generation or p.born < oldest or p.exited()]
        if unfit:
            self._ready = [p for p in self._ready if p not in unfit]
            for process in unfit:
                process.close_channel()  # it reads the end of its channel and exits
                self.reaper.adopt(process)

    def _is_closed(self) -> bool:
        """Read afresh: close() sets it from another thread (the checker would take an earlier test
        of the attribute as still holding)."""
        return self._closed

    def _keep_ready(self) -> None:
        while True:
            with self._changed:
                while not self._closed and len(self._ready) >= self.spares:
                    self._changed.wait(SPARE_MAX_AGE_SECONDS / 4)
                    self._drop_unfit()
                if self._closed:
                    return
            try:
                process = spawn_job_process(self.app)
            except OSError as exc:
                log.warning("job pool: cannot fork a job process: %s", exc)
                with self._changed:
                    self._fork_error = exc
                    self._changed.notify_all()
                time.sleep(FORK_RETRY_SECONDS)
                continue
            with self._changed:
                self._fork_error = None
                if self._is_closed():
                    break
                self._ready.append(process)
                self._changed.notify_all()
        process.discard()


def job_pool(app: Flask) -> JobPool:
    """The pool of this worker process (made at its first use, or at start by start_job_pool)."""
    app = getattr(app, "_get_current_object", lambda: app)()  # the app itself, not current_app's proxy
    pool = app.extensions.get(EXTENSION)
    if pool is None or pool.owner != os.getpid():
        with _creating:
            pool = app.extensions.get(EXTENSION)
            if pool is None or pool.owner != os.getpid():  # a pool made before a fork is not this process's
                pool = app.extensions[EXTENSION] = JobPool(app, app.config["TOOLS_MAX_JOBS_PER_WORKER"])
    return pool


def start_job_pool(app: Flask) -> None:
    """Warm before the first job (gunicorn's post_worker_init)."""
    job_pool(app)


def close_job_pool(app: Flask) -> None:
    """Stop the spares and reap every job process (an app that is done: tests)."""
    pool = app.extensions.pop(EXTENSION, None)
    if pool is not None and pool.owner == os.getpid():
        pool.close()
