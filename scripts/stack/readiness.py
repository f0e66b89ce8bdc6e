"""Readiness checks the supervisor polls while a service starts."""

from __future__ import annotations

import urllib.request


def healthy(url: str) -> bool:
    """A readiness check: the URL answers 200."""
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False
