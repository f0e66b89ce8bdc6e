"""The secrets of a production .env (scripts/gen-keys): passwords, the JWT secret, the API keys and
Auth's ES256 signing key. Needs only the standard library and `cryptography` (Debian's
python3-cryptography on a Docker host), so it runs without the dev setup.
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
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec

ENV_EXAMPLE = Path(__file__).resolve().parents[1] / ".env.example"
API_KEY_ISSUER = "supabase"
API_KEY_LIFETIME = 10 * 365 * 24 * 3600  # the keys are configuration, rotated with the secret


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def es256_private_jwk() -> dict:
    """A fresh P-256 private key as a JWK, with a kid and the uses Auth expects of a signing key."""
    private = ec.generate_private_key(ec.SECP256R1()).private_numbers()
    public = private.public_numbers
    jwk = {
        "kty": "EC",
        "crv": "P-256",
        "x": _b64url(public.x.to_bytes(32, "big")),
        "y": _b64url(public.y.to_bytes(32, "big")),
        "d": _b64url(private.private_value.to_bytes(32, "big")),
    }
    kid = hashlib.sha256(f'{{"crv":"P-256","kty":"EC","x":"{jwk["x"]}","y":"{jwk["y"]}"}}'.encode()).digest()
    return jwk | {"kid": _b64url(kid)[:16].lower(), "alg": "ES256", "key_ops": ["sign", "verify"]}


def legacy_hs256_jwk(jwt_secret: str) -> dict:
    """The HS256 secret as a verify-only key, so the anon and service-role keys stay valid."""
    return {
        "kty": "oct",
        "k": _b64url(jwt_secret.encode()),
        "alg": "HS256",
        "key_ops": ["verify"],
        "kid": "legacy-hs256",
    }


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
        values |= {
            "SITE_URL": site,
            "API_EXTERNAL_URL": f"{site}/auth/v1",
            "PASSKEY_RP_ID": urlsplit(site).hostname or "",
        }
    return render_env(ENV_EXAMPLE.read_text() if template is None else template, values)
