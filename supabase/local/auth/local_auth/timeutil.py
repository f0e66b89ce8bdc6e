"""Timestamps as the official server writes them in JSON (RFC 3339 with the zone)."""

from __future__ import annotations

from datetime import UTC, datetime


def now() -> datetime:
    return datetime.now(UTC)


def iso(value: datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is None:  # `timestamp without time zone` columns hold UTC
        value = value.replace(tzinfo=UTC)
    return value.isoformat().replace("+00:00", "Z")
