"""redirect_to validation as upstream's IsRedirectURLValid and GetReferrer: the site's host, loopback
IP literals, and GOTRUE_URI_ALLOW_LIST globs where `*` stops at `.` and `/` and `**` does not."""

from __future__ import annotations

import dataclasses

import pytest
from flask import Flask

from local_auth import redirects
from local_auth.config import load_settings

SITE = "http://localhost:8000"
ALLOW = [
    "http://localhost:8000/**",
    "https://*.example.com/cb",
    "https://app.test/*",
    "https://deep.test/**",
    "myapp://callback",
    "http://10.0.0.1/**",
    "http://exa_mple.test/**",
    "https://?.short.test/",
    "https://{one,two}.alt.test/",
]


@pytest.fixture
def app() -> Flask:
    app = Flask(__name__)
    app.config["AUTH_SETTINGS"] = dataclasses.replace(load_settings(), site_url=SITE, uri_allow_list=ALLOW)
    return app


def valid(app, url: str) -> bool:
    with app.app_context():
        return redirects.is_valid(url)


@pytest.mark.parametrize(
    "url",
    [
        "http://localhost:8000/welcome",
        "https://localhost/other/path",  # the site's host, whatever the scheme, port or path
        "http://localhost:3000",
        "http://127.0.0.1:3000/cb",  # loopback IP literals, allow-listed or not
        "http://[::1]:5173/",
        "https://a.example.com/cb",  # one label for *
        "https://app.test/page",  # one path segment for *
        "https://deep.test/a/b/c.d?x=1",  # ** crosses both . and /
        "https://app.test/page#frag/ment.x",  # the fragment is not matched
        "myapp://callback",  # custom schemes from the list
        "https://x.short.test/",  # ? is one character
        "https://two.alt.test/",  # {a,b} alternatives
    ],
)
def test_allowed(app, url):
    assert valid(app, url)


@pytest.mark.parametrize(
    "url",
    [
        "",
        "https://a.b.example.com/cb",  # * does not cross '.'
        "https://example.com/cb",
        "https://app.test/a/b",  # * does not cross '/'
        "https://evil.test/http://localhost:8000/",
        "http://10.0.0.1/cb",  # an IP literal is only ever allowed when loopback
        "http://2130706433/",  # 127.0.0.1 as a decimal number
        "http://exa_mple.test/x",  # not a regular host name for http(s)
        "http://LOCALHOST:9/x",  # hosts compare with their case, as upstream
        "http://localhost.evil.test/",
        "https://xy.short.test/",
        "https://three.alt.test/",
        "myapp://other",
    ],
)
def test_refused(app, url):
    assert not valid(app, url)


def referrer(app, *, headers=None, query="", params=None) -> str:
    with app.test_request_context(f"/signup{query}", headers=headers or {}):
        return redirects.referrer(params)


def test_referrer_prefers_the_header_then_the_query_then_the_body(app):
    header, query, body = (f"{SITE}/from-{where}" for where in ("header", "query", "body"))
    assert (
        referrer(app, headers={"redirect_to": header}, query=f"?redirect_to={query}", params={"redirect_to": body})
        == header
    )
    assert referrer(app, query=f"?redirect_to={query}", params={"redirect_to": body}) == query
    assert referrer(app, params={"redirect_to": body}) == body


def test_referrer_falls_back_to_the_referer_then_the_site(app):
    assert referrer(app, headers={"Referer": f"{SITE}/came-from"}) == f"{SITE}/came-from"
    assert (
        referrer(app, params={"redirect_to": "https://evil.test/"}, headers={"Referer": f"{SITE}/came-from"})
        == f"{SITE}/came-from"
    )
    # Never an error: anything not allowed silently becomes the site URL.
    assert referrer(app, params={"redirect_to": "https://evil.test/"}, headers={"Referer": "https://x.test/"}) == SITE
    assert referrer(app) == SITE


def test_a_non_string_redirect_to_is_ignored(app):
    assert referrer(app, params={"redirect_to": ["http://localhost:8000/x"]}) == SITE
