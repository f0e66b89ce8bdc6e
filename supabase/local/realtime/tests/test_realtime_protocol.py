"""The Phoenix channel protocol as realtime-js drives it: joins, replies, system messages, heartbeats,
token updates and leaves (a connection object driven directly; no network, no database)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Coroutine
from typing import Any, TypeVar

import jwt

from local_realtime.channel import Connection
from local_realtime.filters import Params
from local_realtime.registry import Registry
from local_realtime.serializer import Message, decode
from local_realtime.subscribe_check import describe
from local_realtime.tokens import Verifier

T = TypeVar("T")

SECRET = "a-test-secret-with-at-least-32-characters!"
BINDINGS = [
    {"event": "*", "schema": "public", "table": "user_roles"},
    {"event": "INSERT", "schema": "public", "table": "notes", "filter": "id=gt.5"},
]


def token(**claims: object) -> str:
    return jwt.encode(
        {"role": "authenticated", "exp": int(time.time()) + 60, "sub": "u1"} | claims, SECRET, algorithm="HS256"
    )


class FakeHub:
    def __init__(self, published: tuple[str, ...] = ("user_roles", "notes")) -> None:
        self.verifier = Verifier(SECRET)
        self.registry = Registry()
        self.published = published

    async def check_subscription(self, params: Params, role: str) -> str | None:
        # The database's answer is tested in test_realtime_join_checks.py; here only its effect.
        if params.table in self.published:
            return None
        return (
            "Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the "
            f"given connect parameters: [{describe(params)}]"
        )


class Session:
    """A connection with the frames it sent, decoded."""

    def __init__(self, hub: FakeHub | None = None, vsn: str = "2.0.0") -> None:
        self.hub = hub or FakeHub()
        self.vsn = vsn
        self.conn = Connection(self.hub, websocket=None, vsn=vsn, api_token=token(role="anon"))

    async def send(self, join_ref: str | None, ref: str | None, topic: str, event: str, payload: object) -> None:
        fields = [join_ref, ref, topic, event, payload]
        frame: object = fields
        if self.vsn == "1.0.0":
            frame = dict(zip(("join_ref", "ref", "topic", "event", "payload"), fields, strict=True))
        await self.conn.handle(decode(json.dumps(frame), self.vsn))
        await asyncio.sleep(0.01)  # let the subscription check run

    def sent(self) -> list[Message]:
        out = []
        while not self.conn._outbox.empty():
            text = self.conn._outbox.get_nowait()
            assert text is not None, "the connection was closed"
            out.append(decode(text, self.vsn))
        return out


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


def test_join_replies_with_the_bindings_in_order_then_the_subscribed_system_message():
    async def go() -> None:
        s = Session()
        await s.send(
            "1", "1", "realtime:room", "phx_join", {"config": {"postgres_changes": BINDINGS}, "access_token": token()}
        )
        reply, system = s.sent()
        assert reply.event == "phx_reply" and (reply.join_ref, reply.ref) == ("1", "1")
        assert reply.payload["status"] == "ok"
        bindings = reply.payload["response"]["postgres_changes"]
        assert [{k: v for k, v in b.items() if k != "id"} for b in bindings] == BINDINGS
        assert all(isinstance(b["id"], int) and b["id"] > 0 for b in bindings)
        assert system.event == "system" and system.payload == {
            "extension": "postgres_changes",
            "status": "ok",
            "message": "Subscribed to PostgreSQL",
            "channel": "room",
        }
        assert len(s.hub.registry) == 2

    run(go())


def test_the_vsn_1_serializer_speaks_objects():
    async def go() -> None:
        s = Session(vsn="1.0.0")
        await s.send("1", "1", "realtime:room", "phx_join", {"config": {"postgres_changes": BINDINGS[:1]}})
        assert s.sent()[0].payload["status"] == "ok"

    run(go())


def test_a_table_outside_the_publication_gets_upstreams_error_and_no_subscription():
    async def go() -> None:
        s = Session(FakeHub(published=("user_roles",)))
        await s.send("1", "1", "realtime:room", "phx_join", {"config": {"postgres_changes": BINDINGS}})
        reply, system = s.sent()
        assert reply.payload["status"] == "ok"
        assert system.payload["status"] == "error" and system.payload["extension"] == "postgres_changes"
        assert system.payload["message"].startswith(
            "Unable to subscribe to changes with given parameters. Please check Realtime is enabled"
        )
        assert len(s.hub.registry) == 0

    run(go())


def test_an_expired_or_forged_token_is_refused_at_join():
    async def go() -> None:
        s = Session()
        await s.send(
            "1", "1", "realtime:a", "phx_join", {"config": {}, "access_token": token(exp=int(time.time()) - 5)}
        )
        await s.send("2", "2", "realtime:b", "phx_join", {"config": {}, "access_token": token() + "x"})
        expired, forged = s.sent()
        assert expired.payload["status"] == "error"
        assert expired.payload["response"]["reason"].startswith("InvalidJWTToken: Token has expired")
        assert forged.payload["response"] == {"reason": "JwtSignatureError: Failed to validate JWT signature"}
        assert s.conn.channels == {}

    run(go())


def test_heartbeats_are_answered_and_unknown_topics_refused():
    async def go() -> None:
        s = Session()
        await s.send(None, "7", "phoenix", "heartbeat", {})
        await s.send("3", "8", "realtime:never-joined", "access_token", {"access_token": token()})
        await s.send("3", "9", "other:topic", "phx_join", {})
        beat, unjoined, unmatched = s.sent()
        assert (beat.topic, beat.ref, beat.payload) == ("phoenix", "7", {"status": "ok", "response": {}})
        assert unjoined.payload == {"status": "error", "response": {"reason": "unmatched topic"}}
        assert unmatched.payload == {"status": "error", "response": {"reason": "unmatched topic"}}

    run(go())


def test_leave_replies_ok_closes_the_channel_and_drops_its_subscriptions():
    async def go() -> None:
        s = Session()
        await s.send("1", "1", "realtime:room", "phx_join", {"config": {"postgres_changes": BINDINGS}})
        s.sent()
        await s.send("1", "2", "realtime:room", "phx_leave", {})
        ok, close = s.sent()
        assert ok.payload == {"status": "ok", "response": {}}
        assert (close.event, close.join_ref) == ("phx_close", "1")
        assert len(s.hub.registry) == 0 and s.conn.channels == {}

    run(go())


def test_broadcast_presence_and_private_channels_are_answered_not_supported():
    async def go() -> None:
        s = Session()
        await s.send("1", "1", "realtime:private", "phx_join", {"config": {"private": True}})
        await s.send("2", "2", "realtime:room", "phx_join", {"config": {}})
        private, joined = s.sent()
        assert private.payload["status"] == "error" and "not supported" in private.payload["response"]["reason"]
        assert joined.payload["status"] == "ok"
        await s.send("2", "3", "realtime:room", "broadcast", {"type": "broadcast", "event": "x", "payload": {}})
        [broadcast] = s.sent()
        assert broadcast.payload["status"] == "error" and "not supported" in broadcast.payload["response"]["reason"]

    run(go())


def test_a_new_token_replaces_the_claims_and_a_bad_one_closes_the_channel():
    async def go() -> None:
        s = Session()
        await s.send(
            "1",
            "1",
            "realtime:room",
            "phx_join",
            {"config": {"postgres_changes": BINDINGS[:1]}, "access_token": token()},
        )
        s.sent()
        await s.send("1", "2", "realtime:room", "access_token", {"access_token": token(sub="u2")})
        assert s.sent() == [] and s.conn.channels["realtime:room"].claims["sub"] == "u2"
        await s.send("1", "3", "realtime:room", "access_token", {"access_token": token(exp=int(time.time()) - 1)})
        system, close = s.sent()
        assert system.payload["extension"] == "system" and system.payload["status"] == "error"
        assert system.payload["message"].startswith("Token has expired")
        assert close.event == "phx_close" and len(s.hub.registry) == 0

    run(go())


def test_a_channel_is_closed_when_its_token_expires():
    async def go() -> None:
        s = Session()
        await s.send(
            "1",
            "1",
            "realtime:room",
            "phx_join",
            # 2–3 s ahead: a second ahead could pass before a loaded machine handles the join (a refusal).
            {"config": {"postgres_changes": BINDINGS[:1]}, "access_token": token(exp=int(time.time()) + 3)},
        )
        assert s.sent()[0].payload["status"] == "ok"

        async def closed() -> None:
            while s.conn.channels:  # the expiry timer fires on its own
                await asyncio.sleep(0.05)

        await asyncio.wait_for(closed(), 10)
        system, close = s.sent()
        assert system.payload["message"].startswith("Token has expired") and close.event == "phx_close"
        assert len(s.hub.registry) == 0

    run(go())


def test_a_filtered_binding_receives_nothing_until_its_join_check_has_passed():
    """A filter on a column the role may not read must not match even once, before it is refused."""

    class SlowHub(FakeHub):
        def __init__(self) -> None:
            super().__init__()
            self.checked = asyncio.Event()

        async def check_subscription(self, params: Params, role: str) -> str | None:
            await self.checked.wait()
            return await super().check_subscription(params, role)

    async def go() -> None:
        hub = SlowHub()
        s = Session(hub)
        await s.send("1", "1", "realtime:room", "phx_join", {"config": {"postgres_changes": BINDINGS}})
        assert s.sent()[0].payload["status"] == "ok"
        # The unfiltered binding is live from the reply on; the filtered one (id=gt.5) not yet.
        assert [sub.params.filters for sub in s.hub.registry._by_schema["public"]] == [()]
        hub.checked.set()
        await asyncio.sleep(0.01)
        assert s.sent()[0].payload["message"] == "Subscribed to PostgreSQL"
        assert len(s.hub.registry) == 2

    run(go())
