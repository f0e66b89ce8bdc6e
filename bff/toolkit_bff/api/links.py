"""Short links: create (signed in or not, optionally with a password), list and delete mine, their
statistics, resolve for the app's /s screen."""

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from flask import Blueprint, Response, current_app, jsonify, request

from ..auth import request_claims, require_claims
from ..contract.operations import NoContent, Routes, WithStatus
from ..contract.responses import (
    DATA_OPTIONAL_TOKEN,
    DATA_SIGNED_IN,
    DATABASE,
    JSON_BODY,
    PAGE_GATE,
    RATE_LIMITED,
    SIGNED_IN_OR_API_TOKEN,
    WITH_API_TOKEN,
    json_response,
    links_to,
)
from ..db import only_row, rls_transaction
from ..errors import ApiError
from ..site_origins import record_own_origins
from .link_passwords.create import create_protected_link
from .link_passwords.policy import weakness
from .models.common import Paging
from .models.links import LinkStats, ResolvedLink, ShortLink, ShortLinkCreate, ShortLinkList, StatsPeriod
from .rows import delete_mine, page_answer
from .writes import ANONYMOUS_WRITES

bp = Blueprint("links", __name__, url_prefix="/api")
routes = Routes(bp, "links")

LINK_COLUMNS = (
    "id, short_code, original_url, clicks, max_clicks, expires_at, created_at, protected,"
    " case when expires_at is not null and expires_at <= now() then 'expired'"
    " when max_clicks is not null and clicks >= max_clicks then 'exhausted'"
    " else 'active' end as status"
)
# Why /api/links/resolve/{code} has no destination to give (short_link_state in SQL): the app's /s
# screen sends the visitor home with this reason, or to the redirect service's password page.
UNRESOLVED = {
    None: (404, "not_found", "There is no short link with this code"),
    "expired": (410, "link_expired", "This short link has expired"),
    "exhausted": (410, "link_exhausted", "This short link has reached its click limit"),
    "protected": (403, "password_required", "This short link asks for a password"),
}


def short_url(code: str) -> str:
    base = current_app.config["PUBLIC_URL"] or request.host_url.rstrip("/")
    return f"{base}/s/{code}"


def _with_short_url(row: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "short_code": row["short_code"],
        "short_url": short_url(row["short_code"]),
        **{k: v for k, v in row.items() if k not in ("id", "short_code")},
    }


@routes.post(
    "/links",
    "createLink",
    body=ShortLinkCreate,
    security=WITH_API_TOKEN,
    answers={
        201: json_response(
            "The new link.",
            ShortLink,
            links={
                **links_to("link_id", "$response.body#/id", "getLinkStats", "deleteLink"),
                **links_to("code", "$response.body#/short_code", "resolveLink"),
            },
        )
    },
    errors=(
        JSON_BODY,
        DATA_OPTIONAL_TOKEN,
        RATE_LIMITED,
        DATABASE,
        PAGE_GATE,
        {409: ["conflict"], 422: ["password_too_weak"]},
    ),
    before=(ANONYMOUS_WRITES,),
)
def create_link(body: ShortLinkCreate) -> WithStatus:
    """Shorten a URL

    Signed in or not; anonymous callers are rate-limited per IP and own nothing (they cannot list
    or delete the link later)."""
    claims = request_claims()
    url, password = body.url, body.password
    if isinstance(password, str) and (problem := weakness(password)):
        raise ApiError(422, "password_too_weak", problem)
    options = (body.alias, body.expires_at, body.max_clicks)
    record_own_origins()  # so SQL knows which /s/ links are ours (a link to one would loop)
    with rls_transaction(claims) as conn:
        # The function returns the new row, so anonymous creators (who cannot read it) see it too.
        if isinstance(password, str):
            row = create_protected_link(conn, LINK_COLUMNS, url, password, options)
        else:
            row = only_row(
                conn.execute(f"select {LINK_COLUMNS} from public.create_short_link(%s, %s, %s, %s)", (url, *options))
            )
    return jsonify(_with_short_url(row)), 201


@routes.get(
    "/links",
    "listMyLinks",
    query=Paging,
    security=SIGNED_IN_OR_API_TOKEN,
    answers={200: json_response("A page of my links.", ShortLinkList)},
    errors=(DATA_SIGNED_IN, RATE_LIMITED, DATABASE, {422: ["invalid_input"]}),
)
def list_links(query: Paging) -> Response:
    """My links, newest first, with their clicks"""
    with rls_transaction(require_claims(), read_only=True) as conn:
        rows = conn.execute(
            f"select {LINK_COLUMNS}, count(*) over () as total from public.shortened_urls"
            " order by created_at desc, id limit %s offset %s",
            (query.limit, query.offset),
        ).fetchall()
    return page_answer("links", rows, query.limit, query.offset, _with_short_url)


@routes.delete(
    "/links/<uuid:link_id>",
    "deleteLink",
    security=SIGNED_IN_OR_API_TOKEN,
    answers={204: {"description": "Deleted."}},
    errors=(DATA_SIGNED_IN, RATE_LIMITED, DATABASE, {404: ["not_found"]}),
)
def delete_link(link_id: UUID) -> NoContent:
    """Delete one of my links

    Someone else's link answers 404 like a missing one: nothing leaks."""
    delete_mine(require_claims(), "shortened_urls", link_id, "No link of yours has this id")
    return "", 204


@routes.get(
    "/links/<uuid:link_id>/stats",
    "getLinkStats",
    query=StatsPeriod,
    security=SIGNED_IN_OR_API_TOKEN,
    answers={200: json_response("The link's statistics for the last `days` days.", LinkStats)},
    errors=(
        DATA_SIGNED_IN,
        RATE_LIMITED,
        DATABASE,
        {403: ["aal2_required"], 404: ["not_found"], 422: ["invalid_input"]},
    ),
)
def link_stats(link_id: UUID, query: StatsPeriod) -> Response:
    """Clicks per day, referrer hosts, browsers and devices of my link

    The owner's, or any link's for an admin's own session at `aal2` (an admin at `aal1` gets 403
    `aal2_required`; an admin's API token is no admin); someone else's link answers 404 like a
    missing one. Kept by the redirect service's batched click counting, so the last fraction of a
    second may not be in yet."""
    claims = require_claims()
    days = query.days
    with rls_transaction(claims, read_only=True) as conn:
        stats = only_row(conn.execute("select public.short_link_stats(%s, %s) as stats", (link_id, days)))["stats"]
    return jsonify({**stats, "short_url": short_url(stats["short_code"])})


@routes.get(
    "/links/resolve/<code>",
    "resolveLink",
    security=WITH_API_TOKEN,
    answers={200: json_response("The destination.", ResolvedLink)},
    errors=(
        DATA_OPTIONAL_TOKEN,
        RATE_LIMITED,
        DATABASE,
        {403: ["password_required"], 404: ["not_found"], 410: ["link_expired", "link_exhausted"]},
    ),
)
def resolve_link(code: str) -> Response:
    """Where a short code leads (counts a click)

    For the app's /s screen: 404 for no such link, 410 `link_expired` or `link_exhausted` for a
    dead one (the screen says which on the home page), 403 `password_required` for a protected
    one, whose destination only the redirect service's password page gives."""
    with rls_transaction(request_claims()) as conn:
        url = only_row(conn.execute("select public.resolve_short_link(%s) as url", (code,)))["url"]
        state = None if url else only_row(conn.execute("select public.short_link_state(%s) as state", (code,)))["state"]
    if url is None:
        raise ApiError(*UNRESOLVED.get(state, UNRESOLVED[None]))
    return jsonify(short_code=code, url=url)
