"""GOTRUE_* parsing: the official defaults when a variable is unset, Go durations and rates, the
clamps upstream applies, and GOTRUE_PASSWORD_REQUIRED_CHARACTERS with its escaped colon."""

from __future__ import annotations

import os

import pytest

from local_auth.config import _required_characters, load_settings
from local_auth.config_env import parse_duration


@pytest.fixture
def bare_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No GOTRUE_* (nor PORT, API_EXTERNAL_URL) in the environment: the defaults apply."""
    for name in list(os.environ):
        if name.startswith("GOTRUE_") or name in ("PORT", "API_EXTERNAL_URL", "DATABASE_URL"):
            monkeypatch.delenv(name)
    return monkeypatch


def test_defaults_are_the_official_servers(bare_env):
    s = load_settings()
    assert (s.port, s.external_url, s.site_url) == (9999, "http://localhost:9999", "http://localhost:3000")
    assert (s.jwt_exp, s.jwt_aud, s.jwt_default_group) == (3600, "authenticated", "authenticated")
    assert s.jwt_issuer == ""  # upstream puts no `iss` claim in its tokens unless configured
    assert s.jwt_admin_roles == ["service_role", "supabase_admin"]
    assert s.jwt_keys == [] and s.uri_allow_list == []
    assert not s.disable_signup and s.email_enabled and not s.sms.phone_enabled and not s.autoconfirm
    assert s.secure_email_change and not s.allow_unverified_email_sign_ins
    assert (s.otp_exp, s.otp_length) == (86400, 6)
    assert s.url_paths == dict.fromkeys(("confirmation", "invite", "recovery", "email_change"), "/verify")
    assert (s.smtp_port, s.smtp_admin_email, s.smtp_max_frequency) == (587, "admin@localhost", 60.0)
    assert s.mfa_totp_enroll and s.mfa_totp_verify and not s.mfa_phone_enroll
    assert (s.mfa_max_enrolled_factors, s.mfa_challenge_expiry) == (10, 300)
    assert (s.password_min_length, s.password_required_characters) == (6, [])
    assert not s.update_password_require_reauthentication
    assert s.refresh_token_rotation and s.refresh_token_reuse_interval == 0
    assert s.flow_state_expiry == 300 and s.rate_limit_header == ""
    assert s.rate_limit_email_sent == (30.0, 3600.0, False)  # 30.0: mypy reads an int here as never equal
    assert (s.rate_limit_token_refresh, s.rate_limit_verify, s.rate_limit_otp) == (150, 30, 30)
    assert (s.rate_limit_sso, s.rate_limit_anonymous_users, s.rate_limit_challenge_and_verify) == (30, 30, 15)
    assert (s.rate_limit_web3, s.rate_limit_oauth_client_register) == (30, 10)
    assert s.jwt_valid_methods is None and s.jwt_key_id == ""  # None: the keys' own algorithms
    assert not s.anonymous_users_enabled and not s.mfa_webauthn_enroll and not s.mfa_webauthn_verify
    assert (s.oauth_server.enabled, s.oauth_server.allow_dynamic_registration) == (False, False)
    assert (s.oauth_server.authorization_ttl, s.oauth_server.default_scope) == (600.0, "email")
    assert not s.db_cleanup_enabled and s.db_max_pool_size == 0 and s.unavailable == []


def test_external_url_loses_its_trailing_slash_and_the_issuer_is_only_what_is_set(bare_env):
    bare_env.setenv("API_EXTERNAL_URL", "http://localhost:8000/auth/v1/")
    assert load_settings().external_url == "http://localhost:8000/auth/v1"
    assert load_settings().jwt_issuer == ""
    bare_env.setenv("GOTRUE_JWT_ISSUER", "https://issuer.example")
    assert load_settings().jwt_issuer == "https://issuer.example"


def test_values_below_upstreams_minimums_are_raised_to_them(bare_env):
    for name, value in {
        "GOTRUE_PASSWORD_MIN_LENGTH": "3",
        "GOTRUE_MAILER_OTP_LENGTH": "4",
        "GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION": "10",
        "GOTRUE_EXTERNAL_FLOW_STATE_EXPIRY_DURATION": "1m",
    }.items():
        bare_env.setenv(name, value)
    s = load_settings()
    assert (s.password_min_length, s.otp_length, s.mfa_challenge_expiry, s.flow_state_expiry) == (6, 6, 300, 300)
    bare_env.setenv("GOTRUE_MAILER_OTP_LENGTH", "12")  # out of 6..10: upstream's default, not 10
    assert load_settings().otp_length == 6
    bare_env.setenv("GOTRUE_MAILER_OTP_LENGTH", "8")
    assert load_settings().otp_length == 8


def test_booleans_lists_and_numbers(bare_env):
    bare_env.setenv("GOTRUE_MAILER_AUTOCONFIRM", "true")
    bare_env.setenv("GOTRUE_DISABLE_SIGNUP", "1")
    bare_env.setenv("GOTRUE_EXTERNAL_EMAIL_ENABLED", "false")
    bare_env.setenv("GOTRUE_URI_ALLOW_LIST", " http://a.test/**, ,myapp://cb ")
    bare_env.setenv("GOTRUE_JWT_ADMIN_ROLES", "service_role")
    bare_env.setenv("GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL", "10")
    s = load_settings()
    assert s.autoconfirm and s.disable_signup and not s.email_enabled
    assert s.uri_allow_list == ["http://a.test/**", "myapp://cb"]
    assert s.jwt_admin_roles == ["service_role"] and s.refresh_token_reuse_interval == 10


@pytest.mark.parametrize(
    "value, seconds",
    [
        ("60s", 60),
        ("1m", 60),
        ("1h", 3600),
        ("500ms", 0.5),
        ("1h30m", 5400),
        ("1.5h", 5400),
        ("2m10s", 130),
    ],
)
def test_go_durations(value, seconds):
    assert parse_duration(value, 99) == pytest.approx(seconds)


def test_an_empty_duration_is_the_default():
    assert parse_duration("", 42.0) == 42.0


def test_smtp_max_frequency_is_a_duration(bare_env):
    bare_env.setenv("GOTRUE_SMTP_MAX_FREQUENCY", "1s")
    assert load_settings().smtp_max_frequency == 1.0


@pytest.mark.parametrize(
    "value, rate",
    [
        ("1000", (1000, 3600.0, False)),  # a bare number is per hour, in fixed windows
        ("2.5", (2.5, 3600.0, False)),
        ("10/1m", (10, 60.0, True)),  # N/duration: a bucket refilled one per duration
        ("100/24h", (100, 86400.0, True)),
    ],
)
def test_email_rate(bare_env, value, rate):
    bare_env.setenv("GOTRUE_RATE_LIMIT_EMAIL_SENT", value)
    assert load_settings().rate_limit_email_sent == rate


# Upstream's own decoding examples for PasswordRequiredCharacters (sets split on ':', '\:' literal).
@pytest.mark.parametrize(
    "value, sets",
    [
        ("a:b:c", ["a", "b", "c"]),
        ("a\\:b:c", ["a:b", "c"]),
        ("a:b\\:c", ["a", "b:c"]),
        ("\\:a:b:c", [":a", "b", "c"]),
        ("a:b:c\\:", ["a", "b", "c:"]),
        ("::\\::", [":"]),
        ("", []),
        (" ", [" "]),
    ],
)
def test_required_characters_decoding(value, sets):
    assert _required_characters(value) == sets


def test_required_characters_from_the_environment_keep_spaces(bare_env):
    bare_env.setenv("GOTRUE_PASSWORD_REQUIRED_CHARACTERS", "abcdefghijklmnopqrstuvwxyz:0123456789: ")
    assert load_settings().password_required_characters == ["abcdefghijklmnopqrstuvwxyz", "0123456789", " "]


def test_jwt_keys_are_a_json_array(bare_env):
    bare_env.setenv("GOTRUE_JWT_KEYS", '[{"kty":"oct","k":"c2VjcmV0","key_ops":["sign"]}]')
    assert load_settings().jwt_keys == [{"kty": "oct", "k": "c2VjcmV0", "key_ops": ["sign"]}]


def test_the_stack_configuration_loads(bare_env, auth_env):
    """The block scripts/stack/auth.py hands the service (and would hand the official server)."""
    for name, value in auth_env.items():
        bare_env.setenv(name, value)
    s = load_settings()
    assert s.port == int(auth_env["PORT"]) and s.password_min_length == 8
    assert s.rate_limit_header == "X-Forwarded-For" and s.refresh_token_reuse_interval == 10
    assert s.update_password_require_reauthentication and not s.autoconfirm
    assert [k["alg"] for k in s.jwt_keys] == ["ES256", "HS256"]
