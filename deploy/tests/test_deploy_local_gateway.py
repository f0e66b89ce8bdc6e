"""The local gateway (scripts/stack/gateway.py) answers with production's headers (app/nginx.conf):
both nginx configs run natively in front of the same stand-in upstreams, and every header of the
shared file comes back the same from both, for the app shell, assets, the API and nginx's own errors."""

import os
import re

import pytest
from app_nginx import HEADERS, local_gateway, production, request, upstreams
from deploy_support import ROOT

# (method, path, headers): the app shell, a client-side route, a hashed asset, proxied answers of the
# API, the redirect service and Auth, and one nginx makes itself (too long an address).
PATHS = [
    ("GET", "/", {}),
    ("GET", "/tools/qr-generator", {}),
    ("GET", "/assets/index-abc123.js", {}),
    ("GET", "/api/health", {}),
    ("GET", "/s/abc", {}),
    ("GET", "/auth/v1/user", {"apikey": "anon"}),
    ("GET", "/api/" + "x" * 9000, {}),
]
SHARED = re.findall(r"^add_header ([A-Za-z-]+) ", HEADERS.read_text(), re.M)


def test_the_shared_file_holds_the_security_headers():
    assert {
        "Content-Security-Policy",
        "X-Content-Type-Options",
        "Referrer-Policy",
        "X-Frame-Options",
        "Permissions-Policy",
        "Cache-Control",
    } <= set(SHARED)


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    with (
        upstreams() as stand_ins,
        production(tmp_path_factory.mktemp("production"), stand_ins) as prod_port,
        local_gateway(tmp_path_factory.mktemp("local"), stand_ins) as local_port,
    ):
        yield prod_port, local_port


@pytest.mark.parametrize("method, path, headers", PATHS, ids=lambda v: v[:24] if isinstance(v, str) else None)
def test_the_local_gateway_sends_productions_headers(both, method, path, headers):
    prod_port, local_port = both
    prod, _ = request(prod_port, method, path, headers)
    local, _ = request(local_port, method, path, headers)
    assert local.status == prod.status
    for name in SHARED:
        assert local.getheader(name) == prod.getheader(name), name
    assert local.getheader("X-Content-Type-Options") == "nosniff"
    if path.startswith("/s/"):  # the redirect service's own policy only (its password page)
        assert local.getheader("Content-Security-Policy") is None
    else:
        assert "default-src 'self'" in local.getheader("Content-Security-Policy")


def test_neither_config_sets_headers_of_its_own_which_would_drop_the_shared_ones():
    for conf in (ROOT / "app" / "nginx.conf", ROOT / "scripts" / "stack" / "gateway.py"):
        assert not re.search(r"^\s*add_header\s", conf.read_text(), re.M), conf


@pytest.mark.parametrize("config", [production, local_gateway], ids=["production", "local"])
def test_both_keep_their_connections_to_the_redirect_service_between_redirects(tmp_path, config):
    """A new connection for every redirect was the gateway hop's largest cost (bench/README.md).
    Each nginx worker keeps its own (production runs one per core): more redirects than workers
    come through fewer connections than redirects."""
    redirects = 2 * (os.cpu_count() or 1) + 2
    with upstreams() as stand_ins, config(tmp_path, stand_ins) as port:
        for _ in range(redirects):
            response, _ = request(port, "GET", "/s/abc")
            assert response.status == 200 and response.getheader("X-Upstream") == "redirect"
        peers = [seen["peer"] for seen in stand_ins["redirect"].requests]
        assert len(peers) == redirects
        assert len(set(peers)) <= (os.cpu_count() or 1) < redirects


@pytest.mark.parametrize("which", ["production", "local"])
def test_robots_txt_and_the_sitemap_name_the_address_asked_for(both, which):
    """Absolute URLs, as crawlers (and Lighthouse's robots.txt audit) require, from a build that was
    given no site address: both configs fill in the one the request was made to."""
    port = dict(zip(["production", "local"], both, strict=True))[which]
    host = {"Host": "toolkit.example.com"}
    robots, body = request(port, "GET", "/robots.txt", host)
    assert robots.status == 200 and robots.getheader("Content-Type").startswith("text/plain")
    lines = body.decode().splitlines()
    assert lines[0] == "User-agent: *" and "Disallow: /api/" in lines
    assert "Sitemap: http://toolkit.example.com/sitemap.xml" in lines
    sitemap, body = request(port, "GET", "/sitemap.xml", host)
    assert sitemap.status == 200 and "xml" in sitemap.getheader("Content-Type")
    locs = re.findall(r"<loc>([^<]+)</loc>", body.decode())
    assert "http://toolkit.example.com/" in locs and "http://toolkit.example.com/all-tools" in locs
    assert all(loc.startswith("http://toolkit.example.com/") for loc in locs)
    assert "http://toolkit.example.com/converter" not in locs  # needs an account: visitors land on /login
    assert "http://toolkit.example.com/login" in locs
