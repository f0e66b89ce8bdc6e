"""WebAuthn factors behind GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED / _VERIFY_ENABLED (off by default):
enrolment, the create and request ceremonies checked by py_webauthn with a software authenticator,
the session raised to aal2 with amr mfa/webauthn, and bad input answered 4xx without a row changed."""

from __future__ import annotations

import copy

import jwt
import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from local_auth.json_types import JsonObject

from .support import API_2024, MakeApp, auth, confirmed_user, json_of, sign_in
from .webauthn_device import SoftwareAuthenticator, b64url

ON = {"GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED": "true", "GOTRUE_MFA_WEB_AUTHN_VERIFY_ENABLED": "true"}
ORIGIN = "http://localhost:8000"
RP = {"rpId": "localhost", "rpOrigins": [ORIGIN]}


@pytest.fixture
def client(make_app: MakeApp) -> FlaskClient:
    return make_app(**ON).test_client()


def _session(client: FlaskClient, email: str) -> JsonObject:
    confirmed_user(client, email)
    return sign_in(client, email)


def _enroll(client: FlaskClient, session: JsonObject) -> JsonObject:
    response = client.post("/factors", json={"factor_type": "webauthn", "friendly_name": "Key"}, headers=auth(session))
    assert response.status_code == 200, response.json
    return json_of(response)


def _challenge(client: FlaskClient, session: JsonObject, factor: JsonObject) -> JsonObject:
    response = client.post(f"/factors/{factor['id']}/challenge", json={"webauthn": RP}, headers=auth(session))
    assert response.status_code == 200, response.json
    return json_of(response)


def _verify(
    client: FlaskClient,
    session: JsonObject,
    factor: JsonObject,
    challenge: JsonObject,
    kind: str,
    credential: JsonObject,
) -> TestResponse:
    return client.post(
        f"/factors/{factor['id']}/verify",
        headers=auth(session),
        json={"challenge_id": challenge["id"], "webauthn": RP | {"type": kind, "credential_response": credential}},
    )


def _registered(client: FlaskClient, session: JsonObject) -> tuple[JsonObject, SoftwareAuthenticator, JsonObject]:
    factor, device = _enroll(client, session), SoftwareAuthenticator(ORIGIN)
    challenge = _challenge(client, session, factor)
    options = challenge["webauthn"]["credential_options"]["publicKey"]
    verified = _verify(client, session, factor, challenge, "create", device.create(options))
    assert verified.status_code == 200, verified.json
    return factor, device, json_of(verified)


def test_off_by_default(make_app, new_email):
    client = make_app().test_client()
    session = _session(client, new_email)
    response = client.post("/factors", json={"factor_type": "webauthn"}, headers=auth(session))
    assert (response.status_code, response.json) == (
        422,
        {"code": "mfa_webauthn_enroll_not_enabled", "message": "MFA enroll is disabled for WebAuthn"},
    )


def test_register_then_sign_in_with_the_key(client, new_email, auth_db):
    session = _session(client, new_email)
    factor = _enroll(client, session)
    assert factor == {"id": factor["id"], "type": "webauthn", "friendly_name": "Key"}
    challenge = _challenge(client, session, factor)
    assert challenge["type"] == "webauthn" and challenge["webauthn"]["type"] == "create"
    options = challenge["webauthn"]["credential_options"]["publicKey"]
    assert options["rp"] == {"name": "localhost", "id": "localhost"} and options["user"]["name"] == new_email
    device = SoftwareAuthenticator(ORIGIN)
    created = _verify(client, session, factor, challenge, "create", device.create(options))
    assert created.status_code == 200, created.json
    claims = jwt.decode(json_of(created)["access_token"], options={"verify_signature": False})
    assert claims["aal"] == "aal2" and "mfa/webauthn" in [a["method"] for a in claims["amr"]]
    row = auth_db.execute(
        "select status, web_authn_credential, web_authn_aaguid::text, last_webauthn_challenge_data"
        " from auth.mfa_factors where id = %s",
        (factor["id"],),
    ).fetchone()
    assert row["status"] == "verified" and row["web_authn_aaguid"] == "00010203-0405-0607-0809-0a0b0c0d0e0f"
    assert row["web_authn_credential"]["authenticator"]["signCount"] == 1
    assert row["last_webauthn_challenge_data"]["type"] == "create"
    # A later password sign-in reaches aal2 with the key: a request ceremony.
    again = sign_in(client, new_email)
    request_challenge = _challenge(client, again, factor)
    assert request_challenge["webauthn"]["type"] == "request"
    request_options = request_challenge["webauthn"]["credential_options"]["publicKey"]
    assert request_options["allowCredentials"][0]["id"] == b64url(device.credential_id)
    signed = _verify(client, again, factor, request_challenge, "request", device.get(request_options))
    assert signed.status_code == 200, signed.json
    assert jwt.decode(json_of(signed)["access_token"], options={"verify_signature": False})["aal"] == "aal2"
    count = auth_db.execute(
        "select web_authn_credential from auth.mfa_factors where id = %s", (factor["id"],)
    ).fetchone()
    assert count["web_authn_credential"]["authenticator"]["signCount"] == 2


def test_a_challenge_is_used_once_and_a_stranger_key_is_refused(client, new_email):
    session = _session(client, new_email)
    factor, device, _ = _registered(client, session)
    again = sign_in(client, new_email)
    challenge = _challenge(client, again, factor)
    options = challenge["webauthn"]["credential_options"]["publicKey"]
    stranger = SoftwareAuthenticator(ORIGIN)
    stranger.credential_id = device.credential_id  # the same id, another key: the signature fails
    refused = _verify(client, again, factor, challenge, "request", stranger.get(options))
    assert (refused.status_code, json_of(refused)["code"]) == (400, "validation_failed")
    assert _verify(client, again, factor, challenge, "request", device.get(options)).status_code == 200
    replayed = _verify(client, again, factor, challenge, "request", device.get(options))
    assert (replayed.status_code, json_of(replayed)["code"]) == (422, "mfa_factor_not_found")


@pytest.mark.parametrize(
    "change, code, message",
    [
        (lambda body: body.pop("webauthn"), "validation_failed", "WebAuthn config required"),
        (
            lambda body: body["webauthn"].update(type="sign"),
            "validation_failed",
            "WebAuthn type must be create or request",
        ),
        (lambda body: body["webauthn"].pop("credential_response"), "validation_failed", "credential_response required"),
        (lambda body: body["webauthn"].update(rpId=""), "validation_failed", "webAuthn RP ID cannot be empty"),
        (
            lambda body: body["webauthn"].update(rpOrigins=["http://evil.example.com"]),
            "validation_failed",
            "invalid RP origins: http://evil.example.com",
        ),
        (lambda body: body["webauthn"].update(rpOrigins="x"), "bad_json", None),
        (
            lambda body: body["webauthn"].update(credential_response={"id": "x"}),
            "validation_failed",
            "Invalid credential_response",
        ),
        (
            lambda body: body["webauthn"]["credential_response"]["response"].update(clientDataJSON="e30"),
            "validation_failed",
            None,
        ),
    ],
)
def test_bad_responses_are_400_and_change_nothing(client, new_email, auth_db, change, code, message):
    session = _session(client, new_email)
    factor = _enroll(client, session)
    challenge = _challenge(client, session, factor)
    credential = SoftwareAuthenticator(ORIGIN).create(challenge["webauthn"]["credential_options"]["publicKey"])
    body = {"challenge_id": challenge["id"], "webauthn": RP | {"type": "create", "credential_response": credential}}
    change(body := copy.deepcopy(body))
    response = client.post(f"/factors/{factor['id']}/verify", json=body, headers=auth(session) | API_2024)
    assert response.status_code == 400 and response.json["code"] == code, response.json
    if message:
        assert response.json["message"] == message
    row = auth_db.execute(
        "select status, web_authn_credential from auth.mfa_factors where id = %s", (factor["id"],)
    ).fetchone()
    assert row == {"status": "unverified", "web_authn_credential": None}
    assert auth_db.execute("select 1 from auth.mfa_challenges where id = %s", (challenge["id"],)).fetchone()


def test_unknown_factor_types_and_missing_relying_party(client, new_email, auth_db):
    session = _session(client, new_email)
    unknown = client.post("/factors", json={"factor_type": "passkey"}, headers=auth(session) | API_2024)
    assert (unknown.status_code, unknown.json["message"]) == (400, "factor_type needs to be totp, phone, or webauthn")
    factor = _enroll(client, session)
    no_rp = client.post(f"/factors/{factor['id']}/challenge", json={}, headers=auth(session) | API_2024)
    assert (no_rp.status_code, no_rp.json["message"]) == (400, "web_authn config required")
    assert (
        auth_db.execute(
            "select count(*) as n from auth.mfa_challenges where factor_id = %s", (factor["id"],)
        ).fetchone()["n"]
        == 0
    )
