"""Password-protected short links at the redirect service: the password page, a wrong and a right
password, the click counted once after the password, attempts limited per link and address, and a
missing link answered with the same work as a wrong password."""

from __future__ import annotations

import asyncio

import pytest

from fixtures.redirect_support import (
    CountingHasher,
    clicks,
    forget_password_tries,
    make_link,
    new_code,
    post_password,
    request,
    settled_clicks,
)
from toolkit_redirect import password as password_module
from toolkit_redirect.redirector import Redirector, Unlocked
from toolkit_redirect.settings import Settings

FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"


@pytest.fixture(scope="module")
def gateway(stack_env: dict[str, str]) -> str:
    return stack_env["TOOLKIT_PUBLIC_URL"]


@pytest.fixture
def codes(admin_db):
    made: list[str] = []
    forget_password_tries(admin_db)
    yield made
    admin_db.execute("delete from public.shortened_urls where short_code = any(%s)", (made,))
    admin_db.execute("delete from public.short_link_password_attempts where short_code = any(%s)", (made,))


def protected(admin_db, codes, url="https://secret.example/plan", **kwargs) -> str:
    code = make_link(admin_db, url, password="correct horse", **kwargs)
    codes.append(code)
    return code


def test_a_protected_link_shows_the_password_page_and_counts_nothing(gateway, admin_db, codes):
    code = protected(admin_db, codes)
    page = request(gateway, f"/s/{code}", agent=FIREFOX)
    assert (page.status, page.location, page.content_type, page.cache_control) == (
        200,
        None,
        "text/html; charset=utf-8",
        "no-store",
    )
    assert page.headers["x-content-type-options"] == "nosniff"
    assert "default-src 'none'" in page.headers["content-security-policy"]
    html = page.body.decode()
    assert '<form method="post">' in html and 'name="password" type="password"' in html
    assert "secret.example" not in html  # the destination is not given away
    head = request(gateway, f"/s/{code}", method="HEAD")
    assert (head.status, head.body) == (200, b"")
    assert settled_clicks(admin_db, code, 0) == 0


def test_a_wrong_password_shows_the_page_again_and_a_right_one_leads_on_counting_one_click(gateway, admin_db, codes):
    code = protected(admin_db, codes)
    wrong = post_password(gateway, code, "correct horse battery")
    assert (wrong.status, wrong.location) == (403, None)
    assert "That password is not right" in wrong.body.decode() and 'role="alert"' in wrong.body.decode()
    assert clicks(admin_db, code) == 0
    right = post_password(gateway, code, "correct horse", agent=FIREFOX)
    assert (right.status, right.location, right.cache_control) == (303, "https://secret.example/plan", "no-store")
    assert clicks(admin_db, code) == 1  # counted in SQL with the password, not later
    assert post_password(gateway, code, "correct horse").status == 303
    assert clicks(admin_db, code) == 2


def test_the_click_limit_of_a_protected_link_holds(gateway, admin_db, codes):
    code = protected(admin_db, codes, max_clicks=1)
    assert post_password(gateway, code, "correct horse").location == "https://secret.example/plan"
    assert post_password(gateway, code, "correct horse").location == "/?link=exhausted"
    assert request(gateway, f"/s/{code}").location == "/?link=exhausted"
    assert clicks(admin_db, code) == 1


def test_attempts_are_limited_per_link_and_address_even_for_the_right_password(gateway, redirect_url, admin_db, codes):
    code = protected(admin_db, codes)
    # Through the gateway every request is 127.0.0.1, whatever X-Forwarded-For the client claims.
    answers = [
        post_password(gateway, code, f"guess {i}", headers={"X-Forwarded-For": f"198.51.100.{i}"}) for i in range(6)
    ]
    assert [a.status for a in answers] == [403] * 5 + [429]
    late = post_password(gateway, code, "correct horse")
    assert late.status == 429 and 1 <= int(late.headers["retry-after"]) <= 60
    assert "Too many password tries" in late.body.decode()
    assert clicks(admin_db, code) == 0
    # At the service itself the trusted proxy's header names the client: another address may try.
    other = post_password(redirect_url, code, "correct horse", headers={"X-Forwarded-For": "203.0.113.50"})
    assert other.location == "https://secret.example/plan"
    # Another link is counted apart.
    second = protected(admin_db, codes, url="https://secret.example/other")
    assert post_password(gateway, second, "correct horse").location == "https://secret.example/other"


def test_a_missing_expired_or_unprotected_link_answers_the_form_as_a_visit_would(gateway, admin_db, codes):
    assert post_password(gateway, new_code(), "anything").location == "/?link=unknown"
    expired = protected(admin_db, codes)
    admin_db.execute(
        "update public.shortened_urls set expires_at = now() - interval '1 second' where short_code = %s", (expired,)
    )
    assert post_password(gateway, expired, "correct horse").location == "/?link=expired"
    plain = make_link(admin_db, "https://plain.example/")
    codes.append(plain)
    assert post_password(gateway, plain, "whatever").location == "https://plain.example/"


def test_oversized_or_odd_form_bodies_are_refused_cleanly(gateway, admin_db, codes):
    code = protected(admin_db, codes)
    huge = request(
        gateway,
        f"/s/{code}",
        method="POST",
        body=b"password=" + b"x" * 5000,
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert huge.status == 413 and huge.content_type == "text/html; charset=utf-8"
    for body in (b"", b"\xff\xfe", b"pass=word", b"password=" + b"y" * 300):
        reply = request(
            gateway,
            f"/s/{code}",
            method="POST",
            body=body,
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        assert reply.status == 403, body
    assert clicks(admin_db, code) == 0


def test_a_wrong_password_and_a_missing_link_cost_the_same_work(monkeypatch, stack_env, admin_db, codes):
    """No timing difference by construction: each answer is one check-in round trip and one argon2
    verification with the same cost parameters (times are never compared: the machine is shared)."""
    hasher = CountingHasher()
    monkeypatch.setattr(password_module, "HASHER", hasher)
    code = protected(admin_db, codes)

    async def attempts() -> tuple[list[Unlocked], list[str]]:
        redirector = Redirector(Settings(database_url=stack_env["TOOLKIT_DATABASE_URL"]))
        await redirector.pool.open(wait=True)
        check_ins: list[str] = []
        original = redirector.store.password_check_in

        async def counted_check_in(code: str, client: str) -> tuple[str | None, str | None, int]:
            check_ins.append(code)
            return await original(code, client)

        monkeypatch.setattr(redirector.store, "password_check_in", counted_check_in)
        try:
            results = [
                await redirector.unlock(code, "wrong", "192.0.2.1", count=False),
                await redirector.unlock(new_code(), "wrong", "192.0.2.1", count=False),
            ]
        finally:
            await redirector.pool.close()
            redirector.passwords.close()
        return results, check_ins

    (wrong, missing), check_ins = asyncio.run(attempts())
    assert (wrong.wrong, missing.location) == (True, "/?link=unknown")
    assert len(check_ins) == 2
    assert len(hasher.verified) == 2 and hasher.verified[0] == hasher.verified[1] == "$argon2id$v=19$m=19456,t=2,p=1"
