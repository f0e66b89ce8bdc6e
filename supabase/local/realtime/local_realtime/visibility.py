"""Which subscribers may see a change: the row selected by its primary key under each subscriber's
role and JWT claims, as upstream's realtime.apply_rls does, so Postgres row-level security decides.

Subscribers with identical claims share one check; all checks of a change go to Postgres in one
pipelined transaction (one round trip however many subscribers there are)."""
from __future__ import annotations

import json
import logging

import psycopg
from psycopg import sql

from .changes import Change, TableInfo

log = logging.getLogger(__name__)

_SET_CONTEXT = "select set_config('role', %s, true), set_config('request.jwt.claims', %s, true)"
_TABLE_INFO = """
select a.attname, t.typname, has_column_privilege(%(role)s, c.oid, a.attname, 'SELECT'), c.relrowsecurity
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  join pg_type t on t.oid = a.atttypid
 where n.nspname = %(schema)s and c.relname = %(table)s
   and exists (select from pg_roles where rolname = %(role)s)
 order by a.attnum"""


class Visibility:
    def __init__(self, conn: psycopg.AsyncConnection):
        self.conn = conn
        self._tables: dict[tuple[str, str, str], TableInfo] = {}

    def forget_tables(self) -> None:
        """Called per batch: grants and columns may change between polls."""
        self._tables.clear()

    async def table_info(self, schema: str, table: str, role: str) -> TableInfo:
        key = (schema, table, role)
        if key not in self._tables:
            rows = await (await self.conn.execute(_TABLE_INFO, {"role": role, "schema": schema,
                                                                "table": table})).fetchall()
            self._tables[key] = TableInfo(tuple((r[0], r[1]) for r in rows),
                                          frozenset(r[0] for r in rows if r[2]),
                                          bool(rows and rows[0][3]))
        return self._tables[key]

    async def visible(self, change: Change, groups: dict[str, tuple[str, dict]]) -> set[str]:
        """Keys of the claim groups (key → (role, claims)) allowed to see the changed row."""
        exists = self._exists_query(change)
        values = [change.columns[name][1] for name in change.pk]
        try:
            return await self._check_pipelined(exists, values, groups)
        except psycopg.Error as exc:
            # One failing policy must not hide the row from the others: check each on its own.
            log.warning("pipelined RLS check failed (%s); checking one by one", exc)
            return await self._check_one_by_one(exists, values, groups)

    def _exists_query(self, change: Change) -> sql.Composed:
        where = sql.SQL(" and ").join(sql.SQL("{} = %s").format(sql.Identifier(n)) for n in change.pk)
        return sql.SQL("select exists (select 1 from {}.{} where {})").format(
            sql.Identifier(change.schema), sql.Identifier(change.table), where)

    async def _check_pipelined(self, exists, values, groups) -> set[str]:
        cursors = []
        async with self.conn.transaction():
            async with self.conn.pipeline():
                for key, (role, claims) in groups.items():
                    await self.conn.execute(_SET_CONTEXT, (role, json.dumps(claims)))
                    cursors.append((key, await self.conn.execute(exists, values)))
            return {key for key, cur in cursors if (await cur.fetchone())[0]}

    async def _check_one_by_one(self, exists, values, groups) -> set[str]:
        seen = set()
        for key, (role, claims) in groups.items():
            try:
                async with self.conn.transaction():
                    await self.conn.execute(_SET_CONTEXT, (role, json.dumps(claims)))
                    if (await (await self.conn.execute(exists, values)).fetchone())[0]:
                        seen.add(key)
            except psycopg.Error as exc:
                log.warning("RLS check for role %s failed: %s", role, exc)
        return seen
