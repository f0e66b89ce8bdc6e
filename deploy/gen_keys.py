"""The secrets of a production .env (scripts/gen-keys): passwords, the JWT secret, the API keys and
Auth's ES256 signing key. Standard library only, so it runs on any Docker host with Python 3.
The key layout is the local stack's (scripts/stack/auth.py, scripts/stack/keys.py)."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
import time
from pathlib import Path

ENV_EXAMPLE = Path(__file__).resolve().parents[1] / ".env.example"
API_KEY_ISSUER = "supabase"
API_KEY_LIFETIME = 10 * 365 * 24 * 3600  # the keys are configuration, rotated with the secret

# NIST P-256 (secp256r1): field prime, group order, generator.
_P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
_A = _P - 3
_G = (0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
      0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5)


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _point_add(p, q):
    if p is None:
        return q
    if q is None:
        return p
    if p[0] == q[0] and (p[1] + q[1]) % _P == 0:
        return None
    if p == q:
        slope = (3 * p[0] * p[0] + _A) * pow(2 * p[1], -1, _P)
    else:
        slope = (q[1] - p[1]) * pow(q[0] - p[0], -1, _P)
    x = (slope * slope - p[0] - q[0]) % _P
    return x, (slope * (p[0] - x) - p[1]) % _P


def _scalar_mult(k: int, point):
    result = None
    while k:
        if k & 1:
            result = _point_add(result, point)
        point = _point_add(point, point)
        k >>= 1
    return result


def es256_private_jwk() -> dict:
    """A fresh P-256 private key as a JWK, with a kid and the uses Auth expects of a signing key."""
    d = secrets.randbelow(_N - 1) + 1
    x, y = _scalar_mult(d, _G)
    jwk = {"kty": "EC", "crv": "P-256", "x": _b64url(x.to_bytes(32, "big")),
           "y": _b64url(y.to_bytes(32, "big")), "d": _b64url(d.to_bytes(32, "big"))}
    kid = hashlib.sha256(f'{{"crv":"P-256","kty":"EC","x":"{jwk["x"]}","y":"{jwk["y"]}"}}'.encode()).digest()
    return jwk | {"kid": _b64url(kid)[:16].lower(), "alg": "ES256", "key_ops": ["sign", "verify"]}


def legacy_hs256_jwk(jwt_secret: str) -> dict:
    """The HS256 secret as a verify-only key, so the anon and service-role keys stay valid."""
    return {"kty": "oct", "k": _b64url(jwt_secret.encode()), "alg": "HS256", "key_ops": ["verify"],
            "kid": "legacy-hs256"}


def api_key(jwt_secret: str, role: str, now: int | None = None) -> str:
    """An HS256 JWT carrying only a role, as Supabase issues the anon and service-role keys."""
    issued = int(time.time()) if now is None else now
    header = _b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    claims = {"iss": API_KEY_ISSUER, "role": role, "iat": issued, "exp": issued + API_KEY_LIFETIME}
    payload = _b64url(json.dumps(claims, separators=(",", ":")).encode())
    signature = hmac.new(jwt_secret.encode(), f"{header}.{payload}".encode(), hashlib.sha256).digest()
    return f"{header}.{payload}.{_b64url(signature)}"


def generate_secrets() -> dict[str, str]:
    """Every secret of .env.example, fresh. Passwords are hex: they go into connection URLs."""
    jwt_secret = secrets.token_hex(32)
    signing = es256_private_jwk()
    public = {k: v for k, v in signing.items() if k != "d"} | {"key_ops": ["verify"]}
    legacy = legacy_hs256_jwk(jwt_secret)
    return {
        "POSTGRES_PASSWORD": secrets.token_hex(24),
        "AUTHENTICATOR_PASSWORD": secrets.token_hex(24),
        "AUTH_ADMIN_PASSWORD": secrets.token_hex(24),
        "JWT_SECRET": jwt_secret,
        "JWT_KEYS": json.dumps([signing, legacy], separators=(",", ":")),
        "JWT_JWKS": json.dumps({"keys": [public, legacy]}, separators=(",", ":")),
        "ANON_KEY": api_key(jwt_secret, "anon"),
        "SERVICE_ROLE_KEY": api_key(jwt_secret, "service_role"),
        "DASHBOARD_PASSWORD": secrets.token_urlsafe(18),
        "SECRET_KEY_BASE": secrets.token_hex(32),
        "REALTIME_DB_ENC_KEY": secrets.token_hex(8),  # exactly 16 characters (AES-128)
        "PG_META_CRYPTO_KEY": secrets.token_hex(24),
    }


def render_env(template: str, values: dict[str, str]) -> str:
    """The template (.env.example) with the given variables set; JSON values single-quoted."""
    missing = set(values)

    def assign(match: re.Match) -> str:
        name = match.group(1)
        if name not in values:
            return match.group(0)
        missing.discard(name)
        value = values[name]
        return f"{name}='{value}'" if value.startswith(("{", "[")) else f"{name}={value}"

    rendered = re.sub(r"^([A-Z][A-Z0-9_]*)=.*$", assign, template, flags=re.M)
    if missing:
        raise ValueError(f"not in the template: {', '.join(sorted(missing))}")
    return rendered


def production_env(site_url: str | None = None, template: str | None = None) -> str:
    values = generate_secrets()
    if site_url:
        site = site_url.rstrip("/")
        values |= {"SITE_URL": site, "API_EXTERNAL_URL": f"{site}/auth/v1"}
    return render_env(ENV_EXAMPLE.read_text() if template is None else template, values)
