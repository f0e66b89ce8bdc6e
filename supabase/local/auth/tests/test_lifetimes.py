"""E-mail links and codes live GOTRUE_MAILER_OTP_EXP seconds: the product sets an hour (the official
default, a day, applies when the variable is unset: test_config.py)."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from local_auth.config import load_settings
from local_auth.db import Conn
from local_auth.json_types import JsonObject

from .support import API_2024, admin, confirmed_user, json_of


def test_the_stack_gives_links_and_codes_an_hour(auth_env, monkeypatch):
    assert auth_env["GOTRUE_MAILER_OTP_EXP"] == "3600"
    for name, value in auth_env.items():
        monkeypatch.setenv(name, value)
    assert load_settings().otp_exp == 3600


def _link_sent_ago(client: FlaskClient, auth_db: Conn, email: str, minutes: int) -> JsonObject:
    link = json_of(client.post("/admin/generate_link", json={"type": "magiclink", "email": email}, headers=admin()))
    auth_db.execute(
        "update auth.users set recovery_sent_at = now() - make_interval(mins => %s) where email = %s", (minutes, email)
    )
    return link


@pytest.mark.parametrize("overrides, fresh, stale", [({}, 59, 61), ({"GOTRUE_MAILER_OTP_EXP": "600"}, 9, 11)])
def test_a_link_and_a_code_expire_after_the_lifetime(make_app, auth_db, new_email, overrides, fresh, stale):
    client = make_app(**overrides).test_client()
    confirmed_user(client, new_email)
    link = _link_sent_ago(client, auth_db, new_email, stale)
    by_link = client.post("/verify", json={"type": "magiclink", "token_hash": link["hashed_token"]}, headers=API_2024)
    assert (by_link.status_code, by_link.json["code"]) == (403, "otp_expired")
    link = _link_sent_ago(client, auth_db, new_email, stale)
    by_code = client.post(
        "/verify", json={"type": "magiclink", "email": new_email, "token": link["email_otp"]}, headers=API_2024
    )
    assert (by_code.status_code, by_code.json["code"]) == (403, "otp_expired")
    link = _link_sent_ago(client, auth_db, new_email, fresh)
    assert client.post("/verify", json={"type": "magiclink", "token_hash": link["hashed_token"]}).status_code == 200
