"""Signing and verifying keys from GOTRUE_JWT_KEYS (a JSON array of JWKs, the official format) or,
without it, the HS256 GOTRUE_JWT_SECRET; the public JWK set for /.well-known/jwks.json.

Which algorithms a token may use is GOTRUE_JWT_VALIDMETHODS, by default those of the keys (upstream's
ApplyDefaults in internal/conf/configuration.go); an HS256 token whose kid names no key verifies with
the secret (parseJWTClaims in internal/api/auth.go, FindPublicKeyByKid in internal/conf/jwk.go), so
listing HS256 keeps legacy tokens valid beside an asymmetric signing key."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import jwt
from flask import current_app
from jwt.algorithms import Algorithm, ECAlgorithm, HMACAlgorithm, OKPAlgorithm, RSAAlgorithm

from .json_types import JsonObject

_PRIVATE_MEMBERS = {"d", "p", "q", "dp", "dq", "qi", "k", "oth"}


@dataclass(frozen=True)
class Key:
    kid: str
    alg: str
    signing_key: Any  # private key or HMAC secret bytes
    verify_key: Any  # public key or HMAC secret bytes
    public_jwk: JsonObject | None  # None for symmetric keys, which are never published
    signs: bool


def _alg_of(jwk: JsonObject) -> str:
    alg: str = jwk.get("alg") or ""
    if alg:
        return alg
    return {"EC": "ES256", "RSA": "RS256", "oct": "HS256", "OKP": "EdDSA"}[jwk["kty"]]


def _load(jwk: JsonObject) -> Key:
    text = json.dumps(jwk)
    alg = _alg_of(jwk)
    if jwk["kty"] == "oct":
        secret = HMACAlgorithm.from_jwk(text)
        return Key(jwk.get("kid", ""), alg, secret, secret, None, "sign" in jwk.get("key_ops", []))
    families: dict[str, type[Algorithm]] = {"EC": ECAlgorithm, "RSA": RSAAlgorithm, "OKP": OKPAlgorithm}
    algorithm = families[jwk["kty"]]
    private = algorithm.from_jwk(text)
    public_jwk = {k: v for k, v in jwk.items() if k not in _PRIVATE_MEMBERS}
    # As upstream: published keys are for signatures and may only verify.
    public_jwk |= {"use": "sig", "key_ops": ["verify"]}
    public = private.public_key() if hasattr(private, "public_key") else private
    return Key(jwk.get("kid", ""), alg, private, public, public_jwk, "sign" in jwk.get("key_ops", []))


class KeySet:
    def __init__(self, jwks: list[JsonObject], secret: str, valid_methods: list[str] | None = None, key_id: str = ""):
        self.secret, self.key_id = secret, key_id
        if jwks:
            self.keys = [_load(k) for k in jwks]
        else:
            # Upstream turns the secret into a symmetric signing JWK without a key id.
            raw = secret.encode()
            self.keys = [Key("", "HS256", raw, raw, None, True)]
        signing = [k for k in self.keys if k.signs]
        if len(signing) != 1:
            raise ValueError("GOTRUE_JWT_KEYS must hold exactly one key with key_ops 'sign'")
        self.signing = signing[0]
        self.valid_algorithms = valid_methods if valid_methods is not None else sorted({k.alg for k in self.keys})
        self._by_kid = {k.kid: k for k in self.keys if k.kid}

    def sign(self, claims: JsonObject) -> str:
        headers = {"kid": self.signing.kid} if self.signing.kid else None
        return jwt.encode(claims, self.signing.signing_key, algorithm=self.signing.alg, headers=headers)

    def public_jwks(self) -> JsonObject:
        return {"keys": [k.public_jwk for k in self.keys if k.public_jwk]}

    def verify(self, token: str) -> JsonObject:
        """Claims of a token signed by one of our keys; raises jwt.InvalidTokenError otherwise.

        Like upstream: a known kid selects its key; an HS256 token without a known kid falls back to
        the JWT secret; expiry is checked when present, the audience is not (callers check what they need)."""
        if token.count(".") != 2:
            raise jwt.InvalidTokenError("token is malformed: token contains an invalid number of segments")
        header = jwt.get_unverified_header(token)
        alg = header.get("alg")
        if alg not in self.valid_algorithms:
            raise jwt.InvalidAlgorithmError(f"token signature is invalid: signing method {alg} is invalid")
        kid = header.get("kid")
        key = self._by_kid.get(kid or "") if isinstance(kid, str) else None
        if key is None and self.key_id and kid == self.key_id:
            key = Key(self.key_id, "HS256", None, self.secret.encode(), None, False)  # GOTRUE_JWT_KEY_ID
        if key is not None:
            # A kid naming a key of another type (HS256 with the EC key's kid, the confusion attack)
            # fails like upstream's key type check, never reaches the crypto library as a wrong key.
            if _family(key.alg) != _family(alg):
                raise jwt.InvalidTokenError(
                    f"token signature is invalid: key is of invalid type: {_KEY_TYPE_ERRORS[_family(alg)]}"
                )
            verify_key = key.verify_key
        elif alg == "HS256":
            verify_key = self.secret.encode()
        else:
            shown = "<nil>" if kid is None else kid
            raise jwt.InvalidTokenError(
                "token is unverifiable: error while executing keyfunc: "
                f"unrecognized JWT kid {shown} for algorithm {alg}"
            )
        try:
            return jwt.decode(token, verify_key, algorithms=[alg], options={"verify_aud": False})
        except jwt.InvalidSignatureError:
            if _family(alg) == "HS":
                raise
            # Go's crypto package words a failed ECDSA/RSA check differently from a failed HMAC.
            failure = {"ES": "crypto/ecdsa", "Ed": "ed25519"}.get(_family(alg), "crypto/rsa")
            raise jwt.InvalidTokenError(f"token signature is invalid: {failure}: verification error") from None


# Upstream's (golang-jwt) messages when a kid selects a key of the wrong type for the token's alg.
_KEY_TYPE_ERRORS = {
    "HS": "HMAC verify expects []byte",
    "ES": "ECDSA verify expects *ecdsa.PublicKey",
    "RS": "RSA verify expects *rsa.PublicKey",
    "PS": "RSA verify expects *rsa.PublicKey",
    "Ed": "ed25519 verify expects ed25519.PublicKey",
}


def _family(alg: str) -> str:
    return alg[:2]


def current_keys() -> KeySet:
    """The keys of the app serving this request (create_app stores them in its config)."""
    keys: KeySet = current_app.config["AUTH_KEYS"]
    return keys
