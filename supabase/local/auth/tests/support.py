"""Constants and helpers shared by the local Auth's tests."""
from __future__ import annotations

# supabase-js sends this header; the server then answers errors as {"code": <error code>, "message"}.
API_2024 = {"X-Supabase-Api-Version": "2024-01-01"}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
