"""Sessions of the Auth switches the product leaves off (issue 35), made by the test stack's second
Auth on the same database and signing key, so the stack's BFF (configured to accept them:
scripts/stack/services.py) meets them as a deployment with the switches on would:
- an anonymous sign-in is a visitor: no API token, no private paste, no owned link, no account-only
  tool, and the visitors' per-address write limit, however many fresh anonymous users it signs in as;
- an OAuth client's token reads who the user is and nothing more: no API tokens, no account deletion.
A deployment with the switches off (the BFF's default) refuses both kinds of token outright."""

from __future__ import annotations

import io
import os

import pytest
import requests

from conftest import bearer
from fixtures.auth_features import anonymous_session, oauth_client_session
from fixtures.gateway_clients import client_session
from toolkit_bff import create_app


@pytest.fixture
def gateway() -> str:
    return os.environ["TOOLKIT_PUBLIC_URL"]


@pytest.fixture
def visitor():
    """Requests from a loopback address of their own, so the visitors' limit counts only this test."""
    with client_session("127.35.0.1") as http:
        yield http


def error_of(response) -> tuple[int, str]:
    """Status and error code of an answer from the gateway (requests) or from an app of the test's own."""
    body = response.get_json() if hasattr(response, "get_json") else response.json()
    return response.status_code, body["error"]["code"]


def test_an_anonymous_user_makes_no_token_private_paste_or_owned_link(gateway, visitor, admin_db):
    anonymous = anonymous_session()
    user_id, headers = anonymous["user"]["id"], bearer(anonymous["access_token"])
    try:
        for method, path, body in (
            ("POST", "/api/me/tokens", {"name": "anon", "scopes": ["links"]}),
            ("GET", "/api/me/tokens", None),
            ("GET", "/api/links", None),
            ("GET", "/api/pastes?scope=mine", None),
            ("PATCH", "/api/me/profile", {"bio": "anon"}),
        ):
            answer = visitor.request(method, f"{gateway}{path}", json=body, headers=headers, timeout=30)
            assert error_of(answer) == (403, "anonymous_user"), (method, path, answer.text)
        private = visitor.post(
            f"{gateway}/api/pastes", json={"content": "secret", "privacy": "private"}, headers=headers, timeout=30
        )
        assert private.status_code == 422 and private.json()["error"]["message"] == "Sign in to create private pastes"
        public = visitor.post(
            f"{gateway}/api/pastes", json={"content": "a visitor's paste"}, headers=headers, timeout=30
        )
        assert public.status_code == 201 and public.json()["user_id"] is None and public.json()["edit_token"]
        link = visitor.post(
            f"{gateway}/api/links", json={"url": "https://anonymous-user.example/"}, headers=headers, timeout=30
        )
        assert link.status_code == 201, link.text
        liked = visitor.post(f"{gateway}/api/pastes/{public.json()['id']}/like", headers=headers, timeout=30)
        assert error_of(liked) == (403, "anonymous_user")
        assert (
            admin_db.execute("select count(*) from public.api_tokens where user_id = %s", (user_id,)).fetchone()[0] == 0
        )
        assert admin_db.execute("select count(*) from public.pastes where user_id = %s", (user_id,)).fetchone()[0] == 0
        assert (
            admin_db.execute(
                "select user_id from public.shortened_urls where id = %s", (link.json()["id"],)
            ).fetchone()[0]
            is None
        )
    finally:
        admin_db.execute("delete from public.pastes where content = 'a visitor''s paste'")
        admin_db.execute("delete from public.shortened_urls where original_url = 'https://anonymous-user.example/'")
        admin_db.execute("delete from auth.users where id = %s", (user_id,))


def test_an_anonymous_user_cannot_use_the_account_only_tools(gateway, visitor, admin_db):
    anonymous = anonymous_session()
    headers = bearer(anonymous["access_token"])
    try:
        picked = visitor.post(
            f"{gateway}/api/tools/color-picker/decode",
            headers=headers,
            timeout=30,
            files={"file": ("a.png", io.BytesIO(b"\x89PNG\r\n\x1a\n"), "image/png")},
        )
        assert error_of(picked) == (403, "anonymous_user")
        converted = visitor.post(
            f"{gateway}/api/tools/convert?format=png",
            headers=headers,
            timeout=30,
            files={"file": ("a.png", io.BytesIO(b"\x89PNG\r\n\x1a\n"), "image/png")},
        )
        assert error_of(converted) == (403, "anonymous_user")
        translated = visitor.post(
            f"{gateway}/api/tools/translate",
            json={"q": "hello", "source": "en", "target": "es"},
            headers=headers,
            timeout=30,
        )
        assert error_of(translated) == (403, "anonymous_user")
    finally:
        admin_db.execute("delete from auth.users where id = %s", (anonymous["user"]["id"],))


def test_fresh_anonymous_users_share_the_visitors_write_limit_of_their_address(stack_env, admin_db):
    app = create_app(
        {
            "TESTING": True,
            "RATELIMIT_STORAGE_URI": "memory://",
            "ANON_WRITE_RATE_LIMIT": "2 per minute",
            "ACCEPT_ANONYMOUS_USERS": True,
            "DATABASE_URL": stack_env["TOOLKIT_DATABASE_URL"],
            "JWT_SECRET": stack_env["TOOLKIT_JWT_SECRET"],
            "JWKS_URL": os.environ["TOOLKIT_JWKS_URL"],
            "OUTBOUND_TEST_NETWORKS": ["127.0.0.1/32"],
        }
    )
    sessions = [anonymous_session() for _ in range(3)]
    try:
        client = app.test_client()
        statuses = [
            client.post(
                "/api/pastes", json={"content": f"anon limit {n}"}, headers=bearer(session["access_token"])
            ).status_code
            for n, session in enumerate(sessions)
        ]
        assert statuses == [201, 201, 429]
    finally:
        app.extensions["db_pool"].close()
        admin_db.execute("delete from public.pastes where content like 'anon limit %'")
        admin_db.execute("delete from auth.users where id = any(%s::uuid[])", ([s["user"]["id"] for s in sessions],))


def test_an_oauth_clients_token_reads_who_the_user_is_and_nothing_more(gateway, accounts, admin_db):
    account, _, _ = accounts("oauth-owner")
    client = bearer(oauth_client_session(account, scope="openid email")["access_token"])
    me = requests.get(f"{gateway}/api/me", headers=client, timeout=30)
    assert me.status_code == 200, me.text
    assert me.json()["user"]["id"] == account.id and me.json()["profile"] is None and me.json()["is_admin"] is False
    for method, path, body in (
        ("POST", "/api/me/tokens", {"name": "from a client", "scopes": ["pastes", "links"]}),
        ("GET", "/api/me/tokens", None),
        ("DELETE", "/api/me/tokens", None),
        ("DELETE", "/api/me", None),
        ("PATCH", "/api/me/profile", {"bio": "a client wrote this"}),
        ("POST", "/api/pastes", {"content": "from a client"}),
        ("GET", "/api/links", None),
    ):
        answer = requests.request(method, f"{gateway}{path}", json=body, headers=client, timeout=30)
        assert error_of(answer) == (403, "client_scope"), (method, path, answer.text)
    assert (
        admin_db.execute(
            "select count(*) from auth.users where id = %s and deleted_at is null", (account.id,)
        ).fetchone()[0]
        == 1
    )
    assert (
        admin_db.execute("select count(*) from public.api_tokens where user_id = %s", (account.id,)).fetchone()[0] == 0
    )
    with_profile = bearer(oauth_client_session(account, scope="openid profile")["access_token"])
    assert requests.get(f"{gateway}/api/me", headers=with_profile, timeout=30).json()["profile"]["id"] == account.id


def test_a_deployment_without_the_switches_refuses_both_kinds_of_token(stack_env, accounts, admin_db):
    """The BFF's defaults (a deployment whose Auth keeps anonymous sign-ins and the OAuth server off)."""
    app = create_app(
        {
            "TESTING": True,
            "RATELIMIT_ENABLED": False,
            "DATABASE_URL": stack_env["TOOLKIT_DATABASE_URL"],
            "JWT_SECRET": stack_env["TOOLKIT_JWT_SECRET"],
            "JWKS_URL": os.environ["TOOLKIT_JWKS_URL"],
            "OUTBOUND_TEST_NETWORKS": ["127.0.0.1/32"],
        }
    )
    anonymous = anonymous_session()
    try:
        assert not app.config["ACCEPT_ANONYMOUS_USERS"] and not app.config["ACCEPT_OAUTH_CLIENTS"]
        client = app.test_client()
        for method, path in (("GET", "/api/me"), ("POST", "/api/pastes"), ("GET", "/api/pastes")):
            answer = client.open(
                path,
                method=method,
                json={"content": "x"} if method == "POST" else None,
                headers=bearer(anonymous["access_token"]),
            )
            assert error_of(answer) == (401, "anonymous_user_not_accepted"), path
        account, session, _ = accounts("oauth-off")
        oauth = bearer(oauth_client_session(account)["access_token"])
        assert error_of(client.get("/api/me", headers=oauth)) == (401, "oauth_client_not_accepted")
        assert client.get("/api/me", headers=bearer(session)).status_code == 200  # the user's own session works
    finally:
        app.extensions["db_pool"].close()
        admin_db.execute("delete from auth.users where id = %s", (anonymous["user"]["id"],))
