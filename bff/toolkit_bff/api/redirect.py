"""GET /s/{code}: the short link as a real HTTP redirect (SPEC §5: dead links go home).

The stack routes /s/ to the redirect service (toolkit_redirect), built for this path; this view
stays for a BFF reached directly, with the same rules and the same atomic SQL."""
from flask import Blueprint, Response, request
from toolkit_redirect.rules import BOT_AGENTS, VALID_CODE  # one definition for both /s/ paths
from werkzeug.routing import BaseConverter

from ..db import run_once
from ..extensions import limiter

bp = Blueprint("redirect", __name__)
limiter.exempt(bp)  # the hottest path: no per-request limiter bookkeeping


class AnyText(BaseConverter):
    """Everything after /s/, newlines included (werkzeug's `path` stops at them and would 404)."""
    regex = r"[\s\S]+"
    part_isolating = False


@bp.record_once
def _register_converter(state) -> None:
    state.app.url_map.converters["anytext"] = AnyText


def _redirect(location: str):
    # No body: browsers follow Location, and the BFF sends no HTML.
    return Response(status=302, headers={"Location": location, "Cache-Control": "no-store"})


@bp.get("/s/")
@bp.get("/s")
def missing_code():
    return _redirect("/")


@bp.get("/s/<anytext:code>")
def follow(code):
    if not VALID_CODE.fullmatch(code):
        return _redirect("/")
    # HEAD requests (Flask answers them with this view) and bots see the target without a click.
    count = request.method == "GET" and not BOT_AGENTS.search(request.user_agent.string or "")
    # Always as anon: the link, not the visitor, decides where this goes. One round trip to Postgres.
    url = run_once("select public.resolve_short_link({code}, {count}) as url",
                   {"code": code, "count": count}, role="anon")[0]["url"]
    return _redirect(url or "/")
