"""Settings from the environment, under the official image's variable names where it has them."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    host: str
    port: int
    db_dsn: str
    jwt_secret: str
    jwt_jwks: str
    publication: str
    poll_interval_ms: int
    poll_max_changes: int
    max_record_bytes: int

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        env = dict(os.environ if env is None else env)
        missing = [k for k in ("DB_HOST", "DB_USER", "DB_PASSWORD") if not env.get(k)]
        if missing:
            raise SystemExit(f"local realtime: {', '.join(missing)} not set")
        if not env.get("API_JWT_SECRET") and not env.get("API_JWT_JWKS"):
            raise SystemExit("local realtime: set API_JWT_SECRET and/or API_JWT_JWKS to verify access tokens")
        # The user must be able to create logical replication slots (a superuser, as upstream's
        # supabase_admin); a libpq connection string, so psycopg quotes the password itself.
        dsn = " ".join(
            f"{k}='{_q(v)}'"
            for k, v in {
                "host": env["DB_HOST"],
                "port": env.get("DB_PORT", "5432"),
                "user": env["DB_USER"],
                "password": env["DB_PASSWORD"],
                "dbname": env.get("DB_NAME", "postgres"),
                "application_name": "local_realtime",
            }.items()
        )
        return cls(
            host=env.get("HOST", "127.0.0.1"),
            port=int(env.get("PORT", "4000")),
            db_dsn=dsn,
            jwt_secret=env.get("API_JWT_SECRET", ""),
            jwt_jwks=env.get("API_JWT_JWKS", ""),
            # Upstream's tenant settings for postgres_changes (publication, poll_interval_ms,
            # poll_max_changes, poll_max_record_bytes), with its defaults.
            publication=env.get("PUBLICATION", "supabase_realtime"),
            poll_interval_ms=int(env.get("POLL_INTERVAL_MS", "100")),
            poll_max_changes=int(env.get("POLL_MAX_CHANGES", "100")),
            max_record_bytes=int(env.get("POLL_MAX_RECORD_BYTES", str(1024 * 1024))),
        )


def _q(value: str) -> str:
    return value.replace("\\", "\\\\").replace("'", "\\'")
