"""Short links of the bench stack, made and read as the database's owner would."""

from __future__ import annotations

from typing import Any

from scripts.stack import postgres
from scripts.stack.config import StackConfig

TARGET = "https://example.com/"


def _value(cfg: StackConfig, query: str, params: tuple[object, ...]) -> Any:
    """The one value of a select that returns one row (a psycopg row's values are untyped)."""
    with postgres.superuser_connection(cfg) as conn:
        row = conn.execute(query, params).fetchone()
    assert row is not None, query
    return row[0]


def create_link(cfg: StackConfig, max_clicks: int | None = None) -> str:
    code: str = _value(cfg, "select (public.create_short_link(%s, null, null, %s)).short_code", (TARGET, max_clicks))
    return code


def create_protected_link(cfg: StackConfig, password: str) -> str:
    """A link behind `password`, hashed as the BFF hashes it (the redirect service's HASHER)."""
    from toolkit_redirect.password import HASHER

    code: str = _value(cfg, "select (public.create_short_link(%s)).short_code", (TARGET,))
    with postgres.superuser_connection(cfg) as conn:
        conn.execute(
            "update public.shortened_urls set password_hash = %s where short_code = %s", (HASHER.hash(password), code)
        )
    return code


def clicks(cfg: StackConfig, code: str) -> int:
    count: int = _value(cfg, "select clicks from public.shortened_urls where short_code = %s", (code,))
    return count


def stats_clicks(cfg: StackConfig, code: str) -> int:
    """The clicks the link's daily statistics describe (short_link_daily_stats, written by the flushes)."""
    count: int = _value(
        cfg,
        "select coalesce(sum(t.clicks), 0) from public.short_link_daily_stats t"
        " join public.shortened_urls s on s.id = t.link_id where s.short_code = %s",
        (code,),
    )
    return count
