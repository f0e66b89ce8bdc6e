"""Subscription parameters and row filters, as the official server parses and applies them.

A filter is `column=op.value` (PostgREST style), several joined by commas (all must hold), an
optional `not.` before the operator; `in` takes `(a,b,c)`. Values are compared by the column's type,
as upstream casts both sides to it (realtime.check_equality_op); here in Python for the types the
wal2json output carries (numbers, booleans, text-like values, timestamps)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time
from decimal import Decimal, InvalidOperation
from typing import Any

OPERATORS = ("eq", "neq", "lt", "lte", "gt", "gte", "in")
EVENTS = ("INSERT", "UPDATE", "DELETE")


class FilterError(ValueError):
    """The subscription's parameters cannot be used; the message is upstream's."""


@dataclass(frozen=True)
class Filter:
    column: str
    op: str
    value: str | tuple[str, ...]
    negate: bool = False
    # The value as upstream keeps it (an `in` list as the array literal `{a,b}`): what the join check
    # casts to the column's type and what its error messages show.
    text: str = field(default="", compare=False)


@dataclass(frozen=True)
class Params:
    event: str  # "*", "INSERT", "UPDATE" or "DELETE"
    schema: str
    table: str  # "*" for every table of the schema
    filters: tuple[Filter, ...]


def parse_params(params: Any) -> Params:
    if not isinstance(params, dict):
        raise FilterError(_missing(params))
    event = params.get("event")
    event = event.upper() if isinstance(event, str) and event.upper() in EVENTS else "*"
    schema, table, filter_ = params.get("schema"), params.get("table"), params.get("filter")
    if isinstance(schema, str) and isinstance(table, str) and isinstance(filter_, str):
        return Params(event, schema, table, parse_filters(filter_))
    if isinstance(schema, str) and isinstance(table, str) and "filter" not in params:
        return Params(event, schema, table, ())
    if isinstance(schema, str) and "table" not in params and "filter" not in params:
        return Params(event, schema, "*", ())
    if isinstance(table, str) and "schema" not in params and "filter" not in params:
        return Params(event, "public", table, ())
    raise FilterError(_missing(params))


def _missing(params: Any) -> str:
    return f"No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: {params!r}"


def parse_filters(text: str) -> tuple[Filter, ...]:
    text = text.strip()
    if not text:
        return ()
    return tuple(_parse_segment(segment) for segment in _split_top_level(text))


def _split_top_level(text: str) -> list[str]:
    # Commas inside `in.(…)` or inside a quoted value belong to the value, not between filters.
    parts, depth, quoted, escaped, current = [], 0, False, False, ""
    for char in text:
        if quoted:
            quoted = escaped or char != '"'
            escaped = not escaped and char == "\\"
        elif char == '"' and current[-1:] in (".", "(", ","):
            quoted = True
        elif char == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        elif char in "()":
            depth = depth + 1 if char == "(" else max(0, depth - 1)
        current += char
    return [*parts, current]


def _parse_segment(segment: str) -> Filter:
    segment = segment.strip()
    if not segment:
        raise FilterError(
            "Error parsing `filter` params: filter must not contain empty segments (check for extra commas)"
        )
    column, eq, rest = segment.partition("=")
    negate = rest.startswith("not.")
    op, dot, value = (rest[4:] if negate else rest).partition(".")
    if not eq or not dot:
        raise FilterError(f"Error parsing `filter` params: {_inspect(segment.split('='))}")
    if op not in OPERATORS:
        raise FilterError(f"Error parsing `filter` params: {_inspect([op, value])}")
    if op == "in":
        if not (len(value) >= 2 and value[0] == "(" and value[-1] == ")"):
            raise FilterError("Error parsing `filter` params: `in` filter value must be wrapped by parentheses")
        items = tuple(_unquote(v.strip()) for v in _split_list(value[1:-1]))
        return Filter(column, op, items, negate, "{" + value[1:-1] + "}")
    return Filter(column, op, _unquote(value), negate, _unquote(value))


def _split_list(text: str) -> list[str]:
    return re.findall(r'"(?:[^"\\]|\\.)*"|[^,]+', text) if text else []


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
        return re.sub(r"\\(.)", r"\1", value[1:-1])
    return value


def _inspect(parts: list[str]) -> str:
    # Elixir's inspect of a list of strings, which upstream puts in its message.
    return "[" + ", ".join('"' + p.replace("\\", "\\\\").replace('"', '\\"') + '"' for p in parts) + "]"


# --- matching -----------------------------------------------------------------------------------

_NUMERIC = {
    "smallint",
    "integer",
    "bigint",
    "numeric",
    "real",
    "double precision",
    "int2",
    "int4",
    "int8",
    "float4",
    "float8",
    "oid",
}


def matches(filters: tuple[Filter, ...], columns: dict[str, tuple[str, Any]]) -> bool:
    """True when every filter holds for the row; `columns` maps a name to (type, wal2json value).

    As upstream: a filter on a column the change does not carry makes the row invisible."""
    for f in filters:
        if f.column not in columns:
            return False
        type_name, raw = columns[f.column]
        if not _holds(f, type_name, raw):
            return False
    return True


def _holds(f: Filter, type_name: str, raw: Any) -> bool:
    if raw is None:
        return False  # SQL: a comparison with NULL is never true, negated or not
    try:
        left = coerce(type_name, raw)
        if f.op == "in":
            result = any(left == coerce(type_name, v) for v in f.value)
        else:
            right = coerce(type_name, f.value)
            result = {
                "eq": left == right,
                "neq": left != right,
                "lt": left < right,
                "lte": left <= right,
                "gt": left > right,
                "gte": left >= right,
            }[f.op]
    except (ValueError, TypeError, InvalidOperation):
        return False  # upstream's cast fails and the row is not delivered
    return not result if f.negate else result


def coerce(type_name: str, value: Any) -> Any:
    """A value as Postgres would compare it for the column's type."""
    base = type_name.split("(")[0].strip()
    if base in _NUMERIC:
        return Decimal(str(value))
    if base in ("boolean", "bool"):
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("t", "true", "yes", "on", "1", "y"):
            return True
        if text in ("f", "false", "no", "off", "0", "n"):
            return False
        raise ValueError(value)
    if base == "uuid":
        return str(value).strip().lower().replace("-", "").strip("{}")
    if base.startswith("timestamp"):
        parsed = _parse_timestamp(str(value))
        if "with time zone" in base or base == "timestamptz":
            return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)  # the session is UTC
        return parsed.replace(tzinfo=None)
    if base == "date":
        return date.fromisoformat(str(value))
    if base.startswith("time") and "zone" not in base:
        return time.fromisoformat(str(value))
    return str(value)


def _parse_timestamp(text: str) -> datetime:
    text = text.strip().replace(" ", "T", 1)
    if re.search(r"[+-]\d\d$", text):  # Postgres writes "+00", Python wants "+00:00"
        text += ":00"
    return datetime.fromisoformat(text.replace("Z", "+00:00"))
