"""Where the app's nginx proxies to (app/nginx-start.sh renders it from BFF_UPSTREAM, REDIRECT_UPSTREAM,
SUPABASE_UPSTREAM and NGINX_RESOLVER): the compose services by default, the cluster's Services in
Kubernetes (deploy/helm/toolkit/), or a hosted Supabase over https with its own host name."""

import re
import subprocess
from pathlib import Path

import pytest
from app_nginx import check_conf, local_conf, production, request, upstreams
from deploy_upstreams import RecordingUpstream


def rendered(tmp_path: Path) -> dict[str, str]:
    """The directives nginx-start.sh wrote: `resolver`, the redirect service's `server` and each
    `set $name value`."""
    text = (tmp_path / "nginx-upstreams.conf").read_text()
    found = dict(re.findall(r"^set \$(\w+) (.+);$", text, re.M))
    http_level = (tmp_path / "nginx-http-upstreams.conf").read_text()
    found["resolver"] = re.search(r"^resolver (\S+) valid=10s ipv6=off;$", http_level, re.M).group(1)
    found["redirect_server"] = re.search(
        r"^upstream redirect \{$.*^  server (\S+?)( resolve)?;$", http_level, re.M | re.S
    ).group(1)
    return found


def first_nameserver() -> str:
    lines = Path("/etc/resolv.conf").read_text().splitlines()
    return next(line.split()[1] for line in lines if line.startswith("nameserver"))


def test_by_default_nginx_proxies_to_the_compose_services_through_the_containers_dns(tmp_path):
    result = check_conf(tmp_path, local_conf(tmp_path), REDIRECT_UPSTREAM=None)
    # Debian's nginx looks the redirect service's name up at start (the image's re-resolves it).
    assert result.returncode == 0 or 'host not found in upstream "redirect:5001"' in result.stderr, result.stderr
    assert rendered(tmp_path) == {
        "bff_upstream": "http://bff:5000",
        "redirect_server": "redirect:5001",
        "supabase_upstream": "http://kong:8000",
        "supabase_host": "$http_host",
        # Docker's embedded DNS in compose (127.0.0.11), the cluster's in Kubernetes: resolv.conf's.
        "resolver": first_nameserver(),
    }


def test_the_upstreams_and_the_resolver_come_from_the_environment(tmp_path):
    result = check_conf(
        tmp_path,
        local_conf(tmp_path),
        None,
        BFF_UPSTREAM="http://toolkit-bff.web.svc.cluster.local:5000",
        REDIRECT_UPSTREAM="http://10.96.0.17:5001",
        SUPABASE_UPSTREAM="http://supabase-supabase-kong.supabase.svc.cluster.local:8000",
        NGINX_RESOLVER="fd00:10:96::a",
    )
    assert result.returncode == 0, result.stderr
    assert rendered(tmp_path) == {
        "bff_upstream": "http://toolkit-bff.web.svc.cluster.local:5000",
        "redirect_server": "10.96.0.17:5001",
        "supabase_upstream": "http://supabase-supabase-kong.supabase.svc.cluster.local:8000",
        "supabase_host": "$http_host",
        "resolver": "[fd00:10:96::a]",
    }


@pytest.mark.parametrize(
    "name, value",
    [
        ("BFF_UPSTREAM", "http://bff:5000/api"),  # a path would replace the request's own
        ("REDIRECT_UPSTREAM", "redirect:5001"),  # no scheme
        ("REDIRECT_UPSTREAM", "https://redirect:5001"),  # the service speaks plain HTTP
        ("SUPABASE_UPSTREAM", "http://kong:8000; return 200"),  # would end the directive
        ("NGINX_RESOLVER", "kube-dns"),  # a name: nginx needs an address
    ],
)
def test_a_malformed_value_stops_the_start_with_its_name(tmp_path, name, value):
    result = check_conf(tmp_path, local_conf(tmp_path), None, **{name: value})
    assert result.returncode == 64
    assert f"nginx-start: {name}: '{value}'" in result.stderr
    assert "test is successful" not in result.stderr


@pytest.fixture
def certificate(tmp_path):
    cert, key = tmp_path / "upstream.crt", tmp_path / "upstream.key"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


def test_a_hosted_supabase_is_reached_over_https_with_its_own_host_name(tmp_path, certificate):
    hosted = RecordingUpstream("hosted", tls=certificate)
    try:
        with (
            upstreams() as stand_ins,
            production(tmp_path, stand_ins, supabase=f"https://127.0.0.1:{hosted.port}") as port,
        ):
            response, _ = request(
                port,
                "POST",
                "/auth/v1/token?grant_type=password",
                {"apikey": "anon", "Host": "toolkit.example.com"},
                b"{}",
            )
            assert response.status == 200 and response.getheader("X-Upstream") == "hosted"
            seen = hosted.requests[-1]
            assert seen["path"] == "/auth/v1/token?grant_type=password"
            # The project's own name (its proxy routes on it), never the app's.
            assert seen["headers"]["Host"] == f"127.0.0.1:{hosted.port}"
            assert seen["headers"]["X-Forwarded-For"] == "127.0.0.1"
            # The BFF still sees the app's host name.
            request(port, "GET", "/api/me", {"Host": "toolkit.example.com"})
            assert stand_ins["bff"].requests[-1]["headers"]["Host"] == "toolkit.example.com"
            assert not stand_ins["kong"].requests
    finally:
        hosted.close()


def test_kong_is_sent_the_visitors_host_name(tmp_path):
    with upstreams() as stand_ins, production(tmp_path, stand_ins) as port:
        request(port, "GET", "/auth/v1/user", {"apikey": "anon", "Host": "toolkit.example.com"})
        assert stand_ins["kong"].requests[-1]["headers"]["Host"] == "toolkit.example.com"
