"""A redirect instance killed under load (SIGKILL: master and workers at once) loses no click: its
workers' journals are in the directory every instance of the host shares, and the stack's running
instances replay them, each batch once (toolkit_redirect/journal.py)."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from fixtures.redirect_support import RedirectInstance, make_link, request, settled_clicks, until
from fixtures.replica_stack import fixture_replicas, turns  # noqa: F401 (the replicas fixture)


@pytest.fixture
def code(admin_db):
    made = make_link(admin_db, "https://replicas.example/busy")
    yield made
    admin_db.execute("delete from public.shortened_urls where short_code = %s", (made,))


def test_a_killed_instance_under_load_loses_no_click(replicas, stack_env, admin_db, code):
    # A third instance like the stack's two, sharing their journal directory; its flushes far apart,
    # so every click it served is only in its memory and its journal when it dies.
    doomed = RedirectInstance(
        stack_env["TOOLKIT_DATABASE_URL"],
        workers=2,
        TOOLKIT_REDIRECT_FLUSH_INTERVAL="300",
        TOOLKIT_REDIRECT_JOURNAL_DIR=str(replicas.journal),
    )
    served, lock, stop, threads = [0], threading.Lock(), threading.Event(), []

    def load(instances: list[str]) -> None:
        for instance in turns(instances):
            if stop.is_set():
                return
            try:
                ok = request(instance, f"/s/{code}").location == "https://replicas.example/busy"
            except OSError:  # the killed instance: no redirect reached this client
                continue
            with lock:
                served[0] += ok

    try:
        doomed.wait_ready()
        threads += [threading.Thread(target=load, args=([doomed.url, replicas.redirect[i % 2]],)) for i in range(4)]
        for thread in threads:
            thread.start()
        assert until(lambda: served[0] >= 200, within=60)
        os.killpg(doomed.process.pid, signal.SIGKILL)
        doomed.process.wait()
        at_kill = served[0]
        # The load goes on, against the stack's instances alone.
        assert until(lambda: served[0] >= at_kill + 100, within=60)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
        doomed.stop()
    # Every redirect a client got is counted. A redirect the kill cut off on its way out may count too
    # (a click is written ahead before its answer is sent): at most one per client thread.
    assert served[0] <= settled_clicks(admin_db, code, served[0], within=30) <= served[0] + len(threads)
