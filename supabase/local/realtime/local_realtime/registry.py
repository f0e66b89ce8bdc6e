"""Every live postgres_changes subscription, and which of them a change is for."""

from __future__ import annotations

import json
import zlib
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Protocol

from .changes import Change
from .filters import Params, matches
from .serializer import JsonObject


class Subscriber(Protocol):
    """What delivery needs from a joined channel (channel.py's Channel): named here so that this
    module does not import the channels it lists."""

    claims: JsonObject

    @property
    def role(self) -> str: ...

    def push_json(self, event: str, payload_json: str) -> None: ...


def binding_id(params: Any) -> int:
    """The id upstream gives a binding (a hash of its parameters): identical bindings share it."""
    text = json.dumps(params, sort_keys=True, separators=(",", ":"))
    return (zlib.crc32(text.encode()) & 0x7FFFFFF) or 1


@dataclass(eq=False)
class Subscription:
    id: int
    params: Params
    channel: Subscriber


class Registry:
    def __init__(self) -> None:
        self._by_schema: dict[str, set[Subscription]] = defaultdict(set)

    def add(self, subs: list[Subscription]) -> None:
        for sub in subs:
            self._by_schema[sub.params.schema].add(sub)

    def remove(self, subs: list[Subscription]) -> None:
        for sub in subs:
            self._by_schema[sub.params.schema].discard(sub)

    def __len__(self) -> int:
        return sum(len(s) for s in self._by_schema.values())

    def matching(self, change: Change) -> list[Subscription]:
        """Subscriptions whose table, event and filters the change satisfies (before RLS)."""
        found = []
        for sub in list(self._by_schema.get(change.schema, ())):
            p = sub.params
            if p.table not in ("*", change.table) or p.event not in ("*", change.type):
                continue
            # A DELETE is matched against the old key (upstream checks the new and the old columns).
            if matches(p.filters, change.columns) or (change.type == "DELETE" and matches(p.filters, change.identity)):
                found.append(sub)
        return found
