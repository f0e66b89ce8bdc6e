"""One WebSocket connection speaking the Phoenix channel protocol: joins with postgres_changes
bindings, heartbeats, access_token updates, leaves; each joined topic is a Channel."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Protocol

from .filters import FilterError, Params, parse_params
from .join_payload import InvalidJoinPayload, parse_join
from .registry import Registry, Subscription, binding_id
from .serializer import FrameError, JsonObject, Message, decode, encode, encode_push, reply
from .tokens import TokenError, Verifier

log = logging.getLogger(__name__)


class Backend(Protocol):
    """What a connection needs from the service (hub.py's Hub): named here so that this module
    does not import the hub, which delivers to channels."""

    verifier: Verifier
    registry: Registry

    async def check_subscription(self, params: Params, role: str) -> str | None: ...


NOT_SUPPORTED = "{} is not supported by the local Realtime server (only postgres_changes is)"


class Channel:
    def __init__(self, conn: Connection, topic: str, join_ref: Any, token: str, claims: JsonObject):
        self.conn, self.topic, self.join_ref = conn, topic, join_ref
        self.token, self.claims = token, claims
        self.subscriptions: list[Subscription] = []
        self._expiry: asyncio.TimerHandle | None = None
        self.watch_expiry()

    @property
    def name(self) -> str:
        return self.topic.removeprefix("realtime:")

    @property
    def role(self) -> str:
        return str(self.claims.get("role"))

    def push(self, event: str, payload: Any) -> None:
        self.conn.send(Message(self.join_ref, None, self.topic, event, payload))

    def push_json(self, event: str, payload_json: str) -> None:
        self.conn.send_text(encode_push(self.join_ref, self.topic, event, payload_json, self.conn.vsn))

    def system(self, extension: str, status: str, message: str) -> None:
        self.push("system", {"extension": extension, "status": status, "message": message, "channel": self.name})

    def watch_expiry(self) -> None:
        if self._expiry:
            self._expiry.cancel()
        delay = max(0.0, self.claims["exp"] - time.time())
        self._expiry = asyncio.get_running_loop().call_later(delay, self._expired)

    def _expired(self) -> None:
        ago = max(0, int(time.time()) - int(self.claims["exp"]))
        self.shutdown(f"Token has expired {ago} seconds ago")

    def shutdown(self, message: str) -> None:
        """Upstream's shutdown_response: a system error, then the channel closes."""
        self.system("system", "error", message)
        self.close()

    def close(self) -> None:
        self.push("phx_close", {})
        self.conn.drop(self)

    def release(self) -> None:
        if self._expiry:
            self._expiry.cancel()
        self.conn.hub.registry.remove(self.subscriptions)
        self.subscriptions = []


class Connection:
    def __init__(self, hub: Backend, websocket: Any, vsn: str, api_token: str):
        self.hub, self.websocket, self.vsn, self.api_token = hub, websocket, vsn, api_token
        self.channels: dict[str, Channel] = {}
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue()
        # The join checks under way: the event loop keeps only a weak reference to a task.
        self._checks: set[asyncio.Task[None]] = set()

    def send(self, message: Message) -> None:
        # Queued, so one slow client never holds up delivery to the others.
        self._outbox.put_nowait(encode(message, self.vsn))

    def send_text(self, text: str) -> None:
        self._outbox.put_nowait(text)

    def drop(self, channel: Channel) -> None:
        if self.channels.get(channel.topic) is channel:
            del self.channels[channel.topic]
        channel.release()

    async def serve(self) -> None:
        writer = asyncio.create_task(self._write())
        try:
            async for frame in self.websocket:
                try:
                    message = decode(frame, self.vsn)
                except FrameError as exc:
                    log.info("ignored a frame that is not a Phoenix message: %s", exc)
                    continue
                try:
                    await self.handle(message)
                except Exception:  # a bug must cost one message, never the connection and its channels
                    log.exception("could not handle %s on %s", message.event, message.topic)
                    reason = "join crashed" if message.event == "phx_join" else "unexpected error"
                    self.send(reply(message, "error", {"reason": reason}))  # Phoenix's words for a crashed join
        finally:
            for channel in list(self.channels.values()):
                self.drop(channel)
            self._outbox.put_nowait(None)
            await writer

    async def _write(self) -> None:
        while (text := await self._outbox.get()) is not None:
            try:
                await self.websocket.send(text)
            except Exception:  # the connection is gone; serve() ends and cleans up
                return

    async def handle(self, msg: Message) -> None:
        if msg.topic == "phoenix":
            if msg.event == "heartbeat":
                self.send(reply(msg, "ok", {}))
            return
        if msg.event == "phx_join":
            await self.join(msg)
            return
        channel = self.channels.get(msg.topic)
        if channel is None or (msg.join_ref is not None and msg.join_ref != channel.join_ref):
            self.send(reply(msg, "error", {"reason": "unmatched topic"}))
            return
        if msg.event == "phx_leave":
            self.send(reply(msg, "ok", {}))
            channel.close()
        elif msg.event == "access_token":
            self.refresh_token(channel, msg.payload.get("access_token") if isinstance(msg.payload, dict) else None)
        elif msg.event in ("broadcast", "presence"):
            self.send(reply(msg, "error", {"reason": NOT_SUPPORTED.format(msg.event.capitalize())}))
        else:
            log.info("Unexpected message from client of type `%s`", msg.event)

    async def join(self, msg: Message) -> None:
        if not msg.topic.startswith("realtime:"):
            self.send(reply(msg, "error", {"reason": "unmatched topic"}))
            return
        if msg.topic == "realtime:":
            self.send(reply(msg, "error", {"reason": "TopicNameRequired: You must provide a topic name"}))
            return
        try:
            join = parse_join(msg.payload)
        except InvalidJoinPayload as exc:
            self.send(reply(msg, "error", {"reason": exc.reason}))
            return
        if join.private:
            self.send(reply(msg, "error", {"reason": NOT_SUPPORTED.format("A private channel")}))
            return
        token = join.access_token or join.user_token
        if not token or token.startswith("sb_"):
            token = self.api_token
        try:
            claims = self.hub.verifier.claims(token)
        except TokenError as exc:
            self.send(reply(msg, "error", {"reason": exc.reason}))
            return
        bindings = join.postgres_changes
        if old := self.channels.get(msg.topic):  # Phoenix closes the earlier join of the same topic
            old.close()
        channel = Channel(self, msg.topic, msg.join_ref, token, claims)
        self.channels[msg.topic] = channel
        errors = []
        for binding in bindings:
            try:
                params = parse_params(binding)
            except FilterError as exc:
                errors.append(str(exc))
                continue
            channel.subscriptions.append(Subscription(binding_id(binding), params, channel))
        # Registered before the reply, so a change committed once the client sees SUBSCRIBED reaches
        # it — except a filtered binding, registered only once the join check has passed (as upstream
        # subscribes it only then): meanwhile a change could answer a filter on a hidden column.
        self.hub.registry.add([sub for sub in channel.subscriptions if not sub.params.filters])
        response = {"postgres_changes": [b | {"id": binding_id(b)} for b in bindings]}
        self.send(reply(msg, "ok", response))
        if bindings:
            check = asyncio.create_task(self._confirm(channel, errors))
            self._checks.add(check)
            check.add_done_callback(self._checks.discard)

    async def _confirm(self, channel: Channel, errors: list[str]) -> None:
        """Upstream's postgres_subscribe: every binding must name tables of the publication, and filter
        only on columns the role may select, with values of their types (subscribe_check.py)."""
        for sub in channel.subscriptions:
            if errors:
                break  # upstream subscribes all bindings in one transaction: the first error ends it
            if error := await self.hub.check_subscription(sub.params, channel.role):
                errors.append(error)
        if self.channels.get(channel.topic) is not channel:
            return  # left or replaced meanwhile
        if errors:
            self.hub.registry.remove(channel.subscriptions)
            channel.subscriptions = []
            channel.system("postgres_changes", "error", errors[0])
        else:
            self.hub.registry.add([sub for sub in channel.subscriptions if sub.params.filters])
            channel.system("postgres_changes", "ok", "Subscribed to PostgreSQL")

    def refresh_token(self, channel: Channel, token: Any) -> None:
        if not isinstance(token, str) or token.startswith("sb_") or token == channel.token:
            return
        try:
            claims = self.hub.verifier.claims(token)
        except TokenError as exc:
            channel.shutdown(exc.message)
            return
        channel.token, channel.claims = token, claims  # later changes are checked with the new claims
        channel.watch_expiry()
