"""Passkeys' switches, with the official names and defaults (GOTRUE_PASSKEY_* and the relying party
GOTRUE_WEBAUTHN_*, internal/conf/configuration.go from v2.188.0 on; GOTRUE_RATE_LIMIT_PASSKEY from
apilimiter.go). The relying party is the server's own, unlike the MFA WebAuthn factors of v2.186.0,
which take it from each request."""

from __future__ import annotations

from dataclasses import dataclass

from .config_env import env_bool, env_duration, env_float, env_int, env_list, env_str


@dataclass(frozen=True)
class PasskeySettings:
    enabled: bool
    max_per_user: int
    rp_id: str
    rp_display_name: str
    rp_origins: list[str]
    challenge_expiry: float  # seconds
    rate_limit: float  # authentication options (and, ours, verifications) per 5 minutes per client


def load_passkey_settings() -> PasskeySettings:
    return PasskeySettings(
        enabled=env_bool("GOTRUE_PASSKEY_ENABLED", False),
        max_per_user=env_int("GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER", 10),
        rp_id=env_str("GOTRUE_WEBAUTHN_RP_ID"),
        rp_display_name=env_str("GOTRUE_WEBAUTHN_RP_DISPLAY_NAME"),
        rp_origins=env_list("GOTRUE_WEBAUTHN_RP_ORIGINS", []),
        challenge_expiry=env_duration("GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION", 300.0) or 300.0,
        rate_limit=env_float("GOTRUE_RATE_LIMIT_PASSKEY", 30),
    )
