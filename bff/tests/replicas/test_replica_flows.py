"""The same user's journey with every request going to the other instance than the one before: sign-up
and its e-mail code, sign-in, a paste, a short link and a tool (issue 41). What one instance did,
the other sees; a one-time code used on one is spent on both."""

from __future__ import annotations

import uuid

import requests

from fixtures.local_auth import _code as totp_code  # a code of the account's factor not used before
from fixtures.local_auth import create_account, enrol_totp, password_session
from fixtures.redirect_support import request
from fixtures.replica_stack import fixture_replicas, mail_code, turns  # noqa: F401 (the replicas fixture)

PASSWORD = "replica-pass-41"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_journey_alternating_between_instances(replicas):
    auth = turns(replicas.auth)
    address = f"replica-{uuid.uuid4().hex[:10]}@example.com"
    signed_up = requests.post(f"{next(auth)}/signup", json={"email": address, "password": PASSWORD}, timeout=10)
    assert signed_up.status_code == 200, signed_up.text
    code = mail_code(address)
    verify = {"type": "signup", "email": address, "token": code}
    confirmed = requests.post(f"{next(auth)}/verify", json=verify, timeout=10)
    assert confirmed.status_code == 200, confirmed.text
    # The code is spent for every instance: the first one refuses it now.
    again = requests.post(f"{next(auth)}/verify", json=verify, timeout=10)
    assert again.status_code == 403 and again.json()["error_code"] == "otp_expired", again.text
    session = requests.post(
        f"{next(auth)}/token?grant_type=password", json={"email": address, "password": PASSWORD}, timeout=10
    )
    assert session.status_code == 200, session.text
    user = bearer(session.json()["access_token"])

    bff = turns(replicas.bff)
    paste = requests.post(
        f"{next(bff)}/api/pastes", json={"content": "made on one", "title": "replicas"}, headers=user, timeout=10
    )
    assert paste.status_code == 201, paste.text
    read = requests.get(f"{next(bff)}/api/pastes/{paste.json()['id']}", headers=user, timeout=10)
    assert read.status_code == 200 and read.json()["content"] == "made on one"

    link = requests.post(
        f"{next(bff)}/api/links", json={"url": "https://replicas.example/journey"}, headers=user, timeout=10
    )
    assert link.status_code == 201, link.text
    code = link.json()["short_code"]
    mine = requests.get(f"{next(bff)}/api/links", headers=user, timeout=10).json()["links"]
    assert [entry["short_code"] for entry in mine] == [code]
    for redirect in replicas.redirect:
        assert request(redirect, f"/s/{code}").location == "https://replicas.example/journey"

    for instance in replicas.bff:
        qr = requests.post(
            f"{instance}/api/tools/qr", json={"text": "replicas", "format": "svg"}, headers=user, timeout=30
        )
        assert qr.status_code == 200 and qr.content.startswith(b"<svg"), qr.text[:200]
    # Signed out through one Auth, the session is gone for the other and for both BFFs.
    out = requests.post(f"{next(auth)}/logout", headers=user, timeout=10)
    assert out.status_code == 204, out.text
    assert requests.get(f"{next(auth)}/user", headers=user, timeout=10).status_code == 403
    for instance in replicas.bff:
        assert requests.get(f"{instance}/api/me", headers=user, timeout=10).status_code == 401


def test_the_gateway_of_every_replica_balances_them(replicas):
    """Through the gateway whose upstreams list both instances, the app's calls are answered."""
    health = [requests.get(f"{replicas.gateway}/api/health", timeout=10) for _ in range(4)]
    assert [answer.status_code for answer in health] == [200] * 4
    assert all(answer.json()["checks"]["rate_limit_store"] == "ok" for answer in health)


def test_an_mfa_challenge_answered_on_one_auth_is_spent_on_the_other(replicas):
    account = create_account("replica-mfa")
    enrol_totp(account)
    token = password_session(account)["access_token"]  # aal1: the second step is due
    challenge = requests.post(
        f"{replicas.auth[0]}/factors/{account.factor_id}/challenge", headers=bearer(token), timeout=10
    )
    assert challenge.status_code == 200, challenge.text
    answer = {"challenge_id": challenge.json()["id"], "code": totp_code(account)}
    verified = requests.post(
        f"{replicas.auth[1]}/factors/{account.factor_id}/verify", headers=bearer(token), json=answer, timeout=10
    )
    assert verified.status_code == 200, verified.text
    again = requests.post(
        f"{replicas.auth[0]}/factors/{account.factor_id}/verify", headers=bearer(token), json=answer, timeout=10
    )
    # Upstream's one answer for a used challenge (the same as for another address's).
    assert again.status_code == 422 and again.json()["error_code"] == "mfa_ip_address_mismatch", again.text
