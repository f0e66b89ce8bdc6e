"""Access tokens are verified locally: only valid HS256 tokens for `authenticated` get through."""

import base64
import json
from collections.abc import Callable

import pytest

from conftest import MakeToken, bearer


def test_me_requires_a_token(client):
    response = client.get("/api/me")
    assert response.status_code == 401
    assert response.get_json()["error"]["code"] == "not_authenticated"


def test_me_returns_the_verified_user_as_postgres_sees_them(client, make_user, make_token):
    ada = make_user("ada")
    response = client.get("/api/me", headers=bearer(make_token(ada.id, email="ada@example.com")))
    assert response.status_code == 200
    assert response.get_json()["user"] == {"id": ada.id, "email": "ada@example.com", "role": "authenticated"}


def _alg_none_token(make_token: MakeToken) -> str:
    _, payload, _ = make_token().split(".")
    none_header = base64.urlsafe_b64encode(json.dumps({"alg": "none", "typ": "JWT"}).encode()).rstrip(b"=")
    return f"{none_header.decode()}.{payload}."


@pytest.mark.parametrize(
    "case", ["expired", "wrong_secret", "wrong_audience", "alg_none", "tampered", "garbage", "missing_sub"]
)
def test_bad_tokens_are_rejected_with_401(client, make_token, case):
    token_of: dict[str, Callable[[], str]] = {
        "expired": lambda: make_token(expires_in=-60),
        "wrong_secret": lambda: make_token(secret="another-secret-that-is-at-least-32-chars"),
        "wrong_audience": lambda: make_token(aud="somebody-else"),
        "alg_none": lambda: _alg_none_token(make_token),
        "tampered": lambda: make_token()[:-4] + "AAAA",
        "garbage": lambda: "not-a-jwt",
        "missing_sub": lambda: make_token(drop=("sub",)),
    }
    token = token_of[case]()
    response = client.get("/api/me", headers=bearer(token))
    assert response.status_code == 401
    assert response.get_json()["error"]["code"] == "invalid_token"


@pytest.mark.parametrize("header", ["Basic abc", "Bearer", "Bearer    ", "token"])
def test_malformed_authorization_header_is_401(client, header):
    response = client.get("/api/me", headers={"Authorization": header})
    assert response.status_code == 401
    assert response.get_json()["error"]["code"] == "invalid_token"
