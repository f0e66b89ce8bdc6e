"""Configuration read from the environment (documented in bff/.env.example)."""
from __future__ import annotations

import os

VERSION = "0.1.0"


class Config:
    DATABASE_URL = os.environ.get("TOOLKIT_DATABASE_URL", "")
    DB_POOL_SIZE = int(os.environ.get("TOOLKIT_DB_POOL_SIZE", "4"))
    JWT_SECRET = os.environ.get("TOOLKIT_JWT_SECRET", "")
    JWT_AUDIENCE = os.environ.get("TOOLKIT_JWT_AUDIENCE", "authenticated")
    # Upload limit per request (ARCHITECTURE.md: 100 MB); Flask answers 413 past it.
    MAX_CONTENT_LENGTH = 100 * 1024 * 1024
