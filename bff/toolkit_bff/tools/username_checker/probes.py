"""One site's answer for one name: a request (and its redirects) within the outbound policy, read
into a status and, when not sure, a reason in words. Never an exception's text."""

from __future__ import annotations

import time
from urllib.parse import urljoin

import requests

from ...outbound import OutboundRefused, internal_address_of
from .sites import TIMED_OUT, UNREACHABLE, Site, classify, host_allowed

USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64; rv:129.0) Gecko/20100101 Firefox/129.0"
MAX_BODY = 2 * 1024 * 1024
MAX_REDIRECTS = 3


# One line of the answer's stream: a site's result (models.UsernameResult).
ResultLine = dict[str, object]


def result_line(site: str, url: str, status: str, detail: str | None = None, **extra: object) -> ResultLine:
    line: ResultLine = {"type": "result", "site": site, "url": url, "status": status, **extra}
    if detail:
        line["detail"] = detail
    return line


def check_site(session: requests.Session, site: Site, name: str, hosts: frozenset[str], timeout: float) -> ResultLine:
    started = time.monotonic()
    url = site.probe_url(name)
    profile = site.profile_url(name)
    if not host_allowed(url, hosts):
        return result_line(site.name, profile, "unknown", UNREACHABLE)
    headers = {"User-Agent": USER_AGENT, **site.headers}
    try:
        status, body, answer_headers = _fetch(session, site, url, name, headers, hosts, timeout)
    except requests.Timeout:
        return result_line(site.name, profile, "unknown", TIMED_OUT, elapsed_ms=_ms(started))
    except OutboundRefused as exc:
        address = internal_address_of(exc)
        refusal = f"Not asked: the site's name leads to the internal address {address}" if address else UNREACHABLE
        return result_line(site.name, profile, "unknown", refusal, elapsed_ms=_ms(started))
    except requests.RequestException:
        return result_line(site.name, profile, "unknown", UNREACHABLE, elapsed_ms=_ms(started))
    verdict, reason = classify(site, status, body, answer_headers)
    return result_line(site.name, profile, verdict, reason, http_status=status, elapsed_ms=_ms(started))


def _fetch(
    session: requests.Session,
    site: Site,
    url: str,
    name: str,
    headers: dict[str, str],
    hosts: frozenset[str],
    timeout: float,
) -> tuple[int, str, dict[str, str]]:
    """The status, the page (decoded) and the headers (lower-case names) of the site's answer."""
    method = site.method()
    follow = "response_url" not in site.error_types
    ends_at = time.monotonic() + timeout
    for _ in range(MAX_REDIRECTS + 1):
        remaining = max(0.1, ends_at - time.monotonic())
        with session.request(
            method, url, headers=headers, json=site.payload(name), timeout=remaining, allow_redirects=False, stream=True
        ) as response:
            location = response.headers.get("Location")
            if follow and response.is_redirect and location:
                target = urljoin(url, location)
                if host_allowed(target, hosts):  # the session's policy checks its address too
                    url, method = target, ("GET" if method == "POST" else method)
                    continue
            body = b"" if method == "HEAD" else _read_capped(response, ends_at)
            answer_headers = {key.lower(): value for key, value in response.headers.items()}
            return response.status_code, body.decode(response.encoding or "utf-8", errors="replace"), answer_headers
    return 310, "", {}  # too many redirects: classified as unknown


def _read_capped(response: requests.Response, ends_at: float) -> bytes:
    """At most MAX_BODY bytes, and never past the site's time: a page that trickles forever is cut."""
    chunks, size = list[bytes](), 0
    for chunk in response.iter_content(65536):
        chunks.append(chunk)
        size += len(chunk)
        if size >= MAX_BODY:
            break
        if time.monotonic() > ends_at:
            raise requests.Timeout("the page kept coming")
    return b"".join(chunks)


def _ms(started: float) -> int:
    return round((time.monotonic() - started) * 1000)
