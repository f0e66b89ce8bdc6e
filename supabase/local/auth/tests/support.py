"""Constants and helpers shared by the local Auth's tests."""

from __future__ import annotations

import os
import threading
import time

import pyotp

# supabase-js sends this header; the server then answers errors as {"code": <error code>, "message"}.
API_2024 = {"X-Supabase-Api-Version": "2024-01-01"}
PASSWORD = "correct-horse-1"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def admin() -> dict[str, str]:
    return bearer(os.environ["TOOLKIT_SERVICE_ROLE_KEY"]) | API_2024


def confirmed_user(client, email: str) -> dict:
    """A confirmed user made through the admin API; returns the user JSON."""
    created = client.post(
        "/admin/users", json={"email": email, "password": PASSWORD, "email_confirm": True}, headers=admin()
    )
    assert created.status_code == 200, created.json
    return created.json


def sign_in(client, email: str, headers: dict | None = None) -> dict:
    response = client.post(
        "/token?grant_type=password", json={"email": email, "password": PASSWORD}, headers=headers or {}
    )
    assert response.status_code == 200, response.json
    return response.json


def auth(session: dict) -> dict[str, str]:
    return bearer(session["access_token"]) | API_2024


def enroll_totp(client, session: dict, name: str = "Phone") -> dict:
    response = client.post("/factors", json={"factor_type": "totp", "friendly_name": name}, headers=auth(session))
    assert response.status_code == 200, response.json
    return response.json


def totp_code(factor: dict, steps_ahead: int = 0) -> str:
    """The factor's code for now, or for a later 30-second step (accepted one step ahead)."""
    return pyotp.TOTP(factor["totp"]["secret"]).at(time.time() + 30 * steps_ahead)


def at_once(count: int, attempt) -> list:
    """Run attempt(i) on `count` threads released together; returns their results in order."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def run(index: int) -> None:
        barrier.wait()
        results[index] = attempt(index)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
