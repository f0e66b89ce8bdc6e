"""Short links of the bench stack, made and read as the database's owner would."""
from __future__ import annotations

from scripts.stack import postgres

TARGET = "https://example.com/"


def create_link(cfg, max_clicks: int | None = None) -> str:
    with postgres.superuser_connection(cfg) as conn:
        return conn.execute("select (public.create_short_link(%s, null, null, %s)).short_code",
                            (TARGET, max_clicks)).fetchone()[0]


def clicks(cfg, code: str) -> int:
    with postgres.superuser_connection(cfg) as conn:
        return conn.execute("select clicks from public.shortened_urls where short_code = %s", (code,)).fetchone()[0]
