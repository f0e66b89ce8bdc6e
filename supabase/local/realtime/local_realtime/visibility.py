"""Which subscribers may see a change: the row selected by its primary key under each subscriber's
role and JWT claims, as upstream's realtime.apply_rls does, so Postgres row-level security decides.

Subscribers with identical claims share one check, and all checks of a change run in one statement:
a session-local (pg_temp) function loops over the claim groups, switching role and claims for each
as apply_rls does — one round trip however many subscribers there are."""

from __future__ import annotations

import json
import logging

import psycopg
from psycopg import sql

from .changes import Change, TableInfo
from .serializer import JsonObject

log = logging.getLogger(__name__)

# An error in one group's policies (a failing function, say) hides the row from that group only.
_CHECKER = """
create or replace function pg_temp.local_realtime_visible(query text, roles text[], claims text[])
returns boolean[] language plpgsql as $$
declare
  result boolean[] := '{}';
  seen boolean;
begin
  for i in 1 .. coalesce(array_length(roles, 1), 0) loop
    begin
      perform set_config('role', roles[i], true), set_config('request.jwt.claims', claims[i], true);
      execute query into seen;
    exception when others then
      seen := false;
    end;
    result := result || coalesce(seen, false);
  end loop;
  perform set_config('role', 'none', true);
  return result;
end
$$"""
_TABLE_INFO = """
select a.attname, t.typname, has_column_privilege(%(role)s, c.oid, a.attname, 'SELECT'), c.relrowsecurity
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  join pg_type t on t.oid = a.atttypid
 where n.nspname = %(schema)s and c.relname = %(table)s
   and exists (select from pg_roles where rolname = %(role)s)
 order by a.attnum"""


async def prepare(conn: psycopg.AsyncConnection) -> None:
    """Once per connection: the checker function lives as long as the session."""
    await conn.execute(_CHECKER)


class Visibility:
    def __init__(self, conn: psycopg.AsyncConnection):
        self.conn = conn
        self._tables: dict[tuple[str, str, str], TableInfo] = {}

    async def table_info(self, schema: str, table: str, role: str) -> TableInfo:
        """Columns, the role's column privileges and RLS, read once per batch of changes."""
        key = (schema, table, role)
        if key not in self._tables:
            rows = await (
                await self.conn.execute(_TABLE_INFO, {"role": role, "schema": schema, "table": table})
            ).fetchall()
            self._tables[key] = TableInfo(
                tuple((r[0], r[1]) for r in rows), frozenset(r[0] for r in rows if r[2]), bool(rows and rows[0][3])
            )
        return self._tables[key]

    async def visible(self, change: Change, groups: dict[str, tuple[str, JsonObject]]) -> set[str]:
        """Keys of the claim groups (key → (role, claims)) allowed to see the changed row."""
        keys = list(groups)
        where = sql.SQL(" and ").join(
            sql.SQL("{} = {}").format(sql.Identifier(name), sql.Literal(change.columns[name][1])) for name in change.pk
        )
        query = (
            sql.SQL("select exists (select 1 from {}.{} where {})")
            .format(sql.Identifier(change.schema), sql.Identifier(change.table), where)
            .as_string(self.conn)
        )
        async with self.conn.transaction():
            row = await (
                await self.conn.execute(
                    "select pg_temp.local_realtime_visible(%s, %s, %s)",
                    (query, [groups[k][0] for k in keys], [json.dumps(groups[k][1]) for k in keys]),
                )
            ).fetchone()
        assert row is not None  # a select without from: always one row
        return {key for key, seen in zip(keys, row[0], strict=True) if seen}
