"""The BFF accepts the access tokens the stack's Auth service issues (ES256, key from its JWKS) and
refuses tampered ones with a 401 JSON error, whatever was changed."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import time
import uuid
from collections.abc import Mapping
from typing import Any

import jwt
import pytest
import requests
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.ec import EllipticCurvePrivateKey, EllipticCurvePublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from jwt.algorithms import ECAlgorithm

from conftest import bearer


def _auth(path: str) -> str:
    return f"{os.environ['TOOLKIT_AUTH_URL']}{path}"


@pytest.fixture
def auth_app(app):
    """The BFF configured like the stack's: Auth's key set for ES256, HS256 secret as before."""
    app.config.update(JWKS_URL=os.environ["TOOLKIT_JWKS_URL"], AUTH_URL=os.environ["TOOLKIT_AUTH_URL"])
    return app


@pytest.fixture
def signed_in(admin_db):
    """A confirmed user made through Auth's admin API, signed in with its password: the session."""
    service = os.environ["TOOLKIT_SERVICE_ROLE_KEY"]
    email, password = f"bff-{uuid.uuid4().hex[:10]}@example.com", "local-auth-pass-1"
    created = requests.post(
        _auth("/admin/users"),
        headers={"Authorization": f"Bearer {service}"},
        json={"email": email, "password": password, "email_confirm": True},
        timeout=10,
    )
    assert created.status_code == 200, created.text
    session = requests.post(
        _auth("/token?grant_type=password"), json={"email": email, "password": password}, timeout=10
    )
    assert session.status_code == 200, session.text
    yield session.json()
    admin_db.execute("delete from auth.users where id = %s", (created.json()["id"],))


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _json_part(data: Mapping[str, object]) -> str:
    return _b64(json.dumps(data, separators=(",", ":")).encode())


def _parts(token: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """(header, claims, signature) of a JWT: its JSON parts decoded."""
    header, payload, signature = token.split(".")
    return (
        json.loads(base64.urlsafe_b64decode(header + "==")),
        json.loads(base64.urlsafe_b64decode(payload + "==")),
        signature,
    )


def _signing_key() -> tuple[EllipticCurvePrivateKey, str]:
    """Auth's own private key and its kid (the stack hands it the service in GOTRUE_JWT_KEYS)."""
    keys = json.loads(json.loads(os.environ["TOOLKIT_AUTH_ENV"])["GOTRUE_JWT_KEYS"])
    jwk = next(k for k in keys if "sign" in k.get("key_ops", []))
    key = ECAlgorithm.from_jwk(json.dumps(jwk))
    assert isinstance(key, EllipticCurvePrivateKey), "the signing JWK carries its private part"
    kid: str = jwk["kid"]
    return key, kid


def test_an_access_token_from_local_auth_is_accepted(auth_app, signed_in):
    token = signed_in["access_token"]
    header = jwt.get_unverified_header(token)
    assert header["alg"] == "ES256" and header["kid"]
    jwks = requests.get(os.environ["TOOLKIT_JWKS_URL"], timeout=5).json()
    assert header["kid"] in [key["kid"] for key in jwks["keys"]]
    response = auth_app.test_client().get("/api/me", headers=bearer(token))
    assert response.status_code == 200, response.data
    me = response.get_json()["user"]
    assert me == {"id": signed_in["user"]["id"], "email": signed_in["user"]["email"], "role": "authenticated"}
    assert response.get_json()["profile"]["email"] == signed_in["user"]["email"]


def test_a_refreshed_token_is_accepted_too(auth_app, signed_in):
    refreshed = requests.post(
        _auth("/token?grant_type=refresh_token"), json={"refresh_token": signed_in["refresh_token"]}, timeout=10
    ).json()
    response = auth_app.test_client().get("/api/me", headers=bearer(refreshed["access_token"]))
    assert response.status_code == 200
    assert response.get_json()["user"]["id"] == signed_in["user"]["id"]


def _tampered(token: str, case: str) -> str:
    header, claims, signature = _parts(token)
    if case == "payload_changed":  # someone else's id under the original signature
        return f"{_json_part(header)}.{_json_part(claims | {'sub': str(uuid.uuid4())})}.{signature}"
    if case == "role_raised":
        return f"{_json_part(header)}.{_json_part(claims | {'role': 'service_role'})}.{signature}"
    if case == "other_key_same_kid":
        return jwt.encode(
            claims, ec.generate_private_key(ec.SECP256R1()), algorithm="ES256", headers={"kid": header["kid"]}
        )
    if case == "hs256_with_the_public_key":  # HMAC keyed with the key Auth publishes
        public = requests.get(os.environ["TOOLKIT_JWKS_URL"], timeout=5).json()["keys"][0]
        public_key = ECAlgorithm.from_jwk(json.dumps(public))
        assert isinstance(public_key, EllipticCurvePublicKey), "a published JWK has no private part"
        secret = public_key.public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo)
        signing_input = f"{_json_part({'alg': 'HS256', 'typ': 'JWT', 'kid': header['kid']})}.{_json_part(claims)}"
        return f"{signing_input}.{_b64(hmac.new(secret, signing_input.encode(), hashlib.sha256).digest())}"
    if case == "expired":  # signed by Auth's real key: only the expiry is wrong
        key, kid = _signing_key()
        return jwt.encode(claims | {"exp": int(time.time()) - 60}, key, algorithm="ES256", headers={"kid": kid})
    if case == "signature_removed":
        return f"{_json_part(header)}.{_json_part(claims)}."
    raise AssertionError(case)


@pytest.mark.parametrize(
    "case",
    [
        "payload_changed",
        "role_raised",
        "other_key_same_kid",
        "hs256_with_the_public_key",
        "expired",
        "signature_removed",
    ],
)
def test_tampered_tokens_are_401_json(auth_app, signed_in, case):
    response = auth_app.test_client().get("/api/me", headers=bearer(_tampered(signed_in["access_token"], case)))
    assert response.status_code == 401, response.data
    assert response.is_json
    error = response.get_json()["error"]
    assert error["code"] == "invalid_token"
    if case == "expired":
        assert error["message"] == "Access token has expired"


def test_the_real_key_still_verifies_a_token_made_like_the_expired_one(auth_app, signed_in):
    """Control for the "expired" case: the same construction with a future expiry is accepted."""
    _, claims, _ = _parts(signed_in["access_token"])
    key, kid = _signing_key()
    token = jwt.encode(claims | {"exp": int(time.time()) + 60}, key, algorithm="ES256", headers={"kid": kid})
    assert auth_app.test_client().get("/api/me", headers=bearer(token)).status_code == 200
