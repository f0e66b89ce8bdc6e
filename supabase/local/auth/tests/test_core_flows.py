"""Sign-up with autoconfirm, password sign-in, refresh rotation and reuse, sign-out scopes."""

from __future__ import annotations

import jwt
from flask.testing import FlaskClient

from local_auth.json_types import JsonObject

from .support import API_2024, MakeApp, json_of


def _signup_confirmed(
    make_app: MakeApp, email: str, password: str = "correct-horse-1"
) -> tuple[FlaskClient, JsonObject]:
    client = make_app(GOTRUE_MAILER_AUTOCONFIRM="true").test_client()
    response = client.post("/signup", json={"email": email, "password": password}, headers=API_2024)
    assert response.status_code == 200, response.json
    return client, json_of(response)


def test_signup_with_autoconfirm_returns_a_session_with_upstream_claims(make_app, new_email):
    _, session = _signup_confirmed(make_app, new_email)
    header = jwt.get_unverified_header(session["access_token"])
    claims = jwt.decode(session["access_token"], options={"verify_signature": False})
    assert header["alg"] == "ES256" and header["kid"]
    assert claims["aud"] == "authenticated" and claims["role"] == "authenticated"
    assert claims["aal"] == "aal1" and claims["amr"][0]["method"] == "password"
    assert claims["email"] == new_email and claims["is_anonymous"] is False
    assert session["token_type"] == "bearer" and session["expires_in"] == 3600
    assert len(session["refresh_token"]) == 12


def test_wrong_password_is_invalid_credentials(make_app, new_email):
    client, _ = _signup_confirmed(make_app, new_email)
    response = client.post(
        "/token?grant_type=password", json={"email": new_email, "password": "nope-nope"}, headers=API_2024
    )
    assert response.status_code == 400
    assert response.json == {"code": "invalid_credentials", "message": "Invalid login credentials"}
    assert response.headers["x-sb-error-code"] == "invalid_credentials"


def test_old_clients_get_the_legacy_error_shape(make_app, new_email):
    client, _ = _signup_confirmed(make_app, new_email)
    response = client.post("/token?grant_type=password", json={"email": new_email, "password": "nope-nope"})
    assert response.json == {"code": 400, "error_code": "invalid_credentials", "msg": "Invalid login credentials"}


def test_refresh_rotates_and_reuse_of_the_parent_returns_the_same_child(make_app, new_email):
    client, session = _signup_confirmed(make_app, new_email)
    first = client.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
    again = client.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
    assert first.status_code == again.status_code == 200
    assert json_of(first)["refresh_token"] != session["refresh_token"]
    assert json_of(again)["refresh_token"] == json_of(first)["refresh_token"]


def test_reuse_after_the_interval_revokes_the_whole_session(make_app, new_email, auth_db):
    client, session = _signup_confirmed(make_app, new_email)
    child = json_of(client.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]}))
    grandchild = json_of(client.post("/token?grant_type=refresh_token", json={"refresh_token": child["refresh_token"]}))
    # Age the original token past the 10 s reuse interval.
    auth_db.execute(
        "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = %s",
        (session["refresh_token"],),
    )
    reused = client.post(
        "/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]}, headers=API_2024
    )
    assert reused.status_code == 400 and json_of(reused)["code"] == "refresh_token_already_used"
    live = auth_db.execute(
        "select count(*) as n from auth.refresh_tokens where user_id = %s and not revoked", (session["user"]["id"],)
    ).fetchone()["n"]
    assert live == 0, "every token of the session is revoked"
    # As upstream, the just-revoked tokens stay usable for the reuse interval; after it, they are not.
    auth_db.execute(
        "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where user_id = %s",
        (session["user"]["id"],),
    )
    after = client.post(
        "/token?grant_type=refresh_token", json={"refresh_token": grandchild["refresh_token"]}, headers=API_2024
    )
    assert after.status_code == 400 and json_of(after)["code"] == "refresh_token_already_used"


def test_logout_scopes_revoke_exactly_what_they_say(make_app, new_email):
    client, first = _signup_confirmed(make_app, new_email)

    def login() -> JsonObject:
        return json_of(
            client.post("/token?grant_type=password", json={"email": new_email, "password": "correct-horse-1"})
        )

    second, third = login(), login()
    bearer = {"Authorization": f"Bearer {second['access_token']}"}
    assert client.post("/logout?scope=others", headers=bearer).status_code == 204

    def alive(session: JsonObject) -> bool:
        refreshed = client.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
        status: int = refreshed.status_code
        return status == 200

    assert alive(second) and not alive(first) and not alive(third)
    assert client.post("/logout?scope=local", headers=bearer).status_code == 204
    assert json_of(client.get("/user", headers=bearer | API_2024))["code"] == "session_not_found"
