"""GET /api/tools/username/<name>: is the name taken on ~480 sites (Sherlock's list) and in our own
profiles? Streamed as NDJSON, one line per answer as it arrives:
  {"type": "start", "username", "sites"}
  {"type": "result", "site", "url", "status", "http_status", "elapsed_ms", "detail"?}  (many)
  {"type": "done", "counts": {status: n}, "elapsed_ms"}
Requests go only to hosts in the list (the name is restricted to characters that cannot change a
URL's host), nothing a caller sends becomes a URL, and every request and redirect hop goes through
the outbound policy (outbound.py): a listed host, resolved to a public address that is the one
connected to, within the request's budget. No SSRF, even when a listed domain lapses or re-points."""
from __future__ import annotations

import json
import re
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from urllib.parse import urljoin

import requests
from flask import Blueprint, Response, current_app, stream_with_context

from ...auth import request_claims
from ...db import rls_transaction
from ...errors import ApiError
from ...jobs.options import get_bool, get_str
from ...outbound import OutboundPolicy, OutboundRefused, allowed_networks, outbound_session
from .sites import Site, allowed_hosts, bundled_sites_path, classify, host_allowed, load_sites

bp = Blueprint("tools_username", __name__)

USERNAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64; rv:129.0) Gecko/20100101 Firefox/129.0"
MAX_BODY = 2 * 1024 * 1024
MAX_REDIRECTS = 3


def sites_path() -> str:
    return current_app.config.get("USERNAME_SITES_FILE") or bundled_sites_path()


@bp.get("/username/<name>")
def check_username(name: str):
    if not USERNAME_PATTERN.fullmatch(name):
        raise ApiError(422, "invalid_username", "A username is 1-64 letters, digits, '.', '_' or '-',"
                       " starting with a letter or digit")
    path = sites_path()
    sites = _selected_sites(load_sites(path))
    claims = request_claims()  # a bad token is refused now, not in the middle of the stream
    app = current_app._get_current_object()
    lines = stream_checks(app, name, sites, allowed_hosts(path), claims)
    response = Response(stream_with_context(lines), mimetype="application/x-ndjson")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # let the gateway pass lines through at once
    return response


def _selected_sites(sites: tuple[Site, ...]) -> list[Site]:
    wanted = {item.strip().lower() for item in (get_str("sites", "") or "").split(",") if item.strip()}
    include_nsfw = get_bool("nsfw", False)
    chosen = [site for site in sites if (include_nsfw or not site.nsfw)
              and (not wanted or site.name.lower() in wanted)]
    if wanted and not chosen:
        raise ApiError(422, "invalid_option", "None of the requested sites is in the list")
    return chosen


def stream_checks(app, name: str, sites: list[Site], hosts: frozenset[str], claims):
    config = app.config
    started = time.monotonic()
    deadline = started + config["TOOLS_JOB_TIMEOUT"]
    counts: dict[str, int] = {}

    def line(item: dict) -> str:
        if item.get("type") == "result":
            counts[item["status"]] = counts.get(item["status"], 0) + 1
        return json.dumps(item) + "\n"

    yield line({"type": "start", "username": name, "sites": len(sites) + 1})
    to_check = []
    for site in sites:
        if site.accepts(name):
            to_check.append(site)
        else:  # regexCheck: the site does not allow this name, so no request is made
            yield line(_result(site.name, site.profile_url(name), "invalid", detail="name not allowed here"))
    policy = OutboundPolicy(hosts, config["USERNAME_OUTBOUND_BUDGET"], allowed_networks(app, configured_service=False))
    session = outbound_session(policy, pool_size=config["USERNAME_CONCURRENCY"])
    executor = ThreadPoolExecutor(max_workers=max(1, min(config["USERNAME_CONCURRENCY"], len(to_check) + 1)))
    try:
        names = {executor.submit(_own_profile, app, name, claims): ("Toolkit", "")}
        for site in to_check:
            future = executor.submit(check_site, session, site, name, hosts, config["USERNAME_SITE_TIMEOUT"])
            names[future] = (site.name, site.profile_url(name))
        pending = set(names)
        while pending:
            done, pending = wait(pending, timeout=max(0.0, deadline - time.monotonic()),
                                 return_when=FIRST_COMPLETED)
            if not done:
                break
            for future in done:
                yield line(future.result())
        for future in pending:  # still running at the job time limit
            future.cancel()
            yield line(_result(*names[future], "unknown", detail="job time limit reached"))
    finally:
        executor.shutdown(wait=False, cancel_futures=True)
        session.close()
    yield line({"type": "done", "counts": counts, "elapsed_ms": round((time.monotonic() - started) * 1000)})


def _result(site: str, url: str, status: str, **extra) -> dict:
    return {"type": "result", "site": site, "url": url, "status": status, **extra}


def check_site(session: requests.Session, site: Site, name: str, hosts: frozenset[str],
               timeout: float) -> dict:
    started = time.monotonic()
    url = site.probe_url(name)
    result = _result(site.name, site.profile_url(name), "unknown")
    if not host_allowed(url, hosts):
        return {**result, "detail": "host not in the site list"}
    headers = {"User-Agent": USER_AGENT, **site.headers}
    try:
        status, body = _fetch(session, site, url, name, headers, hosts, timeout)
    except OutboundRefused as exc:
        return {**result, "detail": str(exc), "elapsed_ms": _ms(started)}
    except requests.Timeout:
        return {**result, "detail": "timed out", "elapsed_ms": _ms(started)}
    except requests.RequestException as exc:
        return {**result, "detail": type(exc).__name__, "elapsed_ms": _ms(started)}
    return {**result, "status": classify(site, status, body), "http_status": status,
            "elapsed_ms": _ms(started)}


def _fetch(session, site: Site, url: str, name: str, headers: dict, hosts, timeout: float):
    method = site.method()
    follow = "response_url" not in site.error_types
    ends_at = time.monotonic() + timeout
    for _ in range(MAX_REDIRECTS + 1):
        remaining = max(0.1, ends_at - time.monotonic())
        with session.request(method, url, headers=headers, json=site.payload(name), timeout=remaining,
                             allow_redirects=False, stream=True) as response:
            location = response.headers.get("Location")
            if follow and response.is_redirect and location:
                target = urljoin(url, location)
                if host_allowed(target, hosts):  # the session's policy checks its address too
                    url, method = target, ("GET" if method == "POST" else method)
                    continue
            body = b"" if method == "HEAD" else _read_capped(response)
            return response.status_code, body.decode(response.encoding or "utf-8", errors="replace")
    return 310, ""  # too many redirects: classified as unknown


def _read_capped(response) -> bytes:
    chunks, size = [], 0
    for chunk in response.iter_content(65536):
        chunks.append(chunk)
        size += len(chunk)
        if size >= MAX_BODY:
            break
    return b"".join(chunks)


def _ms(started: float) -> int:
    return round((time.monotonic() - started) * 1000)


def _own_profile(app, name: str, claims) -> dict:
    """Toolkit's own nicknames, through nickname_taken() (profiles themselves stay private)."""
    result = _result("Toolkit", "", "unknown")
    try:
        with app.app_context(), rls_transaction(claims, read_only=True) as conn:
            row = conn.execute("select public.nickname_taken(%s) as taken", (name,)).fetchone()
    except Exception:  # noqa: BLE001 — any database trouble leaves the answer unknown
        return {**result, "detail": "database unreachable"}
    return {**result, "status": "taken" if row["taken"] else "available"}
