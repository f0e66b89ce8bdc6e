"""What needs a service out of reach (SMS without a configured provider, SAML identity providers,
OAuth providers on the internet, web3 wallets) is reported off in /settings and answered with
upstream's "disabled" errors, whatever the configuration asks for; what runs here is reported as
configured (the stack texts phone codes to its SMS capture: test_phone.py)."""

from __future__ import annotations

import logging

import pytest

from local_auth.api.providers import SETTINGS_PROVIDERS

from .support import API_2024

# Phone asked for, with no SMS provider to send through.
NO_PROVIDER = {"GOTRUE_SMS_PROVIDER": ""}
ASKED = {
    "GOTRUE_EXTERNAL_PHONE_ENABLED": "true",
    "GOTRUE_SAML_ENABLED": "true",
    "GOTRUE_EXTERNAL_GITHUB_ENABLED": "true",
    "GOTRUE_EXTERNAL_WEB3_ETHEREUM_ENABLED": "true",
    "GOTRUE_MFA_PHONE_ENROLL_ENABLED": "true",
}


def test_settings_in_upstreams_shape_and_order(client):
    body = client.get("/settings").json
    # passkeys_enabled: upstream's from v2.188.0 on, with the passkey endpoints.
    assert list(body) == [
        "external",
        "disable_signup",
        "mailer_autoconfirm",
        "phone_autoconfirm",
        "sms_provider",
        "saml_enabled",
        "passkeys_enabled",
    ]
    assert list(body["external"]) == list(SETTINGS_PROVIDERS)
    assert {name for name, on in body["external"].items() if on} == {"email", "phone"}
    assert body["saml_enabled"] is False and body["sms_provider"] == "twilio"


def test_settings_follow_the_switches_that_work_here(make_app):
    body = (
        make_app(GOTRUE_EXTERNAL_EMAIL_ENABLED="false", GOTRUE_DISABLE_SIGNUP="true", GOTRUE_MAILER_AUTOCONFIRM="true")
        .test_client()
        .get("/settings")
        .json
    )
    assert (body["external"]["email"], body["disable_signup"], body["mailer_autoconfirm"]) == (False, True, True)


def test_what_cannot_run_here_stays_off_and_is_logged(make_app, caplog):
    with caplog.at_level(logging.WARNING):
        client = make_app(**ASKED, **NO_PROVIDER).test_client()
    logged = " ".join(record.getMessage() for record in caplog.records)
    for name in ASKED:
        assert f"{name}=true is ignored" in logged
    body = client.get("/settings").json
    assert (body["external"]["phone"], body["external"]["github"], body["saml_enabled"]) == (False, False, False)
    phone = client.post("/signup", json={"phone": "+15555550100", "password": "correct-horse-1"}, headers=API_2024)
    assert (phone.status_code, phone.json) == (
        400,
        {"code": "phone_provider_disabled", "message": "Phone signups are disabled"},
    )
    otp = client.post("/otp", json={"phone": "+15555550100"}, headers=API_2024)
    assert (otp.status_code, otp.json["code"], otp.json["message"]) == (
        400,
        "phone_provider_disabled",
        "Unsupported phone provider",
    )
    login = client.post("/token?grant_type=password", json={"phone": "+15555550100", "password": "x"}, headers=API_2024)
    assert (login.status_code, login.json["code"]) == (422, "phone_provider_disabled")
    github = client.get("/authorize?provider=github", headers=API_2024)
    assert (github.status_code, github.json["message"]) == (400, "Unsupported provider: provider is not enabled")


@pytest.mark.parametrize("method, path", [("post", "/sso"), ("get", "/sso/saml/metadata"), ("post", "/sso/saml/acs")])
def test_sso_answers_saml_disabled(client, method, path):
    response = getattr(client, method)(path, json={"domain": "example.com"}, headers=API_2024)
    assert response.status_code == 404
    assert response.json == {"code": "saml_provider_disabled", "message": "SAML 2.0 is disabled"}
    assert response.headers["x-sb-error-code"] == "saml_provider_disabled"
    legacy = getattr(client, method)(path)
    assert legacy.json == {"code": 404, "error_code": "saml_provider_disabled", "msg": "SAML 2.0 is disabled"}


def test_the_web3_grant_is_disabled_even_for_a_bad_body(client):
    for body in ({"chain": "ethereum", "message": "m", "signature": "0x00"}, None):
        response = client.post("/token?grant_type=web3", json=body, headers=API_2024)
        assert response.status_code == 422
        assert response.json == {"code": "web3_provider_disabled", "message": "Web3 provider is disabled"}


def test_the_web3_grant_has_its_own_limiter(client):
    visitor = {"X-Forwarded-For": "203.0.113.91"}
    statuses = [client.post("/token?grant_type=web3", headers=visitor).status_code for _ in range(31)]
    assert statuses == [422] * 30 + [429]
    # The token limiter of the same client is untouched.
    assert (
        client.post(
            "/token?grant_type=password", json={"email": "a@example.com", "password": "x"}, headers=visitor
        ).status_code
        == 400
    )
