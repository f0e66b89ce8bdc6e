"""DELETE /api/me: the caller deletes their account through the running Auth's admin API."""

from __future__ import annotations

import os

import pytest

from fixtures.redirect_support import refusing_port


@pytest.fixture
def auth_admin(app):
    """The app pointed at the stack's Auth with the service-role key, as the stack configures it."""
    app.config.update(AUTH_URL=os.environ["TOOLKIT_AUTH_URL"], SERVICE_ROLE_KEY=os.environ["TOOLKIT_SERVICE_ROLE_KEY"])
    return app


def test_delete_me_removes_the_user_and_their_profile(client, auth_admin, make_user, admin_db):
    alice, bob = make_user("alice"), make_user("bob")
    assert client.post("/api/links", json={"url": "https://example.com/a"}, headers=alice.headers).status_code == 201
    response = client.delete("/api/me", headers=alice.headers)
    assert response.status_code == 204 and response.data == b""
    for table, column in (("auth.users", "id"), ("public.profile", "id"), ("public.shortened_urls", "user_id")):
        count = admin_db.execute(f"select count(*) from {table} where {column} = %s", (alice.id,)).fetchone()[0]
        assert count == 0, table
    # Nobody else is touched.
    assert admin_db.execute("select count(*) from public.profile where id = %s", (bob.id,)).fetchone()[0] == 1


def test_the_deleted_accounts_token_is_refused_afterwards(client, auth_admin, make_user):
    alice = make_user("alice")
    assert client.delete("/api/me", headers=alice.headers).status_code == 204
    response = client.delete("/api/me", headers=alice.headers)  # still signed and unexpired
    assert response.status_code == 401 and response.get_json()["error"]["code"] == "session_not_found"


def test_delete_me_needs_a_signed_in_caller(client, auth_admin):
    response = client.delete("/api/me")
    assert response.status_code == 401 and response.get_json()["error"]["code"] == "not_authenticated"


@pytest.mark.parametrize("missing", ["AUTH_URL", "SERVICE_ROLE_KEY"])
def test_delete_me_without_the_admin_api_configured_is_503(client, auth_admin, make_user, admin_db, missing):
    alice = make_user("alice")
    auth_admin.config[missing] = ""
    response = client.delete("/api/me", headers=alice.headers)
    assert response.status_code == 503 and response.get_json()["error"]["code"] == "auth_admin_unavailable"
    assert admin_db.execute("select count(*) from auth.users where id = %s", (alice.id,)).fetchone()[0] == 1


def test_delete_me_with_a_wrong_service_key_is_refused_and_keeps_the_user(client, auth_admin, make_user, admin_db):
    alice = make_user("alice")
    # A user's own token is not the service role: Auth's admin API refuses it.
    auth_admin.config["SERVICE_ROLE_KEY"] = alice.token
    response = client.delete("/api/me", headers=alice.headers)
    assert response.status_code == 503 and response.get_json()["error"]["code"] == "auth_admin_unavailable"
    assert admin_db.execute("select count(*) from auth.users where id = %s", (alice.id,)).fetchone()[0] == 1


def test_delete_me_with_auth_unreachable_is_503_and_keeps_the_user(client, auth_admin, make_user, admin_db):
    alice = make_user("alice")
    with refusing_port() as closed:
        auth_admin.config["AUTH_URL"] = f"http://127.0.0.1:{closed}"
        response = client.delete("/api/me", headers=alice.headers)
    assert response.status_code == 503 and response.get_json()["error"]["code"] == "auth_admin_unavailable"
    assert admin_db.execute("select count(*) from auth.users where id = %s", (alice.id,)).fetchone()[0] == 1
