"""supabase/config.toml (the hosted path: `supabase link`, `supabase db push`, `supabase config push`)
says what the compose stack runs. The Supabase CLI itself cannot be installed here (its npm package
downloads the binary from GitHub on install, and the Go module proxy refuses github.com/supabase/cli),
so this reads the file with Python's TOML parser and compares it setting by setting."""

import tomllib

import pytest
from deploy_support import ROOT, services


@pytest.fixture(scope="module")
def config() -> dict:
    with open(ROOT / "supabase" / "config.toml", "rb") as f:
        return tomllib.load(f)


def gotrue() -> dict[str, str]:
    return {k: str(v) for k, v in services()["auth"]["environment"].items()}


def duration_seconds(text: str) -> int:
    """The CLI's Go durations ("1m0s", "60s") in seconds."""
    total, number = 0, ""
    for char in text:
        if char.isdigit():
            number += char
        else:
            total += int(number) * {"h": 3600, "m": 60, "s": 1}[char]
            number = ""
    return total


def test_the_auth_settings_are_the_stack_s(config):
    auth, env = config["auth"], gotrue()
    assert str(auth["jwt_expiry"]) == env["GOTRUE_JWT_EXP"]
    assert str(auth["enable_refresh_token_rotation"]).lower() == env["GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED"]
    assert str(auth["refresh_token_reuse_interval"]) == env["GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL"]
    assert str(not auth["enable_signup"]).lower() == env["GOTRUE_DISABLE_SIGNUP"]
    assert str(auth["minimum_password_length"]) == env["GOTRUE_PASSWORD_MIN_LENGTH"]
    assert auth["enable_anonymous_sign_ins"] is False


def test_the_email_and_mfa_settings_are_the_stack_s(config):
    email, mfa, env = config["auth"]["email"], config["auth"]["mfa"], gotrue()
    assert str(email["enable_signup"]).lower() == env["GOTRUE_EXTERNAL_EMAIL_ENABLED"]
    assert str(not email["enable_confirmations"]).lower() == env["GOTRUE_MAILER_AUTOCONFIRM"]
    assert (
        str(email["secure_password_change"]).lower() == env["GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION"]
    )
    assert duration_seconds(email["max_frequency"]) == duration_seconds(env["GOTRUE_SMTP_MAX_FREQUENCY"])
    assert str(mfa["totp"]["enroll_enabled"]).lower() == env["GOTRUE_MFA_TOTP_ENROLL_ENABLED"]
    assert str(mfa["totp"]["verify_enabled"]).lower() == env["GOTRUE_MFA_TOTP_VERIFY_ENABLED"]


def test_the_data_api_settings_are_postgrest_s(config):
    api, rest = config["api"], services()["rest"]["environment"]
    assert ",".join(api["schemas"]) == rest["PGRST_DB_SCHEMAS"]
    assert ",".join(api["extra_search_path"]) == rest["PGRST_DB_EXTRA_SEARCH_PATH"]
    assert api["max_rows"] == rest["PGRST_DB_MAX_ROWS"]
    assert config["db"]["major_version"] == int(services()["db"]["image"].split(":")[1].split(".")[0])


def test_the_duration_reader_reads_go_durations():
    assert duration_seconds("1m0s") == 60
    assert duration_seconds("1h2m3s") == 3723


def test_passkeys_are_on_with_the_site_as_relying_party(config):
    env = gotrue()
    assert str(config["auth"]["passkey"]["enabled"]).lower() == env["GOTRUE_PASSKEY_ENABLED"]
    webauthn = config["auth"]["webauthn"]
    assert webauthn["rp_display_name"] == env["GOTRUE_WEBAUTHN_RP_DISPLAY_NAME"]
    # The hosted project's site: its host is the relying party, the site's origin its one origin.
    assert webauthn["rp_origins"] == [config["auth"]["site_url"]]
    assert webauthn["rp_id"] == config["auth"]["site_url"].split("//")[1].split(":")[0]
