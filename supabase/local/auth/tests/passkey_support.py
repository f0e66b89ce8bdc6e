"""Helpers of the passkey tests: an app with passkeys on for a fixed relying party, and the two
ceremonies driven with the software authenticator."""

from __future__ import annotations

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from local_auth.json_types import JsonObject

from .support import API_2024, auth, confirmed_user, json_of, sign_in
from .webauthn_device import SoftwareAuthenticator

ORIGIN = "http://localhost:8000"
ON = {
    "GOTRUE_PASSKEY_ENABLED": "true",
    "GOTRUE_WEBAUTHN_RP_ID": "localhost",
    "GOTRUE_WEBAUTHN_RP_DISPLAY_NAME": "Toolkit",
    "GOTRUE_WEBAUTHN_RP_ORIGINS": ORIGIN,
}


def signed_in(client: FlaskClient, email: str) -> JsonObject:
    confirmed_user(client, email)
    return sign_in(client, email)


def registration_options(client: FlaskClient, session: JsonObject) -> JsonObject:
    response = client.post("/passkeys/registration/options", json={}, headers=auth(session))
    assert response.status_code == 200, response.json
    return json_of(response)


def register(
    client: FlaskClient, session: JsonObject, device: SoftwareAuthenticator | None = None
) -> tuple[JsonObject, SoftwareAuthenticator]:
    """A passkey registered for the session's user: (the answer, the authenticator holding it)."""
    device = device or SoftwareAuthenticator(ORIGIN)
    options = registration_options(client, session)
    response = client.post(
        "/passkeys/registration/verify",
        headers=auth(session),
        json={"challenge_id": options["challenge_id"], "credential": device.create(options["options"])},
    )
    assert response.status_code == 200, response.json
    return json_of(response), device


def sign_in_options(client: FlaskClient, headers: dict[str, str] | None = None) -> JsonObject:
    response = client.post("/passkeys/authentication/options", json={}, headers=API_2024 | (headers or {}))
    assert response.status_code == 200, response.json
    return json_of(response)


def passkey_sign_in(
    client: FlaskClient,
    device: SoftwareAuthenticator,
    options: JsonObject | None = None,
    headers: dict[str, str] | None = None,
) -> TestResponse:
    """The sign-in verification for `device`'s assertion; returns the response."""
    options = options or sign_in_options(client)
    return client.post(
        "/passkeys/authentication/verify",
        headers=API_2024 | (headers or {}),
        json={"challenge_id": options["challenge_id"], "credential": device.get(options["options"])},
    )
