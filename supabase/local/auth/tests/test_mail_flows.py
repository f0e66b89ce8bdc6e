"""Sign-up confirmation mails and their links and codes: GET /verify, POST /verify, PKCE, expiry,
resend, and the per-user frequency and global e-mail rate limits."""

from __future__ import annotations

import hashlib
import re
from urllib.parse import parse_qs, urlsplit

import jwt
from flask.testing import FlaskClient

from local_auth.db import Conn
from local_auth.json_types import JsonObject

from . import mailbox
from .support import API_2024, json_of

PASSWORD = "correct-horse-1"


def _signup(client: FlaskClient, email: str, **extra) -> JsonObject:
    response = client.post("/signup", json={"email": email, "password": PASSWORD} | extra, headers=API_2024)
    assert response.status_code == 200, response.json
    return json_of(response)


def test_signup_mail_is_multipart_with_upstream_subject_sender_link_and_code(client, new_email, auth_env):
    _signup(client, new_email)
    message = mailbox.last(new_email)
    assert message["Subject"] == "Confirm Your Email"
    assert message["From"] == f'"Toolkit" <{auth_env["GOTRUE_SMTP_ADMIN_EMAIL"]}>'
    assert message.get_content_type() == "multipart/alternative"
    link, code = mailbox.link(message), mailbox.code(message)
    assert link.startswith(auth_env["API_EXTERNAL_URL"] + "/verify?token=")
    assert "&type=signup&redirect_to=" + auth_env["GOTRUE_SITE_URL"] in link
    # The link's token is hex(sha224(email + code)), as upstream makes it.
    assert mailbox.link_token(message) == hashlib.sha224((new_email + code).encode()).hexdigest()
    assert f'href="{link.replace("&", "&amp;")}"' in mailbox.part(message, "text/html")


def test_signup_link_confirms_and_redirects_with_the_session_in_the_fragment(client, new_email, auth_db, auth_env):
    _signup(client, new_email)
    path = mailbox.link_path(mailbox.last(new_email))
    response = client.get(path)
    assert response.status_code == 303
    assert response.headers["Content-Type"] == "text/html; charset=utf-8"
    location = response.headers["Location"]
    assert location.startswith(auth_env["GOTRUE_SITE_URL"] + "#access_token=")
    fragment = mailbox.fragment(location)
    assert list(fragment) == sorted(fragment)  # keys in Go's sorted order
    assert fragment["type"] == "signup" and fragment["sb"] == "" and fragment["token_type"] == "bearer"
    claims = jwt.decode(fragment["access_token"], options={"verify_signature": False})
    assert claims["email"] == new_email and claims["amr"][0]["method"] == "otp"
    assert claims["user_metadata"]["email_verified"] is True
    assert response.headers["Sb-Auth-User-Id"] == claims["sub"]
    assert response.headers["Sb-Auth-Session-Id"] == claims["session_id"]
    user = auth_db.execute("select * from auth.users where email = %s", (new_email,)).fetchone()
    assert user["email_confirmed_at"] is not None and user["confirmation_token"] == ""
    identity = auth_db.execute("select identity_data from auth.identities where user_id = %s", (user["id"],)).fetchone()
    assert identity["identity_data"]["email_verified"] is True
    assert (
        auth_db.execute("select count(*) as n from auth.one_time_tokens where user_id = %s", (user["id"],)).fetchone()[
            "n"
        ]
        == 0
    )
    again = client.get(path)
    assert again.headers["Location"] == (
        auth_env["GOTRUE_SITE_URL"] + "#error=access_denied&error_code=otp_expired"
        "&error_description=Email+link+is+invalid+or+has+expired&sb="
    )


def test_one_time_token_row_holds_the_link_hash_for_the_address(client, new_email, auth_db):
    _signup(client, new_email)
    token = mailbox.link_token(mailbox.last(new_email))
    row = auth_db.execute(
        "select t.* from auth.one_time_tokens t join auth.users u on u.id = t.user_id where u.email = %s", (new_email,)
    ).fetchone()
    assert (row["token_type"], row["token_hash"], row["relates_to"]) == ("confirmation_token", token, new_email)


def test_pkce_signup_link_redirects_with_a_code_that_the_token_endpoint_exchanges(client, new_email, auth_env):
    _signup(client, new_email, **mailbox.PKCE)
    message = mailbox.last(new_email)
    assert mailbox.link_token(message).startswith("pkce_")
    response = client.get(mailbox.link_path(message))
    location = response.headers["Location"]
    assert response.status_code == 303 and location.startswith(auth_env["GOTRUE_SITE_URL"] + "?code=")
    code = parse_qs(urlsplit(location).query)["code"][0]
    tokens = client.post("/token?grant_type=pkce", json={"auth_code": code, "code_verifier": mailbox.VERIFIER})
    assert tokens.status_code == 200, tokens.json
    assert tokens.json["user"]["email"] == new_email and tokens.json["user"]["email_confirmed_at"]


def test_post_verify_with_the_token_hash_returns_a_session(client, new_email):
    _signup(client, new_email)
    token = mailbox.link_token(mailbox.last(new_email))
    response = client.post("/verify", json={"type": "signup", "token_hash": token})
    assert response.status_code == 200, response.json
    assert set(response.json) == {"access_token", "token_type", "expires_in", "expires_at", "refresh_token", "user"}
    reused = client.post("/verify", json={"type": "signup", "token_hash": token}, headers=API_2024)
    assert reused.status_code == 403
    assert reused.json == {"code": "otp_expired", "message": "Email link is invalid or has expired"}


def test_post_verify_with_email_and_the_code_from_the_mail(client, new_email):
    _signup(client, new_email)
    code = mailbox.code(mailbox.last(new_email))
    response = client.post("/verify", json={"type": "email", "email": new_email.upper(), "token": code})
    assert response.status_code == 200, response.json
    assert response.json["user"]["email_confirmed_at"]
    reused = client.post("/verify", json={"type": "email", "email": new_email, "token": code}, headers=API_2024)
    assert reused.status_code == 403
    assert reused.json == {"code": "otp_expired", "message": "Token has expired or is invalid"}


def test_expired_tokens_are_otp_expired(client, new_email, auth_db, auth_env):
    _signup(client, new_email)
    message = mailbox.last(new_email)
    auth_db.execute(
        "update auth.users set confirmation_sent_at = now() - interval '2 days' where email = %s", (new_email,)
    )
    link = client.get(mailbox.link_path(message))
    assert mailbox.fragment(link.headers["Location"])["error_code"] == "otp_expired"
    by_code = client.post("/verify", json={"type": "signup", "email": new_email, "token": mailbox.code(message)})
    assert by_code.status_code == 403 and by_code.json["error_code"] == "otp_expired"


def test_verify_validation_errors(client):
    missing_token = client.get("/verify?type=signup", headers=API_2024)
    assert missing_token.status_code == 400
    assert missing_token.json["message"] == "Verify requires a token or a token hash"
    bad_type = client.get("/verify?token=abc&type=nonsense")
    assert mailbox.fragment(bad_type.headers["Location"]) == {
        "error": "invalid_request",
        "error_code": "validation_failed",
        "error_description": "Invalid email verification type",
        "sb": "",
    }
    no_type = client.post("/verify", json={"email": "a@example.com", "token": "123456"}, headers=API_2024)
    assert no_type.json["message"] == "Verify requires a verification type"
    no_email = client.post("/verify", json={"type": "email", "token": "123456"}, headers=API_2024)
    assert no_email.json["message"] == "Only an email address or phone number should be provided on verify"


def test_disallowed_redirect_falls_back_to_the_site_url(client, new_email, auth_env):
    response = client.get("/verify?token=abc&type=signup&redirect_to=https://evil.example.org/x")
    assert response.headers["Location"].startswith(auth_env["GOTRUE_SITE_URL"] + "#error=access_denied")


def _age_mails(auth_db: Conn, email: str) -> None:
    """Move the user's mail timestamps out of the SMTP max-frequency window."""
    auth_db.execute(
        "update auth.users set confirmation_sent_at = confirmation_sent_at - interval '1 minute',"
        " recovery_sent_at = recovery_sent_at - interval '1 minute' where email = %s",
        (email,),
    )


def test_resend_supersedes_the_previous_link_and_skips_confirmed_users(client, new_email, auth_db):
    _signup(client, new_email)
    first = mailbox.last(new_email)
    _age_mails(auth_db, new_email)
    assert client.post("/resend", json={"type": "signup", "email": new_email}).json == {}
    second = mailbox.last(new_email, 2)
    assert second["Subject"] == "Confirm Your Email"
    assert mailbox.link_token(second) != mailbox.link_token(first)
    old = client.post("/verify", json={"type": "signup", "token_hash": mailbox.link_token(first)})
    assert old.status_code == 403
    assert client.post("/verify", json={"type": "signup", "token_hash": mailbox.link_token(second)}).status_code == 200
    assert client.post("/resend", json={"type": "signup", "email": new_email}).json == {}
    assert client.post("/resend", json={"type": "signup", "email": "nobody-" + new_email}).json == {}
    assert len(mailbox.mails_to(new_email)) == 2


def test_resend_validation(client):
    bad = client.post("/resend", json={"type": "magic", "email": "a@example.com"}, headers=API_2024)
    assert bad.status_code == 400
    assert bad.json["message"] == "Missing one of these types: signup, email_change, sms, phone_change"
    no_email = client.post("/resend", json={"type": "signup"}, headers=API_2024)
    assert no_email.json["message"] == "Type provided requires an email address"


def test_signup_again_within_the_frequency_window_is_refused(make_app, new_email):
    client = make_app(GOTRUE_SMTP_MAX_FREQUENCY="60s").test_client()
    _signup(client, new_email)
    again = client.post("/signup", json={"email": new_email, "password": PASSWORD}, headers=API_2024)
    assert again.status_code == 429 and again.json["code"] == "over_email_send_rate_limit"
    assert re.fullmatch(r"For security purposes, you can only request this after \d+ seconds\.", again.json["message"])


def test_the_global_email_rate_limit_refuses_and_creates_no_user(make_app, new_email, auth_db):
    client = make_app(GOTRUE_RATE_LIMIT_EMAIL_SENT="1").test_client()
    _signup(client, new_email)
    other = "second-" + new_email
    refused = client.post("/signup", json={"email": other, "password": PASSWORD}, headers=API_2024)
    assert refused.status_code == 429
    assert refused.json == {"code": "over_email_send_rate_limit", "message": "email rate limit exceeded"}
    assert auth_db.execute("select 1 from auth.users where email = %s", (other,)).fetchone() is None
    assert mailbox.mails_to(other) == []
