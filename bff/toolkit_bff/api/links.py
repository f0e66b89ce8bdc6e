"""Short links: create (signed in or not), list and delete mine, resolve for the app's /s screen."""
from flask import Blueprint, current_app, jsonify, request

from ..auth import request_claims, require_claims
from ..db import rls_transaction
from ..errors import ApiError
from ..extensions import limiter
from . import body
from .writes import anonymous_write_limit, is_anonymous

bp = Blueprint("links", __name__)

LINK_COLUMNS = ("id, short_code, original_url, clicks, max_clicks, expires_at, created_at,"
                " case when expires_at is not null and expires_at <= now() then 'expired'"
                " when max_clicks is not null and clicks >= max_clicks then 'exhausted'"
                " else 'active' end as status")


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
    data = body.json_object(("url", "alias", "expires_at", "max_clicks"))
    url = body.text(data, "url", max_length=2048, required=True)
    alias = body.text(data, "alias", max_length=64, nullable=True)
    expires_at = body.expiry(data)
    max_clicks = body.integer(data, "max_clicks", low=1, high=2_000_000_000)
    with rls_transaction(claims) as conn:
        # The function returns the new row, so anonymous creators (who cannot read it) see it too.
        row = conn.execute(
            f"select {LINK_COLUMNS} from public.create_short_link(%s, %s, %s, %s)",
            (url, body.or_none(alias), body.or_none(expires_at), body.or_none(max_clicks))).fetchone()
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


@bp.get("/links/resolve/<code>")
def resolve_link(code):
    with rls_transaction(request_claims()) as conn:
        url = conn.execute("select public.resolve_short_link(%s) as url", (code,)).fetchone()["url"]
    if url is None:
        raise ApiError(404, "not_found", "This short link does not exist or has expired")
    return jsonify(short_code=code, url=url)
