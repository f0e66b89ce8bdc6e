"""What an OAuth 2.1 client may not do with the tokens a user grants it, and what its registration
may not carry (issue 35; stricter than upstream v2.186.0, see oauth_clients.py and
refuse_oauth_client): no password, e-mail or factor changes with a client's token; revoking the
grant takes everything minted from it; redirect URIs are a list of https (or loopback http) URIs
that nothing can smuggle another into; the consent page's links are http(s)."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from local_auth.json_types import JsonObject

from .support import API_2024, MakeApp, admin, auth, bearer, confirmed_user, enroll_totp, json_of, sign_in
from .test_oauth_server import ON, REDIRECT, VERIFIER, _approved_code, _register

REFUSED = {"code": "no_authorization", "message": "OAuth client not allowed to perform these actions"}


@pytest.fixture
def client(make_app: MakeApp) -> FlaskClient:
    return make_app(**ON).test_client()


def _client_tokens(client: FlaskClient, new_email: str) -> tuple[JsonObject, JsonObject, JsonObject]:
    """(the user's own session, the tokens an app got through the code flow, the app's registration)."""
    app = _register(client, token_endpoint_auth_method="none")
    confirmed_user(client, new_email)
    session = sign_in(client, new_email)
    code = _approved_code(client, app["client_id"], session)
    tokens = client.post(
        "/oauth/token",
        data={
            "grant_type": "authorization_code",
            "code": code,
            "client_id": app["client_id"],
            "code_verifier": VERIFIER,
        },
    )
    assert tokens.status_code == 200, tokens.json
    return session, json_of(tokens), app


def test_an_apps_token_cannot_change_the_password_email_or_factors(client, new_email, auth_db):
    session, tokens, _ = _client_tokens(client, new_email)
    before = auth_db.execute(
        "select encrypted_password, email_change from auth.users where email = %s", (new_email,)
    ).fetchone()
    for body in ({"password": "a brand new password 1"}, {"email": "thief@example.com"}):
        refused = client.put("/user", json=body, headers=auth(tokens))
        assert (refused.status_code, refused.json) == (403, REFUSED), body
    after = auth_db.execute(
        "select encrypted_password, email_change from auth.users where email = %s", (new_email,)
    ).fetchone()
    assert after == before
    enrolled = client.post("/factors", json={"factor_type": "totp", "friendly_name": "Thief"}, headers=auth(tokens))
    assert (enrolled.status_code, enrolled.json) == (403, REFUSED)
    own_factor = enroll_totp(client, session)  # the user's own session may
    removed = client.delete(f"/factors/{own_factor['id']}", headers=auth(tokens))
    assert (removed.status_code, removed.json) == (403, REFUSED)
    assert (
        auth_db.execute("select count(*) as n from auth.mfa_factors where id = %s", (own_factor["id"],)).fetchone()["n"]
        == 1
    )
    # The old error shape for clients without the API version header, as upstream answers it.
    old_shape = client.put("/user", json={"password": "a brand new password 1"}, headers=bearer(tokens["access_token"]))
    assert old_shape.json == {
        "code": 403,
        "error_code": "no_authorization",
        "msg": "OAuth client not allowed to perform these actions",
    }
    # What the grant is for still works: reading the user, and metadata.
    assert client.get("/user", headers=auth(tokens)).status_code == 200
    assert client.put("/user", json={"data": {"theme": "dark"}}, headers=auth(tokens)).status_code == 200
    # The user's own session is not held back.
    assert client.put("/user", json={"password": "a brand new password 1"}, headers=auth(session)).status_code == 200


def test_revoking_a_grant_takes_its_sessions_and_the_codes_not_yet_exchanged(client, new_email, auth_db):
    session, tokens, app = _client_tokens(client, new_email)
    pending_code = _approved_code(client, app["client_id"], session)  # approved at once: consent was given
    revoked = client.delete(f"/user/oauth/grants?client_id={app['client_id']}", headers=auth(session))
    assert revoked.status_code == 204
    late = client.post(
        "/oauth/token",
        data={
            "grant_type": "authorization_code",
            "code": pending_code,
            "client_id": app["client_id"],
            "code_verifier": VERIFIER,
        },
    )
    assert late.json == {"error": "invalid_grant", "error_description": "Invalid authorization code"}
    refreshed = client.post(
        "/oauth/token",
        data={"grant_type": "refresh_token", "client_id": app["client_id"], "refresh_token": tokens["refresh_token"]},
    )
    assert refreshed.status_code == 400
    gone = client.get("/user", headers=auth(tokens))
    assert (gone.status_code, gone.json["code"]) == (403, "session_not_found")
    assert (
        auth_db.execute(
            "select count(*) as n from auth.oauth_authorizations where client_id = %s", (app["client_id"],)
        ).fetchone()["n"]
        == 0
    )
    assert client.get("/user", headers=auth(session)).status_code == 200  # the user's own session stays


@pytest.mark.parametrize(
    "uri, problem",
    [
        ("https://ok.example/x,http://evil.example/", "a redirect URI cannot contain a comma"),
        ("https://ok.example/x,https://evil.example/", "a redirect URI cannot contain a comma"),
        ("myapp://callback", "scheme 'myapp' is not allowed: use https, or http on localhost"),
        ("http://localhost.evil.example/cb", "HTTP scheme only allowed for localhost"),
        ("http://127.0.0.1.evil.example/cb", "HTTP scheme only allowed for localhost"),
    ],
)
def test_a_redirect_uri_that_could_smuggle_another_target_is_refused(client, auth_db, uri, problem):
    before = auth_db.execute("select count(*) as n from auth.oauth_clients").fetchone()["n"]
    response = client.post("/admin/oauth/clients", json={"redirect_uris": [uri]}, headers=admin())
    assert (response.status_code, response.json) == (
        400,
        {"code": "validation_failed", "message": f"invalid redirect_uri '{uri}': {problem}"},
    )
    assert auth_db.execute("select count(*) as n from auth.oauth_clients").fetchone()["n"] == before
    existing = _register(client)
    update = client.put(f"/admin/oauth/clients/{existing['client_id']}", json={"redirect_uris": [uri]}, headers=admin())
    assert update.status_code == 400
    assert client.get(f"/admin/oauth/clients/{existing['client_id']}", headers=admin()).json["redirect_uris"] == [
        REDIRECT
    ]


def test_redirect_uris_are_kept_as_a_list_and_only_listed_ones_are_followed(client, auth_db):
    uris = [REDIRECT, "https://app.example.com/cb?next=a", "http://127.0.0.2:8080/cb", "http://[::1]:9/cb"]
    created = _register(client, redirect_uris=uris)
    assert created["redirect_uris"] == uris
    stored = auth_db.execute(
        "select redirect_uris from auth.oauth_clients where id = %s", (created["client_id"],)
    ).fetchone()["redirect_uris"]
    assert json.loads(stored) == uris

    def authorize(redirect_uri: str):
        return client.get(
            "/oauth/authorize",
            query_string={"client_id": created["client_id"], "redirect_uri": redirect_uri},
            headers=API_2024,
        )

    assert all(authorize(uri).status_code == 302 for uri in uris)
    # A value kept as text before is one URI as a whole: nothing is split out of it.
    auth_db.execute(
        "update auth.oauth_clients set redirect_uris = %s where id = %s",
        ("https://ok.example/x,https://evil.example/", created["client_id"]),
    )
    smuggled = authorize("https://evil.example/")
    assert (smuggled.status_code, json_of(smuggled)["message"]) == (400, "invalid redirect_uri")


@pytest.mark.parametrize("field", ["logo_uri", "client_uri"])
@pytest.mark.parametrize(
    "value",
    [
        "javascript:alert(document.cookie)",
        "data:text/html,<script>alert(1)</script>",
        "/relative/logo.png",
        "ftp://files.example/logo.png",
    ],
)
def test_the_consent_pages_links_are_http_or_https(client, field, value):
    refused = client.post("/admin/oauth/clients", json={"redirect_uris": [REDIRECT], field: value}, headers=admin())
    assert (refused.status_code, refused.json) == (
        400,
        {"code": "validation_failed", "message": f"{field} must be a valid http or https URL"},
    )
    existing = _register(client, **{field: "https://app.example.com/logo.png"})
    update = client.put(f"/admin/oauth/clients/{existing['client_id']}", json={field: value}, headers=admin())
    assert update.status_code == 400
    assert (
        client.get(f"/admin/oauth/clients/{existing['client_id']}", headers=admin()).json[field]
        == "https://app.example.com/logo.png"
    )
