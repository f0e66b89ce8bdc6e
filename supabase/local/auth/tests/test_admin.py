"""The admin API: service-role key only; users listed with upstream's pagination headers, created
without a strength check (the profile trigger fires), updated, banned, deleted hard or soft."""

from __future__ import annotations

import os
import uuid

import psycopg
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from local_auth.json_types import JsonObject

from .support import API_2024, bearer, json_of

PASSWORD = "correct-horse-1"


def _admin() -> dict[str, str]:
    return bearer(os.environ["TOOLKIT_SERVICE_ROLE_KEY"]) | API_2024


def _create(client: FlaskClient, email: str, **fields) -> JsonObject:
    response = client.post(
        "/admin/users", json={"email": email, "password": PASSWORD, "email_confirm": True} | fields, headers=_admin()
    )
    assert response.status_code == 200, response.json
    return json_of(response)


def _profile_email(user_id: str) -> str | None:
    """The app's profile row (public.profile is not readable by Auth's own role)."""
    with psycopg.connect(os.environ["TOOLKIT_DATABASE_ADMIN_URL"]) as conn:
        row = conn.execute("select email from public.profile where id = %s", (user_id,)).fetchone()
    return row[0] if row else None


def _sign_in(client: FlaskClient, email: str, password: str = PASSWORD) -> TestResponse:
    return client.post("/token?grant_type=password", json={"email": email, "password": password}, headers=API_2024)


def test_only_the_service_role_key_is_admin(client, new_email):
    _create(client, new_email)
    user_token = json_of(_sign_in(client, new_email))["access_token"]
    for token in (os.environ["TOOLKIT_ANON_KEY"], user_token):
        response = client.get("/admin/users", headers=bearer(token) | API_2024)
        assert (response.status_code, response.json) == (403, {"code": "not_admin", "message": "User not allowed"})
    assert client.get("/admin/users", headers=API_2024).json["code"] == "no_authorization"


def test_created_users_get_a_profile_and_sign_in(client, new_email):
    user = _create(client, new_email.upper(), user_metadata={"name": "Ivy"}, app_metadata={"plan": "pro"})
    assert user["email"] == new_email and user["email_confirmed_at"] and user["role"] == "authenticated"
    assert user["app_metadata"] == {"plan": "pro", "provider": "email", "providers": ["email"]}
    assert user["user_metadata"] == {"name": "Ivy", "email_verified": True}
    assert _profile_email(user["id"]) == new_email
    assert _sign_in(client, new_email).status_code == 200


def test_creation_checks_addresses_but_not_password_strength(client, new_email):
    weak = client.post("/admin/users", json={"email": new_email, "password": "1"}, headers=_admin())
    assert weak.status_code == 200 and "email_confirmed_at" not in weak.json
    again = client.post("/admin/users", json={"email": new_email}, headers=_admin())
    assert (again.status_code, again.json["code"]) == (422, "email_exists")
    bad = client.post("/admin/users", json={"email": "kim"}, headers=_admin())
    assert bad.json == {"code": "validation_failed", "message": "Unable to validate email address: invalid format"}
    chosen = str(uuid.uuid4())
    assert (
        client.post("/admin/users", json={"email": "x" + new_email, "id": chosen}, headers=_admin()).json["id"]
        == chosen
    )


def test_list_pages_with_upstream_headers(client):
    tag = uuid.uuid4().hex[:10]
    emails = [_create(client, f"list-{tag}-{n}@example.com")["email"] for n in range(3)]
    first = client.get(f"/admin/users?filter=list-{tag}&page=1&per_page=2", headers=_admin())
    assert first.headers["X-Total-Count"] == "3"
    assert first.headers["Link"] == (
        f'</admin/users?filter=list-{tag}&page=2&per_page=2>; rel="next", '
        f'</admin/users?filter=list-{tag}&page=2&per_page=2>; rel="last"'
    )
    assert [u["email"] for u in first.json["users"]] == emails[::-1][:2]  # newest first
    assert first.json["aud"] == "authenticated" and first.json["users"][0]["identities"] is None
    bad = client.get("/admin/users?page=x", headers=_admin())
    assert bad.json["message"] == 'Bad Pagination Parameters: strconv.ParseUint: parsing "x": invalid syntax'


def test_get_user_404_shapes(client):
    unknown = client.get("/admin/users/00000000-0000-0000-0000-000000000001", headers=_admin())
    assert (unknown.status_code, unknown.json["code"]) == (404, "user_not_found")
    malformed = client.get("/admin/users/not-a-uuid", headers=_admin())
    assert (malformed.status_code, malformed.json) == (
        404,
        {"code": "validation_failed", "message": "user_id must be an UUID"},
    )


def test_ban_unban_role_and_password(client, new_email):
    user = _create(client, new_email)
    session = json_of(_sign_in(client, new_email))

    def put(body: JsonObject):
        return client.put(f"/admin/users/{user['id']}", json=body, headers=_admin())

    assert json_of(put({"ban_duration": "24h"}))["banned_until"]
    assert json_of(_sign_in(client, new_email))["code"] == "user_banned"
    assert (
        json_of(put({"ban_duration": "forever"}))["message"]
        == 'invalid format for ban duration: time: invalid duration "forever"'
    )
    updated = json_of(put({"ban_duration": "none", "role": "editor", "password": "new-horse-22"}))
    assert "banned_until" not in updated and updated["role"] == "editor"
    # A new password signs every session out.
    stale = client.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
    assert stale.status_code == 400
    assert _sign_in(client, new_email, "new-horse-22").status_code == 200


def test_hard_delete_removes_the_user_and_profile(client, new_email):
    user = _create(client, new_email)
    assert _profile_email(user["id"]) == new_email
    assert client.delete(f"/admin/users/{user['id']}", headers=_admin()).json == {}
    assert _profile_email(user["id"]) is None
    assert client.delete(f"/admin/users/{user['id']}", headers=_admin()).status_code == 404


def test_soft_delete_keeps_an_anonymised_row(client, new_email):
    user = _create(client, new_email)
    response = client.delete(f"/admin/users/{user['id']}", json={"should_soft_delete": True}, headers=_admin())
    assert response.json == {}
    kept = client.get(f"/admin/users/{user['id']}", headers=_admin()).json
    assert kept["deleted_at"] and kept["email"] != new_email and len(kept["email"]) == 43
    assert kept["user_metadata"] == {} and kept["app_metadata"] == {}
    assert "identity_data" not in kept["identities"][0] and kept["identities"][0]["id"] != user["id"]
    assert json_of(_sign_in(client, new_email))["code"] == "invalid_credentials"


def test_a_users_factors(client, new_email):
    _create(client, new_email)
    session = json_of(_sign_in(client, new_email))
    enrolled = client.post(
        "/factors", json={"factor_type": "totp", "friendly_name": "Phone"}, headers=bearer(session["access_token"])
    ).json
    user_id = session["user"]["id"]
    listed = client.get(f"/admin/users/{user_id}/factors", headers=_admin()).json
    assert [(f["id"], f["status"], f["friendly_name"]) for f in listed] == [(enrolled["id"], "unverified", "Phone")]
    removed = client.delete(f"/admin/users/{user_id}/factors/{enrolled['id']}", headers=_admin())
    assert removed.status_code == 200 and removed.json["id"] == enrolled["id"]
    again = client.delete(f"/admin/users/{user_id}/factors/{enrolled['id']}", headers=_admin())
    assert (again.status_code, again.json["code"]) == (404, "mfa_factor_not_found")
    assert client.get(f"/admin/users/{user_id}/factors", headers=_admin()).json == []
