"""Admin routes decide who is asking before they read anything the caller sent (issue 37): whatever the
path, query and body hold, anon hears 401 and everyone who is not an admin at aal2 hears 403 — never
the 404 or 422 an admin gets for the same input, which would say the input was read (for `q=%00`,
that it reached the database)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from conftest import bearer

# Every part of the request malformed at once: a NUL and a non-id in the path, a NUL, a negative
# limit and a word for a number in the query, a body that is not JSON (and holds a NUL if it were).
BAD_PATH_PART = "%00not-an-id"
BAD_QUERY = "q=%00&limit=-5&offset=ten"
BAD_BODY = b'{"is_disabled": "\\u0000", "disable_reason": ['


def admin_requests(app: Flask) -> Iterator[tuple[str, str]]:
    """(method, url) for every method of every /api/admin route, each path parameter malformed."""
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/admin/"):
            continue
        url = rule.rule
        for name in rule.arguments:
            url = url.replace(f"<{name}>", BAD_PATH_PART)
        assert "<" not in url, f"{rule.rule}: a typed path converter answers 404 before the role is known"
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            yield method, f"{url}?{BAD_QUERY}"


def send(client: FlaskClient, method: str, url: str, headers: dict[str, str]) -> TestResponse:
    return client.open(url, method=method, headers=headers, data=BAD_BODY, content_type="application/json")


@pytest.fixture
def verified_factor(admin_db):
    def add(user_id: str) -> None:
        admin_db.execute(
            "insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,"
            " updated_at, secret) values (gen_random_uuid(), %s, 'Phone', 'totp', 'verified', now(),"
            " now(), 'JBSWY3DPEHPK3PXP')",
            (user_id,),
        )

    return add


def test_every_admin_route_refuses_everyone_but_admins_before_reading_the_request(
    app, client, make_user, make_token, verified_factor
):
    user, boss = make_user("not-admin"), make_user("boss-with-factor", admin=True)
    verified_factor(boss.id)
    token = client.post(
        "/api/me/tokens",
        json={"name": "script", "scopes": ["pastes", "links"]},
        headers=bearer(make_token(boss.id, email=boss.email, aal="aal2")),
    ).get_json()["token"]
    callers = {
        "anonymous": ({}, 401, "not_authenticated"),
        "a signed-in user": (user.headers, 403, "forbidden"),
        "an admin's personal API token": (bearer(token), 403, "token_scope"),
        "an admin's password-only (aal1) session": (
            bearer(make_token(boss.id, email=boss.email, aal="aal1")),
            403,
            "mfa_required",
        ),
    }
    requests = list(admin_requests(app))
    assert len(requests) >= 9  # users, grant, revoke, factors, pastes (list, delete), links (list, delete), pages
    wrong = []
    for method, url in requests:
        for who, (headers, status, code) in callers.items():
            response = send(client, method, url, headers)
            error = (response.get_json(silent=True) or {}).get("error", {})
            if (response.status_code, error.get("code")) != (status, code):
                wrong.append(f"{who}: {method} {url} → {response.status_code} {error}")
            elif code == "forbidden" and not error["message"].startswith("Only administrators can "):
                wrong.append(f"{who}: {method} {url} → {error['message']}")
    assert wrong == []


def test_an_admin_gets_the_answer_to_the_input_itself(client, make_user):
    """The same bad input, from an admin, is read and refused for what it is."""
    boss = make_user("boss", admin=True)
    for path in ("/api/admin/links", "/api/admin/pastes", "/api/admin/users"):
        response = client.get(f"{path}?q=%00", headers=boss.headers)
        assert (response.status_code, response.get_json()["error"]["code"]) == (422, "invalid_input"), path
    for method, path in (
        ("POST", "/api/admin/users/not-an-id/admin"),
        ("DELETE", "/api/admin/users/not-an-id/admin"),
        ("DELETE", "/api/admin/users/not-an-id/factors"),
    ):
        response = client.open(path, method=method, headers=boss.headers)
        assert (response.status_code, response.get_json()["error"]["code"]) == (404, "not_found"), path
    response = client.put(
        "/api/admin/pages/dashboard", headers=boss.headers, data=BAD_BODY, content_type="application/json"
    )
    assert response.status_code == 400 and response.get_json()["error"]["code"]
