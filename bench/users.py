"""Users of the bench stack, made the way an operator makes them (Auth's admin API with the
service-role key, e-mail confirmed) and signed in the way the app signs in (password grant): real
sessions with real tokens, which every part of the stack accepts."""

from __future__ import annotations

import uuid

import requests

from .result import JsonObject

PASSWORD = "bench-password-1"


class AuthRefused(RuntimeError):
    """Auth did not answer 200; the message says what it answered."""


def create_user(auth_url: str, service_key: str) -> str:
    """A confirmed user; returns the e-mail."""
    email = f"bench-{uuid.uuid4().hex[:12]}@example.com"
    response = requests.post(
        f"{auth_url}/admin/users",
        timeout=30,
        headers={"Authorization": f"Bearer {service_key}", "apikey": service_key},
        json={"email": email, "password": PASSWORD, "email_confirm": True},
    )
    if response.status_code != 200:
        raise AuthRefused(f"POST /admin/users answered {response.status_code}: {response.text[:200]}")
    return email


def sign_in(auth_url: str, email: str) -> JsonObject:
    """A password session: {"access_token", "refresh_token", …}."""
    response = requests.post(
        f"{auth_url}/token?grant_type=password", timeout=30, json={"email": email, "password": PASSWORD}
    )
    if response.status_code != 200:
        raise AuthRefused(f"sign-in answered {response.status_code}: {response.text[:200]}")
    session: JsonObject = response.json()
    return session


def signed_in_headers(env: dict[str, str]) -> dict[str, str]:
    """The Authorization header of a new signed-in user of the stack named by `env`."""
    email = create_user(env["TOOLKIT_AUTH_URL"], env["TOOLKIT_SERVICE_ROLE_KEY"])
    return {"Authorization": f"Bearer {sign_in(env['TOOLKIT_AUTH_URL'], email)['access_token']}"}
