"""The BFF fails safe: it will not start with a secret anyone could guess, and only accepts
tokens for the `authenticated` role (and the configured issuer)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import bearer
from toolkit_bff import create_app
from toolkit_bff.config import ConfigError

BFF_DIR = Path(__file__).resolve().parents[2]
NO_DB = "postgresql://nobody@127.0.0.1:9/none"


@pytest.mark.parametrize("secret", ["", "short", "x" * 31])
def test_refuses_to_start_without_a_strong_secret_or_jwks(secret):
    with pytest.raises(ConfigError, match="refusing to start"):
        create_app({"TESTING": True, "DATABASE_URL": NO_DB, "JWT_SECRET": secret, "JWKS_URL": ""})


def test_starts_with_a_32_character_secret_or_a_jwks_url_alone():
    for config in (
        {"JWT_SECRET": "x" * 32, "JWKS_URL": ""},
        {"JWT_SECRET": "", "JWKS_URL": "https://auth.example.com/.well-known/jwks.json"},
    ):
        app = create_app({"TESTING": True, "DATABASE_URL": NO_DB, **config})
        app.extensions["db_pool"].close()


def test_gunicorn_entry_point_exits_with_an_empty_secret():
    env = {**os.environ, "TOOLKIT_JWT_SECRET": "", "TOOLKIT_JWKS_URL": "", "TOOLKIT_DATABASE_URL": NO_DB}
    run = subprocess.run(
        [sys.executable, "-c", "import wsgi"], cwd=BFF_DIR, env=env, capture_output=True, text=True, timeout=60
    )
    assert run.returncode != 0
    assert "Neither TOOLKIT_JWT_SECRET" in run.stderr


def test_hs256_tokens_are_refused_when_only_jwks_is_configured(make_token):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": NO_DB,
            "JWT_SECRET": "",
            "JWKS_URL": "https://auth.example.com/.well-known/jwks.json",
        }
    )
    try:
        response = app.test_client().get("/api/me", headers=bearer(make_token(secret="")))
        assert response.status_code == 401
        assert "no JWT secret" in response.get_json()["error"]["message"]
    finally:
        app.extensions["db_pool"].close()


@pytest.mark.parametrize(
    "overrides",
    [{"role": "anon"}, {"role": "service_role"}, {"role": "postgres"}],
    ids=["anon", "service_role", "postgres"],
)
def test_tokens_must_carry_role_authenticated(client, make_token, overrides):
    response = client.get("/api/me", headers=bearer(make_token(**overrides)))
    assert response.status_code == 401
    assert "role 'authenticated'" in response.get_json()["error"]["message"]


def test_token_without_a_role_is_refused(client, make_token):
    response = client.get("/api/me", headers=bearer(make_token(drop=("role",))))
    assert response.status_code == 401


def test_issuer_is_checked_when_configured(app, client, make_user, make_token):
    app.config["JWT_ISSUER"] = "http://localhost:8000/auth/v1"
    user_id = make_user().id
    assert (
        client.get("/api/me", headers=bearer(make_token(user_id, iss="http://localhost:8000/auth/v1"))).status_code
        == 200
    )
    assert (
        client.get("/api/me", headers=bearer(make_token(user_id, iss="https://evil.example/auth/v1"))).status_code
        == 401
    )
    assert client.get("/api/me", headers=bearer(make_token(user_id))).status_code == 401  # no iss at all
