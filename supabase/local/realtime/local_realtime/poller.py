"""Changes from the write-ahead log: a temporary logical replication slot with wal2json, polled
like upstream's ReplicationPoller (pg_logical_slot_get_changes every poll_interval_ms), for the
tables of the publication only."""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from collections.abc import Awaitable, Callable

import psycopg

from .changes import Change, parse_wal2json
from .config import Config

log = logging.getLogger(__name__)

_PUBLICATION = """
select p.pubinsert, p.pubupdate, p.pubdelete, t.schemaname, t.tablename
  from pg_publication p left join pg_publication_tables t on t.pubname = p.pubname
 where p.pubname = %s"""
_GET_CHANGES = """
select data from pg_logical_slot_get_changes(
  %(slot)s, null, %(max)s, 'include-pk', 'true', 'include-transaction', 'false',
  'include-timestamp', 'true', 'include-type-oids', 'true', 'format-version', '2',
  'actions', %(actions)s, 'add-tables', %(tables)s)"""


def wal2json_table(schema: str, table: str) -> str:
    """A name for wal2json's add-tables: its special characters escaped with a backslash."""

    def escape(name: str) -> str:
        return re.sub(r"([\\ ',.*])", r"\\\1", name)

    return f"{escape(schema)}.{escape(table)}"


class Poller:
    def __init__(self, config: Config, on_changes: Callable[[list[Change]], Awaitable[None]]):
        self.config = config
        self.on_changes = on_changes
        self.slot = f"supabase_realtime_local_{secrets.token_hex(4)}"
        self.ready = asyncio.Event()  # set while a slot exists and polling runs

    async def run(self) -> None:
        """Poll forever; on a lost connection, wait and start over with a new slot."""
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.config.db_dsn, autocommit=True) as conn:
                    await conn.execute("set timezone = 'UTC'")  # wal2json writes timestamps in it
                    await conn.execute("select pg_create_logical_replication_slot(%s, 'wal2json', true)", (self.slot,))
                    log.info("polling slot %s", self.slot)
                    self.ready.set()
                    await self._poll(conn)
            except (psycopg.OperationalError, psycopg.errors.AdminShutdown) as exc:
                log.warning("database connection lost (%s); reconnecting", exc)
            finally:
                self.ready.clear()
            await asyncio.sleep(1)

    async def _poll(self, conn: psycopg.AsyncConnection) -> None:
        interval = self.config.poll_interval_ms / 1000
        while True:
            batch, read = await self._get_changes(conn)
            if batch:
                try:
                    await self.on_changes(batch)
                except psycopg.OperationalError:
                    raise
                except Exception:  # a bug in delivery must not stop the stream for everyone
                    log.exception("delivering changes failed")
            if read < self.config.poll_max_changes:  # a full batch: more are waiting
                await asyncio.sleep(interval)

    async def _get_changes(self, conn: psycopg.AsyncConnection) -> tuple[list[Change], int]:
        rows = await (await conn.execute(_PUBLICATION, (self.config.publication,))).fetchall()
        if not rows:
            return [], 0  # no publication: nothing is published, the slot keeps the WAL
        actions = ",".join(a for a, on in zip(("insert", "update", "delete"), rows[0][:3], strict=True) if on)
        tables = ",".join(wal2json_table(r[3], r[4]) for r in rows if r[4] is not None)
        result = await conn.execute(
            _GET_CHANGES, {"slot": self.slot, "max": self.config.poll_max_changes, "actions": actions, "tables": tables}
        )
        data = [row[0] for row in await result.fetchall()]
        if not tables:
            return [], len(data)  # an empty add-tables means every table: consume, deliver nothing
        return [c for c in map(parse_wal2json, data) if c is not None], len(data)
