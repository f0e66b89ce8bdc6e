"""Recovery, magic link and OTP sign-in mails and their links."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from . import mailbox
from .support import API_2024, MakeApp, bearer

PASSWORD = "correct-horse-1"


def _confirmed_user(make_app: MakeApp, email: str) -> None:
    client = make_app(GOTRUE_MAILER_AUTOCONFIRM="true").test_client()
    assert client.post("/signup", json={"email": email, "password": PASSWORD}).status_code == 200


def test_recovery_link_signs_in_and_the_password_can_then_be_changed(make_app, client, new_email, auth_env):
    _confirmed_user(make_app, new_email)
    redirect_to = auth_env["GOTRUE_SITE_URL"] + "/reset"
    response = client.post(f"/recover?redirect_to={redirect_to}", json={"email": new_email})
    assert response.status_code == 200 and response.json == {}
    message = mailbox.last(new_email)
    assert message["Subject"] == "Reset Your Password"
    assert f"type=recovery&redirect_to={redirect_to}" in mailbox.link(message)
    location = client.get(mailbox.link_path(message)).headers["Location"]
    assert location.startswith(redirect_to + "#access_token=")
    session = mailbox.fragment(location)
    assert session["type"] == "recovery"
    changed = client.put("/user", json={"password": "another-horse-2"}, headers=bearer(session["access_token"]))
    assert changed.status_code == 200, changed.json
    login = client.post("/token?grant_type=password", json={"email": new_email, "password": "another-horse-2"})
    assert login.status_code == 200


def test_recovery_with_pkce_redirects_with_a_code(make_app, client, new_email, auth_env):
    _confirmed_user(make_app, new_email)
    assert client.post("/recover", json={"email": new_email} | mailbox.PKCE).status_code == 200
    message = mailbox.last(new_email)
    assert mailbox.link_token(message).startswith("pkce_")
    location = client.get(mailbox.link_path(message)).headers["Location"]
    code = parse_qs(urlsplit(location).query)["code"][0]
    tokens = client.post("/token?grant_type=pkce", json={"auth_code": code, "code_verifier": mailbox.VERIFIER})
    assert tokens.status_code == 200, tokens.json
    assert tokens.json["user"]["email"] == new_email


def test_recovery_code_works_with_post_verify(make_app, client, new_email):
    _confirmed_user(make_app, new_email)
    client.post("/recover", json={"email": new_email})
    code = mailbox.code(mailbox.last(new_email))
    response = client.post("/verify", json={"type": "recovery", "email": new_email, "token": code})
    assert response.status_code == 200, response.json


def test_recover_does_not_reveal_unknown_addresses_and_validates(client, new_email):
    assert client.post("/recover", json={"email": new_email}).json == {}
    assert mailbox.mails_to(new_email) == []
    missing = client.post("/recover", json={}, headers=API_2024)
    assert missing.status_code == 400 and missing.json["message"] == "Password recovery requires an email"
    invalid = client.post("/recover", json={"email": "nope"}, headers=API_2024)
    assert invalid.json["message"] == "Unable to validate email address: invalid format"


def test_recover_again_within_the_frequency_window_is_refused(make_app, new_email):
    _confirmed_user(make_app, new_email)
    client = make_app(GOTRUE_SMTP_MAX_FREQUENCY="60s").test_client()
    assert client.post("/recover", json={"email": new_email}).status_code == 200
    again = client.post("/recover", json={"email": new_email}, headers=API_2024)
    assert again.status_code == 429 and again.json["code"] == "over_email_send_rate_limit"


def test_magic_link_for_an_existing_user_signs_in(make_app, client, new_email):
    _confirmed_user(make_app, new_email)
    assert client.post("/magiclink", json={"email": new_email}).json == {}
    message = mailbox.last(new_email)
    assert message["Subject"] == "Your Magic Link"
    assert "type=magiclink" in mailbox.link(message)
    session = mailbox.fragment(client.get(mailbox.link_path(message)).headers["Location"])
    assert session["type"] == "magiclink" and session["access_token"]


def test_magic_link_for_an_unknown_address_signs_up_with_a_confirmation_mail(client, new_email, auth_db):
    assert client.post("/magiclink", json={"email": new_email, "data": {"plan": "free"}}).json == {}
    message = mailbox.last(new_email)
    assert message["Subject"] == "Confirm Your Email"
    user = auth_db.execute("select * from auth.users where email = %s", (new_email,)).fetchone()
    assert user["raw_user_meta_data"]["plan"] == "free" and user["encrypted_password"].startswith("$2")
    session = mailbox.fragment(client.get(mailbox.link_path(message)).headers["Location"])
    assert session["type"] == "signup"


def test_a_new_magic_link_supersedes_the_recovery_link(make_app, client, new_email, auth_db):
    _confirmed_user(make_app, new_email)
    client.post("/recover", json={"email": new_email})
    recovery = mailbox.last(new_email)
    auth_db.execute(
        "update auth.users set recovery_sent_at = recovery_sent_at - interval '1 minute' where email = %s", (new_email,)
    )
    client.post("/magiclink", json={"email": new_email})
    mailbox.wait_for(new_email, 2)
    stale = client.get(mailbox.link_path(recovery)).headers["Location"]
    assert mailbox.fragment(stale)["error_code"] == "otp_expired"


def test_otp_for_an_existing_user_sends_a_magic_link_whose_code_signs_in(make_app, client, new_email):
    _confirmed_user(make_app, new_email)
    assert client.post("/otp", json={"email": new_email, "create_user": False}).json == {}
    message = mailbox.last(new_email)
    assert message["Subject"] == "Your Magic Link"
    response = client.post("/verify", json={"type": "email", "email": new_email, "token": mailbox.code(message)})
    assert response.status_code == 200, response.json


def test_otp_without_create_user_refuses_unknown_addresses(client, new_email, auth_db):
    response = client.post("/otp", json={"email": new_email, "create_user": False}, headers=API_2024)
    assert response.status_code == 422
    assert response.json == {"code": "otp_disabled", "message": "Signups not allowed for otp"}
    assert auth_db.execute("select 1 from auth.users where email = %s", (new_email,)).fetchone() is None


def test_otp_creates_unknown_users_by_default(client, new_email):
    assert client.post("/otp", json={"email": new_email, "data": {"a": 1}}).json == {}
    assert mailbox.last(new_email)["Subject"] == "Confirm Your Email"
    missing = client.post("/otp", json={}, headers=API_2024)
    assert missing.status_code == 400 and missing.json["message"] == "One of email or phone must be set"


def test_otp_with_pkce_for_a_new_user_links_with_a_code(client, new_email):
    assert client.post("/otp", json={"email": new_email} | mailbox.PKCE).status_code == 200
    location = client.get(mailbox.link_path(mailbox.last(new_email))).headers["Location"]
    code = parse_qs(urlsplit(location).query)["code"][0]
    tokens = client.post("/token?grant_type=pkce", json={"auth_code": code, "code_verifier": mailbox.VERIFIER})
    assert tokens.status_code == 200, tokens.json
