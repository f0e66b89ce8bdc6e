"""The local Realtime service (supabase/local/realtime/): its configuration and start-up.

Configured with the official image's variables (DB_*, API_JWT_SECRET, API_JWT_JWKS, PORT), so the
same block describes supabase/realtime in production."""

from __future__ import annotations

import json
import sys

from .auth import jwt_keys
from .config import ROOT, StackConfig
from .readiness import healthy
from .supervisor import Supervisor

REALTIME_DIR = ROOT / "supabase" / "local" / "realtime"
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"
_PRIVATE_MEMBERS = {"d", "p", "q", "dp", "dq", "qi", "k", "oth"}


def public_jwks(cfg: StackConfig) -> str:
    """The local Auth's asymmetric keys without their private parts, as its JWKS publishes them;
    HS256 tokens (the API keys) are checked with API_JWT_SECRET."""
    keys = [k for k in json.loads(jwt_keys(cfg)) if k.get("kty") != "oct"]
    return json.dumps({"keys": [{m: v for m, v in k.items() if m not in _PRIVATE_MEMBERS} for k in keys]})


def realtime_env(cfg: StackConfig) -> dict[str, str]:
    return {
        "HOST": "127.0.0.1",
        "PORT": str(cfg.realtime_port),
        # A superuser, as upstream's supabase_admin: it creates the replication slot and sets roles.
        "DB_HOST": "127.0.0.1",
        "DB_PORT": str(cfg.pg_port),
        "DB_USER": "postgres",
        "DB_PASSWORD": cfg.db_password,
        "DB_NAME": "postgres",
        "API_JWT_SECRET": cfg.jwt_secret,
        "API_JWT_JWKS": public_jwks(cfg),
        "PYTHONUNBUFFERED": "1",
    }


def start_realtime(cfg: StackConfig, sup: Supervisor) -> None:
    # Ready once its replication slot exists: changes committed from then on are delivered.
    sup.start(
        "realtime",
        [str(VENV_PYTHON if VENV_PYTHON.exists() else sys.executable), "-m", "local_realtime"],
        port=cfg.realtime_port,
        env=realtime_env(cfg),
        cwd=REALTIME_DIR,
        ready=lambda: healthy(f"{cfg.realtime_url}/health"),
    )
