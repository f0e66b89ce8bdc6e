"""The demo accounts ./scripts/dev creates, made against the test stack's Auth: both sign in with
their password, the admin is an admin (is_admin), the passwords are kept and reused."""

from __future__ import annotations

import json
import os
import uuid

import psycopg
import pytest
import requests

from stack import demo_accounts


@pytest.fixture
def accounts_spec():
    """Unique e-mails and usernames, so the test does not meet accounts of an earlier run."""
    tag = uuid.uuid4().hex[:8]
    spec = (("admin", f"admin-{tag}@example.com", f"admin_{tag}"), ("user", f"demo-{tag}@example.com", f"demo_{tag}"))
    yield spec
    with psycopg.connect(os.environ["TOOLKIT_DATABASE_ADMIN_URL"], autocommit=True) as conn:
        conn.execute("delete from auth.users where email = any(%s)", ([email for _, email, _ in spec],))


def ensure(state_path, spec):
    return demo_accounts.ensure(
        os.environ["TOOLKIT_AUTH_URL"],
        os.environ["TOOLKIT_SERVICE_ROLE_KEY"],
        os.environ["TOOLKIT_DATABASE_ADMIN_URL"],
        state_path,
        spec,
    )


def sign_in(email: str, password: str) -> requests.Response:
    return requests.post(
        f"{os.environ['TOOLKIT_AUTH_URL']}/token?grant_type=password",
        json={"email": email, "password": password},
        timeout=10,
    )


def test_demo_accounts_sign_in_and_the_admin_is_an_admin(tmp_path, accounts_spec):
    state = tmp_path / "demo-accounts.json"
    accounts, created = ensure(state, accounts_spec)
    assert created == [email for _, email, _ in accounts_spec]
    assert [a.kind for a in accounts] == ["admin", "user"]
    assert state.stat().st_mode & 0o777 == 0o600
    assert {entry["password"] for entry in json.loads(state.read_text())} == {a.password for a in accounts}

    with psycopg.connect(os.environ["TOOLKIT_DATABASE_ADMIN_URL"]) as conn:
        for account in accounts:
            response = sign_in(account.email, account.password)
            assert response.status_code == 200, response.text
            user = response.json()["user"]
            assert user["email_confirmed_at"] and user["user_metadata"]["username"] == account.username
            is_admin, nickname = conn.execute(
                "select public.is_admin(%s), (select nickname from public.profile where id = %s)",
                (user["id"], user["id"]),
            ).fetchone()
            assert is_admin is (account.kind == "admin")
            assert nickname == account.username  # the profile trigger took the username
    assert sign_in(accounts[0].email, accounts[0].password + "x").status_code == 400


def test_a_later_start_reuses_the_passwords_and_creates_nothing(tmp_path, accounts_spec):
    state = tmp_path / "demo-accounts.json"
    first, _ = ensure(state, accounts_spec)
    again, created = ensure(state, accounts_spec)
    assert created == []
    assert [(a.email, a.password) for a in again] == [(a.email, a.password) for a in first]
    assert all(sign_in(a.email, a.password).status_code == 200 for a in again)
    text = demo_accounts.describe(again)
    assert all(a.email in text and a.password in text for a in again)


def test_passwords_differ_per_data_directory(tmp_path):
    one = demo_accounts.load_or_make(tmp_path / "a" / "demo-accounts.json")
    two = demo_accounts.load_or_make(tmp_path / "b" / "demo-accounts.json")
    assert [a.email for a in one] == [a.email for a in two] == ["admin@example.com", "demo@example.com"]
    assert {a.password for a in one}.isdisjoint({a.password for a in two})
    assert all(len(a.password) >= 16 for a in one)
