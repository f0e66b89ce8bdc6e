"""POST /invite and POST /admin/generate_link (service role only; generate_link sends no mail)."""

from __future__ import annotations

import hashlib
import os

from local_auth.json_types import JsonObject

from . import mailbox
from .support import API_2024, MakeApp, bearer, json_of

PASSWORD = "correct-horse-1"


def _admin() -> dict[str, str]:
    return bearer(os.environ["TOOLKIT_SERVICE_ROLE_KEY"]) | API_2024


def _confirmed_user(make_app: MakeApp, email: str) -> None:
    client = make_app(GOTRUE_MAILER_AUTOCONFIRM="true").test_client()
    assert client.post("/signup", json={"email": email, "password": PASSWORD}).status_code == 200


def test_invite_mails_a_link_that_confirms_and_signs_in(client, new_email, auth_db, auth_env):
    response = client.post("/invite", json={"email": new_email, "data": {"invited_by": "admin"}}, headers=_admin())
    assert response.status_code == 200, response.json
    user = response.json
    assert user["invited_at"] == user["confirmation_sent_at"]
    assert user["user_metadata"] == {"invited_by": "admin"}
    assert user["identities"][0]["identity_data"] == {
        "email": new_email,
        "email_verified": False,
        "phone_verified": False,
        "sub": user["id"],
    }
    message = mailbox.last(new_email)
    assert message["Subject"] == "You have been invited"
    assert f"create a user on {auth_env['GOTRUE_SITE_URL']}" in mailbox.part(message, "text/plain")
    session = mailbox.fragment(client.get(mailbox.link_path(message)).headers["Location"])
    assert session["type"] == "invite" and session["access_token"]
    row = auth_db.execute("select * from auth.users where id = %s", (user["id"],)).fetchone()
    assert row["email_confirmed_at"] is not None and row["encrypted_password"].startswith("$2")


def test_invite_refusals(make_app, client, new_email):
    _confirmed_user(make_app, new_email)
    taken = client.post("/invite", json={"email": new_email}, headers=_admin())
    assert taken.status_code == 422 and taken.json == {
        "code": "email_exists",
        "message": "A user with this email address has already been registered",
    }
    anon = client.post(
        "/invite", json={"email": "x-" + new_email}, headers=bearer(os.environ["TOOLKIT_ANON_KEY"]) | API_2024
    )
    assert anon.status_code == 403 and anon.json["code"] == "not_admin"


def test_reinviting_an_unconfirmed_invitee_supersedes_the_first_link(client, new_email):
    client.post("/invite", json={"email": new_email}, headers=_admin())
    first = mailbox.last(new_email)
    assert client.post("/invite", json={"email": new_email}, headers=_admin()).status_code == 200
    mailbox.wait_for(new_email, 2)
    stale = client.get(mailbox.link_path(first)).headers["Location"]
    assert mailbox.fragment(stale)["error_code"] == "otp_expired"


def test_generate_link_signup_returns_the_link_and_code_and_sends_nothing(client, new_email, auth_env):
    redirect_to = auth_env["GOTRUE_SITE_URL"] + "/welcome"
    response = client.post(
        "/admin/generate_link",
        headers=_admin(),
        json={
            "type": "signup",
            "email": new_email,
            "password": PASSWORD,
            "data": {"src": "admin"},
            "redirect_to": redirect_to,
        },
    )
    assert response.status_code == 200, response.json
    body = response.json
    assert body["email"] == new_email and body["user_metadata"] == {"src": "admin"}
    assert body["verification_type"] == "signup" and body["redirect_to"] == redirect_to
    assert body["hashed_token"] == hashlib.sha224((new_email + body["email_otp"]).encode()).hexdigest()
    assert body["action_link"] == (
        f"{auth_env['API_EXTERNAL_URL']}/verify?token={body['hashed_token']}&type=signup&redirect_to={redirect_to}"
    )
    assert mailbox.mails_to(new_email) == []
    verified = client.post("/verify", json={"type": "signup", "email": new_email, "token": body["email_otp"]})
    assert verified.status_code == 200, verified.json


def test_generate_link_magiclink_for_an_unknown_address_is_a_signup(client, new_email):
    body = client.post("/admin/generate_link", json={"type": "magiclink", "email": new_email}, headers=_admin()).json
    assert body["verification_type"] == "signup" and "type=signup" in body["action_link"]


def test_generate_link_recovery_and_magiclink_links_sign_in(make_app, client, new_email):
    _confirmed_user(make_app, new_email)
    for kind in ("recovery", "magiclink"):
        body = client.post("/admin/generate_link", json={"type": kind, "email": new_email}, headers=_admin()).json
        assert body["verification_type"] == kind
        path = "/verify?" + body["action_link"].split("?", 1)[1]
        session = mailbox.fragment(client.get(path).headers["Location"])
        assert session["type"] == kind and session["access_token"]
    assert mailbox.mails_to(new_email) == []


def test_generate_link_invite_and_email_change(make_app, client, new_email, auth_db):
    invited = client.post("/admin/generate_link", json={"type": "invite", "email": new_email}, headers=_admin()).json
    assert invited["invited_at"] and "type=invite" in invited["action_link"]
    other = "other-" + new_email
    _confirmed_user(make_app, other)
    for kind in ("email_change_current", "email_change_new"):
        body = client.post(
            "/admin/generate_link",
            headers=_admin(),
            json={"type": kind, "email": other, "new_email": "changed-" + other},
        ).json
        assert body["new_email"] == "changed-" + other and "type=email_change" in body["action_link"]
    row = auth_db.execute(
        "select email_change_token_current, email_change_token_new from auth.users where email = %s", (other,)
    ).fetchone()
    assert row["email_change_token_current"] and row["email_change_token_new"]


def test_generate_link_errors(client, new_email, auth_env):
    def post(body: JsonObject):
        return client.post("/admin/generate_link", json=body, headers=_admin())

    bad_type = post({"type": "foo", "email": new_email})
    assert (
        bad_type.status_code == 400 and json_of(bad_type)["message"] == "Invalid email action link type requested: foo"
    )
    unknown = post({"type": "recovery", "email": new_email})
    assert unknown.status_code == 404 and unknown.json == {
        "code": "user_not_found",
        "message": "User with this email not found",
    }
    no_password = post({"type": "signup", "email": new_email})
    assert no_password.status_code == 400 and json_of(no_password)["message"] == "Signup requires a valid password"
    evil = post({"type": "magiclink", "email": new_email, "redirect_to": "https://evil.example.org/"})
    assert json_of(evil)["redirect_to"] == auth_env["GOTRUE_SITE_URL"]
    no_new = post({"type": "email_change_new", "email": new_email})
    assert no_new.status_code == 400 and json_of(no_new)["message"] == "An email address is required"
    anon = client.post(
        "/admin/generate_link",
        json={"type": "signup", "email": new_email},
        headers=bearer(os.environ["TOOLKIT_ANON_KEY"]) | API_2024,
    )
    assert anon.status_code == 403 and anon.json["code"] == "not_admin"
