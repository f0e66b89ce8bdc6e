"""The disabled-pages map and the admin endpoints: everyone reads pages, SQL lets only admins write."""

from __future__ import annotations

import uuid

import pytest

from toolkit_bff.spec_constants import PAGE_KEYS as SPEC_PAGE_KEYS

PAGE_KEYS = set(SPEC_PAGE_KEYS)


@pytest.fixture
def restore_pages(admin_db):
    yield
    admin_db.execute("update public.page_settings set is_disabled = false, disable_reason = ''")


def test_everyone_reads_the_pages_map_with_a_short_cache(client, make_user):
    headers: dict[str, str]
    for headers in ({}, make_user("reader").headers):
        response = client.get("/api/pages", headers=headers)
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "public, max-age=10"
        pages = response.get_json()["pages"]
        assert set(pages) == PAGE_KEYS
        assert set(pages["dashboard"]) == {"is_disabled", "disable_reason", "updated_at"}


def test_admin_disables_a_page_and_the_database_records_who(client, make_user, admin_db, restore_pages):
    boss = make_user("boss", admin=True)
    response = client.put(
        "/api/admin/pages/pdf-editor",
        headers=boss.headers,
        json={"is_disabled": True, "disable_reason": "Maintenance until 14:00"},
    )
    assert response.status_code == 200, response.data
    assert response.get_json()["is_disabled"] is True
    public = client.get("/api/pages").get_json()["pages"]["pdf-editor"]
    assert (public["is_disabled"], public["disable_reason"]) == (True, "Maintenance until 14:00")
    updated_by = admin_db.execute(
        "select updated_by from public.page_settings where page_key = 'pdf-editor'"
    ).fetchone()[0]
    assert str(updated_by) == boss.id
    enabled = client.put("/api/admin/pages/pdf-editor", headers=boss.headers, json={"is_disabled": False})
    assert enabled.get_json()["disable_reason"] == ""


def test_non_admins_cannot_change_pages(client, make_user, restore_pages):
    user = make_user("user")
    response = client.put("/api/admin/pages/dashboard", headers=user.headers, json={"is_disabled": True})
    assert response.status_code == 403 and response.get_json()["error"]["code"] == "forbidden"
    assert client.put("/api/admin/pages/dashboard", json={"is_disabled": True}).status_code == 401
    assert client.get("/api/pages").get_json()["pages"]["dashboard"]["is_disabled"] is False


@pytest.mark.parametrize(
    "key, body, status",
    [
        ("not-a-page", {"is_disabled": True}, 404),
        ("dashboard", {}, 422),
        ("dashboard", {"is_disabled": "yes"}, 422),
        ("dashboard", {"is_disabled": True, "disable_reason": "r" * 501}, 422),
        ("dashboard", {"is_disabled": True, "updated_by": str(uuid.uuid4())}, 422),
    ],
)
def test_bad_page_updates(client, make_user, restore_pages, key, body, status):
    boss = make_user("boss", admin=True)
    assert client.put(f"/api/admin/pages/{key}", headers=boss.headers, json=body).status_code == status


def test_admin_lists_users_with_search_and_paging(client, make_user):
    boss = make_user("boss", admin=True)
    tag = uuid.uuid4().hex[:8]
    first = make_user(f"findme{tag}a")
    second = make_user(f"findme{tag}b")
    body = client.get(f"/api/admin/users?q=findme{tag}", headers=boss.headers).get_json()
    assert body["total"] == 2
    assert [user["email"] for user in body["users"]] == [second.email, first.email]  # newest first
    assert body["users"][0]["is_admin"] is False and body["users"][0]["nickname"]
    page = client.get(f"/api/admin/users?q=findme{tag}&limit=1&offset=1", headers=boss.headers).get_json()
    assert [user["email"] for user in page["users"]] == [first.email]
    # The search text is literal: a LIKE wildcard matches nothing extra.
    assert client.get("/api/admin/users?q=%25%25no-such", headers=boss.headers).get_json()["total"] == 0


def test_non_admins_cannot_list_users(client, make_user):
    user = make_user("user")
    response = client.get("/api/admin/users", headers=user.headers)
    assert response.status_code == 403
    assert response.get_json()["error"] == {"code": "forbidden", "message": "Only administrators can list users"}
    assert client.get("/api/admin/users").status_code == 401


def test_grant_and_revoke_admin_through_sql_rules(client, make_user):
    boss, other = make_user("boss", admin=True), make_user("other")
    granted = client.post(f"/api/admin/users/{other.id}/admin", headers=boss.headers)
    assert granted.status_code == 200 and granted.get_json() == {"user_id": other.id, "is_admin": True}
    assert client.get("/api/me", headers=other.headers).get_json()["is_admin"] is True
    revoked = client.delete(f"/api/admin/users/{other.id}/admin", headers=boss.headers)
    assert revoked.get_json() == {"user_id": other.id, "is_admin": False}


def test_admin_rules_errors(client, make_user, admin_db):
    boss, user = make_user("boss", admin=True), make_user("user")
    # A non-admin cannot grant, not even to themselves.
    refused = client.post(f"/api/admin/users/{user.id}/admin", headers=user.headers)
    assert refused.status_code == 403 and "Only administrators" in refused.get_json()["error"]["message"]
    assert client.post(f"/api/admin/users/{boss.id}/admin", headers=boss.headers).status_code == 403
    assert client.post(f"/api/admin/users/{uuid.uuid4()}/admin", headers=boss.headers).status_code == 404
    assert client.delete(f"/api/admin/users/{user.id}/admin", headers=boss.headers).status_code == 404
    assert client.post("/api/admin/users/not-a-uuid/admin", headers=boss.headers).status_code == 404
    # The last admin stays: remove every other admin first, then try to step down.
    admin_db.execute("delete from public.user_roles where user_id <> %s", (boss.id,))
    last = client.delete(f"/api/admin/users/{boss.id}/admin", headers=boss.headers)
    assert last.status_code == 409
    assert last.get_json()["error"] == {"code": "conflict", "message": "The last administrator cannot be revoked"}
