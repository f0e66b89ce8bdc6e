"""Phone sign-ups and codes through the stack's SMS capture (Twilio's Messages API on loopback,
GOTRUE_SMS_PROVIDER=twilio): the code goes out as upstream's template, confirms the number and signs
in; codes expire, are replaced by a resend, are not sent twice within GOTRUE_SMS_MAX_FREQUENCY; a
provider that refuses the message is a 422 and changes nothing; without a provider, phone stays off."""

from __future__ import annotations

import time

import jwt
import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from . import sms_inbox
from .support import API_2024, PASSWORD, json_of


def _error(response) -> tuple[int, str]:
    return response.status_code, response.json["code"]


def _verify(client: FlaskClient, phone: str, code: str) -> TestResponse:
    return client.post("/verify", json={"type": "sms", "phone": phone, "token": code}, headers=API_2024)


def test_sign_up_with_a_phone_confirm_by_text_and_sign_in(client, auth_db):
    phone = sms_inbox.new_phone()
    signed_up = client.post("/signup", json={"phone": phone, "password": PASSWORD}, headers=API_2024)
    assert signed_up.status_code == 200, signed_up.json
    assert "access_token" not in signed_up.json and signed_up.json["phone"] == phone.lstrip("+")
    [message] = sms_inbox.messages_to(phone)
    assert message["body"] == f"Your code is {sms_inbox.code(message)}" and message["channel"] == "sms"
    refused = client.post("/token?grant_type=password", json={"phone": phone, "password": PASSWORD}, headers=API_2024)
    assert _error(refused) == (400, "phone_not_confirmed")
    assert _error(_verify(client, phone, "000000" if sms_inbox.code(message) != "000000" else "111111")) == (
        403,
        "otp_expired",
    )
    verified = _verify(client, phone, sms_inbox.code(message))
    assert verified.status_code == 200, verified.json
    assert [
        e["method"] for e in jwt.decode(json_of(verified)["access_token"], options={"verify_signature": False})["amr"]
    ] == ["otp"]
    assert json_of(verified)["user"]["phone_confirmed_at"]
    assert _error(_verify(client, phone, sms_inbox.code(message))) == (403, "otp_expired")  # used once
    signed_in = client.post("/token?grant_type=password", json={"phone": phone, "password": PASSWORD}, headers=API_2024)
    assert signed_in.status_code == 200 and json_of(signed_in)["user"]["id"] == json_of(verified)["user"]["id"]


def test_a_code_by_text_signs_in_a_new_and_then_a_known_number(client):
    phone = sms_inbox.new_phone()
    first = client.post("/otp", json={"phone": phone}, headers=API_2024)
    assert (first.status_code, first.json) == (200, {})
    assert _verify(client, phone, sms_inbox.last_code(phone)).status_code == 200
    time.sleep(1.1)  # the test stack's GOTRUE_SMS_MAX_FREQUENCY (1s) between two codes
    again = client.post("/otp", json={"phone": phone}, headers=API_2024)
    assert (again.status_code, again.json) == (200, {"message_id": ""})
    assert len(sms_inbox.messages_to(phone)) == 2
    assert _verify(client, phone, sms_inbox.last_code(phone)).status_code == 200
    unknown = client.post("/otp", json={"phone": sms_inbox.new_phone(), "create_user": False}, headers=API_2024)
    assert _error(unknown) == (422, "otp_disabled")


def test_resend_replaces_the_code_but_not_within_the_minimum_gap(make_app, auth_db):
    client = make_app(GOTRUE_SMS_MAX_FREQUENCY="1h").test_client()
    phone = sms_inbox.new_phone()
    client.post("/signup", json={"phone": phone, "password": PASSWORD}, headers=API_2024)
    too_soon = client.post("/resend", json={"type": "sms", "phone": phone}, headers=API_2024)
    assert _error(too_soon) == (429, "over_sms_send_rate_limit")
    assert too_soon.json["message"].startswith("For security purposes, you can only request this after")
    first = sms_inbox.last_code(phone)
    auth_db.execute(
        "update auth.users set confirmation_sent_at = now() - interval '2 hours' where phone = %s", (phone.lstrip("+"),)
    )
    resent = client.post("/resend", json={"type": "sms", "phone": phone}, headers=API_2024)
    assert (resent.status_code, resent.json) == (200, {})
    second = sms_inbox.last_code(phone)
    assert len(sms_inbox.messages_to(phone)) == 2
    if first != second:
        assert _error(_verify(client, phone, first)) == (403, "otp_expired")
    assert _verify(client, phone, second).status_code == 200
    confirmed = client.post("/resend", json={"type": "sms", "phone": phone}, headers=API_2024)
    assert (confirmed.status_code, confirmed.json, len(sms_inbox.messages_to(phone))) == (200, {}, 2)


def test_a_code_expires_after_the_sms_lifetime(client, auth_db):
    phone = sms_inbox.new_phone()
    client.post("/otp", json={"phone": phone}, headers=API_2024)
    auth_db.execute(
        "update auth.users set confirmation_sent_at = now() - interval '301 seconds' where phone = %s",
        (phone.lstrip("+"),),
    )
    assert _error(_verify(client, phone, sms_inbox.last_code(phone))) == (403, "otp_expired")


@pytest.mark.parametrize("phone", ["1", "+0123456789", "not a number", "+1 555 0100 0000 0000 0"])
def test_a_number_that_is_not_e164_is_refused(client, phone):
    response = client.post("/signup", json={"phone": phone, "password": PASSWORD}, headers=API_2024)
    assert (response.status_code, response.json) == (
        400,
        {"code": "validation_failed", "message": "Invalid phone number format (E.164 required)"},
    )


def test_a_refused_message_is_a_422_and_leaves_no_user(make_app, auth_db):
    client = make_app(GOTRUE_SMS_TWILIO_AUTH_TOKEN="not-the-token").test_client()
    phone = sms_inbox.new_phone()
    response = client.post("/signup", json={"phone": phone, "password": PASSWORD}, headers=API_2024)
    assert _error(response) == (422, "sms_send_failed")
    assert "Authenticate" in response.json["message"]
    assert auth_db.execute("select 1 from auth.users where phone = %s", (phone.lstrip("+"),)).fetchone() is None
    assert sms_inbox.messages_to(phone) == []


def test_phone_is_off_without_a_provider_as_in_production_by_default(make_app):
    client = make_app(GOTRUE_EXTERNAL_PHONE_ENABLED="false").test_client()
    phone = sms_inbox.new_phone()
    response = client.post("/signup", json={"phone": phone, "password": PASSWORD}, headers=API_2024)
    assert (response.status_code, response.json) == (
        400,
        {"code": "phone_provider_disabled", "message": "Phone signups are disabled"},
    )
    assert _error(client.post("/resend", json={"type": "sms", "phone": phone}, headers=API_2024)) == (
        400,
        "phone_provider_disabled",
    )
    settings = client.get("/settings").json
    assert (settings["external"]["phone"], settings["sms_provider"]) == (False, "")
    assert sms_inbox.messages_to(phone) == []
