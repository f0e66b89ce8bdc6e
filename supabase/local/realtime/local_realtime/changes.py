"""wal2json (format 2) changes and the `data` of a postgres_changes message built from them.

The payload follows upstream's realtime.apply_rls: `columns` are the table's columns the subscriber's
role may select (name and pg_type name), `record` for INSERT/UPDATE, `old_record` for UPDATE/DELETE
(on a table under row-level security a DELETE carries only the primary key: the deleted row cannot be
checked against the policies any more), values typed as `to_jsonb` gives them."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC
from typing import Any

from .serializer import JsonObject

ACTIONS = {"I": "INSERT", "U": "UPDATE", "D": "DELETE"}


@dataclass(frozen=True)
class Change:
    type: str  # INSERT, UPDATE or DELETE
    schema: str
    table: str
    commit_timestamp: str
    columns: dict[str, tuple[str, Any]]  # name → (wal2json type, value), the new row
    identity: dict[str, tuple[str, Any]]  # name → (type, value), the old key (or whole row)
    pk: tuple[str, ...]
    size: int = 0  # bytes of the wal2json record, for the 413 rule

    def filter_columns(self) -> dict[str, tuple[str, Any]]:
        """What a filter is checked against: the new row, or the old key for a DELETE."""
        return self.columns if self.type != "DELETE" else self.identity


@dataclass(frozen=True)
class TableInfo:
    """What the payload needs from the catalog, for one role."""

    columns: tuple[tuple[str, str], ...]  # (name, pg_type.typname) in attnum order
    selectable: frozenset[str] = field(default_factory=frozenset)
    rls_enabled: bool = False


def parse_wal2json(text: str) -> Change | None:
    """One wal2json format-version 2 line; None for what is not a row change (truncate, messages)."""
    data = json.loads(text)
    action = ACTIONS.get(data.get("action"))
    if action is None:
        return None
    columns = {c["name"]: (c["type"], c.get("value")) for c in data.get("columns", [])}
    identity = {c["name"]: (c["type"], c.get("value")) for c in data.get("identity", [])}
    return Change(
        action,
        data["schema"],
        data["table"],
        commit_timestamp(data.get("timestamp", "")),
        columns,
        identity,
        tuple(p["name"] for p in data.get("pk", [])),
        len(text.encode()),
    )


def commit_timestamp(text: str) -> str:
    """wal2json's "2026-11-23 07:21:04.123456+00" as upstream writes it: UTC with milliseconds."""

    from .filters import _parse_timestamp  # one timestamp parser for both modules

    if not text:
        return text
    moment = _parse_timestamp(text).astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def to_json_value(type_name: str, value: Any) -> Any:
    """A wal2json value as Postgres's to_jsonb would give it (upstream's realtime.cast)."""
    if value is None or not isinstance(value, str):
        return value  # numbers and booleans are already typed by wal2json
    base = type_name.split("(")[0].strip()
    if base in ("json", "jsonb"):
        try:
            return json.loads(value)
        except ValueError:
            return value
    if base.startswith("timestamp"):
        # to_jsonb writes ISO 8601: a "T" and a full "+00:00" offset.
        text = value.replace(" ", "T", 1)
        if "with time zone" in base and len(text) > 3 and text[-3] in "+-" and text[-2:].isdigit():
            text += ":00"
        return text
    return value


MAX_RECORD_BYTES = 1024 * 1024


def payload(change: Change, table: TableInfo, max_record_bytes: int = MAX_RECORD_BYTES) -> JsonObject:
    """The `data` one role's subscribers receive (upstream builds one per role)."""
    selectable = table.selectable
    errors: list[str] = []
    if change.type != "DELETE":
        pks = [c for c in change.columns if c in change.pk]
        if not pks:
            errors = ["Error 400: Bad Request, no primary key"]
        elif not all(c in selectable for c in pks):
            errors = ["Error 401: Unauthorized"]
    base: JsonObject = {"schema": change.schema, "table": change.table, "type": change.type}
    if errors:
        return base | {"errors": errors}
    too_big = change.size > max_record_bytes

    def keep(name: str, value: Any) -> bool:
        return name in selectable and (not too_big or len(json.dumps(value)) <= 64)

    data = base | {
        "commit_timestamp": change.commit_timestamp,
        "columns": [{"name": n, "type": t} for n, t in table.columns if n in selectable],
    }
    if change.type in ("INSERT", "UPDATE"):
        merged = dict(change.identity) | dict(change.columns)  # unchanged TOAST values come from the old row
        data["record"] = {n: to_json_value(t, v) for n, (t, v) in merged.items() if keep(n, v)}
    if change.type in ("UPDATE", "DELETE"):
        old = {
            n: to_json_value(t, v)
            for n, (t, v) in change.identity.items()
            if keep(n, v) and (change.type == "UPDATE" or not table.rls_enabled or n in change.pk)
        }
        data["old_record"] = old or None  # upstream's jsonb_object_agg of nothing is null
    data["errors"] = ["Error 413: Payload Too Large"] if too_big else None
    return data
