"""scripts/gen-keys: a complete .env whose keys verify the way Auth, the BFF and Kong use them."""

import base64
import hashlib
import json
import os
import re
import subprocess

import jsonschema
import jwt
import pytest
import yaml
from deploy_support import ROOT, compose_schema_path, compose_variables, env_assignments, env_example
from gen_keys import api_key, es256_private_jwk, generate_secrets
from jwt.algorithms import ECAlgorithm, HMACAlgorithm

GEN_KEYS = ROOT / "scripts" / "gen-keys"
SECRETS = {
    "POSTGRES_PASSWORD",
    "AUTHENTICATOR_PASSWORD",
    "AUTH_ADMIN_PASSWORD",
    "JWT_SECRET",
    "JWT_KEYS",
    "JWT_JWKS",
    "ANON_KEY",
    "SERVICE_ROLE_KEY",
    "DASHBOARD_PASSWORD",
    "SECRET_KEY_BASE",
    "REALTIME_DB_ENC_KEY",
    "PG_META_CRYPTO_KEY",
}


def gen_keys(*args, **kwargs) -> subprocess.CompletedProcess:
    # The system Python, as on a Docker host without our .venv: the script needs nothing else.
    return subprocess.run(["/usr/bin/python3", str(GEN_KEYS), *args], capture_output=True, text=True, **kwargs)


@pytest.fixture(scope="module")
def env() -> dict[str, str]:
    result = gen_keys("--site-url", "https://tools.example.org/")
    assert result.returncode == 0, result.stderr
    return env_assignments(result.stdout)


def test_the_example_leaves_every_secret_empty():
    example = env_example()
    assert {name for name in SECRETS if example[name]} == set()


def test_every_secret_is_filled_and_the_rest_kept(env):
    assert set(env) == set(env_example())
    assert all(env[name] for name in SECRETS)
    assert env["SITE_URL"] == "https://tools.example.org"
    assert env["API_EXTERNAL_URL"] == "https://tools.example.org/auth/v1"
    assert env["PASSKEY_RP_ID"] == "tools.example.org"  # passkeys belong to the site's host name
    assert env["APP_HTTP_PORT"] == env_example()["APP_HTTP_PORT"]
    # Together with the defaults in docker-compose.yml, nothing compose reads is left unset
    # except the mail server, the proxies in front and an SMS provider, which only the operator knows.
    unset = {name for name in compose_variables() if not env.get(name)}
    assert unset <= {
        "SMTP_HOST",
        "SMTP_USER",
        "SMTP_PASS",
        "CORS_ORIGINS",
        "LIBRETRANSLATE_URL",
        "LIBRETRANSLATE_API_KEY",
        "TRUSTED_PROXY_CIDRS",
        "APERTIUM_APY_URL",
        "TRANSLATION_ENGINE",
        "SMS_PROVIDER",
        "SMS_TWILIO_ACCOUNT_SID",
        "SMS_TWILIO_AUTH_TOKEN",
        "SMS_TWILIO_MESSAGE_SERVICE_SID",
    }


def test_passwords_are_separate_and_safe_in_connection_urls(env):
    passwords = [env["POSTGRES_PASSWORD"], env["AUTHENTICATOR_PASSWORD"], env["AUTH_ADMIN_PASSWORD"]]
    assert len(set(passwords)) == 3
    assert all(p.isalnum() and len(p) >= 32 for p in passwords)
    assert len(env["JWT_SECRET"]) >= 32  # the BFF refuses shorter ones
    assert len(env["REALTIME_DB_ENC_KEY"]) == 16  # Realtime's AES-128 key
    assert len(env["SECRET_KEY_BASE"]) >= 64


def test_every_run_makes_new_secrets():
    first, second = generate_secrets(), generate_secrets()
    assert all(first[name] != second[name] for name in SECRETS)


@pytest.mark.parametrize("role", ["anon", "service_role"])
def test_the_api_keys_verify_with_the_jwt_secret(env, role):
    key = env["ANON_KEY" if role == "anon" else "SERVICE_ROLE_KEY"]
    claims = jwt.decode(key, env["JWT_SECRET"], algorithms=["HS256"])
    assert claims["role"] == role
    assert claims["exp"] > claims["iat"] + 5 * 365 * 24 * 3600
    with pytest.raises(jwt.InvalidSignatureError):
        jwt.decode(key, "another-secret-that-is-at-least-32-chars", algorithms=["HS256"])


def test_api_key_matches_pyjwt_byte_for_byte():
    secret = "x" * 40
    ours = api_key(secret, "anon", now=1_700_000_000)
    theirs = jwt.encode(
        {"iss": "supabase", "role": "anon", "iat": 1_700_000_000, "exp": 1_700_000_000 + 10 * 365 * 24 * 3600},
        secret,
        algorithm="HS256",
    )
    assert ours == theirs


def test_auth_s_signing_key_signs_tokens_the_published_key_set_verifies(env):
    signing, legacy = json.loads(env["JWT_KEYS"])
    assert signing["alg"] == "ES256" and "sign" in signing["key_ops"] and signing["kid"]
    assert legacy == {"kty": "oct", "k": legacy["k"], "alg": "HS256", "key_ops": ["verify"], "kid": "legacy-hs256"}
    private = ECAlgorithm.from_jwk(json.dumps(signing))
    token = jwt.encode(
        {"sub": "u1", "role": "authenticated", "aud": "authenticated"},
        private,
        algorithm="ES256",
        headers={"kid": signing["kid"]},
    )
    published = json.loads(env["JWT_JWKS"])["keys"]
    assert all("d" not in key for key in published)  # no private part leaves Auth
    public = next(k for k in published if k["kid"] == signing["kid"])
    claims = jwt.decode(token, ECAlgorithm.from_jwk(json.dumps(public)), algorithms=["ES256"], audience="authenticated")
    assert claims["sub"] == "u1"
    # The legacy key is the JWT secret: the API keys verify against the key set too.
    hs = next(k for k in published if k["kid"] == "legacy-hs256")
    assert jwt.decode(env["ANON_KEY"], HMACAlgorithm.from_jwk(json.dumps(hs)), algorithms=["HS256"])["role"] == "anon"


def test_the_signing_key_is_a_p256_key_in_auth_s_layout():
    jwk = es256_private_jwk()
    private = ECAlgorithm.from_jwk(json.dumps(jwk))  # cryptography checks the point is on the curve
    derived = json.loads(ECAlgorithm.to_jwk(private.public_key()))
    assert (derived["x"], derived["y"]) == (jwk["x"], jwk["y"])
    # The layout Auth reads (GOTRUE_JWT_KEYS), member order included: 32-byte coordinates, unpadded
    # base64url, and a kid made of the RFC 7638 thumbprint's first 16 characters, lower-cased.
    assert list(jwk) == ["kty", "crv", "x", "y", "d", "kid", "alg", "key_ops"]
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{43}", jwk[name]) for name in ("x", "y", "d"))
    thumbprint = json.dumps({"crv": "P-256", "kty": "EC", "x": jwk["x"], "y": jwk["y"]}, separators=(",", ":"))
    kid = base64.urlsafe_b64encode(hashlib.sha256(thumbprint.encode()).digest()).decode()[:16].lower()
    assert (jwk["kid"], jwk["alg"], jwk["key_ops"]) == (kid, "ES256", ["sign", "verify"])
    assert es256_private_jwk()["d"] != jwk["d"]


def test_output_writes_a_private_file_and_never_overwrites(tmp_path):
    target = tmp_path / ".env"
    result = gen_keys("--output", str(target))
    assert result.returncode == 0, result.stderr
    assert oct(target.stat().st_mode & 0o777) == "0o600"
    first = target.read_text()
    again = gen_keys("--output", str(target))
    assert again.returncode == 1 and "not overwriting" in again.stderr
    assert target.read_text() == first


def test_the_repository_holds_no_generated_env():
    tracked = subprocess.run(["git", "ls-files", ".env", "*.env"], cwd=ROOT, capture_output=True, text=True).stdout
    assert tracked.strip() == ""
    assert ".env" in (ROOT / ".gitignore").read_text().splitlines()
    assert os.access(GEN_KEYS, os.X_OK)


def interpolate(value, env: dict[str, str]):
    """Compose's interpolation, applied like compose to the parsed file's strings, for the forms
    docker-compose.yml uses: ${V}, ${V:-default}, ${V:?message} (an error when V is unset or
    empty) and $$ (a literal dollar)."""
    if isinstance(value, dict):
        return {k: interpolate(v, env) for k, v in value.items()}
    if isinstance(value, list):
        return [interpolate(v, env) for v in value]
    if not isinstance(value, str):
        return value

    def substitute(match):
        if match.group(0) == "$$":
            return "$"
        name, operator, argument = match.group(1), match.group(2), match.group(3)
        found = env.get(name, "")
        if operator == ":?" and not found:
            raise ValueError(f"{name}: {argument}")
        return argument if operator == ":-" and not found else found

    return re.sub(r"\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:[-?])([^}]*))?\}", substitute, value)


def test_a_generated_env_with_a_mail_server_gives_a_complete_valid_compose_file(env):
    parsed = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    with pytest.raises(ValueError, match="SMTP_HOST"):
        interpolate(parsed, env)  # compose refuses to start without a mail server
    resolved = interpolate(parsed, env | {"SMTP_HOST": "smtp.example.org"})
    auth = resolved["services"]["auth"]["environment"]
    assert (
        auth["GOTRUE_DB_DATABASE_URL"]
        == f"postgres://supabase_auth_admin:{env['AUTH_ADMIN_PASSWORD']}@db:5432/postgres"
    )
    assert json.loads(auth["GOTRUE_JWT_KEYS"]) == json.loads(env["JWT_KEYS"])
    assert resolved["services"]["app"]["build"]["args"]["VITE_SUPABASE_ANON_KEY"] == env["ANON_KEY"]
    assert resolved["services"]["kong"]["ports"] == ["127.0.0.1:8001:8000/tcp"]
    validator = jsonschema.validators.validator_for(json.loads(compose_schema_path().read_text()))
    errors = list(validator(json.loads(compose_schema_path().read_text())).iter_errors(resolved))
    assert not errors, [e.message for e in errors]
