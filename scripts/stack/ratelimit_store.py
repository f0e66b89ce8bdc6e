"""The rate-limit store: a private Redis (Debian `redis-server`) every BFF worker counts in.

Why Redis and not memcached: flask-limiter's moving-window strategy and its atomic
increment-with-expiry run as Lua scripts on Redis; on memcached only the fixed window works and
counts are best-effort (no atomic check-and-set across keys). Redis here keeps nothing on disk
(no RDB, no AOF): counters are minutes long and a restart may forget them."""

from __future__ import annotations

from .config import StackConfig
from .supervisor import Supervisor

REDIS = "redis-server"
DEV_PORT = 6379


def store_port(cfg: StackConfig) -> int:
    # dev: Redis's usual port; test: base+79, beside the gateway's base+80.
    return DEV_PORT if cfg.name == "dev" else cfg.gateway_port - 1


def storage_uri(cfg: StackConfig) -> str:
    return f"redis://127.0.0.1:{store_port(cfg)}/0"


def storage_env(cfg: StackConfig) -> dict[str, str]:
    """What the BFF (and the tests) need to share the store."""
    return {"TOOLKIT_RATE_LIMIT_STORAGE_URI": storage_uri(cfg)}


def start_ratelimit_store(cfg: StackConfig, sup: Supervisor) -> None:
    port = store_port(cfg)
    workdir = cfg.data_dir / "redis"
    workdir.mkdir(parents=True, exist_ok=True)
    sup.start(
        "redis",
        [
            REDIS,
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--save",
            "",
            "--appendonly",
            "no",
            "--protected-mode",
            "yes",
            "--dir",
            str(workdir),
            "--maxmemory",
            "64mb",
            "--maxmemory-policy",
            "volatile-ttl",
        ],
        port=port,
    )
