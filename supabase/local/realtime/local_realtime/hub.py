"""What the connections share: the token verifier, the subscriptions, the database, and delivery
of each polled change to the subscribers allowed to see it."""

from __future__ import annotations

import asyncio
import json
import logging
from collections import defaultdict

import psycopg

from . import subscribe_check
from .changes import Change, payload
from .config import Config
from .filters import Params
from .registry import Registry, Subscriber, Subscription
from .serializer import JsonObject
from .tokens import Verifier
from .visibility import Visibility, prepare

log = logging.getLogger(__name__)


class Hub:
    def __init__(self, config: Config):
        self.config = config
        self.verifier = Verifier.from_env(config.jwt_secret, config.jwt_jwks)
        self.registry = Registry()
        self._conns: dict[str, psycopg.AsyncConnection] = {}
        self._meta_lock = asyncio.Lock()

    async def _conn(self, name: str) -> psycopg.AsyncConnection:
        conn = self._conns.get(name)
        if conn is None or conn.closed or conn.broken:
            conn = await psycopg.AsyncConnection.connect(self.config.db_dsn, autocommit=True)
            await prepare(conn)
            await conn.execute(subscribe_check.CHECKER)
            self._conns[name] = conn
        return conn

    async def close(self) -> None:
        for conn in self._conns.values():
            await conn.close()
        self._conns.clear()

    async def check_subscription(self, params: Params, role: str) -> str | None:
        """None if the binding may be subscribed, else upstream's error message (subscribe_check.py)."""
        async with self._meta_lock:
            try:
                return await subscribe_check.check(await self._conn("meta"), self.config.publication, params, role)
            except psycopg.OperationalError as exc:
                log.warning("cannot check the subscription: %s", exc)
                return (
                    "Unable to subscribe to changes with given parameters. An exception happened so please "
                    f"check your connect parameters: [{subscribe_check.describe(params)}]. Exception: {exc}"
                )

    async def deliver(self, changes: list[Change]) -> None:
        visibility = Visibility(await self._conn("rls"))
        for change in changes:
            subs = self.registry.matching(change)
            if subs:
                await self._deliver_one(change, subs, visibility)

    async def _deliver_one(self, change: Change, subs: list[Subscription], visibility: Visibility) -> None:
        by_role: dict[str, list[Subscription]] = defaultdict(list)
        for sub in subs:
            by_role[sub.channel.role].append(sub)
        visible: list[Subscription] = []
        data_for: dict[str, JsonObject] = {}
        groups: dict[str, tuple[str, JsonObject]] = {}
        pending: dict[str, list[Subscription]] = defaultdict(list)
        for role, role_subs in by_role.items():
            info = await visibility.table_info(change.schema, change.table, role)
            data_for[role] = payload(change, info, self.config.max_record_bytes)
            if data_for[role].get("errors") and "commit_timestamp" not in data_for[role]:
                visible += role_subs  # upstream tells every subscriber of the role about a 400/401
            elif not info.rls_enabled or change.type == "DELETE":
                visible += role_subs  # a deleted row cannot be checked against policies any more
            else:
                for sub in role_subs:
                    key = json.dumps(sub.channel.claims, sort_keys=True)
                    groups[key] = (role, sub.channel.claims)
                    pending[key].append(sub)
        if groups:
            for key in await visibility.visible(change, groups):
                visible += pending[key]
        ids: dict[Subscriber, list[int]] = defaultdict(list)
        for sub in visible:
            if sub.id not in ids[sub.channel]:
                ids[sub.channel].append(sub.id)
        data_json = {
            role: json.dumps(data, separators=(",", ":"), ensure_ascii=False) for role, data in data_for.items()
        }
        # channels with the same bindings and role get the same payload
        encoded: dict[tuple[str, tuple[int, ...]], str] = {}
        for channel, channel_ids in ids.items():
            shared = (channel.role, tuple(channel_ids))
            if shared not in encoded:
                encoded[shared] = f'{{"ids":{json.dumps(channel_ids)},"data":{data_json[channel.role]}}}'
            channel.push_json("postgres_changes", encoded[shared])
