"""The per-client job count shared by every worker (Redis): a job whose worker was killed before it
released its count stops counting once the job could no longer be running, even while its client
keeps asking for jobs (each try used to renew the count's expiry, holding the killed job forever)."""
from __future__ import annotations

import time

import pytest

from fixtures.redis_server import PrivateRedis
from toolkit_bff.jobs.shared_counts import SharedJobCounts


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
