"""Access-token checks as the official server makes them (RealtimeWeb.ChannelsAuthorization):
HS256 with API_JWT_SECRET, asymmetric keys from API_JWT_JWKS; `role` and `exp` are required."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import jwt
from jwt.algorithms import ECAlgorithm, RSAAlgorithm

from .serializer import JsonObject


class TokenError(Exception):
    """The token cannot be used. `code` is upstream's log code, `message` its text."""

    def __init__(self, code: str, message: str, connect_message: str):
        super().__init__(message)
        self.code = code
        self.message = message
        self.connect_message = connect_message  # the body of a refused WebSocket upgrade

    @property
    def reason(self) -> str:
        return f"{self.code}: {self.message}"


MALFORMED = ("MalformedJWT", "The token provided is not a valid JWT", "The token provided is not a valid JWT")
SIGNATURE = ("JwtSignatureError", "Failed to validate JWT signature", "Failed to validate JWT signature")
MISSING = (
    "InvalidJWTToken",
    "Fields `role` and `exp` are required in JWT",
    "Fields `role` and `exp` are required in JWT",
)


@dataclass(frozen=True)
class Verifier:
    secret: str
    jwks: tuple[JsonObject, ...] = ()

    @classmethod
    def from_env(cls, secret: str, jwks_json: str) -> Verifier:
        keys: Any = json.loads(jwks_json) if jwks_json.strip() else []
        if isinstance(keys, dict):
            keys = keys.get("keys", [])
        return cls(secret, tuple(keys))

    def claims(self, token: Any) -> JsonObject:
        """Verified claims; raises TokenError with upstream's wording."""
        if not isinstance(token, str) or token.count(".") != 2:
            raise TokenError(*MALFORMED)
        token = "".join(token.split())
        try:
            header = jwt.get_unverified_header(token)
        except jwt.InvalidTokenError:
            raise TokenError(*MALFORMED) from None
        alg = header.get("alg")
        key = self._key_for(alg, header.get("kid"))
        try:
            # str(): _key_for returned, so `alg` is the name of an algorithm it matched to a key.
            claims = jwt.decode(token, key, algorithms=[str(alg)], options={"verify_aud": False, "verify_exp": False})
        except jwt.DecodeError as exc:
            if isinstance(exc, jwt.InvalidSignatureError):
                raise TokenError(*SIGNATURE) from None
            raise TokenError(*MALFORMED) from None
        except jwt.InvalidTokenError:
            raise TokenError(*SIGNATURE) from None
        if "role" not in claims or "exp" not in claims:
            raise TokenError(*MISSING)
        exp = claims["exp"]
        if not isinstance(exp, int) or exp <= 0:
            raise TokenError(
                "InvalidJWTToken", "Token expiration time is invalid", "The token provided is not a valid JWT"
            )
        now = int(time.time())
        if exp <= now:
            raise TokenError("InvalidJWTToken", f"Token has expired {now - exp} seconds ago", "Token has expired")
        return claims

    def _key_for(self, alg: Any, kid: Any) -> Any:
        if alg == "HS256" and not any(k.get("kid") == kid and k.get("kty") != "oct" for k in self.jwks):
            oct_key = next((k for k in self.jwks if k.get("kty") == "oct" and k.get("kid") == kid), None)
            if oct_key is not None:
                return jwt.algorithms.HMACAlgorithm.from_jwk(json.dumps(oct_key))
            if not self.secret:
                raise TokenError(*SIGNATURE)
            return self.secret.encode()
        for jwk in self.jwks:
            if jwk.get("kid") == kid and jwk.get("kty") in ("EC", "RSA"):
                algorithm = ECAlgorithm if jwk["kty"] == "EC" else RSAAlgorithm
                expected = jwk.get("alg") or ("ES256" if jwk["kty"] == "EC" else "RS256")
                if alg != expected:
                    raise TokenError(*SIGNATURE)
                return algorithm.from_jwk(json.dumps(jwk))
        raise TokenError(
            "JwtSignerError",
            f"Failed to generate JWT signer for key ID (kid) {json.dumps(kid)}, "
            "check your JWT secret or JWKS configuration",
            "Failed to generate JWT signer, check your JWT secret or JWKS configuration",
        )


def expires_in(claims: JsonObject) -> float:
    return float(claims["exp"] - time.time())
