"""Personal API tokens (issue 32): made in /account and shown once, kept as a hash, scoped to pastes
and links, revocable, rate-limited per token — and usable from a script exactly as the help page's
`curl` examples show."""

from __future__ import annotations

import hashlib
import json
import subprocess
from typing import Any

import pytest
import requests
from flask.testing import FlaskClient

from conftest import User, bearer
from toolkit_bff import create_app


@pytest.fixture
def pastes(admin_db):
    ids: list[str] = []
    yield ids
    admin_db.execute("delete from public.pastes where id = any(%s)", (ids,))


def make_api_token(client: FlaskClient, user: User, scopes: list[str], name: str = "script") -> dict[str, Any]:
    """The API's answer: the token (shown once), its id, name, scopes and expiry."""
    response = client.post("/api/me/tokens", json={"name": name, "scopes": scopes}, headers=user.headers)
    assert response.status_code == 201, response.data
    made: dict[str, Any] = response.get_json()
    return made


def test_a_token_is_shown_once_and_kept_only_as_its_hash(client, admin_db, make_user):
    alice = make_user("tokens")
    made = make_api_token(client, alice, ["pastes", "links"], name="Nightly backup")
    assert made["token"].startswith("tkp_") and len(made["token"]) == 47
    assert made["token_prefix"] == made["token"][:8] and made["scopes"] == ["links", "pastes"]
    listed = client.get("/api/me/tokens", headers=alice.headers).get_json()["tokens"]
    assert [(t["id"], t["name"], t["last_used_at"]) for t in listed] == [(made["id"], "Nightly backup", None)]
    assert "token" not in listed[0] and made["token"] not in json.dumps(listed)
    row = admin_db.execute(
        "select t::text, token_hash from public.api_tokens t where id = %s", (made["id"],)
    ).fetchone()
    assert row[1] == hashlib.sha256(made["token"].encode()).hexdigest()
    assert made["token"] not in row[0]


def test_a_pastes_token_writes_and_reads_its_owners_pastes_and_reaches_nothing_else(client, make_user, pastes):
    alice = make_user("tokens")
    token = bearer(make_api_token(client, alice, ["pastes"])["token"])
    created = client.post("/api/pastes", json={"content": "from cron", "privacy": "private"}, headers=token)
    assert created.status_code == 201, created.data
    pastes.append(created.get_json()["id"])
    assert created.get_json()["user_id"] == alice.id  # owned by the token's user, not anonymous
    assert "edit_token" not in created.get_json()
    mine = client.get("/api/pastes?scope=mine", headers=token).get_json()["pastes"]
    assert [p["id"] for p in mine] == [created.get_json()["id"]]
    for method, path in (
        ("GET", "/api/links"),
        ("POST", "/api/links"),
        ("GET", "/api/me"),
        ("GET", "/api/me/tokens"),
        ("POST", "/api/me/tokens"),
        ("GET", "/api/admin/users"),
    ):
        answer = client.open(path, method=method, json={} if method == "POST" else None, headers=token)
        assert (answer.status_code, answer.get_json()["error"]["code"]) == (403, "token_scope"), (method, path)
    assert client.get("/api/me/tokens", headers=alice.headers).get_json()["tokens"][0]["last_used_at"] is not None


def test_a_links_token_makes_links_of_its_owner(client, admin_db, make_user):
    bob = make_user("tokens")
    token = bearer(make_api_token(client, bob, ["links"])["token"])
    made = client.post("/api/links", json={"url": "https://script.example/"}, headers=token)
    assert made.status_code == 201, made.data
    assert (
        admin_db.execute(
            "select user_id::text from public.shortened_urls where id = %s", (made.get_json()["id"],)
        ).fetchone()[0]
        == bob.id
    )
    assert [link["id"] for link in client.get("/api/links", headers=token).get_json()["links"]] == [
        made.get_json()["id"]
    ]
    answer = client.get("/api/pastes?scope=mine", headers=token)
    assert (answer.status_code, answer.get_json()["error"]["code"]) == (403, "token_scope")


def test_revoked_expired_and_forged_tokens_are_401(client, admin_db, make_user):
    carol = make_user("tokens")
    first, second = make_api_token(client, carol, ["pastes"]), make_api_token(client, carol, ["pastes"])
    assert client.get("/api/pastes?scope=mine", headers=bearer(first["token"])).status_code == 200
    assert client.delete(f"/api/me/tokens/{first['id']}", headers=carol.headers).status_code == 204
    admin_db.execute(
        "update public.api_tokens set expires_at = now() - interval '1 second' where id = %s", (second["id"],)
    )
    for token in (first["token"], second["token"], "tkp_" + "A" * 43, "tkp_short", first["token"][:-1] + "x"):
        answer = client.get("/api/pastes?scope=mine", headers=bearer(token))
        assert (answer.status_code, answer.get_json()["error"]["code"]) == (401, "invalid_token"), token
    assert client.delete(f"/api/me/tokens/{first['id']}", headers=carol.headers).status_code == 404


def test_nobody_else_sees_or_revokes_a_token(client, make_user):
    owner, other = make_user("tokens"), make_user("tokens")
    made = make_api_token(client, owner, ["links"])
    assert client.get("/api/me/tokens", headers=other.headers).get_json()["tokens"] == []
    assert client.delete(f"/api/me/tokens/{made['id']}", headers=other.headers).status_code == 404
    assert client.get("/api/links", headers=bearer(made["token"])).status_code == 200
    assert client.get("/api/me/tokens").status_code == 401


@pytest.mark.parametrize(
    "body, problem",
    [
        ({"name": "x"}, "scopes is required"),
        ({"name": "x", "scopes": []}, "scopes must be a list of pastes, links or both"),
        ({"name": "x", "scopes": ["admin"]}, "scopes must be a list of pastes, links or both"),
        ({"name": "x", "scopes": "pastes"}, "scopes must be a list of pastes, links or both"),
        ({"scopes": ["links"]}, "name is required"),
        ({"name": "   ", "scopes": ["links"]}, "Give the token a name of 1 to 100 characters"),
        ({"name": "x", "scopes": ["links"], "expires_at": "2001-01-01T00:00:00Z"}, "expires_at must be in the future"),
        (
            {"name": "x", "scopes": ["links"], "expires_at": "2100-01-01T00:00:00Z"},
            "expires_at must be before 2100-01-01T00:00:00Z",
        ),
    ],
)
def test_bad_requests_for_a_token_are_422_and_make_none(client, make_user, body, problem):
    dave = make_user("tokens")
    answer = client.post("/api/me/tokens", json=body, headers=dave.headers)
    assert (answer.status_code, answer.get_json()["error"]["message"]) == (422, problem)
    assert client.get("/api/me/tokens", headers=dave.headers).get_json()["tokens"] == []


def test_an_aal1_session_of_an_account_with_a_factor_makes_no_token(client, admin_db, make_user, make_token):
    erin = make_user("tokens")
    admin_db.execute(
        "insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at,"
        " updated_at, secret) values (gen_random_uuid(), %s, 'Phone', 'totp', 'verified', now(), now(),"
        " 'JBSWY3DPEHPK3PXP')",
        (erin.id,),
    )
    aal1 = bearer(make_token(erin.id, email=erin.email, aal="aal1"))
    answer = client.post("/api/me/tokens", json={"name": "x", "scopes": ["links"]}, headers=aal1)
    assert (answer.status_code, answer.get_json()["error"]["code"]) == (403, "mfa_required")
    aal2 = bearer(make_token(erin.id, email=erin.email, aal="aal2"))
    assert client.post("/api/me/tokens", json={"name": "x", "scopes": ["links"]}, headers=aal2).status_code == 201


def test_requests_with_a_token_are_limited_per_token(stack_env, make_user, pastes):
    app = create_app(
        {
            "TESTING": True,
            "RATELIMIT_STORAGE_URI": "memory://",
            "API_TOKEN_RATE_LIMIT": "3 per minute",
            "DATABASE_URL": stack_env["TOOLKIT_DATABASE_URL"],
            "JWT_SECRET": stack_env["TOOLKIT_JWT_SECRET"],
            "JWKS_URL": "",
            "AUTH_URL": "",
        }
    )
    client = app.test_client()
    try:
        frank = make_user("tokens")
        first, second = (bearer(make_api_token(client, frank, ["pastes"])["token"]) for _ in range(2))
        statuses = [client.get("/api/pastes?scope=mine", headers=first).status_code for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        limited = client.post("/api/pastes", json={"content": "too soon"}, headers=first)
        assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0
        assert client.get("/api/pastes?scope=mine", headers=second).status_code == 200  # its own count
        assert client.get("/api/pastes?scope=mine", headers=frank.headers).status_code == 200  # sessions are not
    finally:
        app.extensions["db_pool"].close()


def test_an_oversized_body_with_a_token_is_413_and_writes_nothing(app, client, make_user):
    app.config["DATA_MAX_BODY_BYTES"] = 1024
    gina = make_user("tokens")
    token = bearer(make_api_token(client, gina, ["pastes"])["token"])
    answer = client.post("/api/pastes", json={"content": "x" * 5000}, headers=token)
    assert (answer.status_code, answer.get_json()["error"]["code"]) == (413, "request_entity_too_large")
    assert client.get("/api/pastes?scope=mine", headers=token).get_json()["pastes"] == []


def curl(*args: str) -> tuple[int, str]:
    """curl as a script runs it (as on the help page): the status on the last line."""
    done = subprocess.run(["curl", "-sS", "-w", "\n%{http_code}", *args], capture_output=True, text=True, timeout=60)
    body, _, status = done.stdout.rpartition("\n")
    return int(status), body


def test_the_help_pages_curl_examples_work_against_the_stack(stack_env, make_user, pastes, admin_db):
    gateway = stack_env["TOOLKIT_PUBLIC_URL"]
    hank = make_user("tokens")
    made = requests.post(
        f"{gateway}/api/me/tokens",
        json={"name": "curl", "scopes": ["pastes", "links"]},
        headers=hank.headers,
        timeout=30,
    )
    assert made.status_code == 201, made.text
    auth = f"Authorization: Bearer {made.json()['token']}"
    status, body = curl(
        "-X",
        "POST",
        f"{gateway}/api/pastes",
        "-H",
        auth,
        "-H",
        "Content-Type: application/json",
        "-d",
        '{"content": "echo hello", "title": "From curl", "privacy": "unlisted"}',
    )
    assert status == 201, body
    paste = json.loads(body)
    pastes.append(paste["id"])
    assert curl(f"{gateway}/api/pastes/{paste['id']}/raw") == (200, "echo hello")
    status, body = curl(
        "-X",
        "POST",
        f"{gateway}/api/links",
        "-H",
        auth,
        "-H",
        "Content-Type: application/json",
        "-d",
        '{"url": "https://example.com/a/long/address", "max_clicks": 100}',
    )
    assert status == 201, body
    link = json.loads(body)
    admin_db.execute("delete from public.shortened_urls where id = %s", (link["id"],))
    status, body = curl(f"{gateway}/api/pastes?scope=mine", "-H", auth)
    assert status == 200 and [p["id"] for p in json.loads(body)["pastes"]] == [paste["id"]]
