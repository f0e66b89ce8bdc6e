"""The redirect service while Postgres is away and when it stops: no click lost or counted twice,
503 JSON instead of a guess. Each test runs an instance of its own, reaching Postgres through a
TCP path it can cut (as a database restart does)."""

from __future__ import annotations

import json
import signal
import time
from urllib.parse import urlsplit, urlunsplit

import pytest

from fixtures.redirect_support import (
    CuttableProxy,
    RedirectInstance,
    Reply,
    clicks,
    make_link,
    request,
    settled_clicks,
    until,
)


@pytest.fixture
def codes(admin_db):
    made: list[str] = []
    yield made
    admin_db.execute("delete from public.shortened_urls where short_code = any(%s)", (made,))


@pytest.fixture
def proxy(stack_env):
    proxy = CuttableProxy(urlsplit(stack_env["TOOLKIT_DATABASE_URL"]).port)
    yield proxy
    proxy.cut()


def through(url: str, port: int) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=f"{parts.username}:{parts.password}@127.0.0.1:{port}"))


@pytest.fixture
def start(stack_env):
    instances: list[RedirectInstance] = []

    def start_instance(database_url: str | None = None, **settings) -> RedirectInstance:
        instance = RedirectInstance(database_url or stack_env["TOOLKIT_DATABASE_URL"], **settings)
        instances.append(instance)
        instance.wait_ready()
        return instance

    yield start_instance
    for instance in instances:
        instance.stop()


def test_clicks_are_batched_and_a_clean_stop_flushes_them(start, admin_db, codes):
    # A flush interval longer than the test: only the shutdown flush can write these clicks.
    service = start(TOOLKIT_REDIRECT_FLUSH_INTERVAL="300", workers=2)
    code = make_link(admin_db, "https://stop.example")
    codes.append(code)
    assert {request(service.url, f"/s/{code}").location for _ in range(30)} == {"https://stop.example"}
    assert clicks(admin_db, code) == 0  # still in the workers' memory
    assert service.stop() == 0
    assert clicks(admin_db, code) == 30


def test_clicks_stay_exact_across_a_database_outage(start, proxy, stack_env, admin_db, codes):
    service = start(through(stack_env["TOOLKIT_DATABASE_URL"], proxy.port), workers=2)
    code = make_link(admin_db, "https://outage.example")
    codes.append(code)
    served = sum(request(service.url, f"/s/{code}").location == "https://outage.example" for _ in range(20))
    assert served == 20

    proxy.cut()
    # Each refusal waits out the service's 2 s database timeout: a few requests per worker show the
    # answers' shape (30 took a minute).
    during = [request(service.url, f"/s/{code}") for _ in range(6)]
    # While the database is away: the destination (from a cache that has not heard of the outage
    # yet, counted in memory) or a JSON 503, never a redirect anywhere else.
    for reply in during:
        assert reply.status in (302, 503)
        if reply.status == 302:
            assert reply.location == "https://outage.example"
        else:
            assert reply.content_type == "application/json" and reply.cache_control == "no-store"
            assert json.loads(reply.body)["error"]["code"] == "database_unavailable"
    served += sum(reply.status == 302 for reply in during)
    # Until the worker notices, it may still answer from its cache: those clicks count too.
    late: list[Reply] = []

    def answers_503() -> bool:
        late.append(request(service.url, f"/s/{code}"))
        return late[-1].status == 503

    assert until(answers_503, within=10)
    assert {(r.status, r.location) for r in late} <= {(302, "https://outage.example"), (503, None)}
    served += sum(reply.status == 302 for reply in late)

    proxy.restore()
    assert until(lambda: request(service.url, f"/s/{code}").status == 302, within=15)
    served += 1
    served += sum(request(service.url, f"/s/{code}").location == "https://outage.example" for _ in range(20))
    assert settled_clicks(admin_db, code, served, within=15) == served
    assert service.stop() == 0
    assert clicks(admin_db, code) == served


def test_a_limited_link_answers_503_not_a_wrong_redirect_while_the_database_is_away(
    start, proxy, stack_env, admin_db, codes
):
    service = start(through(stack_env["TOOLKIT_DATABASE_URL"], proxy.port))
    code = make_link(admin_db, "https://limited-outage.example", max_clicks=5)
    codes.append(code)
    assert request(service.url, f"/s/{code}").location == "https://limited-outage.example"
    proxy.cut()
    reply = request(service.url, f"/s/{code}")
    assert reply.status == 503 and json.loads(reply.body)["error"]["code"] == "database_unavailable"
    proxy.restore()
    assert until(lambda: request(service.url, f"/s/{code}").status == 302, within=15)
    locations = [request(service.url, f"/s/{code}").location for _ in range(6)]
    assert locations == ["https://limited-outage.example"] * 3 + ["/?link=exhausted"] * 3
    assert clicks(admin_db, code) == 5
    # Stopped while Postgres is back: after the test the proxy is cut again, and a stop then would
    # spend its whole last-flush retry time (10 s of teardown).
    assert service.stop() == 0


def test_clicks_of_a_stop_while_the_database_is_away_land_when_it_returns_in_time(
    start, proxy, stack_env, admin_db, codes
):
    service = start(through(stack_env["TOOLKIT_DATABASE_URL"], proxy.port), TOOLKIT_REDIRECT_FLUSH_INTERVAL="300")
    code = make_link(admin_db, "https://late.example")
    codes.append(code)
    assert {request(service.url, f"/s/{code}").location for _ in range(10)} == {"https://late.example"}
    proxy.cut()
    service.process.send_signal(signal.SIGTERM)  # the worker retries its last flush while Postgres is away
    time.sleep(1.0)
    proxy.restore()
    assert service.stop() == 0
    assert clicks(admin_db, code) == 10
