"""Settings read from the official server's variables (GOTRUE_*, API_EXTERNAL_URL, PORT), with the
official defaults, so one configuration serves both servers."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field

from flask import current_app

from .config_env import env_bool, env_duration, env_float, env_int, env_list, env_str, parse_duration
from .json_types import JsonObject
from .passkey_config import PasskeySettings, load_passkey_settings
from .sms_config import SmsSettings, load_sms_settings


def _rate(name: str, default: float) -> tuple[float, float, bool]:
    """A Rate: 'N' per hour (a fixed window), or 'N/duration' (a bucket refilled one per duration)."""
    value = env_str(name)
    if not value:
        return default, 3600.0, False
    count, _, period = value.partition("/")
    return float(count), parse_duration(period, 3600.0), bool(period)


@dataclass(frozen=True)
class OAuthServerSettings:
    """GOTRUE_OAUTH_SERVER_*: Supabase Auth as an OAuth 2.1 authorization server."""

    enabled: bool
    allow_dynamic_registration: bool
    authorization_path: str
    authorization_ttl: float
    default_scope: str


@dataclass(frozen=True)
class Settings:
    host: str
    port: int
    external_url: str
    database_url: str
    site_url: str
    uri_allow_list: list[str]
    jwt_secret: str
    jwt_exp: int
    jwt_aud: str
    jwt_issuer: str
    jwt_default_group: str
    jwt_admin_roles: list[str]
    jwt_keys: list[JsonObject]
    disable_signup: bool
    email_enabled: bool
    autoconfirm: bool
    allow_unverified_email_sign_ins: bool
    secure_email_change: bool
    otp_exp: int
    otp_length: int
    url_paths: dict[str, str]
    subjects: dict[str, str]
    smtp_host: str
    smtp_port: int
    smtp_user: str
    smtp_pass: str
    smtp_admin_email: str
    smtp_sender_name: str
    smtp_max_frequency: float
    mfa_totp_enroll: bool
    mfa_totp_verify: bool
    mfa_phone_enroll: bool
    mfa_max_enrolled_factors: int
    mfa_challenge_expiry: float
    password_min_length: int
    password_required_characters: list[str]
    update_password_require_reauthentication: bool
    refresh_token_rotation: bool
    refresh_token_reuse_interval: int
    flow_state_expiry: float
    rate_limit_header: str
    rate_limit_email_sent: tuple[float, float, bool]  # (events, period in s, bucket form)
    rate_limit_verify: float
    rate_limit_token_refresh: float
    rate_limit_otp: float
    rate_limit_anonymous_users: float
    rate_limit_sso: float
    rate_limit_challenge_and_verify: float
    threads: int
    db_max_pool_size: int
    db_cleanup_enabled: bool
    jwt_valid_methods: list[str] | None  # None: the algorithms of the keys, as upstream
    jwt_key_id: str
    anonymous_users_enabled: bool
    rate_limit_web3: float
    rate_limit_oauth_client_register: float
    oauth_server: OAuthServerSettings
    mfa_webauthn_enroll: bool
    mfa_webauthn_verify: bool
    passkey: PasskeySettings
    sms: SmsSettings
    unavailable: list[str]  # variables asking for what cannot run here (providers.py)
    extra: JsonObject = field(default_factory=dict)

    @property
    def pool_size(self) -> int:
        """Connections: never fewer than request threads (each holds at most one), so no request
        waits for a connection; GOTRUE_DB_MAX_POOL_SIZE may ask for more."""
        return max(self.db_max_pool_size, self.threads)


def _required_characters(value: str) -> list[str]:
    # Sets are separated by ':' as in GOTRUE_PASSWORD_REQUIRED_CHARACTERS; '\:' is a literal colon.
    if not value:
        return []
    parts, current, i = [], "", 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value) and value[i + 1] == ":":
            current += ":"
            i += 2
            continue
        if value[i] == ":":
            parts.append(current)
            current = ""
        else:
            current += value[i]
        i += 1
    parts.append(current)
    return [p for p in parts if p]


def _otp_length(value: int) -> int:
    # Upstream resets a length outside 6..10 to 6 (it does not clamp 12 to 10).
    return value if 6 <= value <= 10 else 6


def current_settings() -> Settings:
    """The settings of the app serving this request (create_app stores them in its config)."""
    settings: Settings = current_app.config["AUTH_SETTINGS"]
    return settings


def load_settings() -> Settings:
    external_url = env_str("API_EXTERNAL_URL", "http://localhost:9999").rstrip("/")
    keys = env_str("GOTRUE_JWT_KEYS")
    subjects = {
        kind: env_str(f"GOTRUE_MAILER_SUBJECTS_{kind.upper()}")
        for kind in ("confirmation", "invite", "recovery", "magic_link", "email_change", "reauthentication")
    }
    return Settings(
        host=env_str("GOTRUE_API_HOST", "0.0.0.0"),
        port=env_int("PORT", env_int("GOTRUE_API_PORT", 9999)),
        external_url=external_url,
        database_url=env_str("GOTRUE_DB_DATABASE_URL", env_str("DATABASE_URL")),
        site_url=env_str("GOTRUE_SITE_URL", "http://localhost:3000").rstrip("/"),
        uri_allow_list=env_list("GOTRUE_URI_ALLOW_LIST", []),
        jwt_secret=env_str("GOTRUE_JWT_SECRET"),
        jwt_exp=env_int("GOTRUE_JWT_EXP", 3600) or 3600,
        jwt_aud=env_str("GOTRUE_JWT_AUD", "authenticated"),
        jwt_issuer=env_str("GOTRUE_JWT_ISSUER"),  # upstream adds no `iss` claim unless set
        jwt_default_group=env_str("GOTRUE_JWT_DEFAULT_GROUP_NAME", "authenticated"),
        jwt_admin_roles=env_list("GOTRUE_JWT_ADMIN_ROLES", ["service_role", "supabase_admin"]),
        jwt_keys=json.loads(keys) if keys else [],
        disable_signup=env_bool("GOTRUE_DISABLE_SIGNUP", False),
        email_enabled=env_bool("GOTRUE_EXTERNAL_EMAIL_ENABLED", True),
        autoconfirm=env_bool("GOTRUE_MAILER_AUTOCONFIRM", False),
        allow_unverified_email_sign_ins=env_bool("GOTRUE_MAILER_ALLOW_UNVERIFIED_EMAIL_SIGN_INS", False),
        secure_email_change=env_bool("GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED", True),
        otp_exp=env_int("GOTRUE_MAILER_OTP_EXP", 86400) or 86400,
        otp_length=_otp_length(env_int("GOTRUE_MAILER_OTP_LENGTH", 6)),
        url_paths={
            kind: env_str(f"GOTRUE_MAILER_URLPATHS_{kind.upper()}", "/verify") or "/verify"
            for kind in ("confirmation", "invite", "recovery", "email_change")
        },
        subjects=subjects,
        smtp_host=env_str("GOTRUE_SMTP_HOST"),
        smtp_port=env_int("GOTRUE_SMTP_PORT", 587),
        smtp_user=env_str("GOTRUE_SMTP_USER"),
        smtp_pass=env_str("GOTRUE_SMTP_PASS"),
        smtp_admin_email=env_str("GOTRUE_SMTP_ADMIN_EMAIL", "admin@localhost"),
        smtp_sender_name=env_str("GOTRUE_SMTP_SENDER_NAME"),
        smtp_max_frequency=env_duration("GOTRUE_SMTP_MAX_FREQUENCY", 60.0) or 60.0,
        mfa_totp_enroll=env_bool("GOTRUE_MFA_TOTP_ENROLL_ENABLED", True),
        mfa_totp_verify=env_bool("GOTRUE_MFA_TOTP_VERIFY_ENABLED", True),
        mfa_phone_enroll=env_bool("GOTRUE_MFA_PHONE_ENROLL_ENABLED", False),
        mfa_max_enrolled_factors=int(env_float("GOTRUE_MFA_MAX_ENROLLED_FACTORS", 10)),
        mfa_challenge_expiry=max(env_float("GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION", 300), 300),
        password_min_length=max(env_int("GOTRUE_PASSWORD_MIN_LENGTH", 6), 6),
        # Not stripped: a space may be one of the required sets, as upstream reads the value verbatim.
        password_required_characters=_required_characters(os.environ.get("GOTRUE_PASSWORD_REQUIRED_CHARACTERS", "")),
        update_password_require_reauthentication=env_bool(
            "GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION", False
        ),
        refresh_token_rotation=env_bool("GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED", True),
        refresh_token_reuse_interval=env_int("GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL", 0),
        flow_state_expiry=max(env_duration("GOTRUE_EXTERNAL_FLOW_STATE_EXPIRY_DURATION", 300), 300),
        rate_limit_header=env_str("GOTRUE_RATE_LIMIT_HEADER"),
        rate_limit_email_sent=_rate("GOTRUE_RATE_LIMIT_EMAIL_SENT", 30),
        rate_limit_verify=env_float("GOTRUE_RATE_LIMIT_VERIFY", 30),
        rate_limit_token_refresh=env_float("GOTRUE_RATE_LIMIT_TOKEN_REFRESH", 150),
        rate_limit_otp=env_float("GOTRUE_RATE_LIMIT_OTP", 30),
        rate_limit_anonymous_users=env_float("GOTRUE_RATE_LIMIT_ANONYMOUS_USERS", 30),
        rate_limit_sso=env_float("GOTRUE_RATE_LIMIT_SSO", 30),
        rate_limit_challenge_and_verify=env_float("GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY", 15),
        threads=max(env_int("LOCAL_AUTH_THREADS", 16), 1),  # gunicorn.conf.py reads the same variable
        db_max_pool_size=env_int("GOTRUE_DB_MAX_POOL_SIZE", 0),
        db_cleanup_enabled=env_bool("GOTRUE_DB_CLEANUP_ENABLED", False),
        jwt_valid_methods=env_list("GOTRUE_JWT_VALIDMETHODS", []) or None,
        jwt_key_id=env_str("GOTRUE_JWT_KEY_ID"),
        anonymous_users_enabled=env_bool("GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED", False),
        rate_limit_web3=env_float("GOTRUE_RATE_LIMIT_WEB3", 30),
        rate_limit_oauth_client_register=env_float("GOTRUE_RATE_LIMIT_OAUTH_DYNAMIC_CLIENT_REGISTER", 10),
        oauth_server=OAuthServerSettings(
            enabled=env_bool("GOTRUE_OAUTH_SERVER_ENABLED", False),
            allow_dynamic_registration=env_bool("GOTRUE_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION", False),
            authorization_path=env_str("GOTRUE_OAUTH_SERVER_AUTHORIZATION_PATH"),
            authorization_ttl=env_duration("GOTRUE_OAUTH_SERVER_AUTHORIZATION_TTL", 600.0) or 600.0,
            default_scope=env_str("GOTRUE_OAUTH_SERVER_DEFAULT_SCOPE", "email") or "email",
        ),
        mfa_webauthn_enroll=env_bool("GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED", False),
        mfa_webauthn_verify=env_bool("GOTRUE_MFA_WEB_AUTHN_VERIFY_ENABLED", False),
        passkey=load_passkey_settings(),
        sms=load_sms_settings(),
        unavailable=_unavailable(),
    )


# Switches of features that need what this machine cannot have: an SMS provider (unless one is configured), a SAML identity
# provider's metadata, an OAuth/OIDC provider on the internet, a web3 wallet's chain. Their endpoints
# answer with upstream's "disabled" errors and /settings reports them off (providers.py).
_EXTERNAL_PROVIDERS = (
    "apple",
    "azure",
    "bitbucket",
    "discord",
    "facebook",
    "snapchat",
    "figma",
    "fly",
    "github",
    "gitlab",
    "google",
    "keycloak",
    "kakao",
    "linkedin",
    "linkedin_oidc",
    "notion",
    "spotify",
    "slack",
    "slack_oidc",
    "workos",
    "twitch",
    "twitter",
    "x",
    "zoom",
    "vercel_marketplace",
)
_UNAVAILABLE_SWITCHES = (
    "GOTRUE_EXTERNAL_PHONE_ENABLED",
    "GOTRUE_SAML_ENABLED",
    "GOTRUE_MFA_PHONE_ENROLL_ENABLED",
    "GOTRUE_MFA_PHONE_VERIFY_ENABLED",
    "GOTRUE_EXTERNAL_WEB3_SOLANA_ENABLED",
    "GOTRUE_EXTERNAL_WEB3_ETHEREUM_ENABLED",
    *(f"GOTRUE_EXTERNAL_{name.upper()}_ENABLED" for name in _EXTERNAL_PROVIDERS),
)


def _unavailable() -> list[str]:
    # Phone sign-ups run here once an SMS provider is configured (sms_config.py).
    phone_runs = load_sms_settings().configured
    return [
        name
        for name in _UNAVAILABLE_SWITCHES
        if env_bool(name, False) and not (name == "GOTRUE_EXTERNAL_PHONE_ENABLED" and phone_runs)
    ]
