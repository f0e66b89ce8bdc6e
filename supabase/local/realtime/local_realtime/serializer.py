"""Phoenix channel frames in the two JSON serializers realtime-js speaks, chosen by `vsn`.

vsn 1.0.0: an object {join_ref, ref, topic, event, payload}; vsn 2.0.0 (realtime-js's default):
an array [join_ref, ref, topic, event, payload]. 2.0.0 also has binary frames, which realtime-js
uses only for user broadcasts: the local server does not support broadcast, so it never needs them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

# A JSON object as json.loads gives it (a frame's payload, a token's claims): its values stay untyped
# until the code that reads them checks them.
JsonObject = dict[str, Any]

VERSIONS = ("1.0.0", "2.0.0")


class FrameError(ValueError):
    """A frame that is not a Phoenix message."""


@dataclass(frozen=True)
class Message:
    join_ref: str | None
    ref: str | None
    topic: str
    event: str
    payload: Any


def decode(text: str | bytes, vsn: str) -> Message:
    if isinstance(text, bytes):
        raise FrameError("binary frames are not supported")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise FrameError(str(exc)) from None
    if vsn == "2.0.0":
        if not isinstance(data, list) or len(data) != 5:
            raise FrameError("expected [join_ref, ref, topic, event, payload]")
        join_ref, ref, topic, event, payload = data
    else:
        if not isinstance(data, dict):
            raise FrameError("expected {topic, event, payload, ref}")
        join_ref, ref = data.get("join_ref"), data.get("ref")
        topic, event, payload = data.get("topic"), data.get("event"), data.get("payload")
    if not isinstance(topic, str) or not isinstance(event, str):
        raise FrameError("topic and event must be strings")
    return Message(join_ref, ref, topic, event, payload if payload is not None else {})


def encode(message: Message, vsn: str) -> str:
    if vsn == "2.0.0":
        data: Any = [message.join_ref, message.ref, message.topic, message.event, message.payload]
    else:
        data = {
            "join_ref": message.join_ref,
            "ref": message.ref,
            "topic": message.topic,
            "event": message.event,
            "payload": message.payload,
        }
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def reply(to: Message, status: str, response: Any) -> Message:
    """The phx_reply answering a client push (same topic, refs)."""
    return Message(to.join_ref, to.ref, to.topic, "phx_reply", {"status": status, "response": response})


def encode_push(join_ref: str | None, topic: str, event: str, payload_json: str, vsn: str) -> str:
    """A server push whose payload is already JSON: one change goes to many channels, and its
    payload is encoded once rather than once per channel."""
    head = [json.dumps(join_ref), json.dumps(topic, ensure_ascii=False), json.dumps(event)]
    if vsn == "2.0.0":
        return f"[{head[0]},null,{head[1]},{head[2]},{payload_json}]"
    return f'{{"join_ref":{head[0]},"ref":null,"topic":{head[1]},"event":{head[2]},"payload":{payload_json}}}'
