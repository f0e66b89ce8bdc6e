"""MFA with TOTP: enrolment, challenge, verification to aal2 on the same session, unenrolment, and
upstream's refusals (statuses differ per endpoint: 403 to enroll, 422 to unenroll)."""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import jwt
import pyotp
from flask.testing import FlaskClient

from local_auth.json_types import JsonObject

from .support import API_2024, bearer, json_of

PASSWORD = "correct-horse-1"


def _claims(token: str) -> JsonObject:
    return jwt.decode(token, options={"verify_signature": False})


def _sign_in(client: FlaskClient, email: str) -> JsonObject:
    response = client.post("/token?grant_type=password", json={"email": email, "password": PASSWORD})
    assert response.status_code == 200, response.json
    return json_of(response)


def _user(client: FlaskClient, email: str) -> JsonObject:
    admin = bearer(os.environ["TOOLKIT_SERVICE_ROLE_KEY"]) | API_2024
    created = client.post(
        "/admin/users", json={"email": email, "password": PASSWORD, "email_confirm": True}, headers=admin
    )
    assert created.status_code == 200, created.json
    return _sign_in(client, email)


def _auth(session: JsonObject) -> dict[str, str]:
    return bearer(session["access_token"]) | API_2024


def _enroll(client: FlaskClient, session: JsonObject, name: str = "Phone") -> JsonObject:
    response = client.post("/factors", json={"factor_type": "totp", "friendly_name": name}, headers=_auth(session))
    assert response.status_code == 200, response.json
    return json_of(response)


def _verified(client: FlaskClient, session: JsonObject, factor: JsonObject) -> JsonObject:
    challenge = json_of(client.post(f"/factors/{factor['id']}/challenge", headers=_auth(session)))
    code = pyotp.TOTP(factor["totp"]["secret"]).now()
    response = client.post(
        f"/factors/{factor['id']}/verify", json={"challenge_id": challenge["id"], "code": code}, headers=_auth(session)
    )
    assert response.status_code == 200, response.json
    return json_of(response)


def test_enrolment_returns_the_secret_its_uri_and_an_svg_qr_code(client, new_email, auth_env):
    session = _user(client, new_email)
    with_issuer = client.post(
        "/factors", json={"factor_type": "totp", "friendly_name": "Work", "issuer": "Toolkit"}, headers=_auth(session)
    ).json
    secret = with_issuer["totp"]["secret"]
    assert with_issuer["type"] == "totp" and with_issuer["friendly_name"] == "Work" and len(secret) == 32
    assert with_issuer["totp"]["uri"] == (
        f"otpauth://totp/Toolkit:{new_email}?algorithm=SHA1&digits=6&issuer=Toolkit&period=30&secret={secret}"
    )
    assert with_issuer["totp"]["qr_code"].startswith('<?xml version="1.0"?>\n<svg width=')
    # Without an issuer upstream uses the site's host and port.
    site = urlsplit(auth_env["GOTRUE_SITE_URL"]).netloc
    assert f"otpauth://totp/{site}:{new_email}?" in _enroll(client, session, "Home")["totp"]["uri"]
    factors = client.get("/user", headers=_auth(session)).json["factors"]
    assert {f["status"] for f in factors} == {"unverified"} and len(factors) == 2


def test_enrolment_refusals(client, new_email):
    session = _user(client, new_email)
    _enroll(client, session, "Phone")

    def enroll(body: JsonObject):
        response = client.post("/factors", json=body, headers=_auth(session))
        return response.status_code, response.json["code"], response.json["message"]

    assert enroll({"factor_type": "totp", "friendly_name": "Phone"}) == (
        422,
        "mfa_factor_name_conflict",
        'A factor with the friendly name "Phone" for this user already exists',
    )
    assert enroll({"factor_type": "phone", "phone": "+15555550100"}) == (
        422,
        "mfa_phone_enroll_not_enabled",
        "MFA enroll is disabled for Phone",
    )
    assert enroll({"factor_type": "webauthn"})[:2] == (422, "mfa_webauthn_enroll_not_enabled")
    assert enroll({"factor_type": "sms"}) == (
        400,
        "validation_failed",
        "factor_type needs to be totp, phone, or webauthn",
    )
    assert client.post("/factors", json={"factor_type": "totp"}).status_code == 401


def test_verification_upgrades_the_same_session_to_aal2(client, new_email, auth_db):
    session = _user(client, new_email)
    other = _sign_in(client, new_email)
    factor = _enroll(client, session)
    upgraded = _verified(client, session, factor)
    claims = _claims(upgraded["access_token"])
    assert claims["aal"] == "aal2" and claims["session_id"] == _claims(session["access_token"])["session_id"]
    assert [entry["method"] for entry in claims["amr"]] in (["totp", "password"], ["password", "totp"])
    assert claims["amr"][0]["timestamp"] >= claims["amr"][1]["timestamp"]  # newest first
    assert "weak_password" not in upgraded and upgraded["user"]["factors"][0]["status"] == "verified"
    row = auth_db.execute("select aal, factor_id from auth.sessions where id = %s", (claims["session_id"],)).fetchone()
    assert row["aal"] == "aal2" and str(row["factor_id"]) == factor["id"]
    # Other sessions still at aal1 are signed out; the upgraded one refreshes and stays aal2.
    gone = client.post("/token?grant_type=refresh_token", json={"refresh_token": other["refresh_token"]})
    assert gone.status_code == 400
    refreshed = client.post("/token?grant_type=refresh_token", json={"refresh_token": upgraded["refresh_token"]})
    assert refreshed.status_code == 200 and _claims(refreshed.json["access_token"])["aal"] == "aal2"
    # Password sign-in still gives aal1: the app has to ask for the code.
    assert _claims(_sign_in(client, new_email)["access_token"])["aal"] == "aal1"


def test_verification_refusals(client, new_email, auth_db):
    session = _user(client, new_email)
    factor = _enroll(client, session)
    challenge = client.post(f"/factors/{factor['id']}/challenge", headers=_auth(session)).json
    assert challenge["type"] == "totp" and challenge["expires_at"] > 0

    def verify(body: JsonObject):
        response = client.post(f"/factors/{factor['id']}/verify", json=body, headers=_auth(session))
        return response.status_code, response.json.get("code"), response.json.get("message")

    assert verify({"challenge_id": challenge["id"], "code": "000000"})[:2] == (422, "mfa_verification_failed")
    assert verify({"challenge_id": challenge["id"]}) == (400, "validation_failed", "Code needs to be non-empty")
    assert verify({"challenge_id": "00000000-0000-0000-0000-000000000000", "code": "123456"}) == (
        422,
        "mfa_factor_not_found",
        "MFA factor with the provided challenge ID not found",
    )
    code = pyotp.TOTP(factor["totp"]["secret"]).now()
    assert verify({"challenge_id": challenge["id"], "code": code})[0] == 200
    assert verify({"challenge_id": challenge["id"], "code": code}) == (
        422,
        "mfa_ip_address_mismatch",
        "Challenge and verify IP addresses mismatch.",
    )
    stale = client.post(f"/factors/{factor['id']}/challenge", headers=_auth(session)).json
    auth_db.execute(
        "update auth.mfa_challenges set created_at = now() - interval '10 minutes' where id = %s", (stale["id"],)
    )
    status, error, _ = verify({"challenge_id": stale["id"], "code": code})
    assert (status, error) == (422, "mfa_challenge_expired")
    assert auth_db.execute("select 1 from auth.mfa_challenges where id = %s", (stale["id"],)).fetchone() is None
    unknown = client.post("/factors/00000000-0000-0000-0000-000000000000/challenge", headers=_auth(session))
    assert unknown.status_code == 404 and unknown.json["code"] == "mfa_factor_not_found"


def test_aal1_sessions_of_an_mfa_user_cannot_change_factors(client, new_email):
    session = _user(client, new_email)
    factor = _enroll(client, session)
    upgraded = _verified(client, session, factor)
    weak = _sign_in(client, new_email)
    enroll = client.post("/factors", json={"factor_type": "totp", "friendly_name": "Second"}, headers=_auth(weak))
    assert (enroll.status_code, enroll.json["message"]) == (403, "AAL2 required to enroll a new factor")
    remove = client.delete(f"/factors/{factor['id']}", headers=_auth(weak))
    assert (remove.status_code, remove.json["message"]) == (422, "AAL2 required to unenroll verified factor")
    password = client.put("/user", json={"password": "another-horse-2"}, headers=_auth(weak))
    assert (password.status_code, password.json["code"]) == (401, "insufficient_aal")
    # At aal2 the factor goes, and the session falls back to aal1 without its totp claim.
    removed = client.delete(f"/factors/{factor['id']}", headers=_auth(upgraded))
    assert removed.status_code == 200 and removed.json == {"id": factor["id"]}
    refreshed = client.post("/token?grant_type=refresh_token", json={"refresh_token": upgraded["refresh_token"]}).json
    claims = _claims(refreshed["access_token"])
    assert claims["aal"] == "aal1" and [a["method"] for a in claims["amr"]] == ["password"]


def test_challenges_are_rate_limited_per_client(client, new_email):
    session = _user(client, new_email)
    factor = _enroll(client, session)
    headers = _auth(session) | {"X-Forwarded-For": "203.0.113.7"}
    statuses = [client.post(f"/factors/{factor['id']}/challenge", headers=headers).status_code for _ in range(31)]
    assert statuses[:30] == [200] * 30 and statuses[30] == 429
