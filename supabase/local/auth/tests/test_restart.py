"""A restart or a crash of Auth keeps every session: nothing a session needs lives in the process.
Each test signs in on one app instance and goes on with a new one, as after a restart (the new
instance also starts with empty rate-limit buckets, as a new process does)."""

from __future__ import annotations

from local_auth.json_types import JsonObject

from .support import API_2024, MakeApp, json_of


def _session(make_app: MakeApp, email: str) -> JsonObject:
    client = make_app(GOTRUE_MAILER_AUTOCONFIRM="true").test_client()
    response = client.post("/signup", json={"email": email, "password": "correct-horse-1"}, headers=API_2024)
    assert response.status_code == 200, response.json
    return json_of(response)


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_session_outlives_a_restart(make_app, new_email):
    session = _session(make_app, new_email)
    restarted = make_app().test_client()
    assert restarted.get("/user", headers=_bearer(session["access_token"])).json["email"] == new_email
    refreshed = restarted.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
    assert refreshed.status_code == 200, refreshed.json
    assert restarted.get("/user", headers=_bearer(refreshed.json["access_token"])).status_code == 200


def test_a_refresh_whose_answer_a_crash_lost_can_be_sent_again(make_app, new_email):
    session = _session(make_app, new_email)
    crashed = make_app().test_client()
    lost = crashed.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
    assert lost.status_code == 200  # rotated in the database; the client never got this answer
    restarted = make_app().test_client()
    again = restarted.post("/token?grant_type=refresh_token", json={"refresh_token": session["refresh_token"]})
    assert again.status_code == 200, again.json  # within the reuse interval: the same new session
    assert again.json["refresh_token"] == lost.json["refresh_token"]


def test_a_postgres_restart_costs_no_request_an_error(make_app, auth_env, new_email):
    """Postgres restarting drops every pooled connection; the next requests must get fresh ones, not
    a 500 each until the dead ones are used up. (The proxy is the BFF tests' stand-in for a
    restarting database: every connection dropped at once.)"""
    from urllib.parse import urlsplit, urlunsplit

    from fixtures.redirect_support import CuttableProxy

    url = urlsplit(auth_env["GOTRUE_DB_DATABASE_URL"])
    proxy = CuttableProxy(url.port)
    through = urlunsplit(url._replace(netloc=f"{url.username}:{url.password}@127.0.0.1:{proxy.port}"))
    try:
        client = make_app(GOTRUE_DB_DATABASE_URL=through, GOTRUE_MAILER_AUTOCONFIRM="true").test_client()
        signed_up = client.post("/signup", json={"email": new_email, "password": "correct-horse-1"}, headers=API_2024)
        assert signed_up.status_code == 200, signed_up.json
        proxy.cut()
        proxy.restore()  # back at once: a fast restart
        for _ in range(3):  # more requests than the pool held connections
            read = client.get("/user", headers=_bearer(signed_up.json["access_token"]))
            assert read.status_code == 200, read.json
    finally:
        proxy.cut()
