"""The site's own origins, from configuration only (PUBLIC_URL, SITE_URL, OWN_ORIGINS): SQL refuses a
short link to their /s/ (a redirect loop), reading them from public.site_hosts, never from a request's
Host or X-Forwarded-Host, which the caller writes. Each worker records them there once, before it
makes its first link (the database may still be starting when the worker does)."""

from __future__ import annotations

import threading

from flask import Flask, current_app

from .config import Settings
from .db import run_once

_lock = threading.Lock()


def own_origins(config: Settings) -> list[str]:
    return [origin for origin in (config["PUBLIC_URL"], config["SITE_URL"], *config["OWN_ORIGINS"]) if origin]


def record_own_origins() -> None:
    """Adds the configured origins' hosts to public.site_hosts, once per app (idempotent in SQL)."""
    # The app itself, whose extensions are kept across requests; Flask types current_app as the app,
    # so the proxy's own method is unknown to the checker.
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    if app.extensions.get("site_origins_recorded"):
        return
    with _lock:
        if app.extensions.get("site_origins_recorded"):
            return
        origins = own_origins(app.config)
        if origins:
            # service_role: which hosts are ours is configuration, not something a caller may change.
            run_once("select public.record_site_origins({origins}) as added", {"origins": origins}, role="service_role")
        app.extensions["site_origins_recorded"] = True
