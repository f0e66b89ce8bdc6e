"""The OAuth 2.1 server's OpenID Connect endpoints as v2.186.0 serves them: the discovery document
(always at /.well-known/openid-configuration; at /.well-known/oauth-authorization-server only with
the server on), and /oauth/userinfo giving `sub` plus the claims of the scopes the client was granted."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from flask.testing import FlaskClient

from local_auth.json_types import JsonObject

from .support import API_2024, MakeApp, admin, auth, confirmed_user, json_of, sign_in
from .test_oauth_server import ON, REDIRECT, VERIFIER, _authorize

ISSUER = "http://localhost:8000/auth/v1"


@pytest.fixture
def client(make_app: MakeApp) -> FlaskClient:
    return make_app(**ON, GOTRUE_OAUTH_SERVER_ALLOW_DYNAMIC_REGISTRATION="true", GOTRUE_JWT_ISSUER=ISSUER).test_client()


def _oauth_tokens(client: FlaskClient, session: JsonObject, scope: str) -> JsonObject:
    registered = json_of(
        client.post(
            "/admin/oauth/clients",
            json={"redirect_uris": [REDIRECT], "client_name": "OIDC", "token_endpoint_auth_method": "none"},
            headers=admin(),
        )
    )
    location = _authorize(client, registered["client_id"], scope=scope)
    authorization_id = parse_qs(urlsplit(location).query)["authorization_id"][0]
    client.get(f"/oauth/authorizations/{authorization_id}", headers=auth(session))
    approved = json_of(
        client.post(
            f"/oauth/authorizations/{authorization_id}/consent", json={"action": "approve"}, headers=auth(session)
        )
    )["redirect_url"]
    tokens = client.post(
        "/oauth/token",
        data={
            "grant_type": "authorization_code",
            "client_id": registered["client_id"],
            "redirect_uri": REDIRECT,
            "code_verifier": VERIFIER,
            "code": parse_qs(urlsplit(approved).query)["code"][0],
        },
    )
    assert tokens.status_code == 200, tokens.json
    return json_of(tokens)


def test_the_discovery_document_names_every_endpoint_under_the_issuer(client):
    response = client.get("/.well-known/openid-configuration")
    assert response.status_code == 200 and response.headers["Cache-Control"] == "public, max-age=600"
    document = response.json
    assert list(document)[:6] == [
        "issuer",
        "authorization_endpoint",
        "token_endpoint",
        "jwks_uri",
        "userinfo_endpoint",
        "registration_endpoint",
    ]
    assert document["issuer"] == ISSUER and document["userinfo_endpoint"] == ISSUER + "/oauth/userinfo"
    assert document["jwks_uri"] == ISSUER + "/.well-known/jwks.json"
    assert document["scopes_supported"] == ["openid", "profile", "email", "phone"]
    assert document["code_challenge_methods_supported"] == ["S256", "plain"]
    assert client.get("/.well-known/oauth-authorization-server").json == document


def test_without_the_oauth_server_discovery_stays_and_the_rest_is_404(make_app):
    off = make_app().test_client()
    document = off.get("/.well-known/openid-configuration").json
    assert "registration_endpoint" not in document and document["issuer"] == ""
    assert off.get("/.well-known/oauth-authorization-server").status_code == 404
    assert off.get("/oauth/userinfo").status_code == 404


def test_userinfo_gives_the_claims_of_the_granted_scopes(client, new_email):
    confirmed_user(client, new_email)
    session = sign_in(client, new_email)
    client.put("/user", json={"data": {"name": "Ada", "username": "ada"}}, headers=auth(session))
    narrow = _oauth_tokens(client, session, "openid email")
    info = client.get("/oauth/userinfo", headers={"Authorization": f"Bearer {narrow['access_token']}"} | API_2024)
    assert info.status_code == 200
    assert info.json == {"sub": session["user"]["id"], "email": new_email, "email_verified": True}
    wide = _oauth_tokens(client, session, "openid profile")
    profile = client.get("/oauth/userinfo", headers={"Authorization": f"Bearer {wide['access_token']}"}).json
    assert (profile["name"], profile["preferred_username"]) == ("Ada", "ada") and "email" not in profile
    assert isinstance(profile["updated_at"], int) and profile["user_metadata"]["name"] == "Ada"
    own = client.get("/oauth/userinfo", headers=auth(session)).json  # the user's own session: no scopes
    assert own == {"sub": session["user"]["id"]}
    assert client.get("/oauth/userinfo", headers=API_2024).status_code == 401
