"""Asymmetric access tokens (ES256/RS256) verified with keys from a JWKS URL, the way Supabase Auth
publishes them at /.well-known/jwks.json: cached, fetched again for an unknown kid, and never
confused with another key type or with the HS256 secret."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
import uuid
from http.server import BaseHTTPRequestHandler

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from conftest import bearer
from tools_servers import serve


class KeySet:
    """A JWKS document (RFC 7517) served over HTTP, its keys changeable, its fetches counted."""

    def __init__(self) -> None:
        self.public_jwks: list[dict[str, object]] = []
        self.fetches = 0

    def add(self, private_key: ec.EllipticCurvePrivateKey | rsa.RSAPrivateKey, alg: str) -> str:
        kid = uuid.uuid4().hex[:12]
        jwk = json.loads(jwt.algorithms.get_default_algorithms()[alg].to_jwk(private_key.public_key()))
        self.public_jwks.append({**jwk, "kid": kid, "alg": alg, "use": "sig"})
        return kid

    def handler(self) -> type[BaseHTTPRequestHandler]:
        key_set = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                key_set.fetches += 1
                body = json.dumps({"keys": key_set.public_jwks}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        return Handler


@pytest.fixture
def key_set(app):
    keys = KeySet()
    with serve(keys.handler()) as base:
        app.config.update(JWKS_URL=f"{base}/auth/v1/.well-known/jwks.json", JWKS_REFRESH_COOLDOWN=0)
        yield keys


def sign(private_key, alg: str, kid: str | None, **overrides) -> str:
    now = int(time.time())
    claims = {
        "sub": str(uuid.uuid4()),
        "aud": "authenticated",
        "role": "authenticated",
        "email": "es@example.com",
        "iat": now,
        "exp": now + 600,
        **overrides,
    }
    headers = {"kid": kid} if kid else {}
    return jwt.encode(claims, private_key, algorithm=alg, headers=headers)


def hmac_token(secret: bytes, kid: str) -> str:
    """HS256 keyed with a public key: PyJWT refuses to make one, so it is put together by hand."""

    def part(data: dict[str, object]) -> bytes:
        return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=")

    signing_input = (
        part({"alg": "HS256", "typ": "JWT", "kid": kid})
        + b"."
        + part({"sub": str(uuid.uuid4()), "aud": "authenticated", "exp": int(time.time()) + 60})
    )
    signature = base64.urlsafe_b64encode(hmac.new(secret, signing_input, hashlib.sha256).digest()).rstrip(b"=")
    return (signing_input + b"." + signature).decode()


EC_KEY = ec.generate_private_key(ec.SECP256R1())
RSA_KEY = rsa.generate_private_key(public_exponent=65537, key_size=2048)


@pytest.mark.parametrize("private_key, alg", [(EC_KEY, "ES256"), (RSA_KEY, "RS256")], ids=["ES256", "RS256"])
def test_asymmetric_tokens_from_the_key_set_are_accepted(client, key_set, make_user, private_key, alg):
    kid = key_set.add(private_key, alg)
    sub = make_user().id  # the data API also checks the token's user still exists
    response = client.get("/api/me", headers=bearer(sign(private_key, alg, kid, sub=sub)))
    assert response.status_code == 200, response.data
    assert response.get_json()["user"]["id"] == sub


def test_key_set_is_cached_and_fetched_again_for_a_new_kid(client, key_set, make_user):
    first, sub = key_set.add(EC_KEY, "ES256"), make_user().id
    for _ in range(3):
        assert client.get("/api/me", headers=bearer(sign(EC_KEY, "ES256", first, sub=sub))).status_code == 200
    assert key_set.fetches == 1
    # Auth rotates keys: a token with a kid the cache does not know makes the BFF look again.
    rotated = ec.generate_private_key(ec.SECP256R1())
    second = key_set.add(rotated, "ES256")
    assert client.get("/api/me", headers=bearer(sign(rotated, "ES256", second, sub=sub))).status_code == 200
    assert key_set.fetches == 2


def test_made_up_kids_do_not_flood_the_auth_server(app, client, key_set, make_user):
    app.config["JWKS_REFRESH_COOLDOWN"] = 60
    kid = key_set.add(EC_KEY, "ES256")
    assert client.get("/api/me", headers=bearer(sign(EC_KEY, "ES256", kid, sub=make_user().id))).status_code == 200
    for _ in range(5):
        made_up = sign(EC_KEY, "ES256", uuid.uuid4().hex)
        assert client.get("/api/me", headers=bearer(made_up)).status_code == 401
    assert key_set.fetches == 1  # within the cooldown, unknown kids are refused without a fetch


@pytest.mark.parametrize(
    "case",
    [
        "unknown_kid",
        "no_kid",
        "wrong_key",
        "expired",
        "wrong_audience",
        "alg_mismatch",
        "hs256_signed_with_public_key",
        "es512",
    ],
)
def test_bad_asymmetric_tokens_are_401(client, key_set, case):
    kid = key_set.add(EC_KEY, "ES256")
    rsa_kid = key_set.add(RSA_KEY, "RS256")
    other = ec.generate_private_key(ec.SECP256R1())
    public_pem = EC_KEY.public_key().public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo)
    token = {
        "unknown_kid": lambda: sign(EC_KEY, "ES256", "no-such-kid"),
        "no_kid": lambda: sign(EC_KEY, "ES256", None),
        "wrong_key": lambda: sign(other, "ES256", kid),
        "expired": lambda: sign(EC_KEY, "ES256", kid, exp=int(time.time()) - 60),
        "wrong_audience": lambda: sign(EC_KEY, "ES256", kid, aud="elsewhere"),
        # An RS256 token naming the EC key's kid, and the reverse: the key type decides.
        "alg_mismatch": lambda: sign(RSA_KEY, "RS256", kid),
        # The classic confusion attack: HMAC keyed with the published public key.
        "hs256_signed_with_public_key": lambda: hmac_token(public_pem, kid),
        "es512": lambda: sign(ec.generate_private_key(ec.SECP521R1()), "ES512", kid),
    }[case]()
    assert rsa_kid
    response = client.get("/api/me", headers=bearer(token))
    assert response.status_code == 401, response.data
    assert response.get_json()["error"]["code"] == "invalid_token"


def test_asymmetric_tokens_without_a_key_set_are_refused(client):
    response = client.get("/api/me", headers=bearer(sign(EC_KEY, "ES256", "kid-1")))
    assert response.status_code == 401
    assert "no JWKS is configured" in response.get_json()["error"]["message"]


def test_unreachable_key_set_is_503(app, client):
    app.config["JWKS_URL"] = "http://127.0.0.1:1/.well-known/jwks.json"
    response = client.get("/api/me", headers=bearer(sign(EC_KEY, "ES256", "kid-1")))
    assert response.status_code == 503
    assert response.get_json()["error"]["code"] == "auth_unavailable"


def test_hs256_tokens_still_work_with_a_key_set(client, key_set, make_user, make_token):
    key_set.add(EC_KEY, "ES256")
    assert client.get("/api/me", headers=bearer(make_token(make_user().id))).status_code == 200
