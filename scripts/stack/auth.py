"""The local Auth service (supabase/local/auth/): its GOTRUE_* configuration and start-up."""

from __future__ import annotations

import base64
import json
import sys
from functools import partial
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from jwt.algorithms import ECAlgorithm

from .config import ROOT, StackConfig
from .readiness import healthy
from .sms_capture import LOCAL_ACCOUNT_SID, LOCAL_AUTH_TOKEN, LOCAL_MESSAGE_SERVICE_SID
from .supervisor import Supervisor

AUTH_DIR = ROOT / "supabase" / "local" / "auth"
VENV_BIN = ROOT / ".venv" / "bin"


# Auth's password rules. The app's build gets the same values (services.build_app), because Auth's
# /settings does not publish them and the sign-up form shows and checks exactly these rules.
PASSWORD_POLICY = {"GOTRUE_PASSWORD_MIN_LENGTH": "8", "GOTRUE_PASSWORD_REQUIRED_CHARACTERS": ""}


def app_password_policy_env() -> dict[str, str]:
    """The password rules as the app's build reads them (VITE_AUTH_PASSWORD_*)."""
    return {
        "VITE_AUTH_PASSWORD_MIN_LENGTH": PASSWORD_POLICY["GOTRUE_PASSWORD_MIN_LENGTH"],
        "VITE_AUTH_PASSWORD_REQUIRED_CHARACTERS": PASSWORD_POLICY["GOTRUE_PASSWORD_REQUIRED_CHARACTERS"],
    }


def jwt_keys(cfg: StackConfig) -> str:
    """GOTRUE_JWT_KEYS: an ES256 signing key made once per data directory, plus the legacy HS256
    secret as a verify-only key so the anon and service-role keys stay valid (as on Supabase)."""
    path = cfg.data_dir / "auth-jwt-keys.json"
    if not path.exists():
        private = json.loads(ECAlgorithm.to_jwk(ec.generate_private_key(ec.SECP256R1())))
        kid = base64.urlsafe_b64encode(private["x"].encode()[:12]).decode().rstrip("=").lower()
        signing = private | {"kid": kid, "alg": "ES256", "key_ops": ["sign", "verify"]}
        path.write_text(json.dumps([signing]))
        path.chmod(0o600)
    legacy = {
        "kty": "oct",
        "k": base64.urlsafe_b64encode(cfg.jwt_secret.encode()).decode().rstrip("="),
        "alg": "HS256",
        "key_ops": ["verify"],
        "kid": "legacy-hs256",
    }
    return json.dumps([*json.loads(path.read_text()), legacy])


def auth_env(cfg: StackConfig) -> dict[str, str]:
    """The official server's variables, so the same block configures supabase/gotrue in production."""
    return {
        "GOTRUE_API_HOST": "127.0.0.1",
        "PORT": str(cfg.auth_port),
        "API_EXTERNAL_URL": f"{cfg.gateway_url}/auth/v1",
        "GOTRUE_DB_DATABASE_URL": cfg.db_url("supabase_auth_admin"),
        "GOTRUE_SITE_URL": cfg.gateway_url,
        "GOTRUE_URI_ALLOW_LIST": f"{cfg.gateway_url}/**",
        "GOTRUE_JWT_SECRET": cfg.jwt_secret,
        "GOTRUE_JWT_KEYS": jwt_keys(cfg),
        "GOTRUE_JWT_EXP": "3600",
        "GOTRUE_JWT_AUD": "authenticated",
        "GOTRUE_JWT_DEFAULT_GROUP_NAME": "authenticated",
        "GOTRUE_JWT_ADMIN_ROLES": "service_role",
        "GOTRUE_DISABLE_SIGNUP": "false",
        "GOTRUE_EXTERNAL_EMAIL_ENABLED": "true",
        "GOTRUE_MAILER_AUTOCONFIRM": "false",
        # E-mail links and codes live an hour (the official default is a day).
        "GOTRUE_MAILER_OTP_EXP": "3600",
        "GOTRUE_SMTP_HOST": "127.0.0.1",
        "GOTRUE_SMTP_PORT": str(cfg.mail_port),
        "GOTRUE_SMTP_ADMIN_EMAIL": "no-reply@toolkit.local",
        "GOTRUE_SMTP_SENDER_NAME": "Toolkit",
        # Tests send many mails to one address in a row; upstream's default waits 60 s between them.
        "GOTRUE_SMTP_MAX_FREQUENCY": "1s" if cfg.name == "test" else "60s",
        "GOTRUE_RATE_LIMIT_EMAIL_SENT": "1000" if cfg.name == "test" else "30",
        # Every /login visit asks for passkey options (the email field's passkey autofill); the e2e
        # suite's hundreds of visits come from one address.
        "GOTRUE_RATE_LIMIT_PASSKEY": "1000" if cfg.name == "test" else "30",
        "GOTRUE_RATE_LIMIT_HEADER": "X-Forwarded-For",
        "GOTRUE_MAILER_URLPATHS_CONFIRMATION": "/auth/v1/verify",
        "GOTRUE_MAILER_URLPATHS_INVITE": "/auth/v1/verify",
        "GOTRUE_MAILER_URLPATHS_RECOVERY": "/auth/v1/verify",
        "GOTRUE_MAILER_URLPATHS_EMAIL_CHANGE": "/auth/v1/verify",
        "GOTRUE_MFA_TOTP_ENROLL_ENABLED": "true",
        "GOTRUE_MFA_TOTP_VERIFY_ENABLED": "true",
        "GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED": "true",
        "GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL": "10",
        "GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION": "true",
        # Revoked refresh tokens, old flow states and MFA challenges are removed as requests go by.
        "GOTRUE_DB_CLEANUP_ENABLED": "true",
        **PASSWORD_POLICY,
        **passkey_env(cfg.gateway_url),
        **sms_env(cfg),
    }


def sms_env(cfg: StackConfig) -> dict[str, str]:
    """Phone sign-ups through the official Twilio provider, whose API is the stack's SMS capture here
    (LOCAL_AUTH_SMS_TWILIO_URL, ours); production sets real GOTRUE_SMS_* values or leaves phone off."""
    return {
        "GOTRUE_EXTERNAL_PHONE_ENABLED": "true",
        "GOTRUE_SMS_PROVIDER": "twilio",
        "GOTRUE_SMS_TWILIO_ACCOUNT_SID": LOCAL_ACCOUNT_SID,
        "GOTRUE_SMS_TWILIO_AUTH_TOKEN": LOCAL_AUTH_TOKEN,
        "GOTRUE_SMS_TWILIO_MESSAGE_SERVICE_SID": LOCAL_MESSAGE_SERVICE_SID,
        "GOTRUE_SMS_OTP_EXP": "300",
        # Tests resend codes in a row; upstream's default waits a minute between two.
        "GOTRUE_SMS_MAX_FREQUENCY": "1s" if cfg.name == "test" else "60s",
        "LOCAL_AUTH_SMS_TWILIO_URL": cfg.sms_capture_url,
    }


def start_sms_capture(cfg: StackConfig, sup: Supervisor) -> None:
    sup.start(
        "sms",
        [
            sys.executable,
            "-m",
            "stack.sms_capture",
            str(cfg.sms_port),
            str(cfg.sms_dir),
            LOCAL_ACCOUNT_SID,
            LOCAL_AUTH_TOKEN,
        ],
        port=cfg.sms_port,
        cwd=ROOT / "scripts",
    )


def passkey_env(site_url: str) -> dict[str, str]:
    """Passkeys (official switch names, v2.188.0 on): the site is the relying party."""
    return {
        "GOTRUE_PASSKEY_ENABLED": "true",
        "GOTRUE_WEBAUTHN_RP_ID": urlsplit(site_url).hostname or "",
        "GOTRUE_WEBAUTHN_RP_DISPLAY_NAME": "Toolkit",
        "GOTRUE_WEBAUTHN_RP_ORIGINS": site_url,
    }


# The official switches the product leaves off, switched on for a second instance that only the test
# stack starts (next to the first, on the same database and keys), so the conformance suites can hold
# them to the official behaviour: anonymous sign-ins, the OAuth 2.1 server, WebAuthn factors, and
# legacy HS256 tokens verified beside the ES256 key through GOTRUE_JWT_VALIDMETHODS alone. Phone is
# off there, as in production without an SMS provider.
def features_auth_port(cfg: StackConfig) -> int:
    return cfg.auth_port - 1


def features_auth_url(cfg: StackConfig) -> str:
    return f"http://127.0.0.1:{features_auth_port(cfg)}"


def features_auth_env(cfg: StackConfig) -> dict[str, str]:
    port = features_auth_port(cfg)
    signing_keys = [key for key in json.loads(jwt_keys(cfg)) if key.get("kty") != "oct"]
    return auth_env(cfg) | {
        "PORT": str(port),
        "API_EXTERNAL_URL": f"http://localhost:{port}",
        **{
            f"GOTRUE_MAILER_URLPATHS_{kind}": "/verify"
            for kind in ("CONFIRMATION", "INVITE", "RECOVERY", "EMAIL_CHANGE")
        },
        "GOTRUE_JWT_KEYS": json.dumps(signing_keys),
        "GOTRUE_JWT_VALIDMETHODS": "ES256,HS256",
        "GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED": "true",
        "GOTRUE_OAUTH_SERVER_ENABLED": "true",
        "GOTRUE_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION": "true",
        "GOTRUE_OAUTH_SERVER_AUTHORIZATION_PATH": "/oauth/consent",
        "GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED": "true",
        "GOTRUE_MFA_WEB_AUTHN_VERIFY_ENABLED": "true",
        # Phone as production has it by default (no SMS provider): the official "disabled" answers.
        "GOTRUE_EXTERNAL_PHONE_ENABLED": "false",
        # Upstream's mail frequency window: the tests of the window ask twice at once and must be
        # within it however slow the machine (app/conformance/auth).
        "GOTRUE_SMTP_MAX_FREQUENCY": "60s",
        "LOCAL_AUTH_THREADS": "4",
    }


def start_auth(cfg: StackConfig, sup: Supervisor) -> None:
    # Every instance on the same database and keys: codes, challenges and sessions are rows there.
    for instance, port in enumerate(cfg.auth_ports):
        name = "auth" if instance == 0 else f"auth-{instance + 1}"
        sup.start(
            name,
            [str(VENV_BIN / "gunicorn"), "-c", "gunicorn.conf.py", "wsgi:app"],
            port=port,
            env=auth_env(cfg) | {"PORT": str(port)},
            cwd=AUTH_DIR,
            ready=partial(healthy, f"http://127.0.0.1:{port}/health"),
        )
    if cfg.name == "test":
        sup.start(
            "auth-features",
            [str(VENV_BIN / "gunicorn"), "-c", "gunicorn.conf.py", "wsgi:app"],
            port=features_auth_port(cfg),
            env=features_auth_env(cfg),
            cwd=AUTH_DIR,
            ready=lambda: healthy(f"{features_auth_url(cfg)}/health"),
        )
