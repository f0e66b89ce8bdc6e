"""Short links through the API (SPEC §5): creating, listing, deleting and resolving them. Following
/s/{code} is the redirect service's: bff/tests/redirect/."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from conftest import bearer
from fixtures.gateway_clients import client_session
from fixtures.redirect_support import clicks, request
from toolkit_bff import create_app

CODE = re.compile(r"[23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ]{7}")


@pytest.fixture
def links(admin_db):
    """Codes of links made in a test; anonymous ones have no owner to cascade from, so clean up."""
    codes: list[str] = []
    yield codes
    admin_db.execute("delete from public.shortened_urls where short_code = any(%s)", (codes,))


def create(
    client: FlaskClient, links: list[str], headers: dict[str, str] | None = None, **body: object
) -> TestResponse:
    response = client.post("/api/links", json=body, headers=headers or {})
    if response.status_code == 201:
        links.append(response.get_json()["short_code"])
    return response


def test_anonymous_link_gets_a_code_and_https(client, links, stack_env):
    response = create(client, links, url="example.com/page?q=1")
    assert response.status_code == 201
    link = response.get_json()
    assert CODE.fullmatch(link["short_code"])
    assert link["original_url"] == "https://example.com/page?q=1"
    assert link["short_url"] == f"{stack_env['TOOLKIT_PUBLIC_URL']}/s/{link['short_code']}"
    assert (link["clicks"], link["status"], link["max_clicks"], link["expires_at"]) == (0, "active", None, None)


def test_short_url_uses_the_request_origin_without_public_url(stack_env, links):
    app = create_app(
        {
            "TESTING": True,
            "RATELIMIT_ENABLED": False,
            "PUBLIC_URL": "",
            "DATABASE_URL": stack_env["TOOLKIT_DATABASE_URL"],
            "JWT_SECRET": stack_env["TOOLKIT_JWT_SECRET"],
        }
    )
    try:
        response = create(app.test_client(), links, url="https://example.org")
        assert response.get_json()["short_url"].startswith("http://localhost/s/")
    finally:
        app.extensions["db_pool"].close()


def test_signed_in_user_sets_alias_expiry_and_click_limit(client, links, make_user):
    alice = make_user("alice")
    expires = (datetime.now(UTC) + timedelta(days=2)).isoformat()
    alias = f"team-{uuid.uuid4().hex[:8]}"
    response = create(
        client, links, alice.headers, url="http://example.com", alias=alias, expires_at=expires, max_clicks=3
    )
    assert response.status_code == 201, response.data
    link = response.get_json()
    assert (link["short_code"], link["original_url"], link["max_clicks"]) == (alias, "http://example.com", 3)
    assert datetime.fromisoformat(link["expires_at"]) == datetime.fromisoformat(expires)


@pytest.mark.parametrize(
    "body, fragment",
    [
        ({"url": "ftp://example.com/file"}, "Only http and https"),
        ({"url": "javascript:alert(1)"}, "Only http and https"),
        ({"url": "   "}, "Enter a URL"),
        ({"url": "https://example.com", "alias": "ab"}, "alias"),
        ({"url": "https://example.com", "alias": "no spaces"}, "alias"),
        ({"url": "https://example.com", "alias": "Admin"}, "reserved"),
        ({"url": "https://example.com", "expires_at": "2001-01-01T00:00:00Z"}, "future"),
        ({"url": "https://example.com", "expires_at": "2030-01-01T00:00:00"}, "time zone"),
        ({"url": "https://example.com", "expires_at": "tomorrow"}, "expires_at"),
        ({"url": "https://example.com", "max_clicks": 0}, "max_clicks"),
        ({"url": "https://example.com", "max_clicks": True}, "max_clicks"),
        ({"url": 5}, "url"),
        ({}, "url is required"),
    ],
)
def test_invalid_links_are_422_with_a_reason(client, links, body, fragment):
    response = create(client, links, **body)
    assert response.status_code == 422, response.data
    assert fragment in response.get_json()["error"]["message"]


def test_links_to_our_own_short_links_are_refused_whatever_the_request_headers_say(app, client, links, admin_db):
    """Our own hosts are configuration (PUBLIC_URL, SITE_URL, OWN_ORIGINS), never the request's headers."""
    app.config.update(SITE_URL="https://tool.example", OWN_ORIGINS=["https://other-name.example"])
    try:
        for url in ("https://tool.example/s/abc1234", "https://other-name.example/s/abc1234"):
            for headers in ({}, {"Host": "decoy.invalid", "X-Forwarded-Host": "decoy.invalid"}):
                response = client.post("/api/links", json={"url": url}, headers=headers)
                assert response.status_code == 422, (url, headers, response.data)
                assert response.get_json()["error"]["message"] == "Links to our own short links cannot be shortened"
        assert create(client, links, url="https://tool.example/about").status_code == 201
        # Nor does a header make another site's /s/ ours.
        assert (
            create(
                client,
                links,
                url="https://decoy.invalid/s/abc1234",
                headers={"Host": "decoy.invalid", "X-Forwarded-Host": "decoy.invalid"},
            ).status_code
            == 201
        )
    finally:
        admin_db.execute("delete from public.site_hosts where host in ('tool.example', 'other-name.example')")


def test_a_forged_host_header_lets_no_link_loop_through_the_gateway(stack_env, links):
    """The attack of issue 35: Host / X-Forwarded-Host naming a decoy, a URL on our own /s/."""
    gateway = stack_env["TOOLKIT_PUBLIC_URL"]
    also_ours = gateway.replace("localhost", "127.0.0.1")  # the test stack's TOOLKIT_OWN_ORIGINS
    with client_session("127.35.1.1") as http:  # its own address: the visitors' limit counts this test alone
        for own in (gateway, also_ours):
            for headers in (
                {"Host": "decoy.invalid"},
                {"X-Forwarded-Host": "decoy.invalid"},
                {"Host": "decoy.invalid", "X-Forwarded-Host": "decoy.invalid"},
            ):
                response = http.post(
                    f"{gateway}/api/links", json={"url": f"{own}/s/abc1234"}, headers=headers, timeout=30
                )
                if response.status_code == 201:
                    links.append(response.json()["short_code"])
                assert response.status_code == 422, (own, headers, response.text)
                assert response.json()["error"]["message"] == "Links to our own short links cannot be shortened"


def test_taken_alias_is_a_conflict(client, links):
    alias = f"dup-{uuid.uuid4().hex[:8]}"
    assert create(client, links, url="https://a.example", alias=alias).status_code == 201
    response = create(client, links, url="https://b.example", alias=alias)
    assert response.status_code == 409
    assert response.get_json()["error"]["message"] == f'The alias "{alias}" is already taken'


def test_unknown_fields_and_bad_bodies(client):
    assert client.post("/api/links", json={"url": "x.com", "clicks": 99}).get_json()["error"]["code"] == "unknown_field"
    assert client.post("/api/links", data="{", content_type="application/json").status_code == 400
    assert client.post("/api/links", data={"url": "x.com"}).status_code == 415


def test_owners_list_and_delete_only_their_links(client, links, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    first = create(client, links, alice.headers, url="https://one.example").get_json()
    second = create(client, links, alice.headers, url="https://two.example").get_json()
    create(client, links, bob.headers, url="https://bob.example")
    mine = client.get("/api/links", headers=alice.headers).get_json()
    assert [link["id"] for link in mine["links"]] == [second["id"], first["id"]]
    assert mine["total"] == 2
    page = client.get("/api/links?limit=1&offset=1", headers=alice.headers).get_json()
    assert [link["id"] for link in page["links"]] == [first["id"]] and page["total"] == 2

    # Bob can neither see nor delete Alice's link: 404, the same as a missing one.
    assert first["id"] not in [link["id"] for link in client.get("/api/links", headers=bob.headers).get_json()["links"]]
    refused = client.delete(f"/api/links/{first['id']}", headers=bob.headers)
    assert refused.status_code == 404
    assert client.delete(f"/api/links/{uuid.uuid4()}", headers=bob.headers).get_json() == refused.get_json()
    assert client.delete(f"/api/links/{first['id']}", headers=alice.headers).status_code == 204
    assert [link["id"] for link in client.get("/api/links", headers=alice.headers).get_json()["links"]] == [
        second["id"]
    ]


def test_listing_and_deleting_need_sign_in(client):
    assert client.get("/api/links").status_code == 401
    assert client.delete(f"/api/links/{uuid.uuid4()}").status_code == 401
    assert client.get("/api/links?limit=0", headers=bearer("x.y.z")).status_code == 401


def test_list_shows_clicks_and_status(client, links, make_user, redirect_url):
    alice = make_user("alice")
    link = create(client, links, alice.headers, url="https://count.example", max_clicks=1).get_json()
    request(redirect_url, f"/s/{link['short_code']}")
    listed = client.get("/api/links", headers=alice.headers).get_json()["links"][0]
    assert (listed["clicks"], listed["status"]) == (1, "exhausted")
    assert client.get("/api/links?limit=500", headers=alice.headers).status_code == 422


def test_resolve_counts_a_click_and_404s_dead_links(client, links, admin_db):
    code = create(client, links, url="https://resolve.example").get_json()["short_code"]
    body = client.get(f"/api/links/resolve/{code}").get_json()
    assert body == {"short_code": code, "url": "https://resolve.example"}
    assert clicks(admin_db, code) == 1
    missing = client.get("/api/links/resolve/nope-nope")
    assert missing.status_code == 404 and missing.get_json()["error"]["code"] == "not_found"


def test_oversized_json_body_is_413(client):
    response = client.post("/api/links", json={"url": "https://example.com/" + "a" * 4_300_000})
    assert response.status_code == 413
    assert response.get_json()["error"]["code"] == "request_entity_too_large"


def test_anonymous_link_creation_is_rate_limited_per_ip_but_not_for_users(stack_env, make_user, links):
    app = create_app(
        {
            "TESTING": True,
            "ANON_WRITE_RATE_LIMIT": "2 per minute",
            "DATABASE_URL": stack_env["TOOLKIT_DATABASE_URL"],
            "JWT_SECRET": stack_env["TOOLKIT_JWT_SECRET"],
        }
    )
    client, ip = app.test_client(), f"198.51.100.{uuid.uuid4().int % 250 + 1}"
    try:
        statuses = [
            create(client, links, {"X-Forwarded-For": ip}, url="https://limit.example").status_code for _ in range(3)
        ]
        assert statuses == [201, 201, 429]
        limited = client.post("/api/links", json={"url": "https://limit.example"}, headers={"X-Forwarded-For": ip})
        assert limited.get_json()["error"]["code"] == "too_many_requests" and limited.headers["Retry-After"]
        user = make_user("busy")
        signed_in = create(client, links, {**user.headers, "X-Forwarded-For": ip}, url="https://limit.example")
        assert signed_in.status_code == 201
    finally:
        app.extensions["db_pool"].close()
