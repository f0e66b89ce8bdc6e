"""The username checker's site list (Sherlock's data.json) and how one answer is read.

Detection types, as Sherlock defines them: `status_code` (2xx = taken, errorCode/404 = free),
`message` (errorMsg in the page = free) and `response_url` (no redirect + 2xx = taken); a site may
list several. Unlike Sherlock we never say "available" when unsure: server errors, unexpected
redirects and anything ambiguous are "unknown", rate limits and bot walls are "blocked"."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

# Bot-protection pages: their presence means we learned nothing. Sherlock's own list (its
# WAFHitMsgs in sherlock.py, checked against the installed package by the tests), then ours.
WAF_FINGERPRINTS = (
    ".loading-spinner{visibility:hidden}body.no-js .challenge-running{display:none}body.dark{background-color:"
    "#222;color:#d9d9d9}body.dark a{color:#fff}body.dark a:hover{color:#ee730a;text-decoration:underline}"
    "body.dark .lds-ring div{border-color:#999 transparent transparent}body.dark .font-red{color:#b20f03}"
    "body.dark",  # Sherlock 2024-05-13: Cloudflare
    '<span id="challenge-error-text">',  # Sherlock 2024-11-11: Cloudflare error page
    "AwsWafIntegration.forceRefreshToken",  # Sherlock 2024-11-11: CloudFront (AWS)
    '{return l.onPageView}}),Object.defineProperty(r,"perimeterxIdentifiers",{enumerable:',  # Sherlock 2024-04-09: PerimeterX
    "challenge-platform",
    '"perimeterxIdentifiers"',
    "cf-browser-verification",  # ours: broader forms of the above
)
# Response headers bot walls set on their challenge pages (a HEAD request has no page to look at).
WAF_HEADERS = ("cf-mitigated", "x-amzn-waf-action")
BLOCKED_STATUSES = {401, 403, 407, 429}

# Each row's reason, in words (never an exception's text).
BOT_WALL = "Blocked by the site's bot protection"
RATE_LIMITED = "The site is limiting requests (rate limit)"
UNREACHABLE = "Could not reach the site"
TIMED_OUT = "Timed out"
NAME_REFUSED = "This site does not accept this name"


def _as_list(value: Any) -> list[Any]:
    """A value of Sherlock's JSON that is one item or a list of them, as a list."""
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


@dataclass(frozen=True)
class Site:
    name: str
    url: str
    url_main: str
    url_probe: str | None
    error_types: tuple[str, ...]
    error_messages: tuple[str, ...] = ()
    error_codes: tuple[int, ...] = ()
    regex_check: str | None = None
    request_method: str | None = None
    request_payload: object = None
    headers: dict[str, str] = field(default_factory=dict, hash=False)
    nsfw: bool = False

    @classmethod
    def from_entry(cls, name: str, entry: Mapping[str, Any]) -> Site:
        """A site from its entry in Sherlock's data.json (decoded JSON: a wrong type raises)."""
        return cls(
            name=name,
            url=entry["url"],
            url_main=entry.get("urlMain", ""),
            url_probe=entry.get("urlProbe"),
            error_types=tuple(_as_list(entry["errorType"])),
            error_messages=tuple(_as_list(entry.get("errorMsg"))),
            error_codes=tuple(int(code) for code in _as_list(entry.get("errorCode"))),
            regex_check=entry.get("regexCheck"),
            request_method=entry.get("request_method"),
            request_payload=entry.get("request_payload"),
            headers=dict(entry.get("headers") or {}),
            nsfw=bool(entry.get("isNSFW")),
        )

    def accepts(self, username: str) -> bool:
        try:
            return not self.regex_check or re.search(self.regex_check, username) is not None
        except re.error:
            return True

    def profile_url(self, username: str) -> str:
        return self.url.replace("{}", username)

    def probe_url(self, username: str) -> str:
        return (self.url_probe or self.url).replace("{}", username)

    def method(self) -> str:
        if self.request_method in ("GET", "HEAD", "POST", "PUT"):
            return self.request_method
        return "HEAD" if self.error_types == ("status_code",) else "GET"

    def payload(self, username: str) -> object:
        return _interpolate(self.request_payload, username)


def _interpolate(value: object, username: str) -> object:
    if isinstance(value, str):
        return value.replace("{}", username)
    if isinstance(value, dict):
        return {key: _interpolate(item, username) for key, item in value.items()}
    if isinstance(value, list):
        return [_interpolate(item, username) for item in value]
    return value


def bundled_sites_path() -> str:
    return str(resources.files("sherlock_project") / "resources" / "data.json")


@lru_cache(maxsize=4)
def load_sites(path: str) -> tuple[Site, ...]:
    """Parsed once per process (the file ships with the package, so every replica agrees)."""
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    sites: list[Site] = []
    for name, entry in data.items():
        if isinstance(entry, dict) and "url" in entry and "errorType" in entry:
            try:
                sites.append(Site.from_entry(name, entry))
            except (TypeError, ValueError):
                continue
    return tuple(sorted(sites, key=lambda site: site.name.lower()))


def host_of(url: str) -> str:
    return (urlsplit(url).hostname or "").lower()


@lru_cache(maxsize=4)
def allowed_hosts(path: str) -> frozenset[str]:
    """Hosts the list names; requests and redirects may only go to these (or their subdomains)."""
    hosts: set[str] = set()
    for site in load_sites(path):
        for template in (site.url, site.url_main, site.url_probe or ""):
            host = host_of(template.replace("{}", "x"))
            if host:
                hosts.add(host.split("x.", 1)[1] if host.startswith("x.") else host)
    return frozenset(hosts)


def host_allowed(url: str, hosts: frozenset[str]) -> bool:
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if parts.scheme not in ("http", "https") or not host or parts.username or parts.password:
        return False
    return any(host == allowed or host.endswith("." + allowed) for allowed in hosts)


def classify(site: Site, status: int, body: str, headers: Mapping[str, str] | None = None) -> tuple[str, str | None]:
    """(available / taken / unknown / blocked, the reason in words when not sure) for one site's
    answer (redirects not followed for response_url; followed within the allowed hosts otherwise)."""
    if any(mark in body for mark in WAF_FINGERPRINTS) or any(name in (headers or {}) for name in WAF_HEADERS):
        return "blocked", BOT_WALL
    if status in BLOCKED_STATUSES and status not in site.error_codes:
        return "blocked", RATE_LIMITED if status == 429 else BOT_WALL
    verdicts = [_verdict(kind, site, status, body) for kind in site.error_types]
    if "available" in verdicts:
        return "available", None
    if verdicts and all(verdict == "taken" for verdict in verdicts):
        return "taken", None
    if status >= 500:
        return "unknown", f"The site had an error (HTTP {status})"
    if status == 310:
        return "unknown", "Too many redirects"
    return "unknown", f"The site's answer was unclear (HTTP {status})"


def _verdict(kind: str, site: Site, status: int, body: str) -> str:
    if status >= 500:
        return "unknown"
    if kind == "message":
        if any(message and message in body for message in site.error_messages):
            return "available"
        return "taken" if 200 <= status < 300 else "unknown"
    if kind == "status_code":
        if status in site.error_codes or status in (404, 410):
            return "available"
        return "taken" if 200 <= status < 300 else "unknown"
    if kind == "response_url":
        if 200 <= status < 300:
            return "taken"
        return "available" if 300 <= status < 400 or status in (404, 410) else "unknown"
    return "unknown"
