"""Secure e-mail change (a mail to each address, applied after both links) and reauthentication."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from local_auth.db import Conn
from local_auth.json_types import JsonObject

from . import mailbox
from .support import API_2024, MakeApp, bearer, json_of

PASSWORD = "correct-horse-1"


def _signed_in(make_app: MakeApp, email: str) -> str:
    client = make_app(GOTRUE_MAILER_AUTOCONFIRM="true").test_client()
    session = json_of(client.post("/signup", json={"email": email, "password": PASSWORD}))
    token: str = session["access_token"]
    return token


def _request_change(client: FlaskClient, token: str, new: str) -> JsonObject:
    response = client.put("/user", json={"email": new}, headers=bearer(token))
    assert response.status_code == 200, response.json
    return json_of(response)


def test_email_change_sends_both_mails_and_applies_only_after_both_links(make_app, client, new_email, auth_db):
    token = _signed_in(make_app, new_email)
    new = "new-" + new_email
    body = _request_change(client, token, new)
    assert body["email"] == new_email and body["new_email"] == new and body["email_change_sent_at"]
    to_current, to_new = mailbox.last(new_email), mailbox.last(new)
    for message in (to_current, to_new):
        assert message["Subject"] == "Confirm Email Change"
        assert f"from {new_email} to {new}" in mailbox.part(message, "text/plain")
    assert mailbox.link_token(to_current) != mailbox.link_token(to_new)
    rows = auth_db.execute(
        "select token_type, relates_to from auth.one_time_tokens t join auth.users u"
        " on u.id = t.user_id where u.email = %s order by token_type",
        (new_email,),
    ).fetchall()
    assert [(r["token_type"], r["relates_to"]) for r in rows] == [
        ("email_change_token_new", new),
        ("email_change_token_current", new_email),
    ]

    first = client.get(mailbox.link_path(to_current)).headers["Location"]
    assert mailbox.fragment(first) == {
        "message": "Confirmation link accepted. Please proceed to confirm link sent to the other email",
        "sb": "",
    }
    user = auth_db.execute("select * from auth.users where email = %s", (new_email,)).fetchone()
    assert user["email_change"] == new and user["email_change_confirm_status"] == 1

    second = mailbox.fragment(client.get(mailbox.link_path(to_new)).headers["Location"])
    assert second["type"] == "email_change"
    user = auth_db.execute("select * from auth.users where id = %s", (user["id"],)).fetchone()
    assert (user["email"], user["email_change"], user["email_change_confirm_status"]) == (new, "", 0)
    identity = auth_db.execute("select email from auth.identities where user_id = %s", (user["id"],)).fetchone()
    assert identity["email"] == new
    login = client.post("/token?grant_type=password", json={"email": new, "password": PASSWORD})
    assert login.status_code == 200


def test_email_change_codes_work_with_post_verify(make_app, client, new_email):
    token = _signed_in(make_app, new_email)
    new = "new-" + new_email
    _request_change(client, token, new)
    current_code, new_code = mailbox.code(mailbox.last(new_email)), mailbox.code(mailbox.last(new))
    first = client.post("/verify", json={"type": "email_change", "email": new_email, "token": current_code})
    assert first.status_code == 200
    assert first.json == {
        "msg": "Confirmation link accepted. Please proceed to confirm link sent to the other email",
        "code": "200",
    }
    second = client.post("/verify", json={"type": "email_change", "email": new, "token": new_code})
    assert second.status_code == 200, second.json
    assert second.json["user"]["email"] == new


def test_resend_email_change_sends_both_mails_again(make_app, client, new_email, auth_db):
    token = _signed_in(make_app, new_email)
    new = "new-" + new_email
    _request_change(client, token, new)
    auth_db.execute(
        "update auth.users set email_change_sent_at = email_change_sent_at - interval '1 minute' where email = %s",
        (new_email,),
    )
    assert client.post("/resend", json={"type": "email_change", "email": new_email}).json == {}
    assert len(mailbox.wait_for(new_email, 2)) == 2 and len(mailbox.wait_for(new, 2)) == 2


def test_email_change_to_a_taken_address_is_refused(make_app, client, new_email):
    token = _signed_in(make_app, new_email)
    other = "other-" + new_email
    _signed_in(make_app, other)
    response = client.put("/user", json={"email": other}, headers=bearer(token) | API_2024)
    assert response.status_code == 422 and response.json["code"] == "email_exists"


def _age_session(auth_db: Conn, access_token: str) -> None:
    import jwt

    session_id = jwt.decode(access_token, options={"verify_signature": False})["session_id"]
    auth_db.execute("update auth.sessions set created_at = now() - interval '25 hours' where id = %s", (session_id,))


def test_reauthentication_nonce_allows_the_password_change(make_app, client, new_email, auth_db):
    token = _signed_in(make_app, new_email)
    _age_session(auth_db, token)  # within 24 h of sign-in no nonce is needed
    needed = client.put("/user", json={"password": "another-horse-2"}, headers=bearer(token) | API_2024)
    assert needed.status_code == 400 and needed.json["code"] == "reauthentication_needed"
    assert client.get("/reauthenticate", headers=bearer(token)).json == {}
    message = mailbox.last(new_email)
    assert message["Subject"] == "Confirm reauthentication"
    assert re.search(r"Enter the code: \d{6}", mailbox.part(message, "text/html"))
    wrong = client.put(
        "/user", json={"password": "another-horse-2", "nonce": "000000"}, headers=bearer(token) | API_2024
    )
    assert wrong.status_code == 422
    assert wrong.json == {"code": "reauthentication_not_valid", "message": "Nonce has expired or is invalid"}
    changed = client.put(
        "/user", json={"password": "another-horse-2", "nonce": mailbox.code(message)}, headers=bearer(token)
    )
    assert changed.status_code == 200, changed.json
    assert (
        client.post("/token?grant_type=password", json={"email": new_email, "password": "another-horse-2"}).status_code
        == 200
    )
    user = auth_db.execute("select reauthentication_token from auth.users where email = %s", (new_email,)).fetchone()
    assert user["reauthentication_token"] == ""


def test_reauthenticate_needs_a_user_and_respects_the_frequency(make_app, new_email):
    token = _signed_in(make_app, new_email)
    client = make_app(GOTRUE_SMTP_MAX_FREQUENCY="60s").test_client()
    assert client.get("/reauthenticate", headers=API_2024).status_code == 401
    assert client.get("/reauthenticate", headers=bearer(token)).status_code == 200
    again = client.get("/reauthenticate", headers=bearer(token) | API_2024)
    assert again.status_code == 429 and again.json["code"] == "over_email_send_rate_limit"


def test_without_secure_email_change_one_mail_to_the_new_address_applies_it(make_app, new_email, auth_db):
    token = _signed_in(make_app, new_email)
    client = make_app(GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED="false").test_client()
    new = "new-" + new_email
    _request_change(client, token, new)
    assert mailbox.mails_to(new_email) == []
    session = mailbox.fragment(client.get(mailbox.link_path(mailbox.last(new))).headers["Location"])
    assert session["type"] == "email_change"
    assert auth_db.execute("select 1 from auth.users where email = %s", (new,)).fetchone() is not None
