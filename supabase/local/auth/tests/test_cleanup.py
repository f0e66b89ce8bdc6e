"""With GOTRUE_DB_CLEANUP_ENABLED (on in the stack) every successful POST, PUT, PATCH or DELETE is
followed, once its answer is out, by one statement of upstream's clean-up list: revoked refresh tokens
and flow states a day old, MFA challenges and unverified factors a day old, passkey challenges once
expired, sessions three days after they ended. Nothing younger, nothing in use."""

from __future__ import annotations

import uuid

import jwt
from flask.testing import FlaskClient

from local_auth.db import Conn, returned
from local_auth.json_types import JsonObject

from .support import auth, confirmed_user, sign_in


def _stale_rows(client: FlaskClient, auth_db: Conn, email: str) -> JsonObject:
    """One row of each kind the clean-up removes (a day old; a session ended three days ago), and one of
    each it must keep (just younger; in use)."""
    confirmed_user(client, email)
    session = sign_in(client, email)
    session_id = jwt.decode(session["access_token"], options={"verify_signature": False})["session_id"]
    user_id = session["user"]["id"]
    verified = returned(
        auth_db.execute(
            "insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)"
            " values (%s, %s, 'verified', 'totp', 'verified', now() - interval '30 hours', now()) returning id",
            (uuid.uuid4(), user_id),
        )
    )["id"]
    stale: dict[str, object] = {}
    kept: dict[str, object] = {"verified factor": verified, "session": session_id}
    for target, age in ((stale, "25 hours"), (kept, "23 hours")):
        target["token"] = returned(
            auth_db.execute(
                "insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at,"
                " session_id) values ('00000000-0000-0000-0000-000000000000', %s, %s, true, now() - %s::interval,"
                " now() - %s::interval, %s) returning id",
                (uuid.uuid4().hex[:12], user_id, age, age, session_id),
            )
        )["id"]
        target["flow"] = returned(
            auth_db.execute(
                "insert into auth.flow_state (id, user_id, provider_type, authentication_method, created_at)"
                " values (%s, %s, 'email', 'email/signup', now() - %s::interval) returning id",
                (uuid.uuid4(), user_id, age),
            )
        )["id"]
        target["factor"] = returned(
            auth_db.execute(
                "insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)"
                " values (%s, %s, %s, 'totp', 'unverified', now() - %s::interval, now()) returning id",
                (uuid.uuid4(), user_id, f"unverified {age}", age),
            )
        )["id"]
        target["challenge"] = returned(
            auth_db.execute(
                "insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)"
                " values (%s, %s, now() - %s::interval, '127.0.0.1') returning id",
                (uuid.uuid4(), verified, age),
            )
        )["id"]
    for target, expires in ((stale, "now() - interval '1 second'"), (kept, "now() + interval '1 minute'")):
        target["passkey challenge"] = returned(
            auth_db.execute(
                "insert into auth.webauthn_challenges (user_id, challenge_type, session_data, expires_at)"
                f" values (null, 'authentication', '{{}}', {expires}) returning id"
            )
        )["id"]
    ended = sign_in(client, email)
    stale["session"] = jwt.decode(ended["access_token"], options={"verify_signature": False})["session_id"]
    auth_db.execute(
        "update auth.sessions set not_after = now() - interval '73 hours' where id = %s", (stale["session"],)
    )
    return {"stale": stale, "kept": kept, "session": session}


_TABLES = {
    "token": "refresh_tokens",
    "flow": "flow_state",
    "factor": "mfa_factors",
    "challenge": "mfa_challenges",
    "session": "sessions",
    "verified factor": "mfa_factors",
    "passkey challenge": "webauthn_challenges",
}


def _present(auth_db: Conn, rows: JsonObject) -> dict[str, bool]:
    return {
        kind: auth_db.execute(f"select 1 from auth.{_TABLES[kind]} where id = %s", (str(row_id),)).fetchone()
        is not None
        for kind, row_id in rows.items()
    }


def _successful_writes(client: FlaskClient, session: JsonObject, count: int) -> None:
    for _ in range(count):
        response = client.put("/user", json={"data": {"seen": True}}, headers=auth(session))
        assert response.status_code == 200
        response.close()  # the clean-up runs once the answer has been sent


def test_successful_writes_clean_up_stale_rows_and_nothing_else(make_app, auth_db, new_email):
    app = make_app()
    client = app.test_client()
    rows = _stale_rows(client, auth_db, new_email)
    statements = len(app.extensions["local_auth_cleanup"].statements)
    _successful_writes(client, rows["session"], 2 * statements)  # the session clean-up takes two rounds
    assert _present(auth_db, rows["stale"]) == dict.fromkeys(rows["stale"], False)
    assert _present(auth_db, rows["kept"]) == dict.fromkeys(rows["kept"], True)


def test_reads_and_failures_clean_nothing_and_the_switch_is_off_by_default(make_app, auth_db, new_email):
    app = make_app()
    client = app.test_client()
    rows = _stale_rows(client, auth_db, new_email)
    for _ in range(20):
        client.get("/user", headers=auth(rows["session"])).close()
        client.put("/user", json={"email": "not an address"}, headers=auth(rows["session"])).close()
    off = make_app(GOTRUE_DB_CLEANUP_ENABLED="false")
    assert "local_auth_cleanup" not in off.extensions
    _successful_writes(off.test_client(), rows["session"], 20)
    assert _present(auth_db, rows["stale"]) == dict.fromkeys(rows["stale"], True)
