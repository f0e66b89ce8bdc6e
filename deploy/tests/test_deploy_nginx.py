"""app/nginx.conf: passes `nginx -t` with Debian's nginx, and, run against stand-in upstreams,
serves the app with a strict CSP and routes /api, /s, /auth/v1 and /realtime/v1 where they belong."""

import base64
import hashlib
import re

import pytest
from app_nginx import HEADERS, check_conf, local_conf, production, upstreams
from app_nginx import request as send
from deploy_support import ROOT


def inline_script_hashes(html: str) -> set[str]:
    scripts = re.findall(r"<script>(.*?)</script>", html, re.S)
    return {"'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'" for s in scripts}


def csp_directives(value: str) -> dict[str, list[str]]:
    parts = (d.strip().split() for d in value.split(";") if d.strip())
    return {p[0]: p[1:] for p in parts}


def test_the_config_passes_nginx_t(tmp_path):
    result = check_conf(tmp_path, local_conf(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr


def test_nginx_t_fails_on_a_broken_config(tmp_path):
    result = check_conf(tmp_path, local_conf(tmp_path, **{"location /s/ {": "location /s/ {{"}))
    assert result.returncode != 0


def test_the_csp_allows_exactly_the_inline_scripts_of_index_html():
    csp = re.search(
        r'map \$toolkit_route \$app_content_security_policy \{[^}]*default\s+"([^"]+)";', HEADERS.read_text()
    ).group(1)
    directives = csp_directives(csp)
    hashes = inline_script_hashes((ROOT / "app" / "index.html").read_text())
    assert hashes, "index.html has no inline script any more: drop its hash from the CSP"
    assert set(directives["script-src"]) == {"'self'"} | hashes
    assert directives["default-src"] == ["'self'"]
    assert directives["connect-src"] == ["'self'"]  # Auth and Realtime are proxied on this origin
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["base-uri"] == ["'self'"]
    assert directives["object-src"] == ["blob:"]  # the PDF result preview only
    assert not any("unsafe-eval" in v for values in directives.values() for v in values)


@pytest.fixture
def gateway(tmp_path):
    """The production config on a free port, with the BFF, the redirect service and Kong replaced by
    recording stand-ins."""
    with upstreams() as stand_ins, production(tmp_path, stand_ins) as port:
        yield {"port": port, **stand_ins}


def request(gateway, method, path, headers=None, body=None):
    return send(gateway["port"], method, path, headers, body)


def test_the_app_shell_is_served_with_the_csp_and_revalidated(gateway):
    for path in ("/", "/tools/qr-generator", "/admin/users"):  # SPA routes fall back to index.html
        response, body = request(gateway, "GET", path)
        assert response.status == 200 and b"app shell" in body, path
        assert "script-src 'self' 'sha256-" in response.getheader("Content-Security-Policy")
        assert response.getheader("Cache-Control") == "no-cache"
        assert response.getheader("X-Content-Type-Options") == "nosniff"
        assert response.getheader("X-Frame-Options") == "DENY"


def test_hashed_assets_are_cached_for_a_year(gateway):
    response, body = request(gateway, "GET", "/assets/index-abc123.js")
    assert response.status == 200 and body == b"console.log('app')"
    assert response.getheader("Cache-Control") == "public, max-age=31536000, immutable"
    assert response.getheader("Content-Security-Policy")


def test_api_goes_to_the_bff_and_short_links_to_the_redirect_service_unchanged(gateway):
    response, _ = request(gateway, "GET", "/api/me?fields=all", {"X-Forwarded-For": "203.0.113.9"})
    assert response.status == 200 and response.getheader("X-Upstream") == "bff"
    seen = gateway["bff"].requests[-1]
    assert seen["path"] == "/api/me?fields=all"
    # The BFF trusts this one hop: the client's address alone, never what the client claims.
    assert seen["headers"]["X-Forwarded-For"] == "127.0.0.1"
    assert seen["headers"]["X-Request-Id"]
    # The BFF's own caching headers are not overridden.
    assert response.getheader("Cache-Control") == "private, max-age=7"
    response, _ = request(gateway, "GET", "/s/docs-supabase", {"X-Forwarded-For": "203.0.113.9"})
    assert response.getheader("X-Upstream") == "redirect"
    assert gateway["redirect"].requests[-1]["path"] == "/s/docs-supabase"
    # Password attempts are counted per client: the address nginx saw, never one the client claims.
    assert gateway["redirect"].requests[-1]["headers"]["X-Forwarded-For"] == "127.0.0.1"
    # A protected link's page brings its own policy: the app's (form-action 'self') would stop the
    # browser from following the password form's redirect to the destination.
    assert response.getheader("Content-Security-Policy") is None


def test_auth_goes_to_kong_with_its_prefix_and_the_real_client_address(gateway):
    response, _ = request(
        gateway,
        "POST",
        "/auth/v1/token?grant_type=password",
        {"apikey": "anon", "X-Forwarded-For": "198.51.100.7", "Content-Type": "application/json"},
        body=b'{"email":"a@b.c","password":"x"}',
    )
    assert response.getheader("X-Upstream") == "kong"
    seen = gateway["kong"].requests[-1]
    assert seen["path"] == "/auth/v1/token?grant_type=password"  # Kong's routes strip it
    assert seen["headers"]["apikey"] == "anon"
    assert seen["headers"]["X-Forwarded-For"] == "127.0.0.1"  # never the address the client claims
    assert seen["body"] == b'{"email":"a@b.c","password":"x"}'


def test_realtime_websockets_are_upgraded_through_to_kong(gateway):
    request(
        gateway,
        "GET",
        "/realtime/v1/websocket?apikey=anon&vsn=1.0.0",
        {
            "Upgrade": "websocket",
            "Connection": "Upgrade",
            "Sec-WebSocket-Version": "13",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        },
    )
    seen = gateway["kong"].requests[-1]
    assert seen["path"] == "/realtime/v1/websocket?apikey=anon&vsn=1.0.0"
    assert seen["headers"]["Upgrade"] == "websocket"
    assert seen["headers"]["Connection"].lower() == "upgrade"


def test_an_unreachable_upstream_answers_json(gateway):
    gateway["bff"].close()
    response, body = request(gateway, "GET", "/api/health")
    assert response.status == 503
    assert response.getheader("Content-Type") == "application/json"
    assert b'"code":"service_unavailable"' in body


def test_the_health_endpoint_answers_without_upstreams(gateway):
    response, body = request(gateway, "GET", "/healthz")
    assert response.status == 200 and body == b"ok\n"
