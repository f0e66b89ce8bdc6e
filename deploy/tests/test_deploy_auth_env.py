"""Production Auth runs with the local Auth's settings (scripts/stack/auth.py), and the same version."""

import re

import pytest
from deploy_support import ROOT, services

from stack.auth import auth_env
from stack.config import StackConfig

# Settings that name this deployment rather than choose a behaviour: where things are and the
# secrets. Production takes each from .env (or the compose network); the value is what compose sets.
DEPLOYMENT_SPECIFIC = {
    "GOTRUE_API_HOST": "0.0.0.0",
    "API_EXTERNAL_URL": "${API_EXTERNAL_URL:?set API_EXTERNAL_URL}",
    "GOTRUE_DB_DATABASE_URL": "postgres://supabase_auth_admin:${AUTH_ADMIN_PASSWORD}@db:5432/postgres",
    "GOTRUE_SITE_URL": "${SITE_URL:?set SITE_URL}",
    "GOTRUE_URI_ALLOW_LIST": "${SITE_URL}/**",
    "GOTRUE_JWT_SECRET": "${JWT_SECRET}",
    "GOTRUE_JWT_KEYS": "${JWT_KEYS:?set JWT_KEYS (scripts/gen-keys)}",
    "GOTRUE_SMTP_HOST": "${SMTP_HOST:?set SMTP_HOST}",
    "GOTRUE_SMTP_PORT": "${SMTP_PORT:-587}",
    "GOTRUE_SMTP_ADMIN_EMAIL": "${SMTP_ADMIN_EMAIL:?set SMTP_ADMIN_EMAIL}",
    "GOTRUE_WEBAUTHN_RP_ID": "${PASSKEY_RP_ID:?set PASSKEY_RP_ID (SITE_URL's host name)}",
    "GOTRUE_WEBAUTHN_RP_ORIGINS": "${SITE_URL}",
    # Phone: the local stack texts its SMS capture; production only a provider the operator names.
    "GOTRUE_EXTERNAL_PHONE_ENABLED": "${SMS_PHONE_ENABLED:-false}",
    "GOTRUE_SMS_PROVIDER": "${SMS_PROVIDER:-}",
    "GOTRUE_SMS_TWILIO_ACCOUNT_SID": "${SMS_TWILIO_ACCOUNT_SID:-}",
    "GOTRUE_SMS_TWILIO_AUTH_TOKEN": "${SMS_TWILIO_AUTH_TOKEN:-}",
    "GOTRUE_SMS_TWILIO_MESSAGE_SERVICE_SID": "${SMS_TWILIO_MESSAGE_SERVICE_SID:-}",
}
# The local Auth's own variables (the official image has no such setting).
LOCAL_ONLY = {"LOCAL_AUTH_SMS_TWILIO_URL"}
# The local Auth listens on PORT; the official image's own variable for it is GOTRUE_API_PORT.
RENAMED = {"PORT": "GOTRUE_API_PORT"}
# Only production has them: the driver is implied locally, and the local mail capture takes no login.
PRODUCTION_ONLY = {"GOTRUE_DB_DRIVER", "GOTRUE_SMTP_USER", "GOTRUE_SMTP_PASS"}


@pytest.fixture
def local_env(tmp_path):
    # The developer stack's configuration (not the test stack's, which relaxes mail limits), with
    # its signing key made in a scratch directory instead of the developer's .local/.
    cfg = StackConfig(
        name="dev",
        data_dir=tmp_path,
        pg_port=54322,
        mail_port=54325,
        bff_port=5000,
        gateway_port=8000,
        auth_port=9999,
        realtime_port=4000,
    )
    return auth_env(cfg)


def production_env() -> dict[str, str]:
    return {k: str(v) for k, v in services()["auth"]["environment"].items()}


def test_every_local_auth_setting_is_set_the_same_in_production(local_env):
    production = production_env()
    for name, local_value in local_env.items():
        if name in LOCAL_ONLY:
            continue
        prod_name = RENAMED.get(name, name)
        assert prod_name in production, f"{name} is set locally but not in docker-compose.yml"
        if name in DEPLOYMENT_SPECIFIC:
            assert production[prod_name] == DEPLOYMENT_SPECIFIC[name], name
        elif name == "PORT":
            assert production[prod_name] == "9999"
        else:
            assert production[prod_name] == local_value, (
                f"{name}: local {local_value!r}, production {production[prod_name]!r}"
            )


def test_production_sets_nothing_the_local_auth_does_not(local_env):
    known = {RENAMED.get(name, name) for name in local_env} | PRODUCTION_ONLY
    extra = set(production_env()) - known
    assert not extra, f"add these to scripts/stack/auth.py too, or explain why not: {sorted(extra)}"


def test_the_deployment_specific_values_follow_the_same_pattern_locally(local_env):
    # Production's URL settings are shaped like the local ones: Auth under /auth/v1 of the site.
    assert local_env["API_EXTERNAL_URL"] == local_env["GOTRUE_SITE_URL"] + "/auth/v1"
    assert local_env["GOTRUE_URI_ALLOW_LIST"] == local_env["GOTRUE_SITE_URL"] + "/**"
    assert local_env["GOTRUE_DB_DATABASE_URL"].startswith("postgresql://supabase_auth_admin:")


def _version(path: str, pattern: str) -> str:
    match = re.search(pattern, (ROOT / path).read_text())
    assert match, f"no version in {path}"
    return match.group(1)


def test_the_auth_image_is_the_version_the_local_auth_and_its_conformance_suite_target():
    image_tag = services()["auth"]["image"].split(":")[1]
    assert image_tag == "v2.186.0"
    named = {
        "local Auth /health": _version("supabase/local/auth/local_auth/api/general.py", r'"version": "(v[\d.]+)"'),
        "local Auth README": _version("supabase/local/auth/README.md", r"\*\*(v[\d.]+)\*\*"),
        "conformance suite": _version("app/conformance/auth/general.test.ts", r"version: '(v[\d.]+)'"),
        "contract document": _version("app/conformance/auth/support/contract.ts", r"supabase-auth-(v[\d.]+)\.openapi"),
        "README": _version("README.md", r"Supabase Auth (v[\d.]+) HTTP API"),
    }
    assert set(named.values()) == {image_tag}, named
