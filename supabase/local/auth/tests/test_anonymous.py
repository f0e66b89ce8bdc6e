"""Anonymous sign-ins behind GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED (off by default, as upstream and
in the product): is_anonymous users without e-mail or identity, the `anonymous` amr at aal1, their own
rate limit, what they may not do, and how they become permanent by adding an e-mail."""

from __future__ import annotations

import jwt

from local_auth.db import Conn, returned
from local_auth.json_types import JsonObject

from . import mailbox
from .support import API_2024, auth, bearer

ON = {"GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED": "true"}


def _claims(token: str) -> JsonObject:
    return jwt.decode(token, options={"verify_signature": False})


def _count_users(auth_db: Conn) -> int:
    count: int = returned(auth_db.execute("select count(*) as n from auth.users"))["n"]
    return count


def test_off_by_default_whatever_else_is_sent(client, auth_db):
    before = _count_users(auth_db)
    for body in ({}, {"password": "x"}, {"data": {"a": 1}}):
        response = client.post("/signup", json=body, headers=API_2024)
        assert response.status_code == 422
        assert response.json == {"code": "anonymous_provider_disabled", "message": "Anonymous sign-ins are disabled"}
    assert _count_users(auth_db) == before
    assert client.get("/settings").json["external"]["anonymous_users"] is False


def test_an_anonymous_user_and_session(make_app, auth_db):
    client = make_app(**ON).test_client()
    assert client.get("/settings").json["external"]["anonymous_users"] is True
    response = client.post("/signup", json={"data": {"theme": "dark"}}, headers=API_2024)
    assert response.status_code == 200, response.json
    session = response.json
    claims = _claims(session["access_token"])
    assert (claims["is_anonymous"], claims["aal"], claims["role"]) == (True, "aal1", "authenticated")
    assert [a["method"] for a in claims["amr"]] == ["anonymous"]
    assert (claims["email"], claims["phone"], claims["app_metadata"]) == ("", "", {})
    user = session["user"]
    assert user["is_anonymous"] is True and user["identities"] == [] and user["app_metadata"] == {}
    assert user["user_metadata"] == {"theme": "dark"} and user["email"] == ""
    row = auth_db.execute(
        "select email, phone, encrypted_password, is_anonymous from auth.users where id = %s", (user["id"],)
    ).fetchone()
    assert row == {"email": None, "phone": None, "encrypted_password": "", "is_anonymous": True}
    assert client.get("/user", headers=bearer(session["access_token"])).json["is_anonymous"] is True
    refreshed = client.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
    assert _claims(refreshed.json["access_token"])["is_anonymous"] is True


def test_what_an_anonymous_user_may_not_do(make_app):
    client = make_app(**ON).test_client()
    session = client.post("/signup", json={}).json
    enroll = client.post("/factors", json={"factor_type": "totp"}, headers=auth(session))
    assert enroll.status_code == 403 and enroll.json == {
        "code": "no_authorization",
        "message": "Anonymous user not allowed to perform these actions",
    }
    password = client.put("/user", json={"password": "correct-horse-1"}, headers=auth(session))
    assert password.status_code == 422 and password.json == {
        "code": "validation_failed",
        "message": "Updating password of an anonymous user without an email or phone is not allowed",
    }
    off = make_app(**ON, GOTRUE_DISABLE_SIGNUP="true").test_client().post("/signup", json={}, headers=API_2024)
    assert off.status_code == 422 and off.json["code"] == "signup_disabled"


def test_adding_an_email_makes_the_user_permanent(make_app, new_email, auth_db):
    client = make_app(**ON).test_client()
    session = client.post("/signup", json={}).json
    user_id = session["user"]["id"]
    changed = client.put("/user", json={"email": new_email, "password": "correct-horse-1"}, headers=auth(session))
    assert changed.status_code == 200, changed.json
    assert changed.json["new_email"] == new_email and changed.json["is_anonymous"] is True
    message = mailbox.last(new_email)
    assert message["Subject"] == "Confirm Email Change"
    verified = client.post("/verify", json={"type": "email_change", "email": new_email, "token": mailbox.code(message)})
    assert verified.status_code == 200, verified.json
    claims = _claims(verified.json["access_token"])
    assert claims["is_anonymous"] is False and claims["email"] == new_email
    assert verified.json["user"]["id"] == user_id
    assert [i["provider"] for i in verified.json["user"]["identities"]] == ["email"]
    row = auth_db.execute(
        "select is_anonymous, email_confirmed_at is not null as confirmed from auth.users where id = %s", (user_id,)
    ).fetchone()
    assert row == {"is_anonymous": False, "confirmed": True}
    signed_in = client.post("/token?grant_type=password", json={"email": new_email, "password": "correct-horse-1"})
    assert signed_in.status_code == 200 and signed_in.json["user"]["id"] == user_id


def test_with_autoconfirm_the_email_is_theirs_at_once(make_app, new_email):
    client = make_app(**ON, GOTRUE_MAILER_AUTOCONFIRM="true").test_client()
    session = client.post("/signup", json={}).json
    changed = client.put("/user", json={"email": new_email}, headers=auth(session))
    assert changed.status_code == 200, changed.json
    assert (changed.json["email"], changed.json["is_anonymous"]) == (new_email, False)
    assert mailbox.mails_to(new_email) == []


def test_anonymous_sign_ins_have_their_own_hourly_limit(make_app):
    client = make_app(**ON, GOTRUE_RATE_LIMIT_ANONYMOUS_USERS="3").test_client()
    visitor = {"X-Forwarded-For": "203.0.113.77"} | API_2024
    statuses = [client.post("/signup", json={}, headers=visitor).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    assert client.post("/signup", json={}, headers=visitor).json["code"] == "over_request_rate_limit"
    assert client.post("/signup", json={}, headers={"X-Forwarded-For": "203.0.113.78"}).status_code == 200


def test_the_cleanup_removes_anonymous_users_after_thirty_days(make_app, auth_db):
    app = make_app(**ON)
    client = app.test_client()
    old, recent = (client.post("/signup", json={}).json for _ in range(2))
    auth_db.execute("update auth.users set created_at = now() - interval '31 days' where id = %s", (old["user"]["id"],))
    for _ in range(len(app.extensions["local_auth_cleanup"].statements)):
        client.put("/user", json={"data": {"n": 1}}, headers=auth(recent)).close()
    ids = {
        row["id"]
        for row in auth_db.execute(
            "select id::text from auth.users where id in (%s, %s)", (old["user"]["id"], recent["user"]["id"])
        ).fetchall()
    }
    assert ids == {recent["user"]["id"]}
