"""The key set: ES256 signing with a kid from GOTRUE_JWT_KEYS, the HS256 secret without a kid when no
keys are given, a JWKS of public EC keys only, and bearer tokens refused as upstream refuses them
(403 bad_jwt with its messages, never a 500)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
import uuid
from collections.abc import Callable

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from flask import Flask
from jwt.algorithms import ECAlgorithm

from local_auth.config import load_settings
from local_auth.errors import AuthError
from local_auth.json_types import JsonObject
from local_auth.jwt_keys import KeySet
from local_auth.request_context import _bearer_claims

SECRET = "super-secret-jwt-token-with-at-least-32-characters-long"
EC_PRIVATE = ec.generate_private_key(ec.SECP256R1())
OTHER_EC = ec.generate_private_key(ec.SECP256R1())


def ec_jwk(private_key: ec.EllipticCurvePrivateKey, kid: str, ops: list[str]) -> JsonObject:
    jwk: JsonObject = json.loads(ECAlgorithm.to_jwk(private_key))
    return jwk | {"kid": kid, "alg": "ES256", "key_ops": ops}


def legacy_jwk() -> JsonObject:
    k = base64.urlsafe_b64encode(SECRET.encode()).decode().rstrip("=")
    return {"kty": "oct", "k": k, "alg": "HS256", "kid": "legacy-hs256", "key_ops": ["verify"]}


@pytest.fixture
def keys() -> KeySet:
    """As the stack configures it: an ES256 signing key and the legacy secret as a verify-only key."""
    return KeySet([ec_jwk(EC_PRIVATE, "ec-1", ["sign", "verify"]), legacy_jwk()], SECRET)


def claims(**extra) -> JsonObject:
    return {"sub": str(uuid.uuid4()), "aud": "authenticated", "exp": int(time.time()) + 60, **extra}


def hs256(secret: bytes, header: JsonObject, payload: JsonObject) -> str:
    """HS256 put together by hand: PyJWT refuses an HMAC keyed with a PEM public key."""

    def part(data: JsonObject) -> bytes:
        return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=")

    signing_input = part({"alg": "HS256", "typ": "JWT", **header}) + b"." + part(payload)
    signature = base64.urlsafe_b64encode(hmac.new(secret, signing_input, hashlib.sha256).digest()).rstrip(b"=")
    return (signing_input + b"." + signature).decode()


def test_tokens_are_es256_with_the_signing_keys_kid(keys):
    token = keys.sign(claims())
    assert jwt.get_unverified_header(token) == {"alg": "ES256", "kid": "ec-1", "typ": "JWT"}
    jwt.decode(token, EC_PRIVATE.public_key(), algorithms=["ES256"], audience="authenticated")
    assert keys.verify(token)["aud"] == "authenticated"


def test_without_keys_the_secret_signs_hs256_without_a_kid():
    keys = KeySet([], SECRET)
    token = keys.sign(claims())
    assert jwt.get_unverified_header(token) == {"alg": "HS256", "typ": "JWT"}
    jwt.decode(token, SECRET, algorithms=["HS256"], audience="authenticated")
    assert keys.public_jwks() == {"keys": []}
    assert keys.valid_algorithms == ["HS256"]


def test_jwks_publishes_only_the_public_ec_key_for_verification(keys):
    published = keys.public_jwks()["keys"]
    assert len(published) == 1  # the HS256 secret is never published
    (key,) = published
    assert key["kty"] == "EC" and key["crv"] == "P-256" and key["kid"] == "ec-1" and key["alg"] == "ES256"
    assert key["use"] == "sig" and key["key_ops"] == ["verify"]
    assert "d" not in key
    # The published key verifies our tokens.
    public = ECAlgorithm.from_jwk(json.dumps(key))
    assert isinstance(public, ec.EllipticCurvePublicKey)
    jwt.decode(keys.sign(claims()), public, algorithms=["ES256"], audience="authenticated")


def test_exactly_one_signing_key_is_required():
    with pytest.raises(ValueError, match="exactly one key with key_ops 'sign'"):
        KeySet([legacy_jwk()], SECRET)
    with pytest.raises(ValueError, match="exactly one key with key_ops 'sign'"):
        KeySet([ec_jwk(EC_PRIVATE, "a", ["sign"]), ec_jwk(OTHER_EC, "b", ["sign"])], SECRET)


def test_legacy_hs256_api_keys_stay_valid(keys):
    # The anon and service-role keys carry no kid: HS256 falls back to the JWT secret.
    api_key = jwt.encode({"iss": "supabase-demo", "role": "service_role", "exp": 1983812996}, SECRET)
    assert keys.verify(api_key)["role"] == "service_role"
    with_kid = hs256(SECRET.encode(), {"kid": "legacy-hs256"}, claims())
    assert keys.verify(with_kid)["sub"]


def refused(keys: KeySet, token: str) -> str:
    with pytest.raises(jwt.InvalidTokenError) as caught:
        keys.verify(token)
    return str(caught.value)


def test_a_token_signed_by_another_key_is_refused(keys):
    forged = jwt.encode(claims(), OTHER_EC, algorithm="ES256", headers={"kid": "ec-1"})
    assert refused(keys, forged) == "token signature is invalid: crypto/ecdsa: verification error"
    with pytest.raises(jwt.InvalidSignatureError):  # worded by the bearer check (below)
        keys.verify(hs256(b"another secret", {}, claims()))


def test_an_algorithm_outside_the_key_set_is_refused(keys):
    rs = jwt.encode(
        claims(),
        rsa.generate_private_key(public_exponent=65537, key_size=2048),
        algorithm="RS256",
        headers={"kid": "ec-1"},
    )
    assert refused(keys, rs) == "token signature is invalid: signing method RS256 is invalid"
    unsigned = jwt.encode(claims(), "", algorithm="none")  # PyJWT takes "" as no key
    assert refused(keys, unsigned) == "token signature is invalid: signing method none is invalid"
    # With only the EC key configured, even the HS256 secret no longer verifies anything.
    ec_only = KeySet([ec_jwk(EC_PRIVATE, "ec-1", ["sign", "verify"])], SECRET)
    assert (
        refused(ec_only, hs256(SECRET.encode(), {}, claims()))
        == "token signature is invalid: signing method HS256 is invalid"
    )


def test_the_public_key_as_an_hmac_secret_is_refused(keys):
    """The algorithm-confusion attack: HS256 keyed with the published key, naming its kid."""
    pem = json.dumps(keys.public_jwks()["keys"][0]).encode()
    message = refused(keys, hs256(pem, {"kid": "ec-1"}, claims()))
    assert message == "token signature is invalid: key is of invalid type: HMAC verify expects []byte"
    es_on_secret = jwt.encode(claims(), OTHER_EC, algorithm="ES256", headers={"kid": "legacy-hs256"})
    assert (
        refused(keys, es_on_secret)
        == "token signature is invalid: key is of invalid type: ECDSA verify expects *ecdsa.PublicKey"
    )


def test_unknown_or_missing_kids_are_refused(keys):
    unknown = jwt.encode(claims(), EC_PRIVATE, algorithm="ES256", headers={"kid": "nope"})
    assert (
        refused(keys, unknown)
        == "token is unverifiable: error while executing keyfunc: unrecognized JWT kid nope for algorithm ES256"
    )
    no_kid = jwt.encode(claims(), EC_PRIVATE, algorithm="ES256")
    assert refused(keys, no_kid).endswith("unrecognized JWT kid <nil> for algorithm ES256")


def test_expiry_is_checked_and_the_audience_is_not(keys):
    with pytest.raises(jwt.ExpiredSignatureError):
        keys.verify(keys.sign(claims(exp=int(time.time()) - 10)))
    assert keys.verify(keys.sign(claims(aud="elsewhere")))["aud"] == "elsewhere"


def test_malformed_tokens(keys):
    assert refused(keys, "a.b") == "token is malformed: token contains an invalid number of segments"
    with pytest.raises(jwt.DecodeError):
        keys.verify("a.b.c")


@pytest.fixture
def bearer_app(keys, monkeypatch: pytest.MonkeyPatch) -> Flask:
    """Just enough of the service to run the bearer check (no database)."""
    app = Flask(__name__)
    app.config["AUTH_KEYS"] = keys
    app.config["AUTH_SETTINGS"] = load_settings()
    return app


@pytest.mark.parametrize(
    "case, message",
    [
        ("hs256_with_ec_kid", "token signature is invalid: key is of invalid type: HMAC verify expects []byte"),
        (
            "unknown_kid",
            "token is unverifiable: error while executing keyfunc: unrecognized JWT kid x for algorithm ES256",
        ),
        ("other_key", "token signature is invalid: crypto/ecdsa: verification error"),
        ("expired", "token has invalid claims: token is expired"),
        ("two_segments", "token is malformed: token contains an invalid number of segments"),
    ],
)
def test_bearer_check_answers_403_bad_jwt(bearer_app, case, message):
    makers: dict[str, Callable[[], str]] = {
        "hs256_with_ec_kid": lambda: hs256(b"guess", {"kid": "ec-1"}, claims()),
        "unknown_kid": lambda: jwt.encode(claims(), EC_PRIVATE, algorithm="ES256", headers={"kid": "x"}),
        "other_key": lambda: jwt.encode(claims(), OTHER_EC, algorithm="ES256", headers={"kid": "ec-1"}),
        "expired": lambda: jwt.encode(
            claims(exp=int(time.time()) - 5), EC_PRIVATE, algorithm="ES256", headers={"kid": "ec-1"}
        ),
        "two_segments": lambda: "abc.def",
    }
    token = makers[case]()
    with (
        bearer_app.test_request_context(headers={"Authorization": f"Bearer {token}"}),
        pytest.raises(AuthError) as caught,
    ):
        _bearer_claims()
    err = caught.value
    assert (err.status, err.error_code) == (403, "bad_jwt")
    assert err.msg == f"invalid JWT: unable to parse or verify signature, {message}"


def test_validmethods_lets_legacy_hs256_tokens_verify_beside_an_es256_signing_key():
    # GOTRUE_JWT_KEYS with only the ES256 key: by default only ES256 is valid (the keys' algorithms).
    only_ec = [ec_jwk(EC_PRIVATE, "ec-1", ["sign", "verify"])]
    legacy = jwt.encode(claims(role="anon"), SECRET, algorithm="HS256")
    with pytest.raises(jwt.InvalidAlgorithmError, match="signing method HS256 is invalid"):
        KeySet(only_ec, SECRET).verify(legacy)
    # Listing HS256 (GOTRUE_JWT_VALIDMETHODS=ES256,HS256): a token without a kid falls back to the secret.
    both = KeySet(only_ec, SECRET, ["ES256", "HS256"])
    assert both.verify(legacy)["role"] == "anon"
    assert both.verify(both.sign(claims()))["aud"] == "authenticated"
    with pytest.raises(jwt.InvalidSignatureError):
        both.verify(jwt.encode(claims(), "another-secret-of-at-least-32-characters", algorithm="HS256"))


def test_validmethods_can_refuse_an_algorithm_the_keys_have():
    stack_keys = [ec_jwk(EC_PRIVATE, "ec-1", ["sign", "verify"]), legacy_jwk()]
    es256_only = KeySet(stack_keys, SECRET, ["ES256"])
    with pytest.raises(jwt.InvalidAlgorithmError, match="signing method HS256 is invalid"):
        es256_only.verify(jwt.encode(claims(), SECRET, algorithm="HS256", headers={"kid": "legacy-hs256"}))
    assert es256_only.verify(es256_only.sign(claims()))["aud"] == "authenticated"


def test_the_jwt_key_id_names_the_secret():
    keys = KeySet([ec_jwk(EC_PRIVATE, "ec-1", ["sign", "verify"])], SECRET, ["ES256", "HS256"], key_id="old-secret")
    token = jwt.encode(claims(), SECRET, algorithm="HS256", headers={"kid": "old-secret"})
    assert keys.verify(token)["aud"] == "authenticated"


def test_the_variables_reach_the_service(make_app):
    only_ec = json.dumps([ec_jwk(EC_PRIVATE, "ec-1", ["sign", "verify"])])
    refused = make_app(GOTRUE_JWT_KEYS=only_ec, GOTRUE_JWT_SECRET=SECRET).test_client()
    listed = make_app(
        GOTRUE_JWT_KEYS=only_ec, GOTRUE_JWT_SECRET=SECRET, GOTRUE_JWT_VALIDMETHODS="ES256,HS256"
    ).test_client()
    # An HS256 token carrying a service role is an admin where HS256 is valid, refused where it is not.
    service = jwt.encode({"role": "service_role"}, SECRET, algorithm="HS256")
    headers = {"Authorization": f"Bearer {service}", "X-Supabase-Api-Version": "2024-01-01"}
    denied = refused.get("/admin/users?per_page=1", headers=headers)
    assert (denied.status_code, denied.json["code"]) == (403, "bad_jwt")
    assert "signing method HS256 is invalid" in denied.json["message"]
    assert listed.get("/admin/users?per_page=1", headers=headers).status_code == 200


def test_ed25519_and_rsa_signing_keys_in_the_official_format():
    from cryptography.hazmat.primitives.asymmetric import ed25519
    from jwt.algorithms import OKPAlgorithm, RSAAlgorithm

    okp = json.loads(OKPAlgorithm.to_jwk(ed25519.Ed25519PrivateKey.generate())) | {
        "kid": "ed-1",
        "alg": "EdDSA",
        "key_ops": ["sign", "verify"],
    }
    rsa_key = json.loads(RSAAlgorithm.to_jwk(rsa.generate_private_key(public_exponent=65537, key_size=2048))) | {
        "kid": "rsa-1",
        "alg": "RS256",
        "key_ops": ["verify"],
    }
    keys = KeySet([okp, rsa_key], SECRET)
    token = keys.sign(claims())
    assert jwt.get_unverified_header(token)["alg"] == "EdDSA"
    assert keys.verify(token)["aud"] == "authenticated"
    assert {k["kid"]: k["kty"] for k in keys.public_jwks()["keys"]} == {"ed-1": "OKP", "rsa-1": "RSA"}
    assert all("d" not in k for k in keys.public_jwks()["keys"])
    assert keys.valid_algorithms == ["EdDSA", "RS256"]
