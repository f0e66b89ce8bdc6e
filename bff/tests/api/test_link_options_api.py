"""Short-link options through the API (issue 32): a password (argon2id with the server's parameters,
hash only, never returned; never a short or common one, issue 35), why a code does not resolve (for
the app's /s screen and the home page's notice), and the link's statistics — the owner's and
admins' only."""

from __future__ import annotations

import re
import uuid

import psycopg
import pytest
import requests
from argon2 import PasswordHasher
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from conftest import bearer
from fixtures.database import AdminDb
from fixtures.redirect_support import forget_password_tries, post_password, request
from toolkit_redirect.password import HASHER


@pytest.fixture
def links(admin_db):
    codes: list[str] = []
    forget_password_tries(admin_db)  # every test through the gateway tries from its one address
    yield codes
    admin_db.execute("delete from public.shortened_urls where short_code = any(%s)", (codes,))


def create(
    client: FlaskClient, links: list[str], headers: dict[str, str] | None = None, **body: object
) -> TestResponse:
    response = client.post("/api/links", json=body, headers=headers or {})
    if response.status_code == 201:
        links.append(response.get_json()["short_code"])
    return response


def stored_hash(admin_db: AdminDb, code: str) -> str | None:
    row = admin_db.execute("select password_hash from public.shortened_urls where short_code = %s", (code,)).fetchone()
    assert row, f"no link {code}"
    password_hash: str | None = row[0]
    return password_hash


def test_a_password_is_kept_as_an_argon2id_hash_and_never_returned(client, links, admin_db):
    response = create(client, links, url="https://vault.example/plan", password="correct horse")
    assert response.status_code == 201, response.data
    link = response.get_json()
    assert link["protected"] is True and "password" not in link and "password_hash" not in link
    assert b"correct horse" not in response.data
    hashed = stored_hash(admin_db, link["short_code"])
    assert hashed is not None
    assert re.match(r"^\$argon2id\$v=19\$m=19456,t=2,p=1\$", hashed)
    assert PasswordHasher().verify(hashed, "correct horse")
    plain = create(client, links, url="https://vault.example/open").get_json()
    assert plain["protected"] is False and stored_hash(admin_db, plain["short_code"]) is None


TOO_SHORT = "password must be at least 8 characters: shorter ones are guessed quickly"
COMMON = "password is one of the 10,000 most common passwords, which are tried first: choose one nobody would guess"


@pytest.mark.parametrize(
    "password, code, problem",
    [
        ("abc", "password_too_weak", TOO_SHORT),
        ("7chars!", "password_too_weak", TOO_SHORT),
        ("password1", "password_too_weak", COMMON),
        ("IloveYou1", "password_too_weak", COMMON),  # the list is compared without case
        ("x" * 257, "invalid_input", "password must be at most 256 characters"),
        (1234, "invalid_input", "password must be a string"),
    ],
)
def test_unusable_passwords_are_422_and_nothing_is_made(client, links, admin_db, password, code, problem):
    alias = f"pw-{uuid.uuid4().hex[:10]}"
    response = create(client, links, url="https://vault.example/x", alias=alias, password=password)
    assert (response.status_code, response.get_json()["error"]) == (422, {"code": code, "message": problem})
    assert (
        admin_db.execute("select count(*) from public.shortened_urls where short_code = %s", (alias,)).fetchone()[0]
        == 0
    )


def test_a_weak_password_is_refused_through_the_gateway_for_anyone(stack_env, admin_db, links, make_user):
    """Anonymous or signed in, the rule is the BFF's, and nobody can skip it: the SQL function that
    stores the hash is not theirs to call (38-short-link-password-abuse.test.sql)."""
    gateway = stack_env["TOOLKIT_PUBLIC_URL"]
    headers: dict[str, str]
    for headers in ({}, make_user("weak-link").headers):
        refused = requests.post(
            f"{gateway}/api/links",
            json={"url": "https://vault.example/w", "password": "qwerty123"},
            headers=headers,
            timeout=30,
        )
        assert (refused.status_code, refused.json()["error"]["code"]) == (422, "password_too_weak")


def test_the_table_stores_exactly_the_hashes_the_server_makes(admin_db, links):
    """The server's parameters are written twice, in HASHER and in the table's check constraint: a
    hash of HASHER is stored, one with any other cost is refused, even for the superuser."""
    code = f"pw-{uuid.uuid4().hex[:10]}"
    admin_db.execute(
        "insert into public.shortened_urls (original_url, short_code, password_hash) values (%s, %s, %s)",
        ("https://vault.example/h", code, HASHER.hash("a fine long password")),
    )
    links.append(code)
    for costly in (
        PasswordHasher(time_cost=1, memory_cost=65536, parallelism=1),
        PasswordHasher(time_cost=3, memory_cost=19456, parallelism=1),
        PasswordHasher(time_cost=2, memory_cost=19456, parallelism=2),
        PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1, hash_len=64),
    ):
        with pytest.raises(psycopg.errors.CheckViolation):
            admin_db.execute(
                "update public.shortened_urls set password_hash = %s where short_code = %s",
                (costly.hash("a fine long password"), code),
            )


def test_resolve_says_why_a_code_leads_nowhere(client, links, admin_db):
    protected = create(client, links, url="https://vault.example/a", password="open sesame").get_json()["short_code"]
    expired = create(client, links, url="https://vault.example/b").get_json()["short_code"]
    admin_db.execute(
        "update public.shortened_urls set expires_at = now() - interval '1 second' where short_code = %s", (expired,)
    )
    used = create(client, links, url="https://vault.example/c", max_clicks=1).get_json()["short_code"]
    assert client.get(f"/api/links/resolve/{used}").status_code == 200
    answers = {code: client.get(f"/api/links/resolve/{code}") for code in (protected, expired, used, "no-such-code")}
    assert {code: (r.status_code, r.get_json()["error"]["code"]) for code, r in answers.items()} == {
        protected: (403, "password_required"),
        expired: (410, "link_expired"),
        used: (410, "link_exhausted"),
        "no-such-code": (404, "not_found"),
    }
    assert b"vault.example" not in answers[protected].data


def test_a_protected_link_made_through_the_gateway_opens_with_its_password(stack_env, admin_db, links):
    gateway = stack_env["TOOLKIT_PUBLIC_URL"]
    made = requests.post(
        f"{gateway}/api/links", json={"url": "https://vault.example/real", "password": "s3same open"}, timeout=30
    )
    assert made.status_code == 201, made.text
    code = made.json()["short_code"]
    links.append(code)
    page = request(gateway, f"/s/{code}")
    assert page.status == 200  # the password page
    # Its own policy alone: with the gateway's as well, the form's POST would carry the page as its
    # Referer and the click would be counted as coming from this site.
    assert page.headers["referrer-policy"] == "no-referrer"
    assert post_password(gateway, code, "wrong one").status == 403
    assert post_password(gateway, code, "s3same open").location == "https://vault.example/real"


def record_clicks(admin_db, code: str, rows: list[tuple[int, str, str, str, int]]) -> None:
    """Statistics as the redirect service's flush writes them: (days ago, host, browser, device, clicks)."""
    for days_ago, host, browser, device, n in rows:
        admin_db.execute(
            "insert into public.short_link_daily_stats (link_id, day, referrer_host, browser, device, clicks)"
            " select id, (now() at time zone 'utc')::date - %s, %s, %s, %s, %s from public.shortened_urls"
            " where short_code = %s",
            (days_ago, host, browser, device, n, code),
        )


def test_the_owner_and_admins_read_a_links_statistics_and_nobody_else(client, links, admin_db, make_user, make_token):
    owner, stranger, admin = make_user("stats-owner"), make_user("stats-stranger"), make_user("stats-admin", admin=True)
    link = create(client, links, owner.headers, url="https://stats.example/").get_json()
    record_clicks(
        admin_db,
        link["short_code"],
        [
            (0, "news.example", "firefox", "desktop", 4),
            (2, "", "safari", "mobile", 3),
            (40, "old.example", "chrome", "desktop", 9),
        ],
    )
    mine = client.get(f"/api/links/{link['id']}/stats?days=7", headers=owner.headers)
    assert mine.status_code == 200, mine.data
    stats = mine.get_json()
    assert stats["short_url"] == link["short_url"]  # what its QR code holds
    assert [d["clicks"] for d in stats["daily"]] == [0, 0, 0, 0, 3, 0, 4] and len(stats["daily"]) == 7
    assert stats["referrers"] == [{"host": "news.example", "clicks": 4}, {"host": None, "clicks": 3}]
    assert stats["browsers"] == [{"browser": "firefox", "clicks": 4}, {"browser": "safari", "clicks": 3}]
    assert stats["devices"] == [{"device": "desktop", "clicks": 4}, {"device": "mobile", "clicks": 3}]
    assert client.get(f"/api/links/{link['id']}/stats?days=60", headers=owner.headers).get_json()["browsers"][0] == {
        "browser": "chrome",
        "clicks": 9,
    }
    admin_aal2 = bearer(make_token(admin.id, email=admin.email, aal="aal2"))
    assert client.get(f"/api/links/{link['id']}/stats", headers=admin_aal2).status_code == 200
    answer = client.get(f"/api/links/{link['id']}/stats", headers=admin.headers)  # an admin at aal1
    assert (answer.status_code, answer.get_json()["error"]["code"]) == (403, "aal2_required")
    assert client.get(f"/api/links/{link['id']}/stats", headers=stranger.headers).status_code == 404
    assert client.get(f"/api/links/{link['id']}/stats").status_code == 401
    assert client.get(f"/api/links/{link['id']}/stats?days=0", headers=owner.headers).status_code == 422
    admin_db.execute(
        "insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,"
        " updated_at, secret) values (gen_random_uuid(), %s, 'Phone', 'totp', 'verified', now(), now(),"
        " 'JBSWY3DPEHPK3PXP')",
        (owner.id,),
    )
    aal1 = bearer(make_token(owner.id, email=owner.email, aal="aal1"))
    answer = client.get(f"/api/links/{link['id']}/stats", headers=aal1)
    assert (answer.status_code, answer.get_json()["error"]["code"]) == (403, "mfa_required")
