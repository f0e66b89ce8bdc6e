"""Postgres for the redirect service: one async pool per worker, connected as service_role."""

from __future__ import annotations

import psycopg
from psycopg_pool import AsyncConnectionPool

# authenticator (a member of service_role) switches role for the whole session: the link, not the
# visitor, decides where a redirect goes, and record_short_link_clicks is granted to service_role
# only (anon could otherwise add any number of clicks through the Data API).
SESSION_ROLE = "set role service_role"


class DatabaseUnavailable(Exception):
    """Postgres could not answer in time: the request gets a JSON 503, never a guess."""


async def _configure(conn: psycopg.AsyncConnection) -> None:
    await conn.execute(SESSION_ROLE)


def make_pool(url: str, size: int) -> AsyncConnectionPool:
    # Every connection opened up front and kept: opening one under load costs a SCRAM handshake.
    # A lost connection is retried for 1 s, then given up, and the next request that needs one
    # grows the pool again: so after a long outage nobody waits out an ever longer backoff.
    return AsyncConnectionPool(
        url,
        min_size=size,
        max_size=size,
        open=False,
        configure=_configure,
        kwargs={"autocommit": True, "connect_timeout": 2},
        reconnect_timeout=1.0,
        name="redirect",
    )
