"""One-time tokens, PKCE flow states, MFA challenges and TOTP codes are used once: of several
concurrent uses exactly one succeeds (each attempt runs on its own thread against the real database),
and a TOTP code accepted once is refused again within its window."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import jwt
from flask.testing import FlaskClient

from local_auth.json_types import JsonObject

from . import mailbox
from .support import API_2024, admin, at_once, auth, confirmed_user, enroll_totp, json_of, sign_in, totp_code

THREADS = 8


def _statuses(results) -> list[int]:
    return sorted(response.status_code for response in results)


def _magic_link(client: FlaskClient, email: str) -> JsonObject:
    link = client.post("/admin/generate_link", json={"type": "magiclink", "email": email}, headers=admin())
    assert link.status_code == 200, link.json
    return json_of(link)


def test_a_link_token_signs_in_once_when_used_concurrently(make_app, new_email, auth_db):
    app = make_app()
    confirmed_user(app.test_client(), new_email)
    hashed = _magic_link(app.test_client(), new_email)["hashed_token"]
    results = at_once(
        THREADS,
        lambda _: app.test_client().post("/verify", json={"type": "magiclink", "token_hash": hashed}, headers=API_2024),
    )
    assert _statuses(results) == [200] + [403] * (THREADS - 1)
    assert {r.json["code"] for r in results if r.status_code == 403} == {"otp_expired"}
    sessions = auth_db.execute(
        "select count(*) as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = %s",
        (new_email,),
    ).fetchone()["n"]
    assert sessions == 1


def test_an_emailed_link_opened_twice_at_once_signs_in_once(make_app, new_email):
    app = make_app()
    confirmed_user(app.test_client(), new_email)
    assert app.test_client().post("/recover", json={"email": new_email}).status_code == 200
    path = mailbox.link_path(mailbox.last(new_email))
    results = at_once(THREADS, lambda _: app.test_client().get(path))
    fragments = [mailbox.fragment(r.headers["Location"]) for r in results]
    assert sum("access_token" in f for f in fragments) == 1
    assert sorted(f.get("error_code", "") for f in fragments) == [""] + ["otp_expired"] * (THREADS - 1)


def test_an_email_code_is_accepted_once_when_used_concurrently(make_app, new_email):
    app = make_app()
    confirmed_user(app.test_client(), new_email)
    code = _magic_link(app.test_client(), new_email)["email_otp"]
    results = at_once(
        THREADS,
        lambda _: app.test_client().post(
            "/verify", json={"type": "magiclink", "email": new_email, "token": code}, headers=API_2024
        ),
    )
    assert _statuses(results) == [200] + [403] * (THREADS - 1)


def test_a_pkce_code_is_exchanged_once_when_used_concurrently(make_app, new_email, auth_db):
    app = make_app()
    confirmed_user(app.test_client(), new_email)
    assert app.test_client().post("/recover", json={"email": new_email} | mailbox.PKCE).status_code == 200
    location = app.test_client().get(mailbox.link_path(mailbox.last(new_email))).headers["Location"]
    code = parse_qs(urlsplit(location).query)["code"][0]
    results = at_once(
        THREADS,
        lambda _: app.test_client().post(
            "/token?grant_type=pkce", json={"auth_code": code, "code_verifier": mailbox.VERIFIER}, headers=API_2024
        ),
    )
    assert _statuses(results) == [200] + [404] * (THREADS - 1)
    assert {r.json["code"] for r in results if r.status_code == 404} == {"flow_state_not_found"}
    assert auth_db.execute("select 1 from auth.flow_state where auth_code = %s", (code,)).fetchone() is None


def test_a_refused_pkce_exchange_leaves_the_flow_state_usable(make_app, new_email):
    client = make_app().test_client()
    confirmed_user(client, new_email)
    client.post("/recover", json={"email": new_email} | mailbox.PKCE)
    location = client.get(mailbox.link_path(mailbox.last(new_email))).headers["Location"]
    code = parse_qs(urlsplit(location).query)["code"][0]
    wrong = client.post("/token?grant_type=pkce", json={"auth_code": code, "code_verifier": "w" * 50}, headers=API_2024)
    assert (wrong.status_code, wrong.json["code"]) == (400, "bad_code_verifier")
    right = client.post("/token?grant_type=pkce", json={"auth_code": code, "code_verifier": mailbox.VERIFIER})
    assert right.status_code == 200


def test_an_mfa_challenge_is_verified_once_when_used_concurrently(make_app, new_email, auth_db):
    app = make_app()
    client = app.test_client()
    confirmed_user(client, new_email)
    session = sign_in(client, new_email)
    factor = enroll_totp(client, session)
    challenge = client.post(f"/factors/{factor['id']}/challenge", headers=auth(session)).json
    code = totp_code(factor)
    results = at_once(
        THREADS,
        lambda _: app.test_client().post(
            f"/factors/{factor['id']}/verify",
            json={"challenge_id": challenge["id"], "code": code},
            headers=auth(session),
        ),
    )
    assert _statuses(results) == [200] + [422] * (THREADS - 1)
    assert {r.json["code"] for r in results if r.status_code == 422} == {"mfa_ip_address_mismatch"}
    session_id = jwt.decode(session["access_token"], options={"verify_signature": False})["session_id"]
    refresh_tokens = auth_db.execute(
        "select count(*) as n from auth.refresh_tokens where session_id = %s", (session_id,)
    ).fetchone()["n"]
    assert refresh_tokens == 2  # the sign-in's and the one aal2 swap, not one per thread


def test_a_totp_code_is_refused_after_it_was_accepted_and_the_next_step_works(make_app, new_email):
    client = make_app().test_client()
    confirmed_user(client, new_email)
    session = sign_in(client, new_email)
    factor = enroll_totp(client, session)
    code = totp_code(factor)

    def verify(code: str, on: JsonObject):
        challenge = client.post(f"/factors/{factor['id']}/challenge", headers=auth(on)).json
        return client.post(
            f"/factors/{factor['id']}/verify", json={"challenge_id": challenge["id"], "code": code}, headers=auth(on)
        )

    assert verify(code, session).status_code == 200
    # Another sign-in (a stolen password) with the code just used, on a fresh challenge: refused.
    second = sign_in(client, new_email)
    replayed = verify(code, second)
    assert (replayed.status_code, json_of(replayed)["code"]) == (422, "mfa_verification_failed")
    assert json_of(replayed)["message"] == "Invalid TOTP code entered"
    # The authenticator's next code is accepted (one step of skew), and then it too is spent.
    # One code, read once: read again after a 30-second boundary it would be a later, unspent code.
    following = totp_code(factor, 1)
    assert verify(following, second).status_code == 200
    third = sign_in(client, new_email)
    assert verify(following, third).status_code == 422
    assert verify(code, third).status_code == 422  # an older step than the last accepted one


def test_one_totp_code_on_concurrent_challenges_is_accepted_once(make_app, new_email, auth_db):
    app = make_app()
    client = app.test_client()
    confirmed_user(client, new_email)
    session = sign_in(client, new_email)
    factor = enroll_totp(client, session)
    assert (
        client.post(
            f"/factors/{factor['id']}/verify",
            headers=auth(session),
            json={
                "challenge_id": client.post(f"/factors/{factor['id']}/challenge", headers=auth(session)).json["id"],
                "code": totp_code(factor),
            },
        ).status_code
        == 200
    )
    # Several password sign-ins race to complete the second step with the same (next) code.
    sessions = [sign_in(client, new_email) for _ in range(THREADS)]
    challenges = [client.post(f"/factors/{factor['id']}/challenge", headers=auth(s)).json["id"] for s in sessions]
    code = totp_code(factor, 1)
    results = at_once(
        THREADS,
        lambda i: app.test_client().post(
            f"/factors/{factor['id']}/verify",
            json={"challenge_id": challenges[i], "code": code},
            headers=auth(sessions[i]),
        ),
    )
    # One is accepted. Each other is refused: mfa_verification_failed when it reached the code check
    # (after waiting on the lock), or session_not_found when it started after the winner had signed
    # every other aal1 session out (as upstream does), which a loaded machine makes happen.
    assert _statuses(results).count(200) == 1
    refusals = {(r.status_code, r.json["code"]) for r in results if r.status_code != 200}
    assert refusals <= {(422, "mfa_verification_failed"), (403, "session_not_found")}, refusals
    verified = auth_db.execute(
        "select count(*) as n from auth.mfa_challenges where id = any(%s::uuid[]) and verified_at is not null",
        (challenges,),
    ).fetchone()["n"]
    assert verified == 1
