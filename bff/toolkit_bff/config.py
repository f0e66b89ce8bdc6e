"""Configuration read from the environment (documented in bff/.env.example)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, ClassVar, TypeAlias

VERSION = "0.1.0"


class Config:
    DATABASE_URL = os.environ.get("TOOLKIT_DATABASE_URL", "")
    DB_POOL_SIZE = int(os.environ.get("TOOLKIT_DB_POOL_SIZE", "4"))
    JWT_SECRET = os.environ.get("TOOLKIT_JWT_SECRET", "")
    JWT_AUDIENCE = os.environ.get("TOOLKIT_JWT_AUDIENCE", "authenticated")
    # Expected `iss` claim (Auth's issuer, e.g. http://localhost:8000/auth/v1); empty: not checked.
    JWT_ISSUER = os.environ.get("TOOLKIT_JWT_ISSUER", "")
    # Auth's key set for asymmetric tokens (ES256/RS256); empty: only HS256 tokens are accepted.
    JWKS_URL = os.environ.get("TOOLKIT_JWKS_URL", "")
    JWKS_CACHE_SECONDS = int(os.environ.get("TOOLKIT_JWKS_CACHE_SECONDS", "300"))
    JWKS_REFRESH_COOLDOWN = float(os.environ.get("TOOLKIT_JWKS_REFRESH_COOLDOWN", "10"))
    # The app's public origin, for the short_url of new links (empty: the request's own origin).
    PUBLIC_URL = os.environ.get("TOOLKIT_PUBLIC_URL", "").rstrip("/")
    # Auth's site URL and any other origins the site answers on (comma-separated): with PUBLIC_URL,
    # the hosts whose /s/ links are ours, so a short link to them is refused (a redirect loop). Only
    # configuration decides this, never a request's Host or X-Forwarded-Host.
    SITE_URL = os.environ.get("TOOLKIT_SITE_URL", "").rstrip("/")
    OWN_ORIGINS: ClassVar[list[str]] = [
        o.strip().rstrip("/") for o in os.environ.get("TOOLKIT_OWN_ORIGINS", "").split(",") if o.strip()
    ]
    # Kinds of Auth sessions the official server makes only when switched on (GOTRUE_EXTERNAL_ANONYMOUS_
    # USERS_ENABLED, GOTRUE_OAUTH_SERVER_ENABLED). Off: their tokens are refused (401); on: anonymous users
    # are served as visitors and OAuth clients read only who the user is (credentials.py).
    ACCEPT_ANONYMOUS_USERS = os.environ.get("TOOLKIT_ACCEPT_ANONYMOUS_USERS", "false").lower() == "true"
    ACCEPT_OAUTH_CLIENTS = os.environ.get("TOOLKIT_ACCEPT_OAUTH_CLIENTS", "false").lower() == "true"
    # Supabase Auth's base URL, for the health report and its admin API (empty: not checked).
    AUTH_URL = os.environ.get("TOOLKIT_AUTH_URL", "").rstrip("/")
    # Auth's service-role key, for its admin API (DELETE /api/me); empty: account deletion answers 503.
    SERVICE_ROLE_KEY = os.environ.get("TOOLKIT_SERVICE_ROLE_KEY", "")
    # Seconds between the BFF's calls of purge_expired() (pg_cron does it too where it exists).
    PURGE_INTERVAL = float(os.environ.get("TOOLKIT_PURGE_INTERVAL", "300"))
    # Largest JSON body of the data API: a paste holds up to 512 KB of text, which JSON escaping
    # (\uXXXX for every non-ASCII character in some clients) can make six times larger.
    DATA_MAX_BODY_BYTES = int(os.environ.get("TOOLKIT_DATA_MAX_BODY_KB", "4096")) * 1024
    # Upload limit per request (ARCHITECTURE.md: 100 MB); Flask answers 413 past it.
    MAX_CONTENT_LENGTH = 100 * 1024 * 1024
    # Multipart forms: parts per request (merge takes up to 100 files) and bytes per field that is not
    # a file (options are short); Flask answers 413 past either.
    MAX_FORM_PARTS = 1000
    MAX_FORM_MEMORY_SIZE = 512 * 1024

    # File tools (toolkit_bff/tools/, toolkit_bff/jobs/); the limits are ARCHITECTURE.md's defaults.
    TOOLS_MAX_FILE_BYTES = int(os.environ.get("TOOLKIT_TOOLS_MAX_FILE_MB", "25")) * 1024 * 1024
    TOOLS_MAX_IMAGE_PIXELS = int(os.environ.get("TOOLKIT_TOOLS_MAX_MEGAPIXELS", "50")) * 1_000_000
    TOOLS_MAX_PDF_PAGES = int(os.environ.get("TOOLKIT_TOOLS_MAX_PDF_PAGES", "1000"))
    TOOLS_JOB_TIMEOUT = float(os.environ.get("TOOLKIT_TOOLS_JOB_TIMEOUT", "60"))
    # Long PDFs a window at a time (jobs/paging.py): pages one OCR request reads, thumbnails (and their
    # bytes) one request answers; the answer's `next_pages` names the pages left for the next request.
    TOOLS_OCR_MAX_PAGES = int(os.environ.get("TOOLKIT_TOOLS_OCR_MAX_PAGES", "10"))
    TOOLS_THUMBNAILS_MAX_PAGES = int(os.environ.get("TOOLKIT_TOOLS_THUMBNAILS_MAX_PAGES", "50"))
    TOOLS_THUMBNAILS_MAX_BYTES = int(os.environ.get("TOOLKIT_TOOLS_THUMBNAILS_MAX_MB", "8")) * 2**20
    # Each job runs in a job process of its own (jobs/child_jobs.py) with these limits: memory on top of
    # the worker's own size, CPU seconds, total bytes of output (413 past it).
    TOOLS_JOB_MEMORY_BYTES = int(os.environ.get("TOOLKIT_TOOLS_JOB_MEMORY_MB", "1024")) * 2**20
    TOOLS_JOB_CPU_SECONDS = int(os.environ.get("TOOLKIT_TOOLS_JOB_CPU_SECONDS", "60"))
    TOOLS_MAX_OUTPUT_BYTES = int(os.environ.get("TOOLKIT_TOOLS_MAX_OUTPUT_MB", "200")) * 2**20
    # Jobs (file tools, translations, username checks) running at once per worker process (503 busy
    # past it) and per client IP (429 too_many_jobs), both with Retry-After: the per-worker cap stays
    # below GUNICORN_THREADS so the data API always gets a thread. Each worker keeps as many job
    # processes ready (jobs/job_pool.py).
    TOOLS_MAX_JOBS_PER_WORKER = int(os.environ.get("TOOLKIT_TOOLS_MAX_JOBS_PER_WORKER", "2"))
    TOOLS_MAX_JOBS_PER_CLIENT = int(os.environ.get("TOOLKIT_TOOLS_MAX_JOBS_PER_CLIENT", "2"))
    # Office documents (ZIP-based) refused before LibreOffice sees them past these.
    TOOLS_OFFICE_MAX_UNCOMPRESSED_BYTES = int(os.environ.get("TOOLKIT_TOOLS_OFFICE_MAX_UNCOMPRESSED_MB", "200")) * 2**20
    TOOLS_OFFICE_MAX_ENTRIES = int(os.environ.get("TOOLKIT_TOOLS_OFFICE_MAX_ENTRIES", "5000"))
    # LibreOffice's own address-space limit (never above the job's own, which it inherits).
    TOOLS_OFFICE_MEMORY_BYTES = int(os.environ.get("TOOLKIT_TOOLS_OFFICE_MEMORY_MB", "1024")) * 2**20
    # qpdf's per-stream decoding limit (Flate, JPEG, predictors), so one stream cannot inflate to gigabytes.
    TOOLS_PDF_MAX_STREAM_BYTES = int(os.environ.get("TOOLKIT_TOOLS_PDF_MAX_STREAM_MB", "256")) * 2**20
    # Parent of the per-request scratch directories (empty: the system temporary directory).
    TOOLS_TMP_DIR = os.environ.get("TOOLKIT_TOOLS_TMP_DIR", "")
    # Free space a job needs there beyond its upload before it starts (503 insufficient_storage below it).
    TOOLS_SCRATCH_MIN_FREE_BYTES = int(os.environ.get("TOOLKIT_TOOLS_SCRATCH_MIN_FREE_MB", "64")) * 2**20
    # Translator (tools/translator/engine_choice.py): `apertium` or `libretranslate`; empty: the one whose
    # URL is set (LibreTranslate when both are). No engine: 503 "Translation is not available…".
    TRANSLATION_ENGINE = os.environ.get("TOOLKIT_TRANSLATION_ENGINE", "")
    APERTIUM_APY_URL = os.environ.get("APERTIUM_APY_URL", "")
    LIBRETRANSLATE_URL = os.environ.get("LIBRETRANSLATE_URL", "")
    LIBRETRANSLATE_API_KEY = os.environ.get("LIBRETRANSLATE_API_KEY", "")
    TRANSLATION_TIMEOUT = float(
        os.environ.get("TOOLKIT_TRANSLATION_TIMEOUT", os.environ.get("LIBRETRANSLATE_TIMEOUT", "20"))
    )
    # Longest text translated at once (at most 20 000), stated in the app before sending.
    TRANSLATION_MAX_CHARS = int(os.environ.get("TOOLKIT_TRANSLATION_MAX_CHARS", "5000"))
    # Outbound requests (toolkit_bff/outbound.py) never reach internal addresses, except these
    # comma-separated networks for the services configured here (translator, JWKS; e.g. 127.0.0.1/32
    # for a LibreTranslate or Auth on this machine). Never applies to the username checker.
    OUTBOUND_ALLOW_NETWORKS = os.environ.get("TOOLKIT_OUTBOUND_ALLOW_NETWORKS", "")
    # Most outbound requests one username check may make (one per site, plus redirects).
    USERNAME_OUTBOUND_BUDGET = int(os.environ.get("TOOLKIT_USERNAME_OUTBOUND_BUDGET", "1000"))
    # Username checker: per-site timeout (s) and how many sites are asked at once.
    USERNAME_SITE_TIMEOUT = float(os.environ.get("TOOLKIT_USERNAME_SITE_TIMEOUT", "8"))
    USERNAME_CONCURRENCY = int(os.environ.get("TOOLKIT_USERNAME_CONCURRENCY", "48"))
    # Site list in Sherlock's data.json format (empty: the one bundled in sherlock-project).
    USERNAME_SITES_FILE = os.environ.get("TOOLKIT_USERNAME_SITES_FILE", "")
    # Where "the internet" is for the username checker's reachability check (tools/username_checker/
    # reachability.py): one lookup and one connection to this host:port, answer cached this long.
    USERNAME_INTERNET_PROBE = os.environ.get("TOOLKIT_USERNAME_INTERNET_PROBE", "github.com:443")
    USERNAME_INTERNET_CACHE_SECONDS = float(os.environ.get("TOOLKIT_USERNAME_INTERNET_CACHE_SECONDS", "30"))

    # Rate limits (flask-limiter) per client IP (IPv6: per /64) or per signed-in user. Counters must
    # live where every worker sees them (redis://host:6379; scripts/stack starts Redis): memory://
    # keeps them per worker, multiplying every limit by the worker count. If the store is down, each
    # worker falls back to its own memory rather than failing requests, allowing only its share of every
    # limit and of each client's running jobs: the limit / (WORKERS × REPLICAS), at least 1 (limit_shares.py).
    REPLICAS = int(os.environ.get("TOOLKIT_REPLICAS", "1") or 1)
    WORKERS = int(os.environ.get("GUNICORN_WORKERS", "") or os.cpu_count() or 1)  # gunicorn.conf.py's default
    RATELIMIT_ENABLED = os.environ.get("TOOLKIT_RATE_LIMIT_ENABLED", "true").lower() != "false"
    RATELIMIT_STORAGE_URI = os.environ.get("TOOLKIT_RATE_LIMIT_STORAGE_URI", "memory://")
    RATELIMIT_STORAGE_OPTIONS: ClassVar[dict[str, float]] = {"socket_timeout": 1, "socket_connect_timeout": 1}
    RATELIMIT_IN_MEMORY_FALLBACK_ENABLED = True
    # Two threads meeting the dead store at once: only the first switches to memory, and without
    # this the second (flask-limiter re-raises) was a 500 (the fault run saw one as Redis was killed).
    RATELIMIT_SWALLOW_ERRORS = True
    RATELIMIT_HEADERS_ENABLED = True
    TOOLS_RATE_LIMIT = os.environ.get("TOOLKIT_TOOLS_RATE_LIMIT", "60 per minute")
    USERNAME_RATE_LIMIT = os.environ.get("TOOLKIT_USERNAME_RATE_LIMIT", "10 per minute")
    # Writes without sign-in (new short links, pastes, likes are sign-in only) per client IP.
    ANON_WRITE_RATE_LIMIT = os.environ.get("TOOLKIT_ANON_WRITE_RATE_LIMIT", "20 per minute")
    # Writes by a signed-in user (links, pastes, likes, profile, admin changes), per user.
    USER_WRITE_RATE_LIMIT = os.environ.get("TOOLKIT_USER_WRITE_RATE_LIMIT", "120 per minute")
    # Requests with one personal API token (scripts; /api/pastes and /api/links only), per token.
    API_TOKEN_RATE_LIMIT = os.environ.get("TOOLKIT_API_TOKEN_RATE_LIMIT", "60 per minute")
    # Proxies in front of the BFF whose X-Forwarded-For is trusted (the gateway: 1).
    TRUSTED_PROXIES = int(os.environ.get("TOOLKIT_TRUSTED_PROXIES", "1"))
    # Other origins allowed to call the API from a browser (the app itself is same-origin).
    CORS_ORIGINS: ClassVar[list[str]] = [
        o.strip() for o in os.environ.get("TOOLKIT_CORS_ORIGINS", "").split(",") if o.strip()
    ]


# The app's configuration as read by key (app.config, or a dict of the same keys in tests): its
# values are of several types, each known by its key, not by the mapping.
Settings: TypeAlias = Mapping[str, Any]

MIN_JWT_SECRET_LENGTH = 32


class ConfigError(RuntimeError):
    """A configuration the BFF refuses to start with."""


def check_config(config: Settings) -> None:
    """Fail safe: with an empty or short JWT secret anyone could sign tokens the BFF accepts."""
    secret, jwks_url = config.get("JWT_SECRET") or "", config.get("JWKS_URL") or ""
    if secret and len(secret) < MIN_JWT_SECRET_LENGTH:
        raise ConfigError(
            f"TOOLKIT_JWT_SECRET is shorter than {MIN_JWT_SECRET_LENGTH} characters: "
            "refusing to start (tokens signed with it could be forged)"
        )
    if not secret and not jwks_url:
        raise ConfigError(
            "Neither TOOLKIT_JWT_SECRET (at least 32 characters) nor TOOLKIT_JWKS_URL is set: "
            "refusing to start without a way to verify access tokens"
        )
