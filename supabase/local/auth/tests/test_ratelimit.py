"""Per-client token buckets as upstream's tollbooth limiters: a burst of 30, then 429
over_request_rate_limit; keyed by the first value of GOTRUE_RATE_LIMIT_HEADER; no header, no limit."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator

import pytest
from flask import Flask

from local_auth import ratelimit
from local_auth.config import load_settings
from local_auth.errors import register_error_handlers

HEADER = "X-Rate-Key"


@pytest.fixture
def app() -> Iterator[Flask]:
    ratelimit.reset()
    app = Flask(__name__)
    # A slow refill (3 per 5 minutes) so no token comes back while a test runs.
    app.config["AUTH_SETTINGS"] = dataclasses.replace(
        load_settings(),
        rate_limit_header=HEADER,
        rate_limit_token_refresh=3,
        rate_limit_otp=3,
        rate_limit_verify=3,
        rate_limit_anonymous_users=5,
    )
    register_error_handlers(app)

    @app.post("/limited/<name>")
    def limited(name):
        ratelimit.limit(name)
        return {}

    yield app
    ratelimit.reset()


def hits(app, name: str, count: int, headers: dict[str, str] | None = None) -> list[int]:
    client = app.test_client()
    return [client.post(f"/limited/{name}", headers=headers or {}).status_code for _ in range(count)]


def test_a_burst_of_30_then_429(app):
    statuses = hits(app, "token", 32, {HEADER: "client-1"})
    assert statuses == [200] * 30 + [429, 429]


def test_the_429_in_both_error_shapes(app):
    hits(app, "token", 30, {HEADER: "client-1"})
    client = app.test_client()
    response = client.post("/limited/token", headers={HEADER: "client-1", "X-Supabase-Api-Version": "2024-01-01"})
    assert response.status_code == 429
    assert response.json == {"code": "over_request_rate_limit", "message": "Request rate limit reached"}
    assert response.headers["x-sb-error-code"] == "over_request_rate_limit"
    assert response.headers["X-Supabase-Api-Version"] == "2024-01-01"
    assert "Retry-After" not in response.headers
    legacy = client.post("/limited/token", headers={HEADER: "client-1"})
    assert legacy.json == {"code": 429, "error_code": "over_request_rate_limit", "msg": "Request rate limit reached"}


def test_keyed_by_the_first_value_of_the_header(app):
    hits(app, "token", 30, {HEADER: "client-1, 10.0.0.1"})
    assert hits(app, "token", 1, {HEADER: "client-1"}) == [429]  # same client, other proxies
    assert hits(app, "token", 1, {HEADER: " client-1 ,10.0.0.9"}) == [429]
    assert hits(app, "token", 1, {HEADER: "client-2, 10.0.0.1"}) == [200]  # another client


def test_no_header_value_means_no_limit(app):
    assert set(hits(app, "token", 40)) == {200}
    assert set(hits(app, "token", 40, {HEADER: " , client-3"})) == {200}  # empty first value


def test_no_header_configured_means_no_limit(app):
    app.config["AUTH_SETTINGS"] = dataclasses.replace(app.config["AUTH_SETTINGS"], rate_limit_header="")
    assert set(hits(app, "token", 40, {HEADER: "client-1"})) == {200}


def test_password_and_refresh_grants_share_one_bucket(app):
    hits(app, "token", 20, {HEADER: "client-1"})
    assert hits(app, "token_refresh", 11, {HEADER: "client-1"}) == [200] * 10 + [429]


def test_each_limiter_has_its_own_buckets(app):
    hits(app, "token", 30, {HEADER: "client-1"})
    for name in (
        "verify",
        "otp",
        "signup",
        "recover",
        "resend",
        "magiclink",
        "user",
        "sso",
        "mfa_challenge",
        "mfa_verify",
    ):
        assert hits(app, name, 30, {HEADER: "client-1"}) == [200] * 30, name
        assert hits(app, name, 1, {HEADER: "client-1"}) == [429], name


def test_anonymous_sign_ins_burst_is_the_hourly_rate(app):
    assert hits(app, "anonymous", 6, {HEADER: "client-1"}) == [200] * 5 + [429]


def test_tokens_refill_over_time(app, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])  # the clock ratelimit reads
    hits(app, "token", 30, {HEADER: "client-1"})
    assert hits(app, "token", 1, {HEADER: "client-1"}) == [429]
    clock[0] += 100  # 3 per 300 s: one token back after 100 s
    assert hits(app, "token", 2, {HEADER: "client-1"}) == [200, 429]
