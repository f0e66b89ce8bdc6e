"""Each worker's share of a limit while the shared store (Redis) is away.

Rate limits and each client's running jobs are counted in Redis, one count for every worker of every
replica. When Redis cannot be reached, each worker counts alone in its own memory (flask-limiter's
in-memory fallback; jobs/slots.py for jobs). With W workers in each of R replicas a client could then
get W×R times every limit, so a worker counting alone allows only its share: the limit divided by W×R,
at least 1. For one client that is stricter than the shared count (the turns of the balancer decide
which worker answers); all together it is never more than the limit. R is TOOLKIT_REPLICAS (set by
scripts/stack and the Helm chart's replica count), W gunicorn's workers (GUNICORN_WORKERS)."""

from __future__ import annotations

from flask import current_app
from limits import parse_many

from .config import Settings
from .extensions import limiter


def sharers(config: Settings) -> int:
    return max(1, int(config["WORKERS"])) * max(1, int(config["REPLICAS"]))


def store_away() -> bool:
    """flask-limiter switched this worker to its in-memory counts (it retries Redis with a back-off)."""
    return bool(getattr(limiter, "_storage_dead", False))


def worker_share(limit: str, config: Settings) -> str:
    """`limit` ("60 per minute", "5/second; 100 per hour"), as this worker applies it now."""
    if not store_away():
        return limit
    return "; ".join(
        f"{share_of(item.amount, config)} per {item.multiples} {item.GRANULARITY.name}" for item in parse_many(limit)
    )


def share_of(amount: int, config: Settings) -> int:
    return max(1, amount // sharers(config))


def limit_of(name: str) -> str:
    """The configured limit `name` (e.g. "TOOLS_RATE_LIMIT") as this worker applies it now."""
    limit: str = current_app.config[name]
    return worker_share(limit, current_app.config)
