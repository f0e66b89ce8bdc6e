"""Both error shapes, chosen by X-Supabase-Api-Version as upstream does; the x-sb-error-code header;
OAuth-style errors; routing errors as Go's router answers them; unexpected failures."""

from __future__ import annotations

import pytest
from flask import Flask

from local_auth.errors import AuthError, OAuthError, register_error_handlers, too_many, weak_password


@pytest.fixture
def client():
    app = Flask(__name__)
    register_error_handlers(app)

    @app.get("/fail/<kind>")
    def fail(kind: str):
        raise {
            "auth": AuthError(400, "validation_failed", "Bad thing", headers={"X-Extra": "1"}),
            "weak": weak_password("Password should be at least 8 characters.", ["length"]),
            "limit": too_many("over_request_rate_limit", "Request rate limit reached"),
            "oauth": OAuthError("invalid request", "id_token required"),
            "crash": RuntimeError("boom"),
        }[kind]

    @app.get("/ok")
    def ok():
        return {}

    return app.test_client()


V2024 = {"X-Supabase-Api-Version": "2024-01-01"}


def test_the_2024_shape(client):
    response = client.get("/fail/auth", headers=V2024)
    assert response.status_code == 400
    assert response.json == {"code": "validation_failed", "message": "Bad thing"}
    assert response.headers["x-sb-error-code"] == "validation_failed"
    assert response.headers["X-Supabase-Api-Version"] == "2024-01-01"
    assert response.headers["X-Extra"] == "1"


def test_the_legacy_shape(client):
    response = client.get("/fail/auth")
    assert response.json == {"code": 400, "error_code": "validation_failed", "msg": "Bad thing"}
    assert response.headers["x-sb-error-code"] == "validation_failed"
    assert "X-Supabase-Api-Version" not in response.headers


@pytest.mark.parametrize(
    "version, new_shape",
    [
        ("2024-01-01", True),
        ("2025-06-30", True),  # any later date is the 2024 API
        ("2023-12-31", False),
        ("", False),
        ("2024-13-01", False),
        ("2024-02-30", False),  # not a calendar date: upstream falls back
        ("2024-1-1", False),
        ("latest", False),
    ],
)
def test_which_dates_select_the_2024_shape(client, version, new_shape):
    response = client.get("/fail/auth", headers={"X-Supabase-Api-Version": version})
    assert ("message" in response.json) is new_shape
    assert (response.headers.get("X-Supabase-Api-Version") == "2024-01-01") is new_shape


def test_the_version_header_is_echoed_only_on_errors(client):
    assert "X-Supabase-Api-Version" not in client.get("/ok", headers=V2024).headers


def test_weak_password_in_both_shapes(client):
    new = client.get("/fail/weak", headers=V2024)
    assert new.status_code == 422
    assert new.json == {
        "code": "weak_password",
        "message": "Password should be at least 8 characters.",
        "weak_password": {"reasons": ["length"]},
    }
    assert "x-sb-error-code" not in new.headers  # upstream's one exception to the header
    old = client.get("/fail/weak")
    assert old.json == {
        "code": 422,
        "error_code": "weak_password",
        "msg": "Password should be at least 8 characters.",
        "weak_password": {"reasons": ["length"]},
    }
    assert old.headers["x-sb-error-code"] == "weak_password"


def test_oauth_errors_ignore_the_version(client):
    for headers in ({}, V2024):
        response = client.get("/fail/oauth", headers=headers)
        assert response.status_code == 400
        assert response.json == {"error": "invalid request", "error_description": "id_token required"}
        assert "x-sb-error-code" not in response.headers


def test_rate_limited_in_both_shapes(client):
    assert client.get("/fail/limit", headers=V2024).json == {
        "code": "over_request_rate_limit",
        "message": "Request rate limit reached",
    }
    assert client.get("/fail/limit").json["code"] == 429


def test_unexpected_failures_are_500_without_details(client):
    response = client.get("/fail/crash", headers=V2024)
    assert response.status_code == 500
    assert response.json == {
        "code": "unexpected_failure",
        "message": "Unexpected failure, please check server logs for more information",
    }
    assert "boom" not in response.get_data(as_text=True)


def test_unknown_paths_and_methods_answer_like_gos_router(client):
    missing = client.get("/no/such/path")
    assert missing.status_code == 404
    assert missing.get_data() == b"404 page not found\n"
    assert missing.headers["Content-Type"] == "text/plain; charset=utf-8"
    wrong_method = client.delete("/ok")
    assert wrong_method.status_code == 405 and wrong_method.get_data() == b""
    assert "GET" in wrong_method.headers["Allow"]
