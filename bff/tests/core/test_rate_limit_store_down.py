"""The rate-limit store (Redis) going away and coming back: the BFF fails open to counting in each
worker's memory, as documented (README, "Rate limits are counted in Redis"), so limits still hold
per worker and no request is ever a 500; once Redis answers again, counting goes back to it."""

from __future__ import annotations

import uuid

import pytest
import redis
from flask import Flask
from werkzeug.test import TestResponse

from fixtures.redirect_support import until
from fixtures.redis_server import PrivateRedis
from toolkit_bff import create_app
from toolkit_bff.extensions import limiter

INVALID_NAME = "/api/tools/username/-not-a-name"  # answered 422 without going out: only the limit counts


@pytest.fixture
def store():
    server = PrivateRedis()
    server.start()
    yield server
    server.kill()


def make_app(
    stack_env: dict[str, str], store: PrivateRedis, limit: str, *, workers: int = 1, replicas: int = 1
) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "RATELIMIT_STORAGE_URI": store.url,
            "USERNAME_RATE_LIMIT": limit,
            "WORKERS": workers,
            "REPLICAS": replicas,
            "DATABASE_URL": stack_env["TOOLKIT_DATABASE_URL"],
            "JWT_SECRET": stack_env["TOOLKIT_JWT_SECRET"],
        }
    )


@pytest.fixture
def app(stack_env, store):
    app = make_app(stack_env, store, "3 per minute")
    yield app
    app.extensions["db_pool"].close()
    limiter._storage_dead = False  # the limiter is one per process (a worker's): leave it as found


def test_limits_fall_back_to_memory_while_redis_is_down_and_return_to_it(app: Flask, store):
    client = app.test_client()
    ip = f"198.51.100.{uuid.uuid4().int % 250 + 1}"

    def get() -> TestResponse:
        return client.get(INVALID_NAME, headers={"X-Forwarded-For": ip})

    assert [get().status_code for _ in range(2)] == [422, 422]
    keys = redis.Redis.from_url(store.url).keys("LIMITS*")
    assert any(ip.encode() in key for key in keys), keys

    store.kill()
    during = [get() for _ in range(4)]
    # Counted afresh in this worker's memory: the limit still holds, and nothing is a 500.
    assert [r.status_code for r in during] == [422, 422, 422, 429]
    assert all(r.is_json and r.get_json()["error"]["code"] for r in during)

    store.start()  # empty, as a restarted Redis without persistence is
    fresh = redis.Redis.from_url(store.url)
    # The limiter looks for its store again after a back-off (1 s, then 2 s, …).
    assert until(lambda: get().status_code in (422, 429) and bool(fresh.keys("LIMITS*")), within=15)


def test_while_redis_is_down_each_worker_allows_only_its_share_of_a_limit(stack_env, store):
    """Two workers in each of two replicas counting alone: each allows a quarter, so all of them
    together never allow more than the limit (toolkit_bff/limit_shares.py)."""
    app = make_app(stack_env, store, "8 per minute", workers=2, replicas=2)
    try:
        client = app.test_client()
        ip = f"198.51.100.{uuid.uuid4().int % 250 + 1}"

        def get() -> TestResponse:
            return client.get(INVALID_NAME, headers={"X-Forwarded-For": ip})

        assert [get().status_code for _ in range(3)] == [422] * 3  # counted in Redis: the whole limit
        store.kill()
        assert [get().status_code for _ in range(3)] == [422, 422, 429]  # 8 / (2 × 2), counted afresh
    finally:
        app.extensions["db_pool"].close()
        limiter._storage_dead = False
