"""Managing passkeys: the user's list, rename and removal; the admin's list and removal; the cap per
user; and the assurance rule of upstream: once the user has a verified MFA factor, adding or
removing a passkey needs an aal2 session. Nobody reaches another user's passkeys."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from .passkey_support import ON, passkey_sign_in, register, registration_options, signed_in
from .support import API_2024, MakeApp, admin, auth, bearer, enroll_totp, sign_in, totp_code


@pytest.fixture
def client(make_app: MakeApp) -> FlaskClient:
    return make_app(**ON).test_client()


def _error(response) -> tuple[int, str]:
    return response.status_code, response.json["code"]


def test_list_rename_and_remove_a_passkey(client, new_email):
    session = signed_in(client, new_email)
    created, device = register(client, session)
    listed = client.get("/passkeys", headers=auth(session))
    assert listed.status_code == 200
    assert listed.json == [{"id": created["id"], "friendly_name": "Passkey", "created_at": created["created_at"]}]
    assert passkey_sign_in(client, device).status_code == 200
    assert "last_used_at" in client.get("/passkeys", headers=auth(session)).json[0]
    renamed = client.patch(f"/passkeys/{created['id']}", json={"friendly_name": "Laptop"}, headers=auth(session))
    assert renamed.status_code == 200 and renamed.json["friendly_name"] == "Laptop"
    assert client.get("/passkeys", headers=auth(session)).json[0]["friendly_name"] == "Laptop"
    removed = client.delete(f"/passkeys/{created['id']}", headers=auth(session))
    assert (removed.status_code, removed.data) == (204, b"")
    assert client.get("/passkeys", headers=auth(session)).json == []
    assert _error(passkey_sign_in(client, device)) == (400, "webauthn_verification_failed")


@pytest.mark.parametrize("name, expected", [("", (400, "validation_failed")), ("é" * 61, (400, "validation_failed"))])
def test_a_name_is_required_and_at_most_120_bytes(client, new_email, name, expected):
    session = signed_in(client, new_email)
    created, _device = register(client, session)
    assert (
        _error(client.patch(f"/passkeys/{created['id']}", json={"friendly_name": name}, headers=auth(session)))
        == expected
    )
    assert (
        client.patch(f"/passkeys/{created['id']}", json={"friendly_name": "é" * 60}, headers=auth(session)).status_code
        == 200
    )


def test_nobody_reaches_another_users_passkey(client, new_email):
    owner = signed_in(client, new_email)
    created, device = register(client, owner)
    other = signed_in(client, "other-" + new_email)
    assert client.get("/passkeys", headers=auth(other)).json == []
    for response in (
        client.patch(f"/passkeys/{created['id']}", json={"friendly_name": "Mine"}, headers=auth(other)),
        client.delete(f"/passkeys/{created['id']}", headers=auth(other)),
        client.delete("/passkeys/not-a-uuid", headers=auth(other)),
    ):
        assert (response.status_code, response.json) == (
            404,
            {"code": "validation_failed", "message": "Passkey not found"},
        )
    assert passkey_sign_in(client, device).status_code == 200
    assert client.get("/passkeys", headers=API_2024).status_code == 401
    assert client.post("/passkeys/registration/options", json={}, headers=API_2024).status_code == 401


def test_an_anonymous_user_cannot_register_one(make_app):
    client = make_app(**ON, GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED="true").test_client()
    session = client.post("/signup", json={}, headers=API_2024).json
    assert _error(client.post("/passkeys/registration/options", json={}, headers=auth(session))) == (
        403,
        "no_authorization",
    )


def test_the_number_of_passkeys_is_capped(make_app, new_email):
    client = make_app(**ON, GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER="1").test_client()
    session = signed_in(client, new_email)
    register(client, session)
    refused = client.post("/passkeys/registration/options", json={}, headers=auth(session))
    assert (refused.status_code, refused.json) == (
        422,
        {"code": "too_many_passkeys", "message": "Maximum number of passkeys reached"},
    )


def test_the_same_authenticator_cannot_register_twice(client, new_email):
    session = signed_in(client, new_email)
    _created, device = register(client, session)
    options = registration_options(client, session)
    response = client.post(
        "/passkeys/registration/verify",
        headers=auth(session),
        json={"challenge_id": options["challenge_id"], "credential": device.create(options["options"])},
    )
    assert _error(response) == (422, "webauthn_credential_exists")


def test_with_a_verified_factor_adding_and_removing_need_aal2(client, new_email):
    session = signed_in(client, new_email)
    created, _device = register(client, session)
    factor = enroll_totp(client, session)
    challenge = client.post(f"/factors/{factor['id']}/challenge", json={}, headers=auth(session)).json
    raised = client.post(
        f"/factors/{factor['id']}/verify",
        headers=auth(session),
        json={"challenge_id": challenge["id"], "code": totp_code(factor)},
    ).json
    password_only = sign_in(client, new_email)
    for response in (
        client.post("/passkeys/registration/options", json={}, headers=auth(password_only)),
        client.delete(f"/passkeys/{created['id']}", headers=auth(password_only)),
    ):
        assert (response.status_code, response.json["code"]) == (403, "insufficient_aal")
    assert client.get("/passkeys", headers=auth(password_only)).status_code == 200  # listing is not managing
    assert client.post("/passkeys/registration/options", json={}, headers=auth(raised)).status_code == 200
    assert client.delete(f"/passkeys/{created['id']}", headers=auth(raised)).status_code == 204


def test_the_admin_lists_and_removes_a_users_passkeys(client, new_email):
    session = signed_in(client, new_email)
    created, device = register(client, session)
    user_id = session["user"]["id"]
    listed = client.get(f"/admin/users/{user_id}/passkeys", headers=admin())
    assert listed.status_code == 200 and [item["id"] for item in listed.json] == [created["id"]]
    assert _error(client.get(f"/admin/users/{user_id}/passkeys", headers=auth(session))) == (403, "not_admin")
    assert _error(
        client.delete(
            f"/admin/users/{user_id}/passkeys/{created['id']}", headers=bearer(session["access_token"]) | API_2024
        )
    ) == (403, "not_admin")
    assert client.delete(f"/admin/users/{user_id}/passkeys/{created['id']}", headers=admin()).status_code == 204
    assert client.get(f"/admin/users/{user_id}/passkeys", headers=admin()).json == []
    assert _error(client.delete(f"/admin/users/{user_id}/passkeys/{created['id']}", headers=admin())) == (
        404,
        "validation_failed",
    )
    assert _error(passkey_sign_in(client, device)) == (400, "webauthn_verification_failed")
