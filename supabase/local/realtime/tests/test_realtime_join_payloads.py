"""A join whose config is malformed, sent to the test stack's Realtime through the gateway as
realtime-js would send it: the join is answered with an error reply naming what is wrong (the
messages of upstream's join payload checks), and the connection stays open — a heartbeat and a
well-formed join on the same socket are answered as usual. A number or a boolean where the list of
postgres_changes belongs used to crash the socket handler (TypeError, close 1011)."""

from __future__ import annotations

import json
import os
from typing import Any
from urllib.parse import urlsplit

import pytest
from websockets.sync.client import ClientConnection, connect

MAPS = "unable to parse, expected an array of maps"


def _env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: run these tests through ./scripts/test")
    return value


@pytest.fixture
def socket():
    gateway = urlsplit(_env("TOOLKIT_PUBLIC_URL"))
    url = f"ws://{gateway.netloc}/realtime/v1/websocket?apikey={_env('TOOLKIT_ANON_KEY')}&vsn=2.0.0"
    with connect(url, open_timeout=10) as ws:
        yield ws


def _reply(ws: ClientConnection, ref: str) -> dict[str, Any]:
    """The phx_reply to the message `ref` (other frames, such as system messages, are passed over)."""
    while True:
        _join_ref, message_ref, _topic, event, payload = json.loads(ws.recv(timeout=10))
        if event == "phx_reply" and message_ref == ref:
            reply: dict[str, Any] = payload  # decoded JSON
            return reply


@pytest.mark.parametrize(
    "config, errors",
    [
        ({"postgres_changes": 5}, {"postgres_changes": [MAPS]}),
        ({"postgres_changes": True}, {"postgres_changes": [MAPS]}),
        ({"postgres_changes": "public:*"}, {"postgres_changes": [MAPS]}),
        ({"postgres_changes": {"event": "*", "schema": "public"}}, {"postgres_changes": [MAPS]}),
        ({"postgres_changes": [{"event": "*", "schema": "public"}, 7]}, {"postgres_changes": [MAPS]}),
        (
            {"postgres_changes": [{"event": "*", "schema": "public", "table": 5}]},
            {"postgres_changes": [{"table": ["unable to parse, expected string"]}]},
        ),
        (
            {"private": "maybe", "presence": {"enabled": "sometimes"}},
            {
                "private": ["unable to parse, expected boolean"],
                "presence": {"enabled": ["unable to parse, expected boolean"]},
            },
        ),
        ({"broadcast": 3}, {"broadcast": ["unable to parse, expected a map"]}),
    ],
)
def test_a_malformed_join_gets_an_error_reply_and_the_connection_lives_on(socket, config, errors):
    socket.send(json.dumps(["1", "1", "realtime:malformed", "phx_join", {"config": config}]))
    reply = _reply(socket, "1")
    assert reply["status"] == "error" and reply["response"]["reason"].startswith("InvalidJoinPayload: ")
    assert json.loads(reply["response"]["reason"].removeprefix("InvalidJoinPayload: ")) == {"config": errors}
    socket.send(json.dumps([None, "2", "phoenix", "heartbeat", {}]))
    assert _reply(socket, "2") == {"status": "ok", "response": {}}
    socket.send(json.dumps(["3", "3", "realtime:well-formed", "phx_join", {"config": {"postgres_changes": []}}]))
    assert _reply(socket, "3") == {"status": "ok", "response": {"postgres_changes": []}}


def test_a_config_that_is_not_a_map_and_a_token_that_is_not_a_string(socket):
    socket.send(
        json.dumps(["1", "1", "realtime:odd", "phx_join", {"config": ["postgres_changes"], "access_token": 42}])
    )
    reason = _reply(socket, "1")["response"]["reason"]
    assert json.loads(reason.removeprefix("InvalidJoinPayload: ")) == {
        "access_token": ["unable to parse, expected string"],
        "config": ["unable to parse, expected a map"],
    }
    socket.send(json.dumps(["2", "2", "realtime:odd", "phx_join", {"config": {"postgres_changes": [None]}}]))
    assert _reply(socket, "2") == {
        "status": "ok",
        "response": {"postgres_changes": []},
    }  # nulls are dropped, as upstream
