"""GET /api/tools/username/<name>: is the name taken on ~480 sites (Sherlock's list) and in our own
profiles? Streamed as NDJSON, one line per answer as it arrives:
  {"type": "start", "username", "sites"}
  {"type": "result", "site", "url", "status", "http_status"?, "elapsed_ms"?, "detail"?}  (many)
  {"type": "done", "counts": {status: n}, "summary": {"found", "not_found", "could_not_check"}, "elapsed_ms"}
`detail` says in words why a row is not a clear answer (probes.py, sites.py).

Before fanning out, the server checks that it can reach the internet at all (reachability.py):
when it cannot, one 503 `internet_unreachable` within two seconds instead of hundreds of rows.
A check is a job (jobs/slots.py): it holds one slot of its worker and of its client's share for
the whole stream, so checks can never take every gunicorn thread (503 `busy` / 429 `too_many_jobs`,
with Retry-After). The sites are asked by at most USERNAME_CONCURRENCY helper threads of the check,
never one gunicorn thread per site.
Requests go only to hosts in the list (the name is restricted to characters that cannot change a
URL's host), nothing a caller sends becomes a URL, and every request and redirect hop goes through
the outbound policy (outbound.py): a listed host, resolved to a public address that is the one
connected to, within the request's budget. No SSRF, even when a listed domain lapses or re-points."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import TYPE_CHECKING

from flask import Blueprint, Flask, Response, current_app, stream_with_context

from ...auth import request_claims
from ...contract.operations import Routes
from ...contract.responses import ANONYMOUS_OR_SESSION, JOB_SLOT, PAGE_GATE, SESSION, json_response
from ...db import rls_transaction
from ...errors import ApiError
from ...jobs.slots import acquire_job_slot
from ...outbound import OutboundPolicy, allowed_networks, outbound_session
from .models import UsernameQuery, UsernameStreamLine
from .probes import ResultLine, check_site, result_line
from .reachability import internet_problem
from .sites import NAME_REFUSED, TIMED_OUT, Site, allowed_hosts, bundled_sites_path, load_sites

if TYPE_CHECKING:
    from ...claims import Claims

bp = Blueprint("tools_username", __name__, url_prefix="/api/tools")
routes = Routes(bp, "username", tool=True)

USERNAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
STREAM = json_response(
    "A stream of newline-delimited JSON, one `UsernameStreamLine` per line, sent as answers "
    "arrive (at most the 60 s job limit; sites still pending then are `unknown`).",
    UsernameStreamLine,
    {"Cache-Control": "NoStore", "X-Accel-Buffering": "NoBuffering"},
    media_type="application/x-ndjson",
)
# The summary's three answers: found (taken), not found (available), could not check (the rest).
SUMMARY = {
    "taken": "found",
    "available": "not_found",
    "unknown": "could_not_check",
    "blocked": "could_not_check",
    "invalid": "could_not_check",
}


def sites_path() -> str:
    return current_app.config.get("USERNAME_SITES_FILE") or bundled_sites_path()


@routes.get(
    "/username/<name>",
    "checkUsername",
    query=UsernameQuery,
    security=ANONYMOUS_OR_SESSION,
    path={"name": {"description": "The username.", "schema": {"type": "string", "pattern": USERNAME_PATTERN.pattern}}},
    answers={200: STREAM},
    errors=(
        PAGE_GATE,
        SESSION,
        JOB_SLOT,
        {
            401: ["invalid_token"],
            503: ["auth_unavailable", "internet_unreachable"],
            422: ["invalid_username", "invalid_option"],
        },
    ),
)
def check_username(name: str, query: UsernameQuery) -> Response:
    """Is a username taken on ~480 sites and in Toolkit?

    Sends a token, optionally, to check Toolkit's own profiles as that user (row-level security
    applies); a malformed or invalid token is a 401."""
    if not USERNAME_PATTERN.fullmatch(name):
        raise ApiError(
            422,
            "invalid_username",
            "A username is 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit",
        )
    path = sites_path()
    sites = _selected_sites(load_sites(path), query)
    claims = request_claims()  # a bad token is refused now, not in the middle of the stream
    config = current_app.config
    problem = internet_problem(config["USERNAME_INTERNET_PROBE"], config["USERNAME_INTERNET_CACHE_SECONDS"])
    if problem:
        raise ApiError(
            503,
            "internet_unreachable",
            f"No site can be checked: this server cannot reach the internet right now ({problem}). Try again later.",
            headers={"Retry-After": "30"},
        )
    release = acquire_job_slot()
    try:
        # The app itself, not the request-bound proxy, for the threads; Flask types current_app as the
        # app, so the proxy's own method is unknown to the checker.
        app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
        lines = _released_at_end(stream_checks(app, name, sites, allowed_hosts(path), claims), release)
        response = Response(stream_with_context(lines), mimetype="application/x-ndjson")
        response.call_on_close(release)  # also when the stream never started, or the client left
    except BaseException:
        release()
        raise
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # let the gateway pass lines through at once
    return response


def _released_at_end(lines: Iterable[str], release: Callable[[], None]) -> Iterator[str]:
    """The slot is free as soon as the last line is out, not only when the server closes the response."""
    try:
        yield from lines
    finally:
        release()


def _selected_sites(sites: tuple[Site, ...], query: UsernameQuery) -> list[Site]:
    wanted = {item.strip().lower() for item in query.sites.split(",") if item.strip()}
    include_nsfw = query.nsfw
    chosen = [site for site in sites if (include_nsfw or not site.nsfw) and (not wanted or site.name.lower() in wanted)]
    if wanted and not chosen:
        raise ApiError(422, "invalid_option", "None of the requested sites is in the list")
    return chosen


def stream_checks(
    app: Flask, name: str, sites: list[Site], hosts: frozenset[str], claims: Claims | None
) -> Iterator[str]:
    config = app.config
    started = time.monotonic()
    deadline = started + config["TOOLS_JOB_TIMEOUT"]
    counts: dict[str, int] = {}

    def line(item: dict[str, object]) -> str:
        status = item.get("status")
        if item.get("type") == "result" and isinstance(status, str):
            counts[status] = counts.get(status, 0) + 1
        return json.dumps(item) + "\n"

    yield line({"type": "start", "username": name, "sites": len(sites) + 1})
    to_check: list[Site] = []
    for site in sites:
        if site.accepts(name):
            to_check.append(site)
        else:  # regexCheck: the site does not allow this name, so no request is made
            yield line(result_line(site.name, site.profile_url(name), "invalid", NAME_REFUSED))
    policy = OutboundPolicy(hosts, config["USERNAME_OUTBOUND_BUDGET"], allowed_networks(app, configured_service=False))
    session = outbound_session(policy, pool_size=config["USERNAME_CONCURRENCY"])
    executor = ThreadPoolExecutor(max_workers=max(1, min(config["USERNAME_CONCURRENCY"], len(to_check) + 1)))
    try:
        # Each check's site and profile URL (named in its line when it times out).
        names: dict[Future[ResultLine], tuple[str, str]] = {
            executor.submit(_own_profile, app, name, claims): ("Toolkit", "")
        }
        for site in to_check:
            future = executor.submit(check_site, session, site, name, hosts, config["USERNAME_SITE_TIMEOUT"])
            names[future] = (site.name, site.profile_url(name))
        pending = set(names)
        while pending:
            done, pending = wait(pending, timeout=max(0.0, deadline - time.monotonic()), return_when=FIRST_COMPLETED)
            if not done:
                break
            for future in done:
                yield line(future.result())
        for future in pending:  # still running at the job time limit
            future.cancel()
            yield line(result_line(*names[future], "unknown", TIMED_OUT))
    finally:
        executor.shutdown(wait=False, cancel_futures=True)
        session.close()
    summary = {"found": 0, "not_found": 0, "could_not_check": 0}
    for status, count in counts.items():
        summary[SUMMARY[status]] += count
    yield line(
        {"type": "done", "counts": counts, "summary": summary, "elapsed_ms": round((time.monotonic() - started) * 1000)}
    )


def _own_profile(app: Flask, name: str, claims: Claims | None) -> ResultLine:
    """Toolkit's own nicknames, through nickname_taken() (profiles themselves stay private)."""
    try:
        with app.app_context(), rls_transaction(claims, read_only=True) as conn:
            row = conn.execute("select public.nickname_taken(%s) as taken", (name,)).fetchone()
    except Exception:
        row = None
    if row is None:  # the query answers one row: none means the database did not answer
        return result_line("Toolkit", "", "unknown", "Could not reach Toolkit's own database")
    return result_line("Toolkit", "", "taken" if row["taken"] else "available")
