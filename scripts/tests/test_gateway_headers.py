"""Every answer through the gateway carries each security header once (issue 37): where the upstream
(the BFF, the redirect service, Auth) sets one itself, the gateway adds none beside it — before, a raw
paste came with two Content-Security-Policy headers (the BFF's sandbox and the app's) and every
answer of the BFF with two of X-Content-Type-Options, Referrer-Policy and X-Frame-Options. Counted
on the wire (http.client), where duplicates are not folded into one value."""

from __future__ import annotations

import http.client
import json
import os
from urllib.parse import urlsplit

import pytest

from stack.services import build_app

ONCE = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options")


def send(method: str, path: str, body: dict | None = None, headers: dict | None = None) -> http.client.HTTPResponse:
    gateway = urlsplit(os.environ["TOOLKIT_PUBLIC_URL"])
    connection = http.client.HTTPConnection(gateway.hostname, gateway.port, timeout=10)
    connection.request(
        method,
        path,
        body=json.dumps(body) if body else None,
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def counts(response: http.client.HTTPResponse) -> dict[str, int]:
    names = [name.lower() for name, _ in response.getheaders()]
    return {name: names.count(name.lower()) for name in ONCE}


@pytest.fixture(scope="module")
def built_app() -> None:
    build_app()  # the app shell is app/dist, which a pytest-only run may not have built yet


@pytest.fixture(scope="module")
def answers(built_app) -> dict[str, http.client.HTTPResponse]:
    paste = json.loads(_created("/api/pastes", {"title": "headers", "content": "<script>alert(1)</script>"}))
    plain = json.loads(_created("/api/links", {"url": "https://example.com/headers"}))
    protected = json.loads(_created("/api/links", {"url": "https://example.com/locked", "password": "open sesame"}))
    return {
        "a raw plain paste": send("GET", f"/api/pastes/{paste['id']}/raw"),
        "a JSON answer": send("GET", "/api/health"),
        "an API error": send("GET", "/api/no-such-endpoint"),
        "the app shell": send("GET", "/"),
        "a protected link's password page": send("GET", f"/s/{protected['short_code']}"),
        "Auth": send("GET", "/auth/v1/settings", headers={"apikey": os.environ["TOOLKIT_ANON_KEY"]}),
        "nginx's own refusal": send("GET", "/api/" + "x" * 9000),
        "a short link's redirect": send("GET", f"/s/{plain['short_code']}"),
    }


def _created(path: str, body: dict) -> bytes:
    gateway = urlsplit(os.environ["TOOLKIT_PUBLIC_URL"])
    connection = http.client.HTTPConnection(gateway.hostname, gateway.port, timeout=10)
    connection.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    assert response.status == 201, data
    return data


@pytest.mark.parametrize(
    "what",
    [
        "a raw plain paste",
        "a JSON answer",
        "an API error",
        "the app shell",
        "a protected link's password page",
        "Auth",
        "nginx's own refusal",
    ],
)
def test_each_security_header_comes_exactly_once(answers, what):
    assert counts(answers[what]) == dict.fromkeys(ONCE, 1)


def test_a_raw_paste_keeps_the_bffs_sandbox_policy_alone(answers):
    """The one policy left is the strict one: a raw paste's text can never run as a page of the site."""
    assert (
        answers["a raw plain paste"].getheader("Content-Security-Policy")
        == "default-src 'none'; frame-ancestors 'none'; sandbox"
    )
    assert answers["a raw plain paste"].getheader("Referrer-Policy") == "no-referrer"


def test_a_short_links_redirect_carries_no_header_twice(answers):
    """A redirect carries no page: the app's policy stays off it (its password page brings its own)."""
    redirect = answers["a short link's redirect"]
    assert redirect.status == 302
    assert counts(redirect) == {
        "Content-Security-Policy": 0,
        "X-Content-Type-Options": 1,
        "Referrer-Policy": 0,
        "X-Frame-Options": 1,
    }
