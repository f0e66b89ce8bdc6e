"""A passkey sign-in on the data API, with real tokens from the stack's Auth: for an account with a
verified factor it counts as the second step (the token's amr says `passkey`; public.mfa_satisfied()
reads it), so its own rows and an admin's powers work, while a password-only token of the same account
stays refused; anon and another user see nothing of it; a personal API token cannot manage passkeys;
a deleted user's passkey token is a 401."""

from __future__ import annotations

import jwt
import pytest
import requests

from conftest import bearer
from fixtures.local_auth import (
    add_passkey,
    auth_url,
    create_account,
    enrol_totp,
    passkey_session,
    password_session,
    second_step,
)


@pytest.fixture
def api(app):
    import os

    app.config.update(
        JWKS_URL=os.environ["TOOLKIT_JWKS_URL"],
        AUTH_URL=os.environ["TOOLKIT_AUTH_URL"],
        SERVICE_ROLE_KEY=os.environ["TOOLKIT_SERVICE_ROLE_KEY"],
    )
    return app.test_client()


@pytest.fixture
def mfa_account_with_passkey(admin_db):
    """(account, device) for an account with a verified TOTP factor and a passkey; removed afterwards."""
    made = []

    def make(*, admin: bool = False):
        account = create_account("passkey")
        made.append(account.id)
        if admin:
            admin_db.execute("insert into public.user_roles (user_id) values (%s)", (account.id,))
        enrol_totp(account)
        device = add_passkey(second_step(account, password_session(account)))
        return account, device

    yield make
    admin_db.execute("delete from auth.users where id = any(%s::uuid[])", (made,))


def test_a_passkey_sign_in_reaches_the_own_rows_where_the_password_alone_does_not(api, mfa_account_with_passkey):
    account, device = mfa_account_with_passkey()
    token = passkey_session(device)["access_token"]
    claims = jwt.decode(token, options={"verify_signature": False})
    assert (claims["aal"], [entry["method"] for entry in claims["amr"]]) == ("aal1", ["passkey"])
    assert api.get("/api/me", headers=bearer(token)).status_code == 200
    paste = api.post("/api/pastes", json={"content": "by passkey", "privacy": "private"}, headers=bearer(token))
    assert paste.status_code == 201, paste.data
    paste_id = paste.get_json()["id"]
    assert api.get(f"/api/pastes/{paste_id}", headers=bearer(token)).status_code == 200
    password_only = password_session(account)["access_token"]
    refused = api.get("/api/me", headers=bearer(password_only))
    assert (refused.status_code, refused.get_json()["error"]["code"]) == (403, "mfa_required")
    assert api.get(f"/api/pastes/{paste_id}").status_code == 404  # anon
    stranger = password_session(create_account("stranger"))["access_token"]
    assert api.get(f"/api/pastes/{paste_id}", headers=bearer(stranger)).status_code == 404


def test_an_admin_with_a_factor_signed_in_by_passkey_has_admin_powers(api, mfa_account_with_passkey):
    account, device = mfa_account_with_passkey(admin=True)
    assert api.get("/api/admin/users", headers=bearer(passkey_session(device)["access_token"])).status_code == 200
    refused = api.get("/api/admin/users", headers=bearer(password_session(account)["access_token"]))
    assert refused.status_code == 403


def test_a_personal_api_token_cannot_manage_passkeys(api, mfa_account_with_passkey):
    _account, device = mfa_account_with_passkey()
    token = passkey_session(device)["access_token"]
    made = api.post("/api/me/tokens", json={"name": "script", "scopes": ["pastes"]}, headers=bearer(token))
    assert made.status_code == 201, made.data
    api_token = made.get_json()["token"]
    for method, path in (("get", "/passkeys"), ("post", "/passkeys/registration/options")):
        response = getattr(requests, method)(auth_url(path), headers=bearer(api_token), timeout=10)
        assert response.status_code in (401, 403), response.text
    assert api.get("/api/me", headers=bearer(api_token)).status_code == 403  # and not the account either


def test_a_deleted_users_passkey_token_is_a_401(api, mfa_account_with_passkey, admin_db):
    account, device = mfa_account_with_passkey()
    token = passkey_session(device)["access_token"]
    admin_db.execute("delete from auth.users where id = %s", (account.id,))
    assert api.get("/api/me", headers=bearer(token)).status_code == 401
    options = requests.post(auth_url("/passkeys/authentication/options"), json={}, timeout=10).json()
    again = requests.post(
        auth_url("/passkeys/authentication/verify"),
        timeout=10,
        json={"challenge_id": options["challenge_id"], "credential": device.get(options["options"])},
    )
    assert (again.status_code, again.json()["error_code"]) == (400, "webauthn_verification_failed")
