"""The client's address behind a TLS proxy: app/nginx.conf, started by the image's entrypoint with
TRUSTED_PROXY_CIDRS, believes X-Forwarded-For only on connections from those proxies and passes the
client's address alone to Auth (through Kong) and to the BFF, which key their rate limits on it.

The proxy is played by a second loopback address: requests from 127.0.0.2 come "from the proxy",
requests from 127.0.0.1 from a visitor connecting directly."""

import pytest
from app_nginx import check_conf, local_conf, production, request, upstreams

PROXY, DIRECT = "127.0.0.2", "127.0.0.1"
VISITOR, CLAIMED, CDN = "198.51.100.23", "203.0.113.66", "10.20.30.40"


@pytest.fixture
def behind_proxy(tmp_path):
    """Trusting the proxy (127.0.0.2) and a CDN's range in front of it (10.0.0.0/8), as an operator
    would write them (comma and space separated)."""
    with upstreams() as stand_ins, production(tmp_path, stand_ins, f"{PROXY}/32, 10.0.0.0/8") as port:
        yield port, stand_ins


def client_seen_by_auth_and_bff(port, stand_ins, source, forwarded_for=None):
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    request(port, "POST", "/auth/v1/token?grant_type=password", {"apikey": "anon", **headers}, b"{}", source=source)
    request(port, "GET", "/api/me", headers, source=source)
    request(port, "GET", "/realtime/v1/websocket?apikey=anon", headers, source=source)
    seen = [stand_ins["kong"].requests[-2], stand_ins["bff"].requests[-1], stand_ins["kong"].requests[-1]]
    assert [s["path"] for s in seen] == [
        "/auth/v1/token?grant_type=password",
        "/api/me",
        "/realtime/v1/websocket?apikey=anon",
    ]
    addresses = {s["headers"]["X-Forwarded-For"] for s in seen}
    assert len(addresses) == 1, seen  # Auth, the BFF and Realtime see the same client
    return addresses.pop()


def test_behind_a_trusted_proxy_auth_and_the_bff_see_the_visitor(behind_proxy):
    port, stand_ins = behind_proxy
    assert client_seen_by_auth_and_bff(port, stand_ins, PROXY, VISITOR) == VISITOR


def test_what_the_visitor_writes_into_the_header_itself_is_not_believed(behind_proxy):
    """The proxy appends the address it saw to what the visitor sent: the rightmost untrusted entry
    is the visitor, whatever it claimed before it."""
    port, stand_ins = behind_proxy
    assert client_seen_by_auth_and_bff(port, stand_ins, PROXY, f"{CLAIMED}, {VISITOR}") == VISITOR
    assert client_seen_by_auth_and_bff(port, stand_ins, PROXY, f"{CLAIMED}, {VISITOR}, {CDN}") == VISITOR


def test_a_visitor_connecting_directly_cannot_choose_its_address(behind_proxy):
    port, stand_ins = behind_proxy
    assert client_seen_by_auth_and_bff(port, stand_ins, DIRECT, CLAIMED) == DIRECT
    assert client_seen_by_auth_and_bff(port, stand_ins, DIRECT) == DIRECT


def test_without_trusted_proxies_the_connection_is_the_client(tmp_path):
    with upstreams() as stand_ins, production(tmp_path, stand_ins) as port:
        assert client_seen_by_auth_and_bff(port, stand_ins, PROXY, VISITOR) == PROXY


def test_each_trusted_proxy_becomes_a_set_real_ip_from_line(tmp_path):
    result = check_conf(tmp_path, local_conf(tmp_path), "172.18.0.1,10.0.0.0/8 2001:db8::/32")
    assert result.returncode == 0, result.stderr
    lines = (tmp_path / "nginx-real-ip.conf").read_text().splitlines()
    assert [line for line in lines if not line.startswith("#")] == [
        "set_real_ip_from 172.18.0.1;",
        "set_real_ip_from 10.0.0.0/8;",
        "set_real_ip_from 2001:db8::/32;",
    ]


@pytest.mark.parametrize("value", ["10.0.0.0/8; include /etc/passwd", "proxy.example", "10.0.0.0/8/8"])
def test_anything_but_addresses_stops_the_start(tmp_path, value):
    result = check_conf(tmp_path, local_conf(tmp_path), value)
    assert result.returncode == 64
    assert "is not an IP address or CIDR block" in result.stderr
    assert "include" not in (tmp_path / "nginx-real-ip.conf").read_text()


def test_an_address_nginx_cannot_read_fails_the_config_check(tmp_path):
    result = check_conf(tmp_path, local_conf(tmp_path), "10.0.0.0/99")
    assert result.returncode != 0


def test_compose_hands_the_trusted_proxies_to_the_app_and_the_bff_trusts_only_the_apps_nginx():
    from deploy_support import env_example, services

    assert services()["app"]["environment"]["TRUSTED_PROXY_CIDRS"] == "${TRUSTED_PROXY_CIDRS:-}"
    assert env_example()["TRUSTED_PROXY_CIDRS"] == ""  # no one trusted unless the operator says so
    # The nginx sends one address, the client's: the BFF takes the last hop (ProxyFix x_for=1).
    assert services()["bff"]["environment"]["TOOLKIT_TRUSTED_PROXIES"] == 1
