"""What a short code may look like, which visitors are not counted, and how a visit is described in
the statistics (referrer host, browser and device family) — plain functions, no framework, so the
BFF can share them (client_key) without loading the service."""

from __future__ import annotations

import ipaddress
import re

VALID_CODE = re.compile(r"[A-Za-z0-9_-]{3,64}")

# Link previews and crawlers fetch links nobody clicked: they follow, but are not counted.
BOT_AGENTS = re.compile(
    r"bot\b|crawler|spider|preview|facebookexternalhit|facebookcatalog|embedly|iframely|whatsapp|"
    r"skypeuripreview|vkshare|pinterest|slack|discord|telegram|mastodon|bitlybot|outbrain|quora link",
    re.IGNORECASE,
)


def client_key(address: str | None) -> str:
    """The key a client is counted under (rate limits, job shares, password attempts): its IP
    address, or for IPv6 its /64 — one subscriber usually gets a whole /64 and can rotate inside it."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return address or "unknown"
    if ip.version == 6:
        if ip.ipv4_mapped:  # ::ffff:a.b.c.d is an IPv4 client
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


# ── Statistics ─────────────────────────────────────────────────────────────────────────────────
# Browser families in the order their tokens must be tested (Edge and Opera also say "Chrome",
# Chrome also says "Safari"); the labels are those short_link_daily_stats accepts.
_BROWSERS = [
    ("edge", re.compile(r"Edg(e|A|iOS)?/", re.IGNORECASE)),
    ("opera", re.compile(r"OPR/|Opera", re.IGNORECASE)),
    ("samsung", re.compile(r"SamsungBrowser/", re.IGNORECASE)),
    ("firefox", re.compile(r"Firefox/|FxiOS/", re.IGNORECASE)),
    ("chrome", re.compile(r"Chrome/|CriOS/|Chromium/", re.IGNORECASE)),
    ("safari", re.compile(r"Safari/", re.IGNORECASE)),
]
_TABLET = re.compile(r"iPad|Tablet|Android(?!.*Mobile)", re.IGNORECASE)
_MOBILE = re.compile(r"Mobile|iPhone|iPod|Android|Windows Phone", re.IGNORECASE)
_DESKTOP = re.compile(r"Windows NT|Macintosh|X11|CrOS", re.IGNORECASE)


def agent_family(agent: str) -> tuple[str, str]:
    """(browser, device) of a User-Agent: chrome/edge/firefox/safari/opera/samsung/other and
    desktop/mobile/tablet/other."""
    browser = next((name for name, token in _BROWSERS if token.search(agent)), "other")
    if _TABLET.search(agent):
        device = "tablet"
    elif _MOBILE.search(agent):
        device = "mobile"
    elif _DESKTOP.search(agent):
        device = "desktop"
    else:
        device = "other"
    return browser, device


_HOST = re.compile(r"^[a-z][a-z0-9+.-]*://(?:[^/?#@]*@)?(\[[0-9a-f:.]+\]|[^/?#:]+)", re.IGNORECASE)


def referrer_host(referer: str) -> str:
    """The host of a Referer header, lower case, without a leading www. ('' when there is none or
    it is not a URL): where a click came from, without the page's path, which may be private."""
    match = _HOST.match(referer.strip())
    if not match:
        return ""
    host = match.group(1).lower().rstrip(".")
    return (host[4:] if host.startswith("www.") else host)[:253]
