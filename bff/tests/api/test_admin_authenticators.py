"""DELETE /api/admin/users/{id}/factors: an admin removes the authenticator of a user who lost their
phone, through the running Auth's admin API, with real tokens from the stack's Auth. Refused to anon,
to another (non-admin) user and to an admin whose own token still owes its second step (aal1); the
user list says who has an authenticator."""

from __future__ import annotations

import os
from typing import Any

import pytest
from flask.testing import FlaskClient

from conftest import bearer
from fixtures.database import AdminDb
from fixtures.local_auth import create_account, enrol_totp, password_session, second_step


@pytest.fixture
def api(app):
    app.config.update(
        JWKS_URL=os.environ["TOOLKIT_JWKS_URL"],
        AUTH_URL=os.environ["TOOLKIT_AUTH_URL"],
        SERVICE_ROLE_KEY=os.environ["TOOLKIT_SERVICE_ROLE_KEY"],
    )
    return app.test_client()


@pytest.fixture
def accounts(admin_db):
    """make(name, mfa=, admin=) → (account, aal1 token, aal2 token or None); removed afterwards."""
    made: list[str] = []

    def make(name: str, *, mfa: bool = False, admin: bool = False):
        account = create_account(name)
        made.append(account.id)
        if admin:
            admin_db.execute("insert into public.user_roles (user_id) values (%s)", (account.id,))
        if not mfa:
            return account, password_session(account)["access_token"], None
        enrol_totp(account)
        aal2 = second_step(account, password_session(account))["access_token"]
        return account, password_session(account)["access_token"], aal2

    yield make
    admin_db.execute("delete from auth.users where id = any(%s::uuid[])", (made,))


def _factors(admin_db: AdminDb, user_id: str) -> int:
    row = admin_db.execute("select count(*) from auth.mfa_factors where user_id = %s", (user_id,)).fetchone()
    assert row, "count(*) gives a row"
    count: int = row[0]
    return count


def _listed(api: FlaskClient, token: str, email: str) -> dict[str, Any]:
    users: list[dict[str, Any]] = api.get(f"/api/admin/users?q={email}", headers=bearer(token)).get_json()["users"]
    return next(user for user in users if user["email"] == email)


def test_an_admin_removes_a_users_authenticator_and_the_user_signs_in_with_the_password_alone(api, accounts, admin_db):
    _, admin_token, _ = accounts("factor-admin", admin=True)
    target, _, _ = accounts("factor-lost", mfa=True)
    assert _listed(api, admin_token, target.email)["has_authenticator"] is True

    response = api.delete(f"/api/admin/users/{target.id}/factors", headers=bearer(admin_token))
    assert response.status_code == 200, response.data
    assert response.get_json() == {"user_id": target.id, "removed": 1}
    assert _factors(admin_db, target.id) == 0
    assert _listed(api, admin_token, target.email)["has_authenticator"] is False
    # Without a factor, the password alone (aal1) reaches the user's own data again.
    aal1 = password_session(target)["access_token"]
    assert api.get("/api/me", headers=bearer(aal1)).status_code == 200
    # Nothing left to remove: still a success, saying so.
    assert api.delete(f"/api/admin/users/{target.id}/factors", headers=bearer(admin_token)).get_json()["removed"] == 0


def test_anon_another_user_and_an_aal1_mfa_admin_are_refused_and_nothing_is_removed(api, accounts, admin_db):
    target, _, _ = accounts("factor-target", mfa=True)
    _, other_token, _ = accounts("factor-other")
    _, boss_aal1, boss_aal2 = accounts("factor-boss", mfa=True, admin=True)
    url = f"/api/admin/users/{target.id}/factors"

    anon = api.delete(url)
    assert (anon.status_code, anon.get_json()["error"]["code"]) == (401, "not_authenticated")
    other = api.delete(url, headers=bearer(other_token))
    assert (other.status_code, other.get_json()["error"]["code"]) == (403, "forbidden")
    half = api.delete(url, headers=bearer(boss_aal1))
    assert (half.status_code, half.get_json()["error"]["code"]) == (403, "mfa_required")
    assert _factors(admin_db, target.id) == 1
    # The same admin after their own second step may.
    assert api.delete(url, headers=bearer(boss_aal2)).get_json() == {"user_id": target.id, "removed": 1}


def test_an_unknown_user_is_404_and_a_malformed_id_never_reaches_auth(api, accounts):
    _, admin_token, _ = accounts("factor-admin2", admin=True)
    missing = api.delete("/api/admin/users/00000000-0000-4000-8000-000000000000/factors", headers=bearer(admin_token))
    assert (missing.status_code, missing.get_json()["error"]["code"]) == (404, "not_found")
    assert api.delete("/api/admin/users/not-a-uuid/factors", headers=bearer(admin_token)).status_code == 404


def test_without_the_admin_api_configured_it_is_503_after_the_sql_check(app, accounts, admin_db):
    app.config.update(JWKS_URL=os.environ["TOOLKIT_JWKS_URL"], AUTH_URL="", SERVICE_ROLE_KEY="")
    client = app.test_client()
    _, admin_token, _ = accounts("factor-admin3", admin=True)
    target, _, _ = accounts("factor-kept", mfa=True)
    response = client.delete(f"/api/admin/users/{target.id}/factors", headers=bearer(admin_token))
    assert (response.status_code, response.get_json()["error"]["code"]) == (503, "auth_admin_unavailable")
    assert _factors(admin_db, target.id) == 1
