"""Frames (both serializers) and the postgres_changes `data` built from wal2json records."""

from __future__ import annotations

import json

import pytest

from local_realtime.changes import Change, TableInfo, parse_wal2json, payload
from local_realtime.serializer import FrameError, Message, decode, encode, reply

COLUMNS = (("id", "int4"), ("owner", "uuid"), ("body", "text"), ("meta", "jsonb"), ("at", "timestamptz"))
ALL = frozenset(name for name, _ in COLUMNS)


def wal(action: str, **extra: object) -> Change:
    change = parse_wal2json(
        json.dumps(
            {
                "action": action,
                "schema": "public",
                "table": "notes",
                "timestamp": "2030-01-02 03:04:05.678901+00",
                "pk": [{"name": "id", "type": "integer"}],
            }
            | extra
        )
    )
    assert change is not None, "not a row change"
    return change


NEW = [
    {"name": "id", "type": "integer", "value": 1},
    {"name": "owner", "type": "uuid", "value": "8a4c3f0e-1d2b-4c5d-9e8f-0a1b2c3d4e5f"},
    {"name": "body", "type": "text", "value": "hi"},
    {"name": "meta", "type": "jsonb", "value": '{"k": [1, 2]}'},
    {"name": "at", "type": "timestamp with time zone", "value": "2030-01-02 03:04:05.5+00"},
]


def test_vsn_2_frames_are_arrays_and_vsn_1_frames_objects():
    msg = Message("1", "2", "realtime:x", "phx_join", {"a": 1})
    assert json.loads(encode(msg, "2.0.0")) == ["1", "2", "realtime:x", "phx_join", {"a": 1}]
    assert json.loads(encode(msg, "1.0.0")) == {
        "join_ref": "1",
        "ref": "2",
        "topic": "realtime:x",
        "event": "phx_join",
        "payload": {"a": 1},
    }
    assert decode(encode(msg, "2.0.0"), "2.0.0") == msg
    assert decode(encode(msg, "1.0.0"), "1.0.0") == msg


def test_a_reply_echoes_the_refs_and_topic():
    msg = Message("4", "9", "realtime:x", "access_token", {})
    assert reply(msg, "ok", {}) == Message("4", "9", "realtime:x", "phx_reply", {"status": "ok", "response": {}})


@pytest.mark.parametrize(
    "frame, vsn",
    [
        ("not json", "2.0.0"),
        ('{"topic": "x"}', "2.0.0"),
        ('["1", "2", "t"]', "2.0.0"),
        ('["1","2","t","e",{}]', "1.0.0"),
        (b"\x00binary", "2.0.0"),
    ],
)
def test_frames_that_are_not_phoenix_messages_are_rejected(frame, vsn):
    with pytest.raises(FrameError):
        decode(frame, vsn)


def test_an_insert_carries_the_typed_record_and_upstreams_timestamp():
    data = payload(wal("I", columns=NEW), TableInfo(COLUMNS, ALL, True))
    assert data["type"] == "INSERT" and data["errors"] is None
    assert data["commit_timestamp"] == "2030-01-02T03:04:05.678Z"
    assert data["columns"] == [{"name": n, "type": t} for n, t in COLUMNS]
    assert data["record"] == {
        "id": 1,
        "owner": "8a4c3f0e-1d2b-4c5d-9e8f-0a1b2c3d4e5f",
        "body": "hi",
        "meta": {"k": [1, 2]},
        "at": "2030-01-02T03:04:05.5+00:00",
    }
    assert "old_record" not in data


def test_an_update_without_replica_identity_full_has_a_null_old_record():
    data = payload(wal("U", columns=NEW), TableInfo(COLUMNS, ALL, True))
    assert data["record"]["body"] == "hi" and data["old_record"] is None


def test_a_delete_on_an_rls_table_carries_only_the_primary_key():
    identity = [{"name": "id", "type": "integer", "value": 1}, {"name": "body", "type": "text", "value": "secret"}]
    under_rls = payload(wal("D", identity=identity), TableInfo(COLUMNS, ALL, True))
    assert under_rls["old_record"] == {"id": 1} and "record" not in under_rls
    without_rls = payload(wal("D", identity=identity), TableInfo(COLUMNS, ALL, False))
    assert without_rls["old_record"] == {"id": 1, "body": "secret"}


def test_columns_the_role_may_not_select_are_left_out():
    data = payload(wal("I", columns=NEW), TableInfo(COLUMNS, ALL - {"owner"}, True))
    assert "owner" not in data["record"]
    assert "owner" not in [c["name"] for c in data["columns"]]


def test_no_primary_key_or_an_unreadable_one_gives_upstreams_errors():
    no_pk = parse_wal2json(
        json.dumps(
            {"action": "I", "schema": "public", "table": "notes", "timestamp": "2030-01-02 03:04:05+00", "columns": NEW}
        )
    )
    assert no_pk is not None
    assert payload(no_pk, TableInfo(COLUMNS, ALL, True)) == {
        "schema": "public",
        "table": "notes",
        "type": "INSERT",
        "errors": ["Error 400: Bad Request, no primary key"],
    }
    hidden_pk = payload(wal("I", columns=NEW), TableInfo(COLUMNS, ALL - {"id"}, True))
    assert hidden_pk["errors"] == ["Error 401: Unauthorized"] and "record" not in hidden_pk


def test_a_record_over_the_size_limit_keeps_only_small_values():
    big = [*NEW[:2], {"name": "body", "type": "text", "value": "x" * 500}]
    data = payload(wal("I", columns=big), TableInfo(COLUMNS, ALL, True), max_record_bytes=200)
    assert data["errors"] == ["Error 413: Payload Too Large"]
    assert set(data["record"]) == {"id", "owner"}


def test_truncates_and_other_messages_are_not_row_changes():
    assert parse_wal2json(json.dumps({"action": "T", "schema": "public", "table": "notes"})) is None
    assert parse_wal2json(json.dumps({"action": "M", "prefix": "x", "content": "y"})) is None


@pytest.mark.parametrize("vsn", ["1.0.0", "2.0.0"])
def test_a_pre_encoded_push_is_the_same_frame_as_an_encoded_one(vsn):
    from local_realtime.serializer import encode_push

    payload = {"ids": [3], "data": {"record": {"body": 'é"x'}}}
    frame = encode_push("1", "realtime:ü", "postgres_changes", json.dumps(payload), vsn)
    assert decode(frame, vsn) == Message("1", None, "realtime:ü", "postgres_changes", payload)
