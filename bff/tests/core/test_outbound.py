"""Outbound requests (toolkit_bff/outbound.py): listed hosts only, resolved and checked before
connecting, connected to the checked address, every redirect hop checked again, a budget."""

from __future__ import annotations

import re
import socket
from http.server import BaseHTTPRequestHandler
from typing import ClassVar

import pytest
import requests

from fixtures.tools_support import assert_json_error
from toolkit_bff.outbound import (
    OutboundBudgetExceeded,
    OutboundPolicy,
    OutboundRefused,
    address_is_public,
    outbound_session,
    parse_networks,
)
from tools_servers import serve

LOOPBACK = parse_networks("127.0.0.1/32")


class Recorder(BaseHTTPRequestHandler):
    seen: ClassVar[list[tuple[str, str]]] = []  # (path, Host) of every request
    redirect_to = ""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self):
        Recorder.seen.append((self.path, self.headers.get("Host", "")))
        if self.path == "/hop" and Recorder.redirect_to:
            self.send_response(302)
            self.send_header("Location", Recorder.redirect_to)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    do_POST = do_GET


@pytest.fixture
def server():
    Recorder.seen, Recorder.redirect_to = [], ""
    with serve(Recorder) as base:
        yield base, int(base.rsplit(":", 1)[1])


@pytest.fixture
def fake_dns(monkeypatch):
    """Names under .test resolve to what the test says; lookups are counted."""
    table: dict[str, str] = {}
    lookups: list[str] = []
    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        if host in table:
            lookups.append(host)
            family = socket.AF_INET6 if ":" in table[host] else socket.AF_INET
            return [(family, socket.SOCK_STREAM, 6, "", (table[host], port))]
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return table, lookups


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "127.8.9.10",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",
        "100.64.0.1",
        "0.0.0.0",
        "224.0.0.1",
        "240.0.0.1",
        "255.255.255.255",
        "192.0.2.1",
        "::1",
        "::",
        "fe80::1",
        "fc00::1",
        "fd12:3456::1",
        "ff02::1",
        "2001:db8::1",
        "::ffff:127.0.0.1",
        "::ffff:10.0.0.1",
        "64:ff9b::a9fe:a9fe",
        "2002:7f00:1::1",
    ],
)
def test_internal_addresses_are_not_public(address):
    assert not address_is_public(address)


@pytest.mark.parametrize("address", ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
def test_public_addresses_are_public(address):
    assert address_is_public(address)


def test_loopback_is_refused_without_an_exemption(server):
    base, _ = server
    with (
        outbound_session(OutboundPolicy(frozenset({"127.0.0.1"}), budget=5)) as session,
        pytest.raises(OutboundRefused, match=re.escape("internal address 127.0.0.1")),
    ):
        session.get(base + "/")
    assert Recorder.seen == []


def test_a_listed_name_that_resolves_internally_is_refused(server, fake_dns):
    _, port = server
    table, _ = fake_dns
    table["lapsed.test"] = "127.0.0.1"  # a listed domain re-pointed at us
    with (
        outbound_session(OutboundPolicy(frozenset({"lapsed.test"}), budget=5)) as session,
        pytest.raises(OutboundRefused, match=re.escape("lapsed.test resolves to the internal address")),
    ):
        session.get(f"http://lapsed.test:{port}/")
    assert Recorder.seen == []


def test_connects_to_the_address_it_checked_without_a_second_lookup(server, fake_dns):
    _, port = server
    table, lookups = fake_dns
    table["service.test"] = "127.0.0.1"
    with outbound_session(OutboundPolicy(frozenset({"service.test"}), budget=5, allow_networks=LOOPBACK)) as session:
        assert session.get(f"http://service.test:{port}/x").text == "ok"
    assert lookups == ["service.test"]  # one lookup: the one that was checked
    assert Recorder.seen == [("/x", f"service.test:{port}")]  # the name is still the Host


def test_hosts_not_listed_are_refused(server):
    base, _ = server
    with outbound_session(OutboundPolicy(frozenset({"example.com"}), budget=5, allow_networks=LOOPBACK)) as session:
        with pytest.raises(OutboundRefused, match="not a listed host"):
            session.get(base + "/")
        with pytest.raises(OutboundRefused, match="plain http"):
            session.get("http://user:password@example.com/")
    assert Recorder.seen == []


def test_every_redirect_hop_is_checked_again(server, fake_dns):
    base, _ = server
    table, _ = fake_dns
    table["metadata.test"] = "169.254.169.254"
    Recorder.redirect_to = "http://metadata.test/latest/meta-data/"
    hosts = frozenset({"127.0.0.1", "metadata.test"})
    with (
        outbound_session(OutboundPolicy(hosts, budget=5, allow_networks=LOOPBACK)) as session,
        pytest.raises(OutboundRefused, match=re.escape("169.254.169.254")),
    ):
        session.get(base + "/hop")
    Recorder.redirect_to = "http://elsewhere.example/"
    with (
        outbound_session(OutboundPolicy(hosts, budget=5, allow_networks=LOOPBACK)) as session,
        pytest.raises(OutboundRefused, match="not a listed host"),
    ):
        session.get(base + "/hop")


def test_budget_of_outbound_requests(server):
    base, _ = server
    with outbound_session(OutboundPolicy(frozenset({"127.0.0.1"}), budget=2, allow_networks=LOOPBACK)) as session:
        session.get(base + "/1")
        session.get(base + "/2")
        with pytest.raises(OutboundBudgetExceeded):
            session.get(base + "/3")
    assert [path for path, _ in Recorder.seen] == ["/1", "/2"]
    assert issubclass(OutboundRefused, requests.RequestException)  # callers' handlers catch it


def test_translator_engine_on_loopback_needs_the_operators_exemption(tools_app, tools_client, server):
    base, _ = server
    tools_app.config.update(LIBRETRANSLATE_URL=base, OUTBOUND_TEST_NETWORKS=[])
    response = tools_client.post("/api/tools/translate", json={"q": "hello", "source": "en", "target": "de"})
    error = assert_json_error(response, 503, "translation_unavailable")
    assert "internal address 127.0.0.1" in error["message"]
    assert Recorder.seen == []
    tools_app.config["OUTBOUND_ALLOW_NETWORKS"] = "127.0.0.1/32"
    tools_client.post("/api/tools/translate", json={"q": "hello", "source": "en", "target": "de"})
    assert [path for path, _ in Recorder.seen] == ["/languages"]  # the engine's pairs, asked first


def test_test_exemption_needs_testing_mode(tools_app, server):
    from toolkit_bff.outbound import allowed_networks

    assert allowed_networks(tools_app, configured_service=False) == LOOPBACK
    tools_app.config["TESTING"] = False
    assert allowed_networks(tools_app, configured_service=False) == ()


def test_jwks_is_fetched_through_the_policy(app, client, server):
    """The key set's host resolves to loopback: without an exemption the fetch never happens."""
    import jwt
    from cryptography.hazmat.primitives.asymmetric import ec

    base, _ = server
    app.config.update(JWKS_URL=f"{base}/jwks.json", OUTBOUND_TEST_NETWORKS=[])
    token = jwt.encode(
        {"sub": "x", "aud": "authenticated", "role": "authenticated", "exp": 2**31},
        ec.generate_private_key(ec.SECP256R1()),
        algorithm="ES256",
        headers={"kid": "k1"},
    )
    response = client.get("/api/me", headers={"Authorization": f"Bearer {token}"})
    assert_json_error(response, 503, "auth_unavailable")
    assert Recorder.seen == []


def test_username_checker_refuses_a_listed_site_that_now_resolves_internally(
    tools_app, tools_client, server, fake_dns, tmp_path
):
    """A listed domain that lapsed and points at an internal address: never asked, answered unknown."""
    import json

    from fixtures.tools_support import ndjson

    _, port = server
    table, _ = fake_dns
    table["lapsed.test"] = "10.0.0.7"
    table["metadata.test"] = "169.254.169.254"
    sites = {
        "Lapsed": {
            "errorType": "status_code",
            "url": f"http://lapsed.test:{port}/{{}}",
            "urlMain": "http://lapsed.test",
            "username_claimed": "taken",
        },
        "Metadata": {
            "errorType": "status_code",
            "url": f"http://metadata.test:{port}/{{}}",
            "urlMain": "http://metadata.test",
            "username_claimed": "taken",
        },
    }
    path = tmp_path / "sites.json"
    path.write_text(json.dumps(sites))
    tools_app.config.update(
        USERNAME_SITES_FILE=str(path), USERNAME_SITE_TIMEOUT=2, USERNAME_INTERNET_PROBE=f"localhost:{port}"
    )  # the internet is there
    lines = ndjson(tools_client.get("/api/tools/username/someone").data)
    results = {line["site"]: line for line in lines if line["type"] == "result" and line["site"] != "Toolkit"}
    assert results["Lapsed"]["status"] == "unknown" and "internal address 10.0.0.7" in results["Lapsed"]["detail"]
    assert results["Metadata"]["status"] == "unknown" and "169.254.169.254" in results["Metadata"]["detail"]
    assert Recorder.seen == []


def test_only_the_test_stack_entry_point_reaches_loopback_outside_testing(tools_app):
    """wsgi.py (dev, production) never allows loopback; test_stack_wsgi.py sets the one flag that does,
    and no environment variable can set it."""
    import ast
    from pathlib import Path

    from toolkit_bff.outbound import allowed_networks

    tools_app.config["TESTING"] = False
    assert allowed_networks(tools_app, configured_service=False) == ()
    tools_app.config["OUTBOUND_TEST_STACK"] = True
    assert allowed_networks(tools_app, configured_service=False) == LOOPBACK
    bff_dir = Path(__file__).resolve().parents[2]
    assert "OUTBOUND_TEST_STACK" not in (bff_dir / "wsgi.py").read_text()
    assert "OUTBOUND_TEST_STACK" not in (bff_dir / "toolkit_bff" / "config.py").read_text()
    entry = ast.parse((bff_dir / "test_stack_wsgi.py").read_text())
    assert any(isinstance(node, ast.Constant) and node.value == "OUTBOUND_TEST_STACK" for node in ast.walk(entry))
