"""Which redirect_to values are honoured: upstream's IsRedirectURLValid and GetReferrer, with
GOTRUE_URI_ALLOW_LIST globs matched as gobwas/glob does with '.' and '/' as separators."""

from __future__ import annotations

import ipaddress
import re
from functools import lru_cache
from urllib.parse import urlsplit

from flask import request

from .config import current_settings
from .json_types import JsonObject

_DECIMAL_IP = re.compile(r"^[0-9]+$")
_REGULAR_HOSTNAME = re.compile(r"^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$")


@lru_cache(maxsize=256)
def _glob_regex(pattern: str) -> re.Pattern[str]:
    out, i = [], 0
    while i < len(pattern):
        ch = pattern[i]
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if ch == "*":
            out.append(r"[^./]*")
        elif ch == "?":
            out.append(r"[^./]")
        elif ch == "{":
            end = pattern.find("}", i)
            if end == -1:
                out.append(re.escape(ch))
            else:
                out.append("(?:" + "|".join(re.escape(p) for p in pattern[i + 1 : end].split(",")) + ")")
                i = end
        elif ch == "[":
            end = pattern.find("]", i)
            if end == -1:
                out.append(re.escape(ch))
            else:
                body = pattern[i + 1 : end]
                out.append("[^" + body[1:] + "]" if body.startswith("!") else "[" + body + "]")
                i = end
        else:
            out.append(re.escape(ch))
        i += 1
    return re.compile("^" + "".join(out) + "$", re.DOTALL)


def _hostname(url: str) -> str | None:
    """Go's url.Hostname(): the host without port or brackets, case kept (urlsplit's lowercases it,
    and upstream compares hosts case-sensitively: http://LOCALHOST is not the site)."""
    try:
        host = urlsplit(url).netloc.rpartition("@")[2]
    except ValueError:
        return None
    colon = host.rfind(":")
    if colon != -1 and (host[colon + 1 :].isdigit() or colon == len(host) - 1) and "]" not in host[colon:]:
        host = host[:colon]
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host


def is_valid(url: str) -> bool:
    if not url:
        return False
    settings = current_settings()
    host = _hostname(url)
    if host is None:
        return False
    if host and host == _hostname(settings.site_url):
        return True
    scheme = urlsplit(url).scheme.lower().rstrip(":")
    if _DECIMAL_IP.match(host):
        return False
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    if scheme in ("http", "https") and not _REGULAR_HOSTNAME.match(host):
        return False
    candidate = url.split("#", 1)[0]
    return any(_glob_regex(p).match(candidate) for p in settings.uri_allow_list)


def requested(params: JsonObject | None = None) -> str:
    """redirect_to from the header, the query string or the body (upstream's getRedirectTo)."""
    value = request.headers.get("redirect_to") or request.args.get("redirect_to") or ""
    if not value and params:
        value = params.get("redirect_to") or ""
    return value if isinstance(value, str) else ""


def referrer(params: JsonObject | None = None) -> str:
    """The redirect target: redirect_to when allowed, else the Referer when allowed, else the site URL."""
    settings = current_settings()
    for candidate in (requested(params), request.headers.get("Referer", "")):
        if is_valid(candidate):
            return candidate
    return settings.site_url
