"""The per-client job count shared by every worker (Redis): a job whose worker was killed before it
released its count stops counting once the job could no longer be running, even while its client
keeps asking for jobs (each try used to renew the count's expiry, holding the killed job forever)."""

from __future__ import annotations

import time

import pytest

from fixtures.redirect_support import refusing_port
from fixtures.redis_server import PrivateRedis
from toolkit_bff.jobs.shared_counts import SharedJobCounts
from toolkit_bff.jobs.slots import JobSlots


@pytest.fixture
def counts():
    server = PrivateRedis()
    server.start()
    yield SharedJobCounts(server.url, ttl_seconds=2)
    server.kill()


def test_a_killed_jobs_count_expires_though_its_client_keeps_trying(counts):
    killed = counts.try_acquire("198.51.100.7", limit=1)  # its worker dies: never released
    assert killed
    tries_until = time.monotonic() + 4
    refused = accepted = 0
    while time.monotonic() < tries_until:  # the client keeps trying meanwhile
        member = counts.try_acquire("198.51.100.7", limit=1)
        if member:
            accepted += 1
            counts.release("198.51.100.7", member)
        else:
            refused += 1
        time.sleep(0.2)
    assert refused and accepted  # held while the job could still run, free once it could not


def test_released_jobs_free_their_place_and_clients_are_apart(counts):
    first = counts.try_acquire("198.51.100.8", limit=2)
    second = counts.try_acquire("198.51.100.8", limit=2)
    assert first and second and counts.try_acquire("198.51.100.8", limit=2) is False
    assert counts.try_acquire("198.51.100.9", limit=2)  # another client's share is its own
    counts.release("198.51.100.8", first)
    assert counts.running("198.51.100.8") == 1
    assert counts.try_acquire("198.51.100.8", limit=2)


def test_while_the_store_is_away_a_worker_runs_only_its_share_of_a_clients_jobs(counts):
    """4 jobs per client shared by 2 workers in each of 2 replicas: alone, a worker takes 1 (4 / (2 × 2))."""
    slots = JobSlots(per_worker=8, per_client=4, shared=counts, alone_per_client=1)
    shared = [slots.acquire("198.51.100.9") for _ in range(2)]
    assert [full for full, _ in shared] == [None, None] and all(member for _, member in shared)  # in Redis
    for _, member in shared:
        slots.release("198.51.100.9", member)
    counts.store.connection_pool.disconnect()
    with refusing_port() as gone:
        counts.store = SharedJobCounts(f"redis://127.0.0.1:{gone}", counts.ttl).store
        first, second = slots.acquire("198.51.100.9"), slots.acquire("198.51.100.9")
        assert first == (None, None) and second == ("client", None)
        slots.release("198.51.100.9", None)
        assert slots.acquire("198.51.100.9") == (None, None)  # its place is free again
