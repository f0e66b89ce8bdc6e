"""Hostile visitors of protected links (issue 35), at the redirect service of the test stack: nobody
locks another client out of a link, a client posting passwords to code after code is answered 429
with Retry-After before any argon2 check, scripts get those refusals as JSON with stable codes, and
no stored hash can make a check cost more than the server's own parameters.

The gateway sets X-Forwarded-For to the address it saw (127.0.0.1 for every test); the service
trusts the one proxy in front of it, so tests that need other clients talk to it directly and name
each client in that header."""

from __future__ import annotations

import asyncio
import http.client
import json
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode, urlsplit

import pytest
from argon2 import PasswordHasher

from fixtures.redirect_support import CountingHasher, clicks, forget_password_tries, make_link, new_code, post_password
from toolkit_redirect import password as password_module
from toolkit_redirect.password import PasswordChecker
from toolkit_redirect.redirector import Redirector, Unlocked
from toolkit_redirect.settings import Settings

TARGET = "https://secret.example/plan"
PASSWORD = "correct horse"


@pytest.fixture(scope="module")
def gateway(stack_env: dict[str, str]) -> str:
    return stack_env["TOOLKIT_PUBLIC_URL"]


@pytest.fixture
def link(admin_db):
    forget_password_tries(admin_db)
    code = make_link(admin_db, TARGET, password=PASSWORD)
    yield code
    admin_db.execute("delete from public.shortened_urls where short_code = %s", (code,))
    admin_db.execute("delete from public.short_link_password_attempts where short_code = %s", (code,))
    forget_password_tries(admin_db)


def post_many(base_url: str, tries: list[tuple[str, str, str]], threads: int = 4) -> list[int]:
    """(code, password, client address) tries, sent over a few kept-alive connections; their statuses."""
    parts = urlsplit(base_url)
    assert parts.hostname, f"no host in {base_url}"
    host = parts.hostname

    def send(share: list[tuple[str, str, str]]) -> list[int]:
        conn = http.client.HTTPConnection(host, parts.port, timeout=30)
        statuses = []
        try:
            for code, password, client in share:
                conn.request(
                    "POST",
                    f"/s/{code}",
                    body=urlencode({"password": password}),
                    headers={"Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client},
                )
                response = conn.getresponse()
                response.read()
                statuses.append(response.status)
        finally:
            conn.close()
        return statuses

    with ThreadPoolExecutor(threads) as pool:
        return [status for part in pool.map(send, [tries[i::threads] for i in range(threads)]) for status in part]


def test_a_thousand_wrong_guesses_elsewhere_never_stop_the_right_password(gateway, redirect_url, admin_db, link):
    # 1,000 wrong passwords from 20 addresses: each gets its 5 tries, the rest wait (no argon2 for those).
    guesses = [(link, f"guess {n}", f"198.51.100.{n % 20}") for n in range(1000)]
    statuses = post_many(redirect_url, guesses)
    assert statuses.count(403) == 100 and statuses.count(429) == 900
    # A client that has not failed opens the link, directly and through the gateway.
    fresh = post_password(redirect_url, link, PASSWORD, headers={"X-Forwarded-For": "203.0.113.60"})
    assert (fresh.status, fresh.location) == (303, TARGET)
    through_gateway = post_password(gateway, link, PASSWORD)
    assert (through_gateway.status, through_gateway.location) == (303, TARGET)
    assert clicks(admin_db, link) == 2


def test_a_client_spraying_codes_is_throttled_while_the_owner_opens_their_link(gateway, redirect_url, admin_db, link):
    sprayed = [(new_code(), "anything", "192.0.2.77") for _ in range(30)]
    statuses = post_many(redirect_url, sprayed, threads=1)
    assert statuses == [303] * 20 + [429] * 10  # 303: home, as a visit of a missing code is sent
    refused = post_password(redirect_url, new_code(), "anything", headers={"X-Forwarded-For": "192.0.2.77"})
    assert refused.status == 429 and 1 <= int(refused.headers["retry-after"]) <= 60
    assert "Too many password tries" in refused.body.decode()
    # Its tries on a real link are refused too; the owner, elsewhere, is not held back.
    assert post_password(redirect_url, link, PASSWORD, headers={"X-Forwarded-For": "192.0.2.77"}).status == 429
    owner = post_password(gateway, link, PASSWORD)
    assert (owner.status, owner.location) == (303, TARGET)


def test_scripts_asking_for_json_get_the_refusals_with_stable_codes(redirect_url, link):
    def post(password: str, client: str):
        return post_password(
            redirect_url, link, password, headers={"X-Forwarded-For": client, "Accept": "application/json"}
        )

    wrong = post("not it", "192.0.2.90")
    assert (wrong.status, wrong.content_type) == (403, "application/json")
    assert json.loads(wrong.body)["error"]["code"] == "wrong_password"
    for n in range(4):
        post(f"not it {n}", "192.0.2.90")
    waiting = post(PASSWORD, "192.0.2.90")
    assert (waiting.status, waiting.content_type) == (429, "application/json")
    error = json.loads(waiting.body)["error"]
    assert error["code"] == "too_many_attempts" and waiting.headers["retry-after"] in error["message"]
    assert post(PASSWORD, "192.0.2.91").location == TARGET


def test_the_redirect_service_spends_the_tries_it_refuses_no_argon2(monkeypatch, stack_env, admin_db, link):
    """Counted in the service itself: of 25 tries from one client on 25 codes, 20 are verified (the
    missing ones against the stand-in), 5 are refused before any hash is checked."""
    hasher = CountingHasher()
    monkeypatch.setattr(password_module, "HASHER", hasher)

    async def spray() -> list[Unlocked]:
        redirector = Redirector(Settings(database_url=stack_env["TOOLKIT_DATABASE_URL"]))
        await redirector.pool.open(wait=True)
        try:
            return [
                await redirector.unlock(code, "anything", "192.0.2.88", count=False)
                for code in [link] + [new_code() for _ in range(24)]
            ]
        finally:
            await redirector.pool.close()
            redirector.passwords.close()

    answers = asyncio.run(spray())
    assert [bool(answer.retry_after) for answer in answers] == [False] * 20 + [True] * 5
    assert len(hasher.verified) == 20


def test_a_hash_with_other_parameters_is_never_verified(monkeypatch):
    """The table refuses such hashes (20261128110000); should one ever be there, the service checks
    the password against its stand-in of the server's cost instead, and the answer is wrong."""
    hasher = CountingHasher()
    monkeypatch.setattr(password_module, "HASHER", hasher)
    costly = PasswordHasher(time_cost=3, memory_cost=65536, parallelism=1).hash(PASSWORD)

    async def check() -> bool:
        checker = PasswordChecker(1)
        try:
            return await checker.check(costly, PASSWORD)
        finally:
            checker.close()

    assert asyncio.run(check()) is False
    assert hasher.verified == ["$argon2id$v=19$m=19456,t=2,p=1"]
