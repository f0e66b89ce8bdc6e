"""Passkeys (GOTRUE_PASSKEY_ENABLED): registration and password-less sign-in with a software
authenticator, checked by py_webauthn; the challenge taken once and expiring; unknown, foreign and
cloned credentials, a key that skips user verification, a deleted or banned user: each a 4xx."""

from __future__ import annotations

import base64
import json
from datetime import timedelta

import jwt
import pytest
from flask.testing import FlaskClient

from .passkey_support import ON, ORIGIN, passkey_sign_in, register, registration_options, sign_in_options, signed_in
from .support import API_2024, MakeApp, admin, at_once, auth, json_of
from .webauthn_device import SoftwareAuthenticator, b64url


@pytest.fixture
def client(make_app: MakeApp) -> FlaskClient:
    return make_app(**ON).test_client()


def _error(response) -> tuple[int, str]:
    return response.status_code, response.json["code"]


def test_off_answers_passkey_disabled_as_upstream(make_app):
    client = make_app(GOTRUE_PASSKEY_ENABLED="false").test_client()
    response = client.post("/passkeys/authentication/options", json={}, headers=API_2024)
    assert (response.status_code, response.json) == (
        404,
        {"code": "passkey_disabled", "message": "Passkeys are disabled"},
    )
    assert client.get("/settings").json["passkeys_enabled"] is False


def test_registration_asks_for_a_discoverable_credential_with_user_verification(client, new_email, auth_db):
    session = signed_in(client, new_email)
    answer = registration_options(client, session)
    options = answer["options"]
    assert options["rp"] == {"name": "Toolkit", "id": "localhost"}
    assert options["user"]["name"] == new_email
    assert base64.urlsafe_b64decode(options["user"]["id"] + "==").decode() == session["user"]["id"]
    assert options["authenticatorSelection"]["residentKey"] == "required"
    assert options["authenticatorSelection"]["userVerification"] == "required"
    assert {"type": "public-key", "alg": -7} in options["pubKeyCredParams"]
    row = auth_db.execute("select * from auth.webauthn_challenges where id = %s", (answer["challenge_id"],)).fetchone()
    assert row["challenge_type"] == "registration" and str(row["user_id"]) == session["user"]["id"]
    assert int(row["expires_at"].timestamp()) == answer["expires_at"]
    assert client.get("/settings").json["passkeys_enabled"] is True


def test_a_registered_passkey_signs_in_alone_with_amr_passkey(client, new_email, auth_db):
    session = signed_in(client, new_email)
    created, device = register(client, session)
    assert created["friendly_name"] == "Passkey" and created["created_at"]
    options = sign_in_options(client)
    assert options["options"].get("allowCredentials", []) == []  # discoverable: the key names the user
    assert options["options"]["userVerification"] == "required"
    response = passkey_sign_in(client, device, options)
    assert response.status_code == 200, response.json
    assert json_of(response)["user"]["id"] == session["user"]["id"] and json_of(response)["refresh_token"]
    claims = jwt.decode(json_of(response)["access_token"], options={"verify_signature": False})
    assert [entry["method"] for entry in claims["amr"]] == ["passkey"]
    assert claims["aal"] == "aal1"  # as the official server: docs/security.md says how SQL reads it
    row = auth_db.execute("select * from auth.webauthn_credentials where id = %s", (created["id"],)).fetchone()
    assert row["sign_count"] == device.sign_count and row["last_used_at"] is not None
    excluded = registration_options(client, session)["options"]["excludeCredentials"]
    assert [entry["id"] for entry in excluded] == [b64url(device.credential_id)]


def test_a_challenge_is_used_once(client, new_email):
    _created, device = register(client, signed_in(client, new_email))
    options = sign_in_options(client)
    assert passkey_sign_in(client, device, options).status_code == 200
    replay = passkey_sign_in(client, device, options)
    assert (replay.status_code, replay.json) == (
        400,
        {"code": "webauthn_challenge_not_found", "message": "Challenge not found or already used"},
    )


def test_two_verifications_of_one_challenge_at_once_open_one_session(client, new_email):
    _created, device = register(client, signed_in(client, new_email))
    options = sign_in_options(client)
    assertion = device.get(options["options"])
    body = {"challenge_id": options["challenge_id"], "credential": assertion}
    statuses = at_once(
        4, lambda _i: client.post("/passkeys/authentication/verify", json=body, headers=API_2024).status_code
    )
    assert sorted(statuses) == [200, 400, 400, 400]


def test_an_expired_challenge_is_refused_and_gone(client, new_email, auth_db):
    _created, device = register(client, signed_in(client, new_email))
    options = sign_in_options(client)
    auth_db.execute(
        "update auth.webauthn_challenges set expires_at = now() - interval '1 second' where id = %s",
        (options["challenge_id"],),
    )
    assert _error(passkey_sign_in(client, device, options)) == (400, "webauthn_challenge_expired")
    assert _error(passkey_sign_in(client, device, options)) == (400, "webauthn_challenge_not_found")


def test_an_unknown_credential_is_refused(client, new_email):
    session = signed_in(client, new_email)
    stranger = SoftwareAuthenticator(ORIGIN)
    stranger.create(registration_options(client, session)["options"])  # bound to the user, never registered
    response = passkey_sign_in(client, stranger)
    assert (response.status_code, json_of(response)["code"]) == (400, "webauthn_verification_failed")
    assert json_of(response)["message"].startswith("Credential verification failed")


def test_a_passkey_that_names_another_user_is_refused(client, new_email):
    _created, device = register(client, signed_in(client, new_email))
    other = signed_in(client, "other-" + new_email)
    device.user_handle = b64url(other["user"]["id"].encode())
    assert _error(passkey_sign_in(client, device)) == (400, "webauthn_verification_failed")


def test_a_cloned_authenticator_is_refused_as_py_webauthn_reports_it(client, new_email, auth_db):
    created, device = register(client, signed_in(client, new_email))
    assert passkey_sign_in(client, device).status_code == 200
    device.sign_count = 0  # a copy of the key, behind the original's counter
    response = passkey_sign_in(client, device)
    assert _error(response) == (400, "webauthn_verification_failed")
    assert "sign count" in json_of(response)["message"]
    row = auth_db.execute("select sign_count from auth.webauthn_credentials where id = %s", (created["id"],)).fetchone()
    assert row["sign_count"] == 2


def test_user_verification_is_required_at_registration_and_sign_in(client, new_email):
    session = signed_in(client, new_email)
    presence_only = SoftwareAuthenticator(ORIGIN)
    presence_only.verifies_user = False
    options = registration_options(client, session)
    response = client.post(
        "/passkeys/registration/verify",
        headers=auth(session),
        json={"challenge_id": options["challenge_id"], "credential": presence_only.create(options["options"])},
    )
    assert _error(response) == (400, "webauthn_verification_failed")
    _created, device = register(client, session)
    device.verifies_user = False
    assert _error(passkey_sign_in(client, device)) == (400, "webauthn_verification_failed")


def test_a_deleted_users_passkey_is_refused(client, new_email):
    session = signed_in(client, new_email)
    _created, device = register(client, session)
    soft = client.delete(f"/admin/users/{session['user']['id']}", json={"should_soft_delete": True}, headers=admin())
    assert soft.status_code == 200
    assert _error(passkey_sign_in(client, device)) == (400, "webauthn_verification_failed")


def test_a_banned_user_is_refused_with_upstreams_answer(client, new_email):
    session = signed_in(client, new_email)
    _created, device = register(client, session)
    client.put(f"/admin/users/{session['user']['id']}", json={"ban_duration": "1h"}, headers=admin())
    assert _error(passkey_sign_in(client, device)) == (403, "user_banned")


@pytest.mark.parametrize(
    "body, expected",
    [
        ({"credential": {}}, (400, "validation_failed")),
        ({"challenge_id": "x", "credential": {}}, (400, "validation_failed")),
        ({"challenge_id": "00000000-0000-0000-0000-000000000000"}, (400, "validation_failed")),
        ({"challenge_id": 7, "credential": {}}, (400, "bad_json")),
    ],
)
def test_malformed_verifications_are_4xx_json(client, body, expected):
    assert _error(client.post("/passkeys/authentication/verify", json=body, headers=API_2024)) == expected


def test_a_credential_of_the_wrong_shape_uses_up_the_challenge(client):
    options = sign_in_options(client)
    body = {"challenge_id": options["challenge_id"], "credential": {"id": "x", "response": "nope"}}
    assert _error(client.post("/passkeys/authentication/verify", json=body, headers=API_2024)) == (
        400,
        "webauthn_verification_failed",
    )
    assert _error(client.post("/passkeys/authentication/verify", json=body, headers=API_2024)) == (
        400,
        "webauthn_challenge_not_found",
    )
    garbled = client.post(
        "/passkeys/authentication/verify", data=b"{", headers=API_2024 | {"Content-Type": "application/json"}
    )
    assert _error(garbled) == (400, "bad_json")


def test_sign_in_options_and_verifications_are_rate_limited_per_client(make_app):
    client = make_app(**ON, GOTRUE_RATE_LIMIT_PASSKEY="30").test_client()  # the official default
    client_a = {"X-Forwarded-For": "203.0.113.7"}
    for _ in range(30):
        sign_in_options(client, client_a)
    refused = client.post("/passkeys/authentication/options", json={}, headers=API_2024 | client_a)
    assert _error(refused) == (429, "over_request_rate_limit")
    assert sign_in_options(client, {"X-Forwarded-For": "203.0.113.8"})["challenge_id"]
    body = json.dumps({"challenge_id": "00000000-0000-0000-0000-000000000000", "credential": {}})
    statuses = [
        client.post(
            "/passkeys/authentication/verify",
            data=body,
            headers=API_2024 | client_a | {"Content-Type": "application/json"},
        ).status_code
        for _ in range(31)
    ]
    assert statuses[:30] == [400] * 30 and statuses[30] == 429


def test_the_challenge_lifetime_is_the_official_variable(make_app, new_email, auth_db):
    client = make_app(**ON, GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION="2m").test_client()
    options = sign_in_options(client)
    row = auth_db.execute(
        "select created_at, expires_at from auth.webauthn_challenges where id = %s", (options["challenge_id"],)
    ).fetchone()
    assert abs((row["expires_at"] - row["created_at"]) - timedelta(minutes=2)) < timedelta(seconds=1)
    assert options["options"]["timeout"] == 120_000
