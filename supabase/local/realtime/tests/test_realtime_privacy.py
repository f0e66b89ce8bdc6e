"""What a subscriber may learn, on the test stack's database with the project's migrations: the
service runs here (its own slot and port, the real supabase_realtime publication or one of its own) and a WebSocket
client speaks Phoenix to it as realtime-js does. A DELETE names no user, a filter on a column the
role may not select is refused at join, such a column never appears in a payload, and users
subscribed side by side while rows are written from several connections each receive their own only.

Absence is checked as in app/conformance/realtime: changes reach one socket in commit order, so once
a later change has arrived, an earlier one that did not will not."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, contextmanager, suppress
from typing import Any

import jwt
import psycopg
import pytest
from psycopg.types.json import Jsonb
from websockets.sync.client import connect

from local_realtime.config import Config
from local_realtime.serializer import JsonObject
from local_realtime.server import Server

SECRET = "realtime-privacy-test-secret-of-some-length"
PAGE = "pdf-editor"

# A Phoenix frame (vsn 2.0.0) as json.loads gives it: [join_ref, ref, topic, event, payload].
Frame = list[Any]


def admin_url() -> str:
    url = os.environ.get("TOOLKIT_DATABASE_ADMIN_URL")
    if not url:
        pytest.fail("TOOLKIT_DATABASE_ADMIN_URL is not set: run these tests through ./scripts/test")
    return url


def sql(query: str, params=()):
    with psycopg.connect(admin_url(), autocommit=True) as db:
        cur = db.execute(query, params)
        return cur.fetchall() if cur.description else None


def new_user() -> str:
    return str(
        sql(
            "insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, created_at,"
            " updated_at, email_confirmed_at) values ('00000000-0000-0000-0000-000000000000',"
            " gen_random_uuid(), 'authenticated', 'authenticated', %s, %s, now(), now(), now()) returning id",
            (f"rt-privacy-{uuid.uuid4().hex[:12]}@example.com", Jsonb({"provider": "email"})),
        )[0][0]
    )


def token(role: str, sub: str | None = None) -> str:
    claims = {"role": role, "exp": int(time.time()) + 600} | ({"sub": sub, "aud": "authenticated"} if sub else {})
    return jwt.encode(claims, SECRET, algorithm="HS256")


@contextmanager
def running_service(publication: str = "supabase_realtime"):
    """The service in a thread of its own, on a free port; yields its port."""
    params = psycopg.conninfo.conninfo_to_dict(admin_url())
    with closing(socket.socket()) as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = Config.from_env(
        {
            "DB_HOST": str(params["host"]),
            "DB_PORT": str(params.get("port", 5432)),
            "DB_USER": str(params["user"]),
            "DB_PASSWORD": str(params["password"]),
            "DB_NAME": str(params["dbname"]),
            "API_JWT_SECRET": SECRET,
            "PORT": str(port),
            "PUBLICATION": publication,
        }
    )
    server = Server(config)
    loop = asyncio.new_event_loop()
    task = loop.create_task(server.run())

    def run() -> None:
        with suppress(asyncio.CancelledError):  # stopped by the teardown below
            loop.run_until_complete(task)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.poller.ready.is_set():
            assert thread.is_alive() and time.monotonic() < deadline, "the service did not start"
            time.sleep(0.05)
        yield port
    finally:
        loop.call_soon_threadsafe(task.cancel)
        thread.join(timeout=10)
        loop.close()


@pytest.fixture(scope="module")
def service():
    with running_service() as port:
        yield port


@contextmanager
def subscriber(port: int, access_token: str):
    """A socket (vsn 2.0.0) opened as realtime-js opens it, with the given user's token."""
    with connect(f"ws://127.0.0.1:{port}/socket/websocket?apikey={token('anon')}&vsn=2.0.0") as ws:
        yield Client(ws, access_token)


class Client:
    """Joins channels on one socket and collects what arrives."""

    def __init__(self, ws, access_token: str):
        self.ws, self.token = ws, access_token
        self.frames: list[Frame] = []
        self.ref = 0

    def join(self, topic: str, *bindings: JsonObject) -> JsonObject:
        """Joins; returns the postgres_changes system message that follows the ok reply."""
        self.ref += 1
        ref = str(self.ref)
        self.ws.send(
            json.dumps(
                [
                    ref,
                    ref,
                    f"realtime:{topic}",
                    "phx_join",
                    {"config": {"postgres_changes": list(bindings)}, "access_token": self.token},
                ]
            )
        )
        reply = self.wait(lambda f: f[3] == "phx_reply" and f[1] == ref)
        assert reply[4]["status"] == "ok", reply
        system: JsonObject = self.wait(lambda f: f[2] == f"realtime:{topic}" and f[3] == "system")[4]
        return system

    def wait(self, test: Callable[[Frame], bool], seconds: float = 10) -> Frame:
        deadline = time.monotonic() + seconds
        while True:
            for frame in self.frames:
                if test(frame):
                    self.frames.remove(frame)
                    return frame
            left = deadline - time.monotonic()
            assert left > 0, f"nothing matching arrived; received {self.frames}"
            with suppress(TimeoutError):
                self.frames.append(json.loads(self.ws.recv(timeout=left)))

    def changes(self, topic: str) -> list[JsonObject]:
        return [f[4]["data"] for f in self.frames if f[2] == f"realtime:{topic}" and f[3] == "postgres_changes"]

    def change(self, topic: str, test: Callable[[JsonObject], bool]) -> JsonObject:
        frame = self.wait(lambda f: f[2] == f"realtime:{topic}" and f[3] == "postgres_changes" and test(f[4]["data"]))
        data: JsonObject = frame[4]["data"]
        return data


def refused(binding: JsonObject, exception: str) -> str:
    filters = binding["filter"].split("=", 1)
    op, value = filters[1].split(".", 1)
    return (
        "Unable to subscribe to changes with given parameters. An exception happened so please check your "
        f"connect parameters: [event: {binding['event']}, schema: {binding['schema']}, table: {binding['table']}, "
        f'filters: [{{"{filters[0]}", "{op}", "{value}"}}]]. Exception: {exception}'
    )


def test_a_delete_on_user_roles_reaches_a_normal_user_without_the_revoked_users_id(service):
    admin, bystander = new_user(), new_user()
    with subscriber(service, token("authenticated", bystander)) as client:
        assert client.join("roles", {"event": "*", "schema": "public", "table": "user_roles"})["status"] == "ok"
        sql("insert into public.user_roles (user_id) values (%s)", (admin,))
        key = sql(
            "select to_jsonb(r) - 'user_id' - 'role' - 'granted_by' - 'created_at'"
            " from public.user_roles r where user_id = %s",
            (admin,),
        )[0][0]
        sql("delete from public.user_roles where user_id = %s", (admin,))
        deleted = client.change("roles", lambda d: d["type"] == "DELETE")
        assert "user_id" not in deleted["old_record"] and admin not in json.dumps(deleted)
        assert deleted["old_record"] == key == {"id": key["id"]}  # the row id, its primary key, only
        assert "record" not in deleted and deleted["errors"] is None
        # The grant before it (an INSERT, checked against the policies) never reached the bystander.
        assert [d for d in client.changes("roles") if d["type"] == "INSERT"] == []


@pytest.mark.parametrize("role", ["anon", "authenticated"])
def test_a_filter_on_a_column_the_role_may_not_select_is_refused_at_join(service, role):
    admin = new_user()
    binding = {"event": "UPDATE", "schema": "public", "table": "page_settings", "filter": f"updated_by=eq.{admin}"}
    try:
        with subscriber(service, token(role, new_user() if role == "authenticated" else None)) as client:
            assert client.join("oracle", binding) == {
                "extension": "postgres_changes",
                "status": "error",
                "channel": "oracle",
                "message": refused(binding, "ERROR P0001 (raise_exception) invalid column for filter updated_by"),
            }
            # The same binding filtered on a column the role may select is subscribed and sees the change.
            assert client.join("allowed", {**binding, "filter": f"page_key=eq.{PAGE}"})["status"] == "ok"
            reason = f"privacy {uuid.uuid4()}"
            update_page_as(admin, reason)
            client.change("allowed", lambda d: d["record"]["disable_reason"] == reason)
            assert client.changes("oracle") == []  # the change whose updated_by it named never came
    finally:
        update_page_as(None, "")


def test_a_filter_value_that_is_not_of_the_columns_type_is_refused_with_postgres_error(service):
    binding = {"event": "*", "schema": "public", "table": "user_roles", "filter": "user_id=eq.not-a-uuid"}
    with subscriber(service, token("authenticated", new_user())) as client:
        assert client.join("typed", binding)["message"] == refused(
            binding, 'ERROR 22P02 (invalid_text_representation) invalid input syntax for type uuid: "not-a-uuid"'
        )


def test_a_column_the_role_may_not_select_never_appears_in_a_payload(service):
    admin = new_user()
    binding = {"event": "UPDATE", "schema": "public", "table": "page_settings", "filter": f"page_key=eq.{PAGE}"}
    reason = f"columns {uuid.uuid4()}"
    seen = {}
    try:
        with (
            subscriber(service, token("anon")) as anon,
            subscriber(service, token("authenticated", new_user())) as user,
            subscriber(service, token("service_role")) as service_role,
        ):
            clients = {"anon": anon, "authenticated": user, "service_role": service_role}
            for client in clients.values():
                assert client.join("pages", binding)["status"] == "ok"
            update_page_as(admin, reason)
            for role, client in clients.items():
                seen[role] = client.change("pages", lambda d: d["record"]["disable_reason"] == reason)
    finally:
        update_page_as(None, "")
    for role in ("anon", "authenticated"):
        assert "updated_by" not in seen[role]["record"], role
        assert "updated_by" not in [c["name"] for c in seen[role]["columns"]], role
        assert admin not in json.dumps(seen[role]), role
    # By privilege, not a fixed list: the service role, which may select the column, gets it.
    assert seen["service_role"]["record"]["updated_by"] == admin


def update_page_as(user_id: str | None, reason: str) -> None:
    """An admin's change of the page (the trigger stamps updated_by with the caller's id)."""
    with psycopg.connect(admin_url()) as db:
        db.execute(
            "select set_config('request.jwt.claims', %s, true)",
            (json.dumps({"sub": user_id, "role": "authenticated"}) if user_id else "",),
        )
        db.execute("update public.page_settings set disable_reason = %s where page_key = %s", (reason, PAGE))


NOTES = "realtime_privacy_notes"  # a schema and publication of this module's own


@pytest.fixture(scope="module")
def notes_service():
    """The service on a publication of its own: one table whose rows only their owner may read."""
    sql(f"""drop schema if exists {NOTES} cascade; drop publication if exists {NOTES};
      create schema {NOTES}; grant usage on schema {NOTES} to authenticated;
      create table {NOTES}.notes (id bigint generated always as identity primary key, owner uuid not null);
      alter table {NOTES}.notes enable row level security;
      grant select on {NOTES}.notes to authenticated;
      create policy owner_reads on {NOTES}.notes for select to authenticated using (owner = (select auth.uid()));
      create publication {NOTES} for table {NOTES}.notes""")
    try:
        with running_service(NOTES) as port:
            yield port
    finally:
        sql(f"drop publication if exists {NOTES}; drop schema if exists {NOTES} cascade")


def write_notes(owners: list[str], per_commit: int) -> list[tuple[str, int]]:
    """The operator's inserts, `per_commit` rows to a transaction; (owner, id) of each row."""
    written = []
    with psycopg.connect(admin_url()) as db:
        for start in range(0, len(owners), per_commit):
            with db.transaction():
                for owner in owners[start : start + per_commit]:
                    row = db.execute(f"insert into {NOTES}.notes (owner) values (%s) returning id", (owner,)).fetchone()
                    assert row is not None  # insert … returning: one row
                    written.append((owner, row[0]))
    return written


@pytest.mark.parametrize("round_", range(5))
def test_concurrent_changes_reach_each_subscriber_under_its_own_claims_only(notes_service, round_):
    """Two users subscribed at once (one of them twice) while the operator writes their rows and a
    third user's from four connections at once: every change is checked for both users' claims in
    one call, in batches of many changes, and each user receives exactly the rows that are theirs."""
    alice, bob, carol = (str(uuid.uuid4()) for _ in range(3))
    binding = {"event": "INSERT", "schema": NOTES, "table": "notes"}
    with (
        subscriber(notes_service, token("authenticated", alice)) as alice_1,
        subscriber(notes_service, token("authenticated", alice)) as alice_2,
        subscriber(notes_service, token("authenticated", bob)) as bob_1,
    ):
        clients = {alice_1: alice, alice_2: alice, bob_1: bob}
        for client in clients:
            assert client.join("notes", binding)["status"] == "ok"
        owners = [alice, bob, carol] * 40
        with ThreadPoolExecutor(4) as pool:
            batches = pool.map(write_notes, [owners[i::4] for i in range(4)], [1, 3, 5, 10])
            written = [row for batch in batches for row in batch]
        # Each user's last row is written after all the others, so it arrives after them.
        last = {user: write_notes([user], 1)[0][1] for user in (alice, bob)}
        for client, user in clients.items():
            client.change("notes", lambda d, user=user: d["record"]["id"] == last[user])
            received = [d["record"]["id"] for d in client.changes("notes")]
            assert sorted(received) == sorted(id_ for owner, id_ in written if owner == user)
