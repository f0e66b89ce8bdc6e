"""Rate limits: shared by every worker (Redis), IPv6 clients counted by /64, signed-in writes
limited per user."""

from __future__ import annotations

import os
import uuid

import pytest
import redis
import requests
from flask import Flask

from toolkit_bff import create_app


def _random_ip() -> str:
    return f"198.51.100.{uuid.uuid4().int % 250 + 1}"


def test_the_running_bff_counts_in_the_shared_store(stack_env):
    """gunicorn runs 2 workers; per-worker memory counters would let up to 2 × 10 through."""
    ip, base = _random_ip(), stack_env["TOOLKIT_BFF_URL"]
    statuses = []
    for _ in range(25):  # a new connection each time, so both workers take requests
        response = requests.get(f"{base}/api/tools/username/-not-a-name", headers={"X-Forwarded-For": ip}, timeout=10)
        statuses.append(response.status_code)
    assert statuses.count(422) == 10 and statuses.count(429) == 15, statuses
    store = redis.Redis.from_url(os.environ["TOOLKIT_TEST_RATE_LIMIT_STORE"])
    assert any(ip.encode() in key for key in store.keys("LIMITS*")), store.keys("*")[:10]


@pytest.fixture
def limited_app(stack_env):
    app = create_app(
        {
            "TESTING": True,
            "RATELIMIT_STORAGE_URI": "memory://",
            "USERNAME_RATE_LIMIT": "2 per minute",
            "USER_WRITE_RATE_LIMIT": "2 per minute",
            "ANON_WRITE_RATE_LIMIT": "100 per minute",
            "DATABASE_URL": stack_env["TOOLKIT_DATABASE_URL"],
            "JWT_SECRET": stack_env["TOOLKIT_JWT_SECRET"],
        }
    )
    yield app
    app.extensions["db_pool"].close()


def test_ipv6_clients_are_counted_by_their_64(limited_app: Flask):
    client = limited_app.test_client()

    def status(address: str) -> int:
        return client.get("/api/tools/username/-x", headers={"X-Forwarded-For": address}).status_code

    assert [status("2001:db8:aa:bb::1"), status("2001:db8:aa:bb::2")] == [422, 422]
    assert status("2001:db8:aa:bb:1234:5678:9abc:def0") == 429  # same /64, another address
    assert status("2001:db8:aa:bc::1") == 422  # the next /64 is someone else


def test_signed_in_writes_are_limited_per_user(limited_app, make_user):
    client = limited_app.test_client()
    alice, bob = make_user("alice"), make_user("bob")
    statuses = [
        client.patch("/api/me/profile", json={"bio": f"v{i}"}, headers=alice.headers).status_code for i in range(3)
    ]
    assert statuses == [200, 200, 429]
    assert client.patch("/api/me/profile", json={"bio": "x"}, headers=bob.headers).status_code == 200
    assert client.get("/api/me", headers=alice.headers).status_code == 200  # reads are not writes


def test_signed_in_link_creation_is_limited_too(limited_app, make_user):
    client = limited_app.test_client()
    user = make_user("linker")
    statuses = [
        client.post("/api/links", json={"url": "https://limit.example"}, headers=user.headers).status_code
        for _ in range(3)
    ]
    assert statuses == [201, 201, 429]
    cleanup = client.get("/api/links", headers=user.headers)
    assert cleanup.status_code == 200
