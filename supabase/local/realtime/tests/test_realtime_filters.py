"""Subscription parameters and filters: parsed and applied as the official server does."""

from __future__ import annotations

import re
from typing import Any

import pytest

from local_realtime.changes import Change, parse_wal2json
from local_realtime.filters import Filter, FilterError, matches, parse_filters, parse_params
from local_realtime.registry import Registry, Subscription
from local_realtime.serializer import JsonObject

UUID_A = "8a4c3f0e-1d2b-4c5d-9e8f-0a1b2c3d4e5f"
UUID_B = "0f9e8d7c-6b5a-4321-8fed-cba987654321"


def row(**columns: Any) -> dict[str, tuple[str, Any]]:
    types = {int: "integer", str: "text", bool: "boolean", type(None): "text"}
    return {k: (v[0], v[1]) if isinstance(v, tuple) else (types[type(v)], v) for k, v in columns.items()}


def test_params_default_event_and_schema_as_upstream():
    assert parse_params({"event": "*", "schema": "public", "table": "t"}).event == "*"
    assert parse_params({"event": "insert", "schema": "public", "table": "t"}).event == "INSERT"
    assert parse_params({"event": "bogus", "schema": "public", "table": "t"}).event == "*"
    assert parse_params({"table": "t"}).schema == "public"
    assert parse_params({"schema": "public"}).table == "*"


def test_params_without_schema_or_table_are_refused_with_upstreams_message():
    with pytest.raises(
        FilterError, match=re.escape("No subscription params provided. Please provide at least a `schema` or `table`")
    ):
        parse_params({"event": "*"})


def test_filter_syntax():
    assert parse_filters("id=eq.5") == (Filter("id", "eq", "5"),)
    assert parse_filters('name=eq."a,b"') == (Filter("name", "eq", "a,b"),)
    assert parse_filters("id=in.(1,2,3)") == (Filter("id", "in", ("1", "2", "3")),)
    assert parse_filters('tag=in.("x,y",z)') == (Filter("tag", "in", ("x,y", "z")),)
    assert parse_filters("id=gt.0,id=lt.100") == (Filter("id", "gt", "0"), Filter("id", "lt", "100"))
    assert parse_filters("id=not.eq.5") == (Filter("id", "eq", "5", negate=True),)
    assert parse_filters("   ") == ()


@pytest.mark.parametrize(
    "text, message",
    [
        ("subject=foo.hey", 'Error parsing `filter` params: ["foo", "hey"]'),
        ("undefined", 'Error parsing `filter` params: ["undefined"]'),
        ("id=in.1,2", "`in` filter value must be wrapped by parentheses"),
        ("id=eq.1,,id=eq.2", "filter must not contain empty segments"),
    ],
)
def test_malformed_filters_give_upstreams_messages(text, message):
    with pytest.raises(FilterError) as error:
        parse_filters(text)
    assert message in str(error.value)


@pytest.mark.parametrize(
    "text, value, expected",
    [
        ("n=eq.5", 5, True),
        ("n=eq.5", 6, False),
        ("n=neq.5", 6, True),
        ("n=neq.5", 5, False),
        ("n=lt.5", 4, True),
        ("n=lt.5", 5, False),
        ("n=lte.5", 5, True),
        ("n=lte.5", 6, False),
        ("n=gt.5", 6, True),
        ("n=gt.5", 5, False),
        ("n=gte.5", 5, True),
        ("n=gte.5", 4, False),
        ("n=in.(1,5,9)", 5, True),
        ("n=in.(1,9)", 5, False),
        ("n=not.in.(1,9)", 5, True),
        ("n=gt.10", 9, False),  # numeric, not text, order: "9" > "10" as text
    ],
)
def test_operators_compare_by_the_column_type(text, value, expected):
    assert matches(parse_filters(text), row(n=value)) is expected


def test_uuid_timestamp_and_boolean_values_compare_as_postgres_would():
    assert matches(parse_filters(f"id=eq.{UUID_A.upper()}"), row(id=("uuid", UUID_A)))
    assert matches(parse_filters(f"id=in.({UUID_B},{UUID_A})"), row(id=("uuid", UUID_A)))
    at = ("timestamp with time zone", "2030-01-01 12:00:00.5+00")
    assert matches(parse_filters("at=gt.2030-01-01T11:00:00Z"), row(at=at))
    assert matches(parse_filters("at=lte.2030-01-01T13:00:00.5+01:00"), row(at=at))  # same instant
    assert not matches(parse_filters("at=lt.2030-01-01T12:00:00.5Z"), row(at=at))
    assert matches(parse_filters("ok=eq.true"), row(ok=True))
    assert matches(parse_filters("ok=eq.f"), row(ok=False))


def test_null_values_an_unknown_column_and_an_uncastable_value_never_match():
    assert not matches(parse_filters("v=eq.x"), row(v=None))
    assert not matches(parse_filters("v=neq.x"), row(v=None))
    assert not matches(parse_filters("other=eq.1"), row(v="x"))
    assert not matches(parse_filters("n=eq.abc"), row(n=5))


def _wal(action: str, **extra: object) -> Change:
    import json

    change = parse_wal2json(
        json.dumps(
            {
                "action": action,
                "schema": "public",
                "table": "t",
                "timestamp": "2030-01-01 00:00:00+00",
                "pk": [{"name": "id", "type": "integer"}],
            }
            | extra
        )
    )
    assert change is not None, "not a row change"
    return change


class NoChannel:
    """The subscriptions' channel, never reached: matching reads only their parameters."""

    role = "authenticated"

    def __init__(self) -> None:
        self.claims: JsonObject = {}

    def push_json(self, event: str, payload_json: str) -> None:
        raise AssertionError("matching delivers nothing")


def test_a_delete_is_matched_on_its_old_key_and_events_narrow_the_subscription():
    registry = Registry()
    on_id = Subscription(
        1, parse_params({"event": "*", "schema": "public", "table": "t", "filter": "id=eq.3"}), NoChannel()
    )
    inserts = Subscription(2, parse_params({"event": "INSERT", "schema": "public", "table": "t"}), NoChannel())
    other_table = Subscription(3, parse_params({"event": "*", "schema": "public", "table": "u"}), NoChannel())
    registry.add([on_id, inserts, other_table])
    delete = _wal("D", identity=[{"name": "id", "type": "integer", "value": 3}])
    insert = _wal("I", columns=[{"name": "id", "type": "integer", "value": 3}])
    assert registry.matching(delete) == [on_id]
    assert {s.id for s in registry.matching(insert)} == {1, 2}
    registry.remove([on_id])
    assert registry.matching(delete) == []


def test_join_errors_show_the_binding_as_upstream_logs_it():
    """Elixir's inspect of the filter tuples, the `in` list as the array literal upstream casts."""
    from local_realtime.subscribe_check import describe, elixir_string

    params = parse_params(
        {"event": "DELETE", "schema": "public", "table": "notes", "filter": 'tag=in.("x,y",z),body=not.eq.a"b#{c}'}
    )
    assert describe(params) == (
        "event: DELETE, schema: public, table: notes, filters: "
        '[{"tag", "in", "{\\"x,y\\",z}"}, {"body", "eq", "a\\"b\\#{c}", true}]'
    )
    assert elixir_string("tab\there") == '"tab\\there"'
    assert elixir_string("nul\x00") == "<<110, 117, 108, 0>>"  # not printable: the bytes
