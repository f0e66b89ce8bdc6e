"""The database side on the test stack's Postgres: changes read from a real wal2json slot, and the
RLS check per claim group. Uses its own schema and publication, dropped afterwards."""

from __future__ import annotations

import asyncio
import json
import os
import uuid

import psycopg
import pytest

from local_realtime.changes import Change
from local_realtime.config import Config
from local_realtime.poller import Poller
from local_realtime.visibility import Visibility, prepare

SCHEMA, PUBLICATION = "realtime_pytest", "realtime_pytest_pub"
OWNER, OTHER = str(uuid.uuid4()), str(uuid.uuid4())


async def _not_delivered(changes: list[Change]) -> None:
    raise AssertionError("only the slot is read here: nothing is delivered")


@pytest.fixture(scope="module")
def config():
    url = os.environ.get("TOOLKIT_DATABASE_ADMIN_URL")
    if not url:
        pytest.fail("TOOLKIT_DATABASE_ADMIN_URL is not set: run these tests through ./scripts/test")
    params = psycopg.conninfo.conninfo_to_dict(url)
    env = {
        "DB_HOST": str(params["host"]),
        "DB_PORT": str(params.get("port", 5432)),
        "DB_USER": str(params["user"]),
        "DB_PASSWORD": str(params["password"]),
        "DB_NAME": str(params["dbname"]),
        "API_JWT_SECRET": "x" * 32,
        "PUBLICATION": PUBLICATION,
    }
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f"""
          drop schema if exists {SCHEMA} cascade;
          drop publication if exists {PUBLICATION};
          create schema {SCHEMA};
          grant usage on schema {SCHEMA} to authenticated, service_role;
          create table {SCHEMA}.notes (id int primary key, owner uuid not null, body text);
          alter table {SCHEMA}.notes enable row level security;
          grant select on {SCHEMA}.notes to authenticated, service_role;
          create policy owner_reads on {SCHEMA}.notes for select to authenticated
            using (owner = (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')::uuid
                   and 1 / (case when current_setting('request.jwt.claims', true)::jsonb ->> 'boom' = 'yes'
                                 then 0 else 1 end) = 1);
          create table {SCHEMA}.unpublished (id int primary key);
          create publication {PUBLICATION} for table {SCHEMA}.notes;""")
    yield Config.from_env(env)
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f"drop publication if exists {PUBLICATION}; drop schema if exists {SCHEMA} cascade")


def test_the_slot_yields_the_publications_changes_in_commit_order(config):
    async def go() -> None:
        poller = Poller(config, on_changes=_not_delivered)
        async with await psycopg.AsyncConnection.connect(config.db_dsn, autocommit=True) as conn:
            await conn.execute("set timezone = 'UTC'")
            await conn.execute("select pg_create_logical_replication_slot(%s, 'wal2json', true)", (poller.slot,))
            async with await psycopg.AsyncConnection.connect(config.db_dsn, autocommit=True) as db:
                await db.execute(f"insert into {SCHEMA}.notes values (1, %s, 'hello')", (OWNER,))
                await db.execute(f"insert into {SCHEMA}.unpublished values (1)")
                await db.execute(f"update {SCHEMA}.notes set body = 'edited' where id = 1")
                await db.execute(f"delete from {SCHEMA}.notes where id = 1")
            # Polled like the service polls: the test cluster commits asynchronously, and decoding sees
            # a commit only once the WAL writer has flushed it.
            changes = []
            for _ in range(200):
                batch, _read = await poller._get_changes(conn)
                changes += batch
                if len(changes) >= 3:
                    break
                await asyncio.sleep(0.05)
        assert [c.type for c in changes] == ["INSERT", "UPDATE", "DELETE"]
        assert all((c.schema, c.table, c.pk) == (SCHEMA, "notes", ("id",)) for c in changes)
        assert changes[0].columns == {"id": ("integer", 1), "owner": ("uuid", OWNER), "body": ("text", "hello")}
        assert changes[1].columns["body"] == ("text", "edited")
        assert changes[2].identity == {"id": ("integer", 1)} and changes[2].columns == {}
        assert changes[0].commit_timestamp.endswith("Z")

    asyncio.run(go())


def test_each_claim_group_sees_the_row_only_if_its_policies_allow_and_an_error_hides_it_from_that_group(config):
    async def go() -> None:
        async with await psycopg.AsyncConnection.connect(config.db_dsn, autocommit=True) as db:
            await db.execute(f"insert into {SCHEMA}.notes values (2, %s, 'x') on conflict do nothing", (OWNER,))
            await prepare(db)
            from local_realtime.changes import parse_wal2json

            change = parse_wal2json(
                json.dumps(
                    {
                        "action": "I",
                        "schema": SCHEMA,
                        "table": "notes",
                        "timestamp": "2030-01-01 00:00:00+00",
                        "columns": [{"name": "id", "type": "integer", "value": 2}],
                        "pk": [{"name": "id", "type": "integer"}],
                    }
                )
            )
            groups = {
                "owner": ("authenticated", {"role": "authenticated", "sub": OWNER}),
                "other": ("authenticated", {"role": "authenticated", "sub": OTHER}),
                "failing": ("authenticated", {"role": "authenticated", "sub": OWNER, "boom": "yes"}),
                "anon": ("anon", {"role": "anon"}),
                "service": ("service_role", {"role": "service_role"}),
            }
            visibility = Visibility(db)
            assert change is not None
            assert await visibility.visible(change, groups) == {"owner", "service"}
            info = await visibility.table_info(SCHEMA, "notes", "authenticated")
            assert info.rls_enabled and info.columns == (("id", "int4"), ("owner", "uuid"), ("body", "text"))
            assert (await visibility.table_info(SCHEMA, "notes", "anon")).selectable == frozenset()
            # The check leaves the session as it found it: the superuser, no claims.
            row = await (
                await db.execute("select current_user, current_setting('request.jwt.claims', true)")
            ).fetchone()
            assert row is not None and row[0] == "postgres" and not row[1]

    asyncio.run(go())
