"""API keys for the local stack: HS256 JWTs carrying only a role, as Supabase issues them."""

from __future__ import annotations

import jwt

# Same claims as the Supabase CLI's well-known local keys, so they match byte for byte.
_LOCAL_KEY_ISSUER = "supabase-demo"
_LOCAL_KEY_EXPIRY = 1983812996


def make_api_key(secret: str, role: str) -> str:
    claims = {"iss": _LOCAL_KEY_ISSUER, "role": role, "exp": _LOCAL_KEY_EXPIRY}
    return jwt.encode(claims, secret, algorithm="HS256")
