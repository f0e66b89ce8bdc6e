"""Fixtures for the local Auth's tests: app instances built with the test stack's GOTRUE_*
configuration (overridable per test), on the test stack's database and mail capture."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator

import psycopg
import pytest
from flask import Flask
from flask.testing import FlaskClient
from psycopg.rows import dict_row

from local_auth import create_app, ratelimit
from local_auth.config import load_settings
from local_auth.db import Conn

from .support import MakeApp


@pytest.fixture(scope="session")
def auth_env() -> dict[str, str]:
    raw = os.environ.get("TOOLKIT_AUTH_ENV")
    if not raw:
        pytest.fail("TOOLKIT_AUTH_ENV is not set: run these tests through ./scripts/test")
    env: dict[str, str] = json.loads(raw)
    return env


@pytest.fixture
def make_app(auth_env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> MakeApp:
    """make_app(GOTRUE_X='...', ...) -> a Flask app configured like the stack's Auth plus overrides."""

    def make(**overrides: str) -> Flask:
        for name, value in (auth_env | overrides).items():
            monkeypatch.setenv(name, value)
        ratelimit.reset()
        app = create_app(load_settings())
        app.testing = True
        return app

    return make


@pytest.fixture
def client(make_app: MakeApp) -> FlaskClient:
    return make_app().test_client()


@pytest.fixture
def auth_db(auth_env: dict[str, str]) -> Iterator[Conn]:
    with psycopg.connect(auth_env["GOTRUE_DB_DATABASE_URL"], autocommit=True, row_factory=dict_row) as conn:
        yield conn


@pytest.fixture
def new_email() -> str:
    return f"user-{uuid.uuid4().hex[:12]}@example.com"
