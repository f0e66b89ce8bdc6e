"""The redirect service's settings, read once from the environment (names shared with the BFF)."""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path


def _number(name: str, default: float) -> float:
    raw = os.environ.get(name, "")
    return float(raw) if raw.strip() else default


@dataclass(frozen=True)
class Settings:
    database_url: str
    cache_size: int = 10_000  # links per worker
    cache_ttl: float = 10.0  # seconds: the safety net if a notification is ever missed
    flush_interval: float = 0.1  # seconds between click flushes
    pool_size: int = 4  # Postgres connections per worker (the listener has its own)
    db_timeout: float = 2.0  # seconds a request waits for Postgres before answering 503
    shutdown_flush_timeout: float = 7.0  # seconds a stopping worker retries its last flush (< graceful_timeout)
    journal_dir: Path | None = None  # clicks written ahead (journal.py); None: memory only
    stats: bool = True  # clicks per day, referrer host and browser/device family (off: the benchmark's baseline)
    trusted_proxies: int = 1  # proxies in front (the gateway) whose X-Forwarded-For names the client
    password_checks: int = 2  # argon2 checks at once per worker (threads; each holds ~19 MB for ~25 ms)

    @classmethod
    def from_environ(cls) -> Settings:
        url = os.environ.get("TOOLKIT_DATABASE_URL", "")
        if not url:
            raise RuntimeError("TOOLKIT_DATABASE_URL is not set")
        return cls(
            database_url=url,
            cache_size=int(_number("TOOLKIT_REDIRECT_CACHE_SIZE", cls.cache_size)),
            cache_ttl=_number("TOOLKIT_REDIRECT_CACHE_TTL", cls.cache_ttl),
            flush_interval=_number("TOOLKIT_REDIRECT_FLUSH_INTERVAL", cls.flush_interval),
            pool_size=int(_number("TOOLKIT_REDIRECT_DB_POOL_SIZE", cls.pool_size)),
            journal_dir=journal_dir(url),
            stats=os.environ.get("TOOLKIT_REDIRECT_STATS", "on").strip().lower() not in ("off", "false", "0"),
            trusted_proxies=int(_number("TOOLKIT_TRUSTED_PROXIES", cls.trusted_proxies)),
            password_checks=max(1, int(_number("TOOLKIT_REDIRECT_PASSWORD_CHECKS", cls.password_checks))),
        )


def journal_dir(database_url: str) -> Path:
    """TOOLKIT_REDIRECT_JOURNAL_DIR, else one directory per database under the temporary directory:
    a journal must only ever be replayed into the database its clicks belong to."""
    configured = os.environ.get("TOOLKIT_REDIRECT_JOURNAL_DIR", "").strip()
    if configured:
        return Path(configured)
    database = hashlib.sha256(database_url.encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"toolkit-redirect-clicks-{database}"
