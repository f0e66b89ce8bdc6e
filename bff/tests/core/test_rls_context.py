"""The core rule: each request runs as anon/authenticated with its claims, so RLS decides."""

import uuid

import pytest
from flask import Flask

from toolkit_bff.db import rls_transaction
from toolkit_bff.errors import ApiError

ALICE, BOB = str(uuid.uuid4()), str(uuid.uuid4())


@pytest.fixture
def probe_table(admin_db):
    # A throw-away table with a Supabase-style owner policy on the JWT's `sub`.
    admin_db.execute("""
        create schema if not exists rls_probe;
        grant usage on schema rls_probe to anon, authenticated;
        create table rls_probe.notes (owner uuid not null, body text not null);
        alter table rls_probe.notes enable row level security;
        grant select, insert on rls_probe.notes to anon, authenticated;
        create policy "Owners read their notes" on rls_probe.notes for select to authenticated
          using (owner = (current_setting('request.jwt.claims', true)::json ->> 'sub')::uuid);
        create policy "Owners add their notes" on rls_probe.notes for insert to authenticated
          with check (owner = (current_setting('request.jwt.claims', true)::json ->> 'sub')::uuid);
    """)
    admin_db.execute("insert into rls_probe.notes values (%s, 'alice'), (%s, 'bob')", (ALICE, BOB))
    yield
    admin_db.execute("drop schema rls_probe cascade")


def _bodies(app: Flask, claims):
    with app.app_context(), rls_transaction(claims, read_only=True) as conn:
        return [row["body"] for row in conn.execute("select body from rls_probe.notes order by body")]


def test_each_user_sees_only_their_rows(app, probe_table):
    assert _bodies(app, {"sub": ALICE, "role": "authenticated"}) == ["alice"]
    assert _bodies(app, {"sub": BOB, "role": "authenticated"}) == ["bob"]


def test_anonymous_requests_see_nothing_protected(app, probe_table):
    assert _bodies(app, None) == []


def test_a_user_cannot_write_rows_for_someone_else(app, probe_table):
    with app.app_context():
        with pytest.raises(ApiError) as refused, rls_transaction({"sub": ALICE, "role": "authenticated"}) as conn:
            conn.execute("insert into rls_probe.notes values (%s, 'forged')", (BOB,))
        assert (refused.value.status, refused.value.code) == (403, "forbidden")
        assert _bodies(app, {"sub": BOB, "role": "authenticated"}) == ["bob"]


def test_read_only_requests_cannot_write(app, probe_table, admin_db):
    # A GET that tried to write would be a bug: it fails as a server error and changes nothing.
    with (
        app.app_context(),
        pytest.raises(ApiError) as failed,
        rls_transaction({"sub": ALICE, "role": "authenticated"}, read_only=True) as conn,
    ):
        conn.execute("insert into rls_probe.notes values (%s, 'mine')", (ALICE,))
    assert failed.value.status == 500
    assert admin_db.execute("select count(*) from rls_probe.notes where body = 'mine'").fetchone()[0] == 0


def test_role_and_claims_do_not_leak_into_the_next_request(app, probe_table):
    """Reads the pooled connection itself once the request is over: another rls_transaction would
    set role and claims afresh and hide a leak (what this test used to do)."""
    from contextlib import ExitStack

    from toolkit_bff.db import _pool

    with app.test_request_context():
        with rls_transaction({"sub": ALICE, "role": "authenticated"}) as conn:
            used = conn.info.backend_pid
        pool = _pool()
        with ExitStack() as stack:  # every connection of the pool at once: the one used is among them
            connections = [stack.enter_context(pool.connection()) for _ in range(pool.max_size)]
            after = {
                c.info.backend_pid: c.execute(
                    "select current_user as who, current_setting('request.jwt.claims', true) as claims"
                ).fetchone()
                for c in connections
            }
    assert used in after
    back = after[used]
    assert back and back["who"] == "authenticator" and not back["claims"]


def test_one_round_trip_statements_run_as_the_caller_and_leave_nothing_behind(app, probe_table):
    from toolkit_bff.db import _pool, run_once

    with app.test_request_context():
        rows = run_once(
            "select current_user as who, auth.uid() as uid, body from rls_probe.notes where body <> {x}",
            {"x": "nothing'; drop table rls_probe.notes; --"},
            claims={"sub": ALICE, "role": "authenticated"},
        )
        assert [(r["who"], str(r["uid"]), r["body"]) for r in rows] == [("authenticated", ALICE, "alice")]
        assert [r["body"] for r in run_once("select body from rls_probe.notes", {})] == []  # anon: nothing
        # The pooled connection is back to authenticator with no claims once the statement is done.
        with _pool().connection() as conn:
            row = conn.execute(
                "select current_user as who, current_setting('request.jwt.claims', true) as claims"
            ).fetchone()
        assert row and row["who"] == "authenticator" and not row["claims"]
    assert _bodies(app, {"sub": ALICE, "role": "authenticated"}) == ["alice"]  # the quoted value stayed a value
