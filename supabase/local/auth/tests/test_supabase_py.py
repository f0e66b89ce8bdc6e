"""supabase-py — the `supabase` package, as Python users of Supabase call it — against the running
stack through its gateway: the local Auth (sign-up and its confirmation code, sign-in, refresh, MFA,
the admin API, the official errors) and the local Realtime (postgres_changes filtered by row-level
security). The supabase-js suite in app/conformance does the same from JavaScript."""

from __future__ import annotations

import asyncio
import os
import time
import uuid
from contextlib import contextmanager

import httpx
import psycopg
import pyotp
import pytest
from realtime import PostgresChangesPayload, RealtimePostgresChangesListenEvent, RealtimeSubscribeStates
from supabase import (
    AsyncClientOptions,
    AuthApiError,
    AuthWeakPasswordError,
    ClientOptions,
    acreate_client,
    create_client,
)

from local_auth.json_types import JsonObject

from . import mailbox

PASSWORD = "correct-horse-42"


def _email(label: str = "py") -> str:
    return f"{label}-{uuid.uuid4().hex[:12]}@conformance.example.com"


@contextmanager
def _client(key_name: str = "TOOLKIT_ANON_KEY"):
    """createClient(project URL, key), with an HTTP client closed afterwards."""
    with httpx.Client(timeout=10) as http:
        yield create_client(
            os.environ["TOOLKIT_PUBLIC_URL"],
            os.environ[key_name],
            options=ClientOptions(httpx_client=http, auto_refresh_token=False),
        )


def _confirmed_user(email: str) -> str:
    with _client("TOOLKIT_SERVICE_ROLE_KEY") as service:
        created = service.auth.admin.create_user({"email": email, "password": PASSWORD, "email_confirm": True})
    user_id: str = created.user.id
    return user_id


def test_sign_up_confirm_with_the_mailed_code_sign_in_and_refresh():
    email = _email()
    with _client() as client:
        signed_up = client.auth.sign_up({"email": email, "password": PASSWORD, "options": {"data": {"plan": "py"}}})
        assert signed_up.session is None and signed_up.user.email == email
        assert signed_up.user.user_metadata["plan"] == "py" and signed_up.user.email_confirmed_at is None
        with pytest.raises(AuthApiError) as refused:
            client.auth.sign_in_with_password({"email": email, "password": PASSWORD})
        assert (refused.value.status, refused.value.code) == (400, "email_not_confirmed")
        code = mailbox.code(mailbox.last(email))
        verified = client.auth.verify_otp({"email": email, "token": code, "type": "signup"})
        assert verified.session is not None and verified.user.email_confirmed_at is not None
    with _client() as device:
        session = device.auth.sign_in_with_password({"email": email, "password": PASSWORD}).session
        assert device.auth.get_user().user.id == verified.user.id
        refreshed = device.auth.refresh_session().session
        assert refreshed.refresh_token != session.refresh_token and refreshed.user.id == verified.user.id
        # The parent again (an answer lost on the way): the same child, not a second one.
        assert device.auth.refresh_session(session.refresh_token).session.refresh_token == refreshed.refresh_token
        with pytest.raises(AuthApiError) as unknown:
            device.auth.refresh_session("abcdefghijkl")
        assert (unknown.value.status, unknown.value.code) == (400, "refresh_token_not_found")


def test_wrong_password_and_weak_password_are_the_official_errors():
    email = _email()
    _confirmed_user(email)
    with _client() as client:
        with pytest.raises(AuthApiError) as wrong:
            client.auth.sign_in_with_password({"email": email, "password": "not-it-at-all"})
        assert (wrong.value.status, wrong.value.code, wrong.value.message) == (
            400,
            "invalid_credentials",
            "Invalid login credentials",
        )
        with pytest.raises(AuthWeakPasswordError) as weak:
            client.auth.sign_up({"email": _email(), "password": "short"})
        assert (weak.value.status, weak.value.code, weak.value.reasons) == (422, "weak_password", ["length"])


def test_mfa_totp_enrol_challenge_verify_raises_the_session_to_aal2():
    email = _email()
    _confirmed_user(email)
    with _client() as client:
        client.auth.sign_in_with_password({"email": email, "password": PASSWORD})
        factor = client.auth.mfa.enroll({"factor_type": "totp", "friendly_name": "py phone"})
        assert factor.type == "totp" and factor.totp.uri.startswith("otpauth://totp/")
        challenge = client.auth.mfa.challenge({"factor_id": factor.id})
        totp = pyotp.TOTP(factor.totp.secret)
        window = {totp.at(time.time() + 30 * step) for step in (-1, 0, 1)}
        wrong = next(code for code in ("000000", "111111", "222222", "333333") if code not in window)
        with pytest.raises(AuthApiError) as failed:
            client.auth.mfa.verify({"factor_id": factor.id, "challenge_id": challenge.id, "code": wrong})
        assert (failed.value.status, failed.value.code) == (422, "mfa_verification_failed")
        code = totp.now()
        verified = client.auth.mfa.verify({"factor_id": factor.id, "challenge_id": challenge.id, "code": code})
        assert verified.access_token
        level = client.auth.mfa.get_authenticator_assurance_level()
        assert (level.current_level, level.next_level) == ("aal2", "aal2")
        assert [f.status for f in client.auth.mfa.list_factors().all] == ["verified"]


def test_the_admin_api_with_the_service_role_key_and_without_it():
    email = _email("admin")
    with _client("TOOLKIT_SERVICE_ROLE_KEY") as service:
        user = service.auth.admin.create_user(
            {"email": email, "password": PASSWORD, "email_confirm": True, "user_metadata": {"name": "Py"}}
        ).user
        assert service.auth.admin.get_user_by_id(user.id).user.email == email
        updated = service.auth.admin.update_user_by_id(user.id, {"user_metadata": {"name": "Python"}}).user
        assert updated.user_metadata["name"] == "Python"
        assert any(u.id == user.id for u in service.auth.admin.list_users(page=1, per_page=1000))
        service.auth.admin.delete_user(user.id)
        with pytest.raises(AuthApiError) as gone:
            service.auth.admin.get_user_by_id(user.id)
        assert (gone.value.status, gone.value.code) == (404, "user_not_found")
    with _client() as anon:
        with pytest.raises(AuthApiError) as refused:
            anon.auth.admin.list_users()
        assert (refused.value.status, refused.value.code) == (403, "not_admin")


async def _subscribed(email: str, http: httpx.AsyncClient):
    """A signed-in async client with a channel on user_roles INSERTs; returns (client, received)."""
    client = await acreate_client(
        os.environ["TOOLKIT_PUBLIC_URL"],
        os.environ["TOOLKIT_ANON_KEY"],
        options=AsyncClientOptions(httpx_client=http, auto_refresh_token=False),
    )
    session = (await client.auth.sign_in_with_password({"email": email, "password": PASSWORD})).session
    assert session is not None, "a confirmed user signs in"
    await client.realtime.set_auth(session.access_token)
    received: list[PostgresChangesPayload] = []
    joined: asyncio.Future[tuple[RealtimeSubscribeStates, Exception | None]] = (
        asyncio.get_running_loop().create_future()
    )

    def on_status(status: RealtimeSubscribeStates, error: Exception | None) -> None:
        if not joined.done():
            joined.set_result((status, error))

    channel = client.channel(f"py-{uuid.uuid4().hex[:8]}")
    channel.on_postgres_changes(
        RealtimePostgresChangesListenEvent.Insert, schema="public", table="user_roles", callback=received.append
    )
    await channel.subscribe(on_status)
    status, error = await asyncio.wait_for(joined, 10)
    assert str(status).endswith("SUBSCRIBED"), (status, error)
    return client, received


async def _until(predicate, what: str, seconds: float = 5) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not predicate():
        assert asyncio.get_running_loop().time() < deadline, f"{what} did not arrive"
        await asyncio.sleep(0.05)


def _grant_admin(user_id: str) -> None:
    """What an operator does for an admin: an insert into user_roles as a privileged role."""
    with psycopg.connect(os.environ["TOOLKIT_DATABASE_ADMIN_URL"], autocommit=True) as conn:
        conn.execute("insert into public.user_roles (user_id) values (%s)", (user_id,))


def test_realtime_postgres_changes_reach_only_who_row_level_security_lets_see_the_row():
    granted_email, bystander_email = _email("granted"), _email("bystander")
    granted_id, bystander_id = _confirmed_user(granted_email), _confirmed_user(bystander_email)

    async def scenario() -> tuple[list[PostgresChangesPayload], list[PostgresChangesPayload]]:
        async with httpx.AsyncClient(timeout=10) as http:
            granted, granted_seen = await _subscribed(granted_email, http)
            bystander, bystander_seen = await _subscribed(bystander_email, http)
            try:
                _grant_admin(granted_id)
                await _until(lambda: granted_seen, "the granted user's own grant")
                # The bystander may not see another user's row; their own grant, later, does arrive, and
                # changes come in commit order, so the first grant's absence is then certain.
                _grant_admin(bystander_id)
                await _until(lambda: bystander_seen, "the bystander's own grant")
            finally:
                await granted.remove_all_channels()
                await bystander.remove_all_channels()
            return granted_seen, bystander_seen

    granted_seen, bystander_seen = asyncio.run(scenario())
    # Visibility is checked when a change is delivered (as upstream's apply_rls does), so the granted
    # user, an admin by then, may also get another test's grant committed in the same poll just before
    # their own: only these two users' rows are the question here.
    ours = {granted_id, bystander_id}

    def of_ours(seen: list[PostgresChangesPayload]) -> list[object]:
        return [user for user in (_record(p)["user_id"] for p in seen) if user in ours]

    # On a failure the message shows what arrived, so a duplicate delivery or a late check can be told apart.
    arrived = (
        f"granted {granted_id}: {_described(granted_seen)}; bystander {bystander_id}: {_described(bystander_seen)}"
    )
    # Once an admin, the granted user may read every user_roles row, so they see the second grant too.
    assert of_ours(granted_seen)[:1] == [granted_id], arrived
    assert of_ours(bystander_seen) == [bystander_id], arrived


def _described(seen: list[PostgresChangesPayload]) -> list[tuple[object, object, object]]:
    """Each arrival's row (user and row id) and commit time, in the order they came."""
    described: list[tuple[object, object, object]] = []
    for p in seen:
        data = p.get("data", p) if isinstance(p, dict) else p
        record = _record(p)
        described.append((record.get("user_id"), record.get("id"), data.get("commit_timestamp")))
    return described


def _record(payload) -> JsonObject:
    """The new row of a postgres_changes payload as supabase-py hands it over."""
    data = payload.get("data", payload) if isinstance(payload, dict) else payload
    return data.get("record") or data.get("new") or {}
