"""Access tokens: verified with the JWT secret or the local Auth's JWKS, with upstream's messages."""

from __future__ import annotations

import json
import time

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from jwt.algorithms import ECAlgorithm

from local_realtime.tokens import TokenError, Verifier

SECRET = "a-test-secret-with-at-least-32-characters!"


def hs256(secret: str = SECRET, **claims: object) -> str:
    return jwt.encode({"role": "authenticated", "exp": int(time.time()) + 60} | claims, secret, algorithm="HS256")


@pytest.fixture(scope="module")
def es256():
    key = ec.generate_private_key(ec.SECP256R1())
    public = json.loads(ECAlgorithm.to_jwk(key.public_key())) | {"kid": "k1", "alg": "ES256"}
    return key, public


def test_hs256_and_es256_tokens_verify(es256):
    key, public = es256
    verifier = Verifier(SECRET, (public,))
    assert verifier.claims(hs256(sub="u1"))["sub"] == "u1"
    token = jwt.encode(
        {"role": "authenticated", "exp": int(time.time()) + 60, "sub": "u2"},
        key,
        algorithm="ES256",
        headers={"kid": "k1"},
    )
    assert verifier.claims(token)["sub"] == "u2"


def test_an_expired_token_says_how_long_ago(es256):
    with pytest.raises(TokenError) as error:
        Verifier(SECRET).claims(hs256(exp=int(time.time()) - 30))
    assert error.value.code == "InvalidJWTToken"
    assert error.value.message in {f"Token has expired {n} seconds ago" for n in (30, 31, 32)}
    assert error.value.connect_message == "Token has expired"


@pytest.mark.parametrize(
    "token, reason",
    [
        ("not-a-jwt", "MalformedJWT: The token provided is not a valid JWT"),
        (None, "MalformedJWT: The token provided is not a valid JWT"),
        (
            hs256(secret="another-secret-with-at-least-32-characters"),
            "JwtSignatureError: Failed to validate JWT signature",
        ),
        (
            jwt.encode({"exp": int(time.time()) + 60}, SECRET, algorithm="HS256"),
            "InvalidJWTToken: Fields `role` and `exp` are required in JWT",
        ),
        (
            jwt.encode({"role": "anon"}, SECRET, algorithm="HS256"),
            "InvalidJWTToken: Fields `role` and `exp` are required in JWT",
        ),
    ],
)
def test_unusable_tokens_are_refused_with_upstreams_reason(token, reason):
    with pytest.raises(TokenError) as error:
        Verifier(SECRET).claims(token)
    assert error.value.reason == reason


def test_an_es256_token_with_an_unknown_kid_or_hs256_with_the_ec_kid_is_refused(es256):
    key, public = es256
    verifier = Verifier(SECRET, (public,))
    unknown = jwt.encode(
        {"role": "authenticated", "exp": int(time.time()) + 60}, key, algorithm="ES256", headers={"kid": "nope"}
    )
    with pytest.raises(TokenError, match="JWT signer"):
        verifier.claims(unknown)
    confused = jwt.encode(
        {"role": "service_role", "exp": int(time.time()) + 60}, SECRET, algorithm="HS256", headers={"kid": "k1"}
    )
    with pytest.raises(TokenError):
        verifier.claims(confused)


def test_a_jwks_document_or_a_bare_key_list_configures_the_verifier(es256):
    _, public = es256
    assert Verifier.from_env(SECRET, json.dumps({"keys": [public]})).jwks == (public,)
    assert Verifier.from_env(SECRET, json.dumps([public])).jwks == (public,)
    assert Verifier.from_env(SECRET, "").jwks == ()
