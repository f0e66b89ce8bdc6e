"""Constants and helpers shared by the local Auth's tests."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import pyotp
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from local_auth.json_types import JsonObject

# supabase-js sends this header; the server then answers errors as {"code": <error code>, "message"}.
API_2024 = {"X-Supabase-Api-Version": "2024-01-01"}
PASSWORD = "correct-horse-1"

T = TypeVar("T")

# The make_app fixture: make_app(GOTRUE_X="...", ...) builds the app with those variables set.
MakeApp = Callable[..., Flask]


def json_of(response: TestResponse) -> JsonObject:
    """The answer's JSON object (the test fails on any other body)."""
    body = response.get_json()
    assert isinstance(body, dict), response.data
    return body


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def admin() -> dict[str, str]:
    return bearer(os.environ["TOOLKIT_SERVICE_ROLE_KEY"]) | API_2024


def confirmed_user(client: FlaskClient, email: str) -> JsonObject:
    """A confirmed user made through the admin API; returns the user JSON."""
    created = client.post(
        "/admin/users", json={"email": email, "password": PASSWORD, "email_confirm": True}, headers=admin()
    )
    assert created.status_code == 200, created.json
    return json_of(created)


def sign_in(client: FlaskClient, email: str, headers: dict[str, str] | None = None) -> JsonObject:
    response = client.post(
        "/token?grant_type=password", json={"email": email, "password": PASSWORD}, headers=headers or {}
    )
    assert response.status_code == 200, response.json
    return json_of(response)


def auth(session: JsonObject) -> dict[str, str]:
    return bearer(session["access_token"]) | API_2024


def enroll_totp(client: FlaskClient, session: JsonObject, name: str = "Phone") -> JsonObject:
    response = client.post("/factors", json={"factor_type": "totp", "friendly_name": name}, headers=auth(session))
    assert response.status_code == 200, response.json
    return json_of(response)


def totp_code(factor: JsonObject, steps_ahead: int = 0) -> str:
    """The factor's code for now, or for a later 30-second step (accepted one step ahead)."""
    return pyotp.TOTP(factor["totp"]["secret"]).at(time.time() + 30 * steps_ahead)


def at_once(count: int, attempt: Callable[[int], T]) -> list[T]:
    """Run attempt(i) on `count` threads released together; returns their results in order."""
    barrier = threading.Barrier(count)
    results: dict[int, T] = {}

    def run(index: int) -> None:
        barrier.wait()
        results[index] = attempt(index)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [results[i] for i in range(count)]  # a KeyError: that attempt raised
