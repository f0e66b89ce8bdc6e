"""Short links of the bench stack, made and read as the database's owner would."""

from __future__ import annotations

from scripts.stack import postgres

TARGET = "https://example.com/"


def create_link(cfg, max_clicks: int | None = None) -> str:
    with postgres.superuser_connection(cfg) as conn:
        return conn.execute(
            "select (public.create_short_link(%s, null, null, %s)).short_code", (TARGET, max_clicks)
        ).fetchone()[0]


def create_protected_link(cfg, password: str) -> str:
    """A link behind `password`, hashed as the BFF hashes it (the redirect service's HASHER)."""
    from bff.toolkit_redirect.password import HASHER  # imported from the root, as bench runs (no sys.path)

    with postgres.superuser_connection(cfg) as conn:
        code = conn.execute("select (public.create_short_link(%s)).short_code", (TARGET,)).fetchone()[0]
        conn.execute(
            "update public.shortened_urls set password_hash = %s where short_code = %s", (HASHER.hash(password), code)
        )
        return code


def clicks(cfg, code: str) -> int:
    with postgres.superuser_connection(cfg) as conn:
        return conn.execute("select clicks from public.shortened_urls where short_code = %s", (code,)).fetchone()[0]


def stats_clicks(cfg, code: str) -> int:
    """The clicks the link's daily statistics describe (short_link_daily_stats, written by the flushes)."""
    with postgres.superuser_connection(cfg) as conn:
        return conn.execute(
            "select coalesce(sum(t.clicks), 0) from public.short_link_daily_stats t"
            " join public.shortened_urls s on s.id = t.link_id where s.short_code = %s",
            (code,),
        ).fetchone()[0]
