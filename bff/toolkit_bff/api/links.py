"""Short links: create (signed in or not, optionally with a password), list and delete mine, their
statistics, resolve for the app's /s screen."""
from flask import Blueprint, current_app, jsonify, request

from toolkit_redirect.password import MAX_PASSWORD_LENGTH

from ..auth import request_claims, require_claims
from ..db import rls_transaction
from ..errors import ApiError
from ..extensions import limiter
from ..site_origins import record_own_origins
from . import body
from .link_passwords.create import create_protected_link
from .link_passwords.policy import weakness
from .writes import anonymous_write_limit, is_anonymous

bp = Blueprint("links", __name__)

LINK_COLUMNS = ("id, short_code, original_url, clicks, max_clicks, expires_at, created_at, protected,"
                " case when expires_at is not null and expires_at <= now() then 'expired'"
                " when max_clicks is not null and clicks >= max_clicks then 'exhausted'"
                " else 'active' end as status")
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


def _with_short_url(row: dict) -> dict:
    return {"id": row["id"], "short_code": row["short_code"], "short_url": short_url(row["short_code"]),
            **{k: v for k, v in row.items() if k not in ("id", "short_code")}}


@bp.post("/links")
@limiter.limit(anonymous_write_limit, exempt_when=lambda: not is_anonymous(), override_defaults=False)
def create_link():
    claims = request_claims()
    data = body.json_object(("url", "alias", "expires_at", "max_clicks", "password"))
    url = body.text(data, "url", max_length=2048, required=True)
    alias = body.text(data, "alias", max_length=64, nullable=True)
    expires_at = body.expiry(data)
    max_clicks = body.integer(data, "max_clicks", low=1, high=2_000_000_000)
    password = body.text(data, "password", max_length=MAX_PASSWORD_LENGTH, nullable=True)
    if isinstance(password, str) and (problem := weakness(password)):
        raise ApiError(422, "password_too_weak", problem)
    options = (body.or_none(alias), body.or_none(expires_at), body.or_none(max_clicks))
    record_own_origins()  # so SQL knows which /s/ links are ours (a link to one would loop)
    with rls_transaction(claims) as conn:
        # The function returns the new row, so anonymous creators (who cannot read it) see it too.
        if isinstance(password, str):
            row = create_protected_link(conn, LINK_COLUMNS, url, password, options)
        else:
            row = conn.execute(f"select {LINK_COLUMNS} from public.create_short_link(%s, %s, %s, %s)",
                               (url, *options)).fetchone()
    return jsonify(_with_short_url(row)), 201


@bp.get("/links")
def list_links():
    claims = require_claims()
    limit = body.query_int("limit", 50, low=1, high=200)
    offset = body.query_int("offset", 0, low=0, high=body.MAX_OFFSET)
    with rls_transaction(claims, read_only=True) as conn:
        rows = conn.execute(
            f"select {LINK_COLUMNS}, count(*) over () as total from public.shortened_urls"
            " order by created_at desc, id limit %s offset %s", (limit, offset)).fetchall()
    total = rows[0]["total"] if rows else 0
    links = [_with_short_url({k: v for k, v in row.items() if k != "total"}) for row in rows]
    return jsonify(links=links, total=total, limit=limit, offset=offset)


@bp.delete("/links/<uuid:link_id>")
def delete_link(link_id):
    claims = require_claims()
    with rls_transaction(claims) as conn:
        deleted = conn.execute("delete from public.shortened_urls where id = %s returning id", (link_id,)).fetchone()
    if deleted is None:  # not there, or not yours: the same answer, so nothing leaks
        raise ApiError(404, "not_found", "No link of yours has this id")
    return "", 204


@bp.get("/links/<uuid:link_id>/stats")
def link_stats(link_id):
    """Clicks per day, referrer hosts, browsers and devices of one of my links (admins: any link)."""
    claims = require_claims()
    days = body.query_int("days", 30, low=1, high=366)
    with rls_transaction(claims, read_only=True) as conn:
        stats = conn.execute("select public.short_link_stats(%s, %s) as stats", (link_id, days)).fetchone()["stats"]
    return jsonify({**stats, "short_url": short_url(stats["short_code"])})


@bp.get("/links/resolve/<code>")
def resolve_link(code):
    with rls_transaction(request_claims()) as conn:
        url = conn.execute("select public.resolve_short_link(%s) as url", (code,)).fetchone()["url"]
        state = None if url else conn.execute("select public.short_link_state(%s) as state", (code,)).fetchone()["state"]
    if url is None:
        raise ApiError(*UNRESOLVED.get(state, UNRESOLVED[None]))
    return jsonify(short_code=code, url=url)
