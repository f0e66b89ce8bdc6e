"""Guessing codes is limited per client address (upstream's limiters, keyed by
GOTRUE_RATE_LIMIT_HEADER) and per targeted account (ours): /verify with an e-mail OTP and
/factors/{id}/verify answer 429 over_request_rate_limit once either runs out, even for the right code."""

from __future__ import annotations

import types

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from local_auth import ratelimit
from local_auth.json_types import JsonObject

from .support import API_2024, admin, auth, confirmed_user, enroll_totp, json_of, sign_in, totp_code

LIMITED = {"code": "over_request_rate_limit", "message": "Request rate limit reached"}
BURST = 30


@pytest.fixture(autouse=True)
def limiter_clock_stands_still(monkeypatch: pytest.MonkeyPatch) -> None:
    """The limiters' clock (only theirs) stands still: a burst runs out however slowly a loaded machine
    makes the requests. At 15 verifications a minute a token comes back every 4 s, which 31 challenges
    and verifications once took, and the right code then passed (tests of refilling: test_ratelimit.py)."""
    monkeypatch.setattr(ratelimit, "time", types.SimpleNamespace(monotonic=lambda: 1000.0))


def _address(i: int) -> dict[str, str]:
    return {"X-Forwarded-For": f"198.51.100.{i % 250}, 10.0.0.{i // 250}"}


def _code(client: FlaskClient, email: str) -> str:
    link = client.post("/admin/generate_link", json={"type": "magiclink", "email": email}, headers=admin())
    code: str = json_of(link)["email_otp"]
    return code


def _wrong(code: str) -> str:
    return str((int(code) + 1) % 10 ** len(code)).zfill(len(code))


def _verify(client: FlaskClient, email: str, code: str, i: int) -> TestResponse:
    return client.post(
        "/verify", json={"type": "magiclink", "email": email, "token": code}, headers=API_2024 | _address(i)
    )


def test_failed_codes_for_one_address_from_many_clients_run_out(client, new_email):
    confirmed_user(client, new_email)
    other = "other-" + new_email
    confirmed_user(client, other)
    code, other_code = _code(client, new_email), _code(client, other)
    assert [_verify(client, new_email, _wrong(code), i).status_code for i in range(BURST)] == [403] * BURST
    refused = _verify(client, new_email, code, BURST)
    assert refused.status_code == 429 and refused.json == LIMITED
    assert refused.headers["x-sb-error-code"] == "over_request_rate_limit"
    # Another address is not affected, and its code still signs in.
    assert _verify(client, other, other_code, BURST + 1).status_code == 200


def test_successful_codes_cost_the_address_nothing(client, new_email):
    confirmed_user(client, new_email)
    for i in range(BURST + 2):
        assert _verify(client, new_email, _code(client, new_email), i).status_code == 200


def test_one_client_runs_out_of_verify_attempts_whatever_the_address(client, new_email):
    emails = [f"{i}-{new_email}" for i in range(2)]
    for email in emails:
        confirmed_user(client, email)
    statuses = [_verify(client, emails[i % 2], "123456", 7).status_code for i in range(BURST)]
    assert statuses == [403] * BURST
    refused = _verify(client, emails[0], _code(client, emails[0]), 7)
    assert refused.status_code == 429 and refused.json == LIMITED


def _mfa_user(client: FlaskClient, email: str) -> tuple[JsonObject, JsonObject]:
    confirmed_user(client, email)
    session = sign_in(client, email)
    factor = enroll_totp(client, session)
    return session, factor


def _verify_factor(client: FlaskClient, session: JsonObject, factor: JsonObject, code: str, i: int) -> TestResponse:
    # A challenge is verified from the address it was made from.
    challenge = client.post(f"/factors/{factor['id']}/challenge", headers=auth(session) | _address(i))
    assert challenge.status_code == 200, challenge.json
    return client.post(
        f"/factors/{factor['id']}/verify",
        json={"challenge_id": json_of(challenge)["id"], "code": code},
        headers=auth(session) | _address(i),
    )


def test_failed_totp_codes_for_one_user_from_many_clients_run_out(client, new_email):
    session, factor = _mfa_user(client, new_email)
    wrong = _wrong(totp_code(factor))
    statuses = [_verify_factor(client, session, factor, wrong, i).status_code for i in range(BURST)]
    assert statuses == [422] * BURST
    refused = _verify_factor(client, session, factor, totp_code(factor), BURST)
    assert refused.status_code == 429 and refused.json == LIMITED
    # Another user's factor is not affected.
    other_session, other_factor = _mfa_user(client, "other-" + new_email)
    assert _verify_factor(client, other_session, other_factor, totp_code(other_factor), BURST + 1).status_code == 200


def test_one_client_runs_out_of_factor_verifications_whatever_the_user(client, new_email):
    users = [_mfa_user(client, f"{i}-{new_email}") for i in range(3)]
    same_client = _address(9)
    challenges = [
        client.post(f"/factors/{f['id']}/challenge", headers=auth(s) | same_client).json["id"] for s, f in users
    ]

    def verify(user: int, code: str):
        session, factor = users[user]
        return client.post(
            f"/factors/{factor['id']}/verify",
            json={"challenge_id": challenges[user], "code": code},
            headers=auth(session) | same_client,
        )

    # 15 wrong codes for each of two users: neither account runs out, the client does.
    statuses = [verify(i % 2, _wrong(totp_code(users[i % 2][1]))).status_code for i in range(BURST)]
    assert statuses == [422] * BURST
    refused = verify(2, totp_code(users[2][1]))
    assert refused.status_code == 429 and refused.json == LIMITED
