"""Statistics of counted clicks, kept in memory between flushes: clicks per (code, UTC day,
referrer host, browser, device). Built for the hot path: the header values repeat, so each distinct
Referer and User-Agent is classified once and remembered (bounded), and a click costs a few
dictionary lookups."""

from __future__ import annotations

import time
from datetime import date, timedelta
from typing import TypeVar

from .rules import agent_family, referrer_host

REMEMBERED = 4096  # distinct header values kept per kind; past it the memory starts again
EPOCH = date(1970, 1, 1)

StatKey = tuple[str, int, str, tuple[str, str]]
Value = TypeVar("Value")  # code, UTC day number, referrer host, (browser, device)


class VisitStats:
    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.pending: dict[StatKey, int] = {}
        self._hosts: dict[bytes, str] = {}
        self._families: dict[bytes, tuple[str, str]] = {}

    def record(self, code: str, referer: bytes, agent: bytes) -> None:
        if not self.enabled:
            return
        host = self._hosts.get(referer)
        if host is None:
            host = self._remember(self._hosts, referer, referrer_host(referer.decode("latin-1")))
        family = self._families.get(agent)
        if family is None:
            family = self._remember(self._families, agent, agent_family(agent.decode("latin-1")))
        key = (code, int(time.time() // 86400), host, family)
        self.pending[key] = self.pending.get(key, 0) + 1

    @staticmethod
    def _remember(memory: dict[bytes, Value], raw: bytes, value: Value) -> Value:
        if len(memory) >= REMEMBERED:
            memory.clear()
        memory[raw] = value
        return value

    def take(self) -> dict[StatKey, int]:
        taken, self.pending = self.pending, {}
        return taken


def as_columns(
    stats: dict[StatKey, int],
) -> tuple[list[str], list[date], list[str], list[str], list[str], list[int]]:
    """The arrays record_short_link_activity takes: codes, days, referrer hosts, browsers, devices, counts."""
    codes: list[str] = []
    days: list[date] = []
    hosts: list[str] = []
    browsers: list[str] = []
    devices: list[str] = []
    counts: list[int] = []
    for (code, day, host, (browser, device)), count in stats.items():
        codes.append(code)
        days.append(EPOCH + timedelta(days=day))
        hosts.append(host)
        browsers.append(browser)
        devices.append(device)
        counts.append(count)
    return codes, days, hosts, browsers, devices, counts
