"""Answered jobs end off the request's path: their process exits on its own once it has killed what
it started (job_child.end_leftovers); the worker's reaper, one thread per pool, waits for that exit
and reaps it, or stops a job that has not exited within the grace period.

The rule of `finish_job`: a job whose process was already reaped by something else (a fuzzing run
once met `ChildProcessError: [Errno 10] No child processes` here, and its clean-up was skipped) is
done, and its session is still swept; so is any job that did not exit saying it left nothing."""

from __future__ import annotations

import logging
import os
import threading
import time

from .job_process import JobProcess, readable
from .sessions import kill_session

log = logging.getLogger(__name__)

EXIT_GRACE_SECONDS = 2.0


def finish_job(process: JobProcess) -> None:
    """Reap an answered job's process (stopping it first if it still runs) and kill whatever of its
    session is left. Never raises for a process that is already gone."""
    try:
        ending = process.ending(block=False, reap=False)  # a zombie keeps its session id reserved
        if ending is None or not ending.clean:
            kill_session(process.pid)  # still running past its grace, or it ended some other way
        process.ending(block=True, reap=True)
    except ChildProcessError:  # reaped elsewhere: done; what it started is killed all the same
        kill_session(process.pid)
    finally:
        process.close()


class JobReaper:
    """A thread that finishes answered jobs as their processes exit (see finish_job)."""

    def __init__(self, grace_seconds: float = EXIT_GRACE_SECONDS):
        self.grace = grace_seconds
        self._pending: dict[int, tuple[JobProcess, float]] = {}  # pidfd → (process, due)
        self._lock = threading.Lock()
        self._wake_read, self._wake_write = os.pipe()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="job-reaper", daemon=True)
        self._thread.start()

    def adopt(self, process: JobProcess) -> None:
        process.close_channel()
        with self._lock:
            if not self._closed:
                self._pending[process.pidfd] = (process, time.monotonic() + self.grace)
                os.write(self._wake_write, b".")
                return
        finish_job(process)

    def close(self) -> None:
        """Finish every pending job now (stopping those still running) and end the thread."""
        with self._lock:
            self._closed = True
            os.write(self._wake_write, b".")
        self._thread.join(timeout=30)

    def _run(self) -> None:
        while True:
            try:
                if not self._round():
                    break
            except Exception:
                log.exception("job reaper")
                time.sleep(0.1)
        os.close(self._wake_read)
        os.close(self._wake_write)

    def _round(self) -> bool:
        with self._lock:
            pending, closed = dict(self._pending), self._closed
        now = time.monotonic()
        if closed:
            due = list(pending)
        else:
            timeout = max(0.0, min((d for _, d in pending.values()), default=now + 3600) - now)
            ready = readable([self._wake_read, *pending], timeout)
            if self._wake_read in ready:
                os.read(self._wake_read, 4096)
            now = time.monotonic()
            due = [fd for fd, (_, at) in pending.items() if fd in ready or at <= now]
        for fd in due:
            with self._lock:
                process, _ = self._pending.pop(fd)
            finish_job(process)
        return not closed
