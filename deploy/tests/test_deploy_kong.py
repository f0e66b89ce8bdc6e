"""Kong's declarative config: rendered the way the kong service renders it, and routing what the app calls."""

import re
import shlex
import subprocess

import pytest
import yaml
from deploy_support import ROOT, services

from stack.gateway import NGINX_CONF

TEMPLATE = ROOT / "deploy" / "kong" / "kong.yml"
SECRETS = {
    "SUPABASE_ANON_KEY": "anon.key.value",
    "SUPABASE_SERVICE_KEY": "service.key.value",
    "DASHBOARD_USERNAME": "studio-admin",
    "DASHBOARD_PASSWORD": "pa55-word_x",
}


@pytest.fixture(scope="module")
def kong(tmp_path_factory):
    """The kong service's own entrypoint, minus starting Kong, run on our template."""
    out = tmp_path_factory.mktemp("kong") / "kong.yml"
    entrypoint = services()["kong"]["entrypoint"]
    script = (
        entrypoint.replace("$$", "$")  # compose's escape for a literal dollar
        .replace("/home/kong/kong.template.yml", str(TEMPLATE))
        .replace("/tmp/kong.yml", str(out))
    )
    render, _, start = script.partition(" && exec ")
    assert start == "/docker-entrypoint.sh kong docker-start'"
    subprocess.run(shlex.split(render + "'"), env={"PATH": "/usr/bin:/bin", **SECRETS}, check=True)
    return yaml.safe_load(out.read_text())


def route_for(kong: dict, path: str) -> dict:
    """The service Kong picks for a path: the longest matching route prefix, as its router does."""
    candidates = [
        (len(prefix), service)
        for service in kong["services"]
        for route in service["routes"]
        for prefix in route["paths"]
        if path.startswith(prefix)
    ]
    assert candidates, f"no route for {path}"
    return max(candidates, key=lambda c: c[0])[1]


def plugins(service: dict) -> dict[str, dict]:
    return {p["name"]: p.get("config", {}) for p in service.get("plugins", [])}


def test_the_keys_and_studio_credentials_are_substituted(kong):
    keys = {c["username"]: [k["key"] for k in c.get("keyauth_credentials", [])] for c in kong["consumers"]}
    assert keys["anon"] == [SECRETS["SUPABASE_ANON_KEY"]]
    assert keys["service_role"] == [SECRETS["SUPABASE_SERVICE_KEY"]]
    assert kong["basicauth_credentials"] == [
        {"consumer": "DASHBOARD", "username": "studio-admin", "password": "pa55-word_x"}
    ]
    # Nothing else in the file was taken for a shell expansion.
    assert "$" not in TEMPLATE.read_text().replace("$SUPABASE_ANON_KEY", "").replace(
        "$SUPABASE_SERVICE_KEY", ""
    ).replace("$DASHBOARD_USERNAME", "").replace("$DASHBOARD_PASSWORD", "")
    assert not re.search(r'["`]', TEMPLATE.read_text())


def test_the_compose_service_passes_the_variables_the_template_needs():
    env = services()["kong"]["environment"]
    assert env["SUPABASE_ANON_KEY"] == "${ANON_KEY}"
    assert env["SUPABASE_SERVICE_KEY"] == "${SERVICE_ROLE_KEY}"
    assert set(SECRETS) <= set(env)
    assert env["KONG_DATABASE"] == "off"
    plugins_enabled = set(env["KONG_PLUGINS"].split(","))
    template = yaml.safe_load(TEMPLATE.read_text())
    used = {p["name"] for s in template["services"] for p in s.get("plugins", [])}
    assert used <= plugins_enabled


@pytest.mark.parametrize(
    "path",
    [
        "/auth/v1/token",
        "/auth/v1/user",
        "/auth/v1/signup",
        "/auth/v1/logout",
        "/auth/v1/settings",
        "/auth/v1/factors",
        "/auth/v1/recover",
        "/auth/v1/otp",
    ],
)
def test_the_app_s_auth_calls_reach_auth_with_an_api_key(kong, path):
    service = route_for(kong, path)
    assert service["url"] == "http://auth:9999/"
    checks = plugins(service)
    assert "key-auth" in checks and set(checks["acl"]["allow"]) == {"anon", "admin"}


def test_the_open_auth_routes_are_the_local_gateway_s(kong):
    # scripts/stack/gateway.py's nginx template lets exactly these through without a key, like Kong.
    local = re.search(r"location ~ \^/auth/v1/\(([^)]*)\)\$", NGINX_CONF).group(1)
    local_open = {"/auth/v1/" + p.replace("\\.", ".") for p in local.split("|")}
    kong_open = {
        prefix
        for s in kong["services"]
        if s["url"].startswith("http://auth:9999") and "key-auth" not in plugins(s)
        for r in s["routes"]
        for prefix in r["paths"]
    }
    assert kong_open == local_open
    for path in local_open:
        assert route_for(kong, path)["url"] == "http://auth:9999" + path.removeprefix("/auth/v1")


def test_realtime_is_a_websocket_route_needing_a_key_and_its_tenant_api_is_closed(kong):
    socket = route_for(kong, "/realtime/v1/websocket")
    assert socket["protocol"] == "ws" and socket["url"].endswith(":4000/socket")
    assert "key-auth" in plugins(socket)
    tenants = route_for(kong, "/realtime/v1/api/tenants/realtime-dev")
    assert plugins(tenants)["request-termination"]["status_code"] == 403
    # Kong connects to the alias the realtime service answers on (its first label is the tenant).
    host = re.match(r"\w+://([^:/]+)", socket["url"]).group(1)
    assert host in services()["realtime"]["networks"]["default"]["aliases"]


def test_postgrest_needs_a_key_and_postgres_meta_the_service_role(kong):
    rest = route_for(kong, "/rest/v1/profile")
    assert rest["url"] == "http://rest:3000/" and "key-auth" in plugins(rest)
    meta = route_for(kong, "/pg/tables")
    assert plugins(meta)["acl"]["allow"] == ["admin"]


def test_everything_else_is_studio_behind_basic_auth(kong):
    for path in ("/", "/project/default", "/api/platform/profile"):
        dashboard = route_for(kong, path)
        assert dashboard["url"] == "http://studio:3000/"
        assert plugins(dashboard)["basic-auth"]["hide_credentials"] is True


def test_every_upstream_is_a_compose_service(kong):
    hosts = {re.match(r"\w+://([^:/]+)", s["url"]).group(1) for s in kong["services"]}
    names = set(services()) | set(services()["realtime"]["networks"]["default"]["aliases"])
    assert hosts <= names
