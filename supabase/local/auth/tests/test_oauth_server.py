"""The OAuth 2.1 server (GOTRUE_OAUTH_SERVER_ENABLED): the client registry for admins, the
authorization-code flow with PKCE and consent, the token endpoint with client authentication, the
user's grants; malformed input gets upstream's 4xx and changes no row."""

from __future__ import annotations

import base64
import hashlib
from urllib.parse import parse_qs, urlsplit

import jwt
import pytest
from flask.testing import FlaskClient

from local_auth.db import Conn, returned
from local_auth.json_types import JsonObject

from .support import API_2024, MakeApp, admin, at_once, auth, confirmed_user, json_of, sign_in

ON = {"GOTRUE_OAUTH_SERVER_ENABLED": "true", "GOTRUE_OAUTH_SERVER_AUTHORIZATION_PATH": "/oauth/consent"}
REDIRECT = "http://localhost:4321/callback"
VERIFIER = "o" * 64
CHALLENGE = base64.urlsafe_b64encode(hashlib.sha256(VERIFIER.encode()).digest()).decode().rstrip("=")


@pytest.fixture
def client(make_app: MakeApp) -> FlaskClient:
    return make_app(**ON).test_client()


def _register(client: FlaskClient, **fields) -> JsonObject:
    response = client.post(
        "/admin/oauth/clients", json={"redirect_uris": [REDIRECT], "client_name": "Py"} | fields, headers=admin()
    )
    assert response.status_code == 201, response.json
    return json_of(response)


def _count(auth_db: Conn) -> int:
    count: int = returned(auth_db.execute("select count(*) as n from auth.oauth_clients"))["n"]
    return count


def test_off_by_default_the_routes_do_not_exist(make_app):
    off = make_app().test_client()
    assert off.post("/admin/oauth/clients", json={}, headers=admin()).status_code == 404
    assert off.get("/admin/oauth/clients").status_code == 401  # the admin router checks the key first
    assert off.get("/oauth/authorize?client_id=x").status_code == 404
    assert off.post("/oauth/token").status_code == 404


def test_admins_register_read_update_regenerate_and_delete_clients(client, auth_db):
    created = _register(client, client_uri="https://app.example.com", logo_uri="https://app.example.com/logo.png")
    assert created["client_type"] == "confidential" and created["token_endpoint_auth_method"] == "client_secret_basic"
    assert created["grant_types"] == ["authorization_code", "refresh_token"] and created["response_types"] == ["code"]
    assert created["registration_type"] == "manual" and len(created["client_secret"]) == 43
    stored = auth_db.execute(
        "select client_secret_hash from auth.oauth_clients where id = %s", (created["client_id"],)
    ).fetchone()["client_secret_hash"]
    assert stored != created["client_secret"] and len(stored) == 43
    got = client.get(f"/admin/oauth/clients/{created['client_id']}", headers=admin()).json
    assert "client_secret" not in got and got["client_name"] == "Py"
    listed = client.get("/admin/oauth/clients", headers=admin()).json["clients"]
    assert created["client_id"] in [c["client_id"] for c in listed]
    updated = client.put(
        f"/admin/oauth/clients/{created['client_id']}",
        json={"client_name": "Renamed", "redirect_uris": [REDIRECT, "https://app.example.com/cb"]},
        headers=admin(),
    ).json
    assert updated["client_name"] == "Renamed" and len(updated["redirect_uris"]) == 2
    regenerated = client.post(f"/admin/oauth/clients/{created['client_id']}/regenerate_secret", headers=admin())
    assert regenerated.status_code == 200 and regenerated.json["client_secret"] != created["client_secret"]
    deleted = client.delete(f"/admin/oauth/clients/{created['client_id']}", headers=admin())
    assert deleted.status_code == 204 and deleted.data == b""
    gone = client.get(f"/admin/oauth/clients/{created['client_id']}", headers=admin())
    assert (gone.status_code, gone.json["code"]) == (404, "oauth_client_not_found")


def test_public_clients_have_no_secret_to_regenerate(client):
    public = _register(client, token_endpoint_auth_method="none")
    assert public["client_type"] == "public" and "client_secret" not in public
    refused = client.post(f"/admin/oauth/clients/{public['client_id']}/regenerate_secret", headers=admin())
    assert (refused.status_code, refused.json["message"]) == (400, "Cannot regenerate secret for public client")


@pytest.mark.parametrize(
    "payload, code, message",
    [
        ([REDIRECT], "bad_json", "Invalid JSON body"),
        ({"redirect_uris": REDIRECT}, "bad_json", "Invalid JSON body"),
        ({"redirect_uris": [REDIRECT], "client_name": 5}, "bad_json", "Invalid JSON body"),
        ({}, "validation_failed", "redirect_uris is required"),
        (
            {"redirect_uris": ["javascript:alert(1)//x"]},
            "validation_failed",
            "invalid redirect_uri 'javascript:alert(1)//x': must have scheme and host",
        ),
        (
            {"redirect_uris": ["http://evil.example.com/cb"]},
            "validation_failed",
            "invalid redirect_uri 'http://evil.example.com/cb': HTTP scheme only allowed for localhost",
        ),
        (
            {"redirect_uris": [REDIRECT + "#x"]},
            "validation_failed",
            f"invalid redirect_uri '{REDIRECT}#x': fragment not allowed in redirect URI",
        ),
        (
            {"redirect_uris": [REDIRECT], "grant_types": ["password"]},
            "validation_failed",
            "grant_types must only contain 'authorization_code' and/or 'refresh_token'",
        ),
        (
            {"redirect_uris": [REDIRECT], "client_type": "public", "token_endpoint_auth_method": "client_secret_post"},
            "validation_failed",
            "client_type 'public' is inconsistent with token_endpoint_auth_method "
            "'client_secret_post' (expected client_type 'confidential')",
        ),
        (
            {"redirect_uris": [REDIRECT], "client_type": "sometimes"},
            "validation_failed",
            "client_type must be 'public' or 'confidential'",
        ),
    ],
)
def test_malformed_registrations_are_400_and_store_nothing(client, auth_db, payload, code, message):
    before = _count(auth_db)
    response = client.post("/admin/oauth/clients", json=payload, headers=admin())
    assert (response.status_code, response.json) == (400, {"code": code, "message": message})
    assert _count(auth_db) == before


def test_malformed_updates_and_ids_are_4xx_and_change_nothing(client):
    created = _register(client)
    path = f"/admin/oauth/clients/{created['client_id']}"
    assert client.put(path, json={}, headers=admin()).json["message"] == "No fields provided for update"
    assert (
        client.put(path, json={"redirect_uris": []}, headers=admin()).json["message"] == "redirect_uris cannot be empty"
    )
    assert client.put(path, json={"grant_types": "all"}, headers=admin()).json["code"] == "bad_json"
    bad_id = client.get("/admin/oauth/clients/not-a-uuid", headers=admin())
    assert (bad_id.status_code, bad_id.json["message"]) == (400, "invalid client_id format")
    assert client.get(path, headers=admin()).json == {k: v for k, v in created.items() if k != "client_secret"}
    assert client.post("/admin/oauth/clients", json={"redirect_uris": [REDIRECT]}, headers=API_2024).status_code == 401


def _authorize(client: FlaskClient, client_id: str, **extra) -> str:
    query = {
        "client_id": client_id,
        "redirect_uri": REDIRECT,
        "response_type": "code",
        "scope": "openid email",
        "state": "xyz",
        "code_challenge": CHALLENGE,
        "code_challenge_method": "S256",
    } | extra
    response = client.get("/oauth/authorize", query_string=query)
    assert response.status_code == 302, response.json
    return response.headers["Location"]


def _approved_code(client: FlaskClient, client_id: str, session: JsonObject) -> str:
    location = _authorize(client, client_id)
    authorization_id = parse_qs(urlsplit(location).query)["authorization_id"][0]
    details = json_of(client.get(f"/oauth/authorizations/{authorization_id}", headers=auth(session)))
    if "redirect_url" in details:  # consent given before: approved at once
        return parse_qs(urlsplit(details["redirect_url"]).query)["code"][0]
    approved = json_of(
        client.post(
            f"/oauth/authorizations/{authorization_id}/consent", json={"action": "approve"}, headers=auth(session)
        )
    )
    return parse_qs(urlsplit(approved["redirect_url"]).query)["code"][0]


def test_the_authorization_code_flow_with_pkce(client, new_email, auth_env):
    public = _register(client, token_endpoint_auth_method="none")
    confirmed_user(client, new_email)
    session = sign_in(client, new_email)
    location = _authorize(client, public["client_id"])
    assert location.startswith(auth_env["GOTRUE_SITE_URL"] + "/oauth/consent?authorization_id=")
    authorization_id = parse_qs(urlsplit(location).query)["authorization_id"][0]
    details = json_of(client.get(f"/oauth/authorizations/{authorization_id}", headers=auth(session)))
    assert details["client"] == {"id": public["client_id"], "name": "Py"} and details["scope"] == "openid email"
    assert details["user"]["email"] == new_email
    approved = client.post(
        f"/oauth/authorizations/{authorization_id}/consent", json={"action": "approve"}, headers=auth(session)
    ).json["redirect_url"]
    query = parse_qs(urlsplit(approved).query)
    assert approved.startswith(REDIRECT + "?") and query["state"] == ["xyz"]
    code = query["code"][0]
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "client_id": public["client_id"],
        "redirect_uri": REDIRECT,
    }
    wrong = client.post("/oauth/token", data=form | {"code_verifier": "w" * 64})
    assert wrong.status_code == 400 and wrong.json["error"] == "invalid_grant"
    tokens = client.post("/oauth/token", data=form | {"code_verifier": VERIFIER})
    assert tokens.status_code == 200, tokens.json
    assert set(tokens.json) == {"access_token", "token_type", "expires_in", "refresh_token"}
    claims = jwt.decode(tokens.json["access_token"], options={"verify_signature": False})
    assert (claims["client_id"], claims["scope"], claims["email"]) == (public["client_id"], "openid email", new_email)
    assert [a["method"] for a in claims["amr"]] == ["oauth_provider/authorization_code"]
    again = client.post("/oauth/token", data=form | {"code_verifier": VERIFIER})
    assert again.json == {"error": "invalid_grant", "error_description": "Invalid authorization code"}
    # The OAuth session refreshes at /oauth/token for its client only.
    refreshed = client.post(
        "/oauth/token",
        data={
            "grant_type": "refresh_token",
            "client_id": public["client_id"],
            "refresh_token": tokens.json["refresh_token"],
        },
    )
    assert refreshed.status_code == 200
    elsewhere = client.post("/token?grant_type=refresh_token", json={"refresh_token": refreshed.json["refresh_token"]})
    assert elsewhere.json == {
        "error": "invalid_client",
        "error_description": "Client authentication required for OAuth session",
    }


def test_a_confidential_client_authenticates_and_a_code_is_exchanged_once(make_app, new_email):
    app = make_app(**ON)
    client = app.test_client()
    confidential = _register(client)
    confirmed_user(client, new_email)
    code = _approved_code(client, confidential["client_id"], sign_in(client, new_email))
    basic = base64.b64encode(f"{confidential['client_id']}:{confidential['client_secret']}".encode()).decode()
    form = {"grant_type": "authorization_code", "code": code, "code_verifier": VERIFIER}
    unauthenticated = client.post(
        "/oauth/token", data=form | {"client_id": confidential["client_id"]}, headers=API_2024
    )
    assert unauthenticated.status_code == 400 and unauthenticated.json["code"] == "invalid_credentials"
    wrong_secret = base64.b64encode(f"{confidential['client_id']}:nope".encode()).decode()
    assert (
        client.post("/oauth/token", data=form, headers={"Authorization": f"Basic {wrong_secret}"} | API_2024).json[
            "message"
        ]
        == "invalid client credentials"
    )
    results = at_once(
        6, lambda _: app.test_client().post("/oauth/token", data=form, headers={"Authorization": f"Basic {basic}"})
    )
    assert sorted(r.status_code for r in results) == [200] + [400] * 5
    assert {r.json["error"] for r in results if r.status_code == 400} == {"invalid_grant"}


def test_refusals_at_authorize_and_consent(client, new_email):
    public = _register(client, token_endpoint_auth_method="none")
    unknown = client.get(
        "/oauth/authorize",
        query_string={"client_id": "8a3f8a5e-6f0f-4f1e-9b4b-9a6a4b9e2c11", "redirect_uri": REDIRECT},
        headers=API_2024,
    )
    assert (unknown.status_code, unknown.json["code"]) == (400, "oauth_client_not_found")
    other = client.get(
        "/oauth/authorize",
        query_string={"client_id": public["client_id"], "redirect_uri": "http://localhost:1/other"},
        headers=API_2024,
    )
    assert (other.status_code, other.json["message"]) == (400, "invalid redirect_uri")
    no_pkce = _authorize(client, public["client_id"], code_challenge="", code_challenge_method="")
    assert parse_qs(urlsplit(no_pkce).query) == {
        "error": ["invalid_request"],
        "state": ["xyz"],
        "error_description": ["PKCE flow requires both code_challenge and code_challenge_method"],
    }
    confirmed_user(client, new_email)
    session = sign_in(client, new_email)
    authorization_id = parse_qs(urlsplit(_authorize(client, public["client_id"])).query)["authorization_id"][0]
    client.get(f"/oauth/authorizations/{authorization_id}", headers=auth(session))
    bad = client.post(
        f"/oauth/authorizations/{authorization_id}/consent", json={"action": "maybe"}, headers=auth(session)
    )
    assert (bad.status_code, bad.json["message"]) == (400, "action must be 'approve' or 'deny'")
    denied = client.post(
        f"/oauth/authorizations/{authorization_id}/consent", json={"action": "deny"}, headers=auth(session)
    ).json["redirect_url"]
    assert parse_qs(urlsplit(denied).query)["error"] == ["access_denied"]
    gone = client.get(f"/oauth/authorizations/{authorization_id}", headers=auth(session))
    assert (gone.status_code, gone.json["message"]) == (400, "authorization request cannot be processed")


def test_grants_are_listed_and_revoking_one_ends_its_sessions(client, new_email, auth_db):
    public = _register(client, token_endpoint_auth_method="none")
    confirmed_user(client, new_email)
    session = sign_in(client, new_email)
    code = _approved_code(client, public["client_id"], session)
    tokens = client.post(
        "/oauth/token",
        data={
            "grant_type": "authorization_code",
            "code": code,
            "client_id": public["client_id"],
            "code_verifier": VERIFIER,
        },
    ).json
    grants = client.get("/user/oauth/grants", headers=auth(session)).json
    assert [(g["client"]["id"], g["scopes"]) for g in grants] == [(public["client_id"], ["openid", "email"])]
    # A second authorization with the same scopes is approved without asking.
    assert _approved_code(client, public["client_id"], session)
    assert (
        client.delete(f"/user/oauth/grants?client_id={public['client_id']}", headers=auth(session)).status_code == 204
    )
    assert client.get("/user/oauth/grants", headers=auth(session)).json == []
    refused = client.post(
        "/oauth/token",
        data={
            "grant_type": "refresh_token",
            "client_id": public["client_id"],
            "refresh_token": tokens["refresh_token"],
        },
    )
    assert refused.status_code == 400
    again = client.delete(f"/user/oauth/grants?client_id={public['client_id']}", headers=auth(session))
    assert (again.status_code, again.json["code"]) == (404, "oauth_consent_not_found")
