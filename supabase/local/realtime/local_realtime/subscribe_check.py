"""The check a postgres_changes binding passes before it is subscribed, as upstream makes it when it
inserts the binding into realtime.subscription (Extensions.PostgresCdcRls.Subscriptions.create):
the binding must name tables of the publication, and the subscription_check_filters trigger refuses
a filter on a column the subscriber's role may not SELECT, or with a value that does not cast to the
column's type. Otherwise a filter on a hidden column would answer questions about it (an oracle).

The trigger's checks run in Postgres here too (a session-local function), so the refusals carry
Postgres's own errors; the message around them is upstream's, with the exception written as Postgrex
writes it (`ERROR P0001 (raise_exception) invalid column for filter updated_by`)."""

from __future__ import annotations

import re

import psycopg
from psycopg import errors

from .filters import Params

# Upstream's subscription_check_filters (v2.78.15: tenant migration 20230227211149), per entity of
# the publication the binding names; returns how many entities there are (0: not published).
CHECKER = """
create or replace function pg_temp.local_realtime_check_binding(
  pub text, schema_ text, table_ text, role_ text, cols text[], ops text[], vals text[])
returns integer language plpgsql as $$
declare
  entity_ regclass;
  entities integer := 0;
  col_names text[];
  col_type regtype;
  in_val jsonb;
begin
  for entity_ in
    select format('%I.%I', p.schemaname, p.tablename)::regclass from pg_publication_tables p
     where p.pubname = pub
       and p.schemaname like (case schema_ when '*' then '%' else schema_ end) escape ''
       and p.tablename like (case table_ when '*' then '%' else table_ end) escape ''
  loop
    entities := entities + 1;
    col_names := coalesce(array_agg(a.attname::text order by a.attnum), '{}')
      from pg_attribute a
     where a.attrelid = entity_ and a.attnum > 0 and not a.attisdropped
       and has_column_privilege(role_, entity_, a.attname, 'SELECT');
    for i in 1 .. coalesce(array_length(cols, 1), 0) loop
      if not cols[i] = any(col_names) then
        raise exception 'invalid column for filter %', cols[i];
      end if;
      col_type := (select atttypid::regtype from pg_attribute where attrelid = entity_ and attname = cols[i]);
      if col_type is null then
        raise exception 'failed to lookup type for column %', cols[i];
      end if;
      if ops[i] = 'in' then
        execute format('select to_jsonb(%L::' || (col_type::text || '[]')::regtype::text || ')', vals[i]) into in_val;
        if coalesce(jsonb_array_length(in_val), 0) > 100 then
          raise exception 'too many values for `in` filter. Maximum 100';
        end if;
      else
        execute format('select to_jsonb(%L::' || col_type::text || ')', vals[i]);
      end if;
    end loop;
  end loop;
  return entities;
end
$$"""

_PREFIX = "Unable to subscribe to changes with given parameters. "


async def check(conn: psycopg.AsyncConnection, publication: str, params: Params, role: str) -> str | None:
    """None when the binding may be subscribed; otherwise upstream's message for the system reply."""
    filters = params.filters
    try:
        async with conn.transaction():
            row = await (
                await conn.execute(
                    "select pg_temp.local_realtime_check_binding(%s, %s, %s, %s, %s, %s, %s)",
                    (
                        publication,
                        params.schema,
                        params.table,
                        role,
                        [f.column for f in filters],
                        [f.op for f in filters],
                        [f.text for f in filters],
                    ),
                )
            ).fetchone()
    except psycopg.OperationalError:
        raise
    except psycopg.Error as exc:
        return (
            _PREFIX + "An exception happened so please check your connect parameters: "
            f"[{describe(params)}]. Exception: {postgrex_message(exc)}"
        )
    assert row is not None  # a select without from: always one row
    if not row[0]:
        return _PREFIX + f"Please check Realtime is enabled for the given connect parameters: [{describe(params)}]"
    return None


def describe(params: Params) -> str:
    """Upstream's params_to_log: `event: *, schema: public, table: notes, filters: [{"id", "eq", "5"}]`.
    Filters are Elixir tuples as `inspect` writes them (on one line; upstream's pretty printing wraps
    lists longer than 80 characters). A negated filter, which later upstream versions brought, carries
    their fourth element `true`."""
    tuples = []
    for f in params.filters:
        parts = [elixir_string(f.column), elixir_string(f.op), elixir_string(f.text)] + (["true"] if f.negate else [])
        tuples.append("{" + ", ".join(parts) + "}")
    return f"event: {params.event}, schema: {params.schema}, table: {params.table}, filters: [{', '.join(tuples)}]"


_ESCAPES = {
    "\\": "\\\\",
    '"': '\\"',
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\v": "\\v",
    "\b": "\\b",
    "\f": "\\f",
    "\x1b": "\\e",
    "\x07": "\\a",
}


def elixir_string(value: str) -> str:
    """Elixir's inspect of a binary: a quoted, escaped string if printable, else `<<bytes>>`."""
    if any((ord(c) < 32 or ord(c) == 127) and c not in _ESCAPES for c in value):
        return "<<" + ", ".join(str(b) for b in value.encode()) + ">>"
    return '"' + "".join(_ESCAPES.get(c, c) for c in value).replace("#{", "\\#{") + '"'


def postgrex_message(exc: psycopg.Error) -> str:
    """Postgrex.Error.message/1: `SEVERITY SQLSTATE (condition_name) message`, then the table,
    column, constraint and hint lines and the detail."""
    diag = exc.diag
    text = (
        f"{diag.severity_nonlocalized or diag.severity} {diag.sqlstate} ({condition_name(diag.sqlstate)}) "
        f"{diag.message_primary}"
    )
    meta = [
        f"\n    {name}: {value}"
        for name, value in (
            ("table", diag.table_name),
            ("column", diag.column_name),
            ("constraint", diag.constraint_name),
            ("hint", diag.message_hint),
        )
        if value
    ]
    if meta:
        text += "\n" + "".join(meta)
    if diag.message_detail:
        text += "\n\n" + diag.message_detail
    return text


def condition_name(sqlstate: str | None) -> str:
    """Postgres's condition name of an SQLSTATE (P0001 → raise_exception), as Postgrex names codes."""
    try:
        name = errors.lookup(sqlstate or "").__name__
    except KeyError:
        return str(sqlstate)
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()
