"""Fixtures against the real test stack that ./scripts/test starts (Postgres, BFF, gateway)."""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterator
from typing import Protocol

import jwt
import psycopg
import pytest
from flask import Flask
from flask.testing import FlaskClient

from fixtures.database import AdminDb
from fixtures.local_auth import Account, create_account, enrol_totp, password_session, second_step
from fixtures.tools_support import anonymous_tools_client, remove_tools_user, tools_app, tools_client  # noqa: F401 (shared)
from fixtures.users import insert_user
from toolkit_bff import create_app
from toolkit_bff.jobs.job_pool import close_job_pool


def _env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: run the suites through ./scripts/test")
    return value


@pytest.fixture(scope="session")
def stack_env() -> dict[str, str]:
    names = [
        "TOOLKIT_DATABASE_URL",
        "TOOLKIT_DATABASE_ADMIN_URL",
        "TOOLKIT_JWT_SECRET",
        "TOOLKIT_PUBLIC_URL",
        "TOOLKIT_BFF_URL",
        "TOOLKIT_MAIL_DIR",
    ]
    return {name: _env(name) for name in names}


@pytest.fixture(scope="session")
def redirect_url() -> str:
    """The stack's redirect service, the one server of /s/{code}, reached directly (not through the gateway)."""
    return _env("TOOLKIT_REDIRECT_URL")


@pytest.fixture
def app(stack_env: dict[str, str]) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "RATELIMIT_ENABLED": False,
            "OUTBOUND_TEST_NETWORKS": ["127.0.0.1/32"],
            "DATABASE_URL": stack_env["TOOLKIT_DATABASE_URL"],
            "JWT_SECRET": stack_env["TOOLKIT_JWT_SECRET"],
            # Tests that need Auth or its key set point these at the running service.
            "JWKS_URL": "",
            "AUTH_URL": "",
        }
    )
    yield app
    close_job_pool(app)
    app.extensions["db_pool"].close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def admin_db(stack_env: dict[str, str]) -> Iterator[AdminDb]:
    with psycopg.connect(stack_env["TOOLKIT_DATABASE_ADMIN_URL"], autocommit=True) as conn:
        yield conn


class MakeToken(Protocol):
    """make_token(sub, *, secret=, expires_in=, algorithm=, drop=(claims left out), **claims) → a JWT."""

    def __call__(
        self,
        sub: str | None = None,
        *,
        secret: str | None = None,
        expires_in: int = 3600,
        algorithm: str = "HS256",
        drop: tuple[str, ...] = (),
        **overrides: object,
    ) -> str: ...


@pytest.fixture(scope="session")
def make_token(stack_env: dict[str, str]) -> MakeToken:
    """Mint an access token shaped like the ones Supabase Auth issues."""

    def make(
        sub: str | None = None,
        *,
        secret: str | None = None,
        expires_in: int = 3600,
        algorithm: str = "HS256",
        drop: tuple[str, ...] = (),
        **overrides: object,
    ) -> str:
        now = int(time.time())
        claims = {
            "sub": sub or str(uuid.uuid4()),
            "aud": "authenticated",
            "role": "authenticated",
            "email": "someone@example.com",
            "iat": now,
            "exp": now + expires_in,
            **overrides,
        }
        for name in drop:
            del claims[name]
        return jwt.encode(claims, secret or stack_env["TOOLKIT_JWT_SECRET"], algorithm=algorithm)

    return make


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class User:
    """A user account as Auth creates it, and the access token Auth would issue for it."""

    def __init__(self, user_id: str, email: str, token: str) -> None:
        self.id, self.email, self.token = user_id, email, token
        self.headers = bearer(token)


class MakeUser(Protocol):
    def __call__(
        self, name: str = "user", *, admin: bool = False, metadata: dict[str, object] | None = None
    ) -> User: ...


@pytest.fixture
def make_user(admin_db: AdminDb, make_token: MakeToken) -> Iterator[MakeUser]:
    """Create users in auth.users (the profile trigger fires as on sign-up); removed afterwards."""
    created: list[str] = []

    def make(name: str = "user", *, admin: bool = False, metadata: dict[str, object] | None = None) -> User:
        user_id, email = insert_user(admin_db, name, admin=admin, metadata=metadata)
        created.append(user_id)
        return User(user_id, email, make_token(user_id, email=email))

    yield make
    if created:
        admin_db.execute("delete from auth.users where id = any(%s::uuid[])", (created,))


class MakeAccount(Protocol):
    """make(name, *, mfa=, admin=) → (account, aal1 token, aal2 token or None)."""

    def __call__(self, name: str, *, mfa: bool = False, admin: bool = False) -> tuple[Account, str, str | None]: ...


@pytest.fixture
def accounts(admin_db: AdminDb) -> Iterator[MakeAccount]:
    """Accounts made through the stack's Auth, with real sessions: make(name, mfa=, admin=) →
    (account, aal1 token, aal2 token or None); removed afterwards."""
    made: list[str] = []

    def make(name: str, *, mfa: bool = False, admin: bool = False) -> tuple[Account, str, str | None]:
        account = create_account(name)
        made.append(account.id)
        if admin:
            admin_db.execute("insert into public.user_roles (user_id) values (%s)", (account.id,))
        if not mfa:
            return account, password_session(account)["access_token"], None
        enrol_totp(account)
        # Completing the second step signs out the account's aal1 sessions (as upstream does), so
        # the password-only session comes last.
        aal2 = second_step(account, password_session(account))["access_token"]
        aal1 = password_session(account)["access_token"]
        return account, aal1, aal2

    yield make
    admin_db.execute("delete from auth.users where id = any(%s::uuid[])", (made,))


@pytest.fixture(scope="session", autouse=True)
def _tools_user_removed_at_the_end() -> Iterator[None]:
    yield
    remove_tools_user()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """schemathesis names each operation's test "test_x[GET /api/pastes]" but leaves the node id at
    "…::test_x" for all of them; pytest-xdist hands out work by node id (stack/pytest_layout.py),
    which must therefore be unique: the node id takes the name."""
    for item in items:
        label = getattr(item, "operation_label", None)
        if label and not item.nodeid.endswith(f"[{label}]") and item.parent is not None:
            item._id = item.parent.id.child(item.name)  # what Node.__init__ sets from the name
