"""GET /api/me and PATCH /api/me/profile: the caller's own profile, with role never writable."""

from __future__ import annotations

import pytest


def test_me_returns_user_profile_and_admin_status(client, make_user):
    alice = make_user("alice", metadata={"username": "Alice.Doe", "full_name": "Alice Doe"})
    body = client.get("/api/me", headers=alice.headers).get_json()
    assert body["user"] == {"id": alice.id, "email": alice.email, "role": "authenticated"}
    assert body["profile"]["nickname"] == "alice_doe"
    assert body["profile"]["full_name"] == "Alice Doe"
    assert body["profile"]["role"] == "user" and body["is_admin"] is False


def test_me_shows_admin_status_from_sql(client, make_user):
    boss = make_user("boss", admin=True)
    body = client.get("/api/me", headers=boss.headers).get_json()
    assert body["is_admin"] is True and body["profile"]["role"] == "admin"


def test_a_deleted_users_unexpired_token_is_refused(client, make_user, admin_db):
    # Signed and unexpired, but its user is gone: refused before any work, not "no profile".
    alice = make_user("alice")
    admin_db.execute("delete from auth.users where id = %s", (alice.id,))
    for method, path in (
        ("GET", "/api/me"),
        ("PATCH", "/api/me/profile"),
        ("DELETE", "/api/me"),
        ("GET", "/api/links"),
    ):
        response = client.open(path, method=method, headers=alice.headers, json={"bio": "still here?"})
        assert response.status_code == 401, (method, path, response.data)
        assert response.get_json()["error"]["code"] == "session_not_found"


def test_update_profile_changes_only_the_callers_row(client, make_user, admin_db):
    alice, bob = make_user("alice"), make_user("bob")
    response = client.patch(
        "/api/me/profile",
        headers=alice.headers,
        json={
            "nickname": "alice_new",
            "bio": "Hi",
            "location": "Berlin",
            "avatar_url": "https://example.com/a.png",
            "full_name": "Alice N.",
        },
    )
    assert response.status_code == 200, response.data
    profile = response.get_json()["profile"]
    assert (profile["nickname"], profile["bio"], profile["location"]) == ("alice_new", "Hi", "Berlin")
    assert profile["updated_at"] > profile["created_at"]
    bob_row = admin_db.execute("select nickname, bio from public.profile where id = %s", (bob.id,)).fetchone()
    assert bob_row[1] == "" and bob_row[0] != "alice_new"


def test_nickname_taken_is_a_conflict(client, make_user):
    alice, bob = make_user("alice"), make_user("bob")
    assert client.patch("/api/me/profile", headers=alice.headers, json={"nickname": "same_name_1"}).status_code == 200
    response = client.patch("/api/me/profile", headers=bob.headers, json={"nickname": "same_name_1"})
    assert response.status_code == 409
    assert response.get_json()["error"] == {"code": "conflict", "message": "This nickname is already taken"}


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"nickname": "ab"}, "nickname"),
        ({"nickname": "Has Caps"}, "nickname"),
        ({"nickname": "x" * 33}, "nickname"),
        ({"bio": "b" * 501}, "bio"),
        ({"avatar_url": "http://example.com/a.png"}, "avatar_url"),
        ({"avatar_url": "javascript:alert(1)"}, "avatar_url"),
        ({"full_name": 42}, "full_name"),
    ],
)
def test_invalid_profile_fields_are_422_naming_the_field(client, make_user, changes, field):
    alice = make_user("alice")
    response = client.patch("/api/me/profile", headers=alice.headers, json=changes)
    assert response.status_code == 422
    assert response.get_json()["error"]["message"].startswith(field)


@pytest.mark.parametrize(
    "field, value", [("role", "admin"), ("id", "00000000-0000-0000-0000-000000000000"), ("email", "boss@example.com")]
)
def test_role_id_and_email_are_never_writable(client, make_user, admin_db, field, value):
    alice = make_user("alice")
    response = client.patch("/api/me/profile", headers=alice.headers, json={field: value, "bio": "x"})
    assert response.status_code == 422 and response.get_json()["error"]["code"] == "unknown_field"
    row = admin_db.execute("select role, email, bio from public.profile where id = %s", (alice.id,)).fetchone()
    assert row == ("user", alice.email, "")


def test_profile_update_needs_a_token_and_a_json_object(client, make_user):
    alice = make_user("alice")
    assert client.patch("/api/me/profile", json={"bio": "x"}).status_code == 401
    assert client.patch("/api/me/profile", headers=alice.headers, json={}).status_code == 422
    bad = client.patch("/api/me/profile", headers={**alice.headers, "Content-Type": "application/json"}, data=b"{nope")
    assert bad.status_code == 400 and bad.get_json()["error"]["code"] == "invalid_json"
    form = client.patch("/api/me/profile", headers=alice.headers, data={"bio": "x"})
    assert form.status_code == 415
