"""The production nginx (app/nginx.conf) run natively with Debian's nginx, started by the app image's
own entrypoint (app/nginx-start.sh), with only its writable paths moved into the test's directory and
the upstreams replaced by recording stand-ins; and the local gateway's nginx (scripts/stack/gateway.py)
in front of the same stand-ins, to compare the two."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

from deploy_support import ROOT
from deploy_upstreams import RecordingUpstream

CONF = ROOT / "app" / "nginx.conf"
START = ROOT / "app" / "nginx-start.sh"
HEADERS = ROOT / "app" / "nginx-headers.conf"
ERRORS = ROOT / "app" / "nginx-errors.conf"
NGINX = "/usr/sbin/nginx"


def local_conf(tmp_path: Path, **replacements: str) -> str:
    """The config with its writable paths moved into tmp_path, the headers and errors files the image
    copies to /etc/nginx read from the repository, plus the given replacements."""
    text = (
        CONF.read_text()
        .replace("/tmp/", f"{tmp_path}/")
        .replace("/etc/nginx/toolkit-headers.conf", str(HEADERS))
        .replace("/etc/nginx/toolkit-errors.conf", str(ERRORS))
    )
    for old, new in replacements.items():
        assert old in text, old
        text = text.replace(old, new)
    # As root, nginx would run workers as `nobody`, who cannot read the test's directories.
    return ("user root;\n" if os.geteuid() == 0 else "") + text


def start_script_env(tmp_path: Path, cidrs: str | None, **variables: str) -> dict[str, str]:
    env = {"PATH": f"{Path(NGINX).parent}:/usr/bin:/bin", "TMPDIR": str(tmp_path)} | variables
    return env | ({"TRUSTED_PROXY_CIDRS": cidrs} if cidrs is not None else {})


def check_conf(
    tmp_path: Path, text: str, cidrs: str | None = None, **variables: str | None
) -> subprocess.CompletedProcess:
    """`nginx -t` on the config, run through the start script as the container runs it (with the
    given variables: BFF_UPSTREAM, NGINX_RESOLVER…; one given as None is left unset). The redirect
    service is an address unless given: Debian's nginx (1.22) resolves an upstream block's names at
    start and knows no `resolve`, and there is no host named redirect here."""
    conf = tmp_path / "nginx.conf"
    conf.write_text(text)
    variables = {"REDIRECT_UPSTREAM": "http://127.0.0.1:5001"} | variables
    env = start_script_env(tmp_path, cidrs, **{k: v for k, v in variables.items() if v is not None})
    return subprocess.run(
        ["/bin/sh", str(START), "-t", "-c", str(conf), "-e", str(tmp_path / "error.log")],
        env=env,
        capture_output=True,
        text=True,
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_listening(proc: subprocess.Popen, port: int, error_log: Path) -> None:
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            assert proc.poll() is None, error_log.read_text() if error_log.exists() else "nginx exited"
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.05)


@contextmanager
def upstreams():
    stand_ins = {name: RecordingUpstream(name) for name in ("bff", "redirect", "kong", "auth", "realtime")}
    try:
        yield stand_ins
    finally:
        for upstream in stand_ins.values():
            upstream.close()


def seo_file(name: str) -> str:
    """robots.txt or sitemap.xml as the app's build writes them without VITE_SITE_URL (the real
    generator, app/scripts/seo-files.mjs, so its placeholder is the one the configs fill in)."""
    call = {"robots.txt": "robotsTxt", "sitemap.xml": "sitemapXml"}[name]
    script = (
        f"import('{ROOT / 'app' / 'scripts' / 'seo-files.mjs'}')"
        f".then((m) => process.stdout.write(m.{call}(m.SITE_ORIGIN_PLACEHOLDER)))"
    )
    return subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True).stdout


def fake_dist(tmp_path: Path) -> Path:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True, exist_ok=True)
    (dist / "index.html").write_text("<!doctype html><title>app shell</title>")
    (dist / "assets" / "index-abc123.js").write_text("console.log('app')")
    for name in ("robots.txt", "sitemap.xml"):
        (dist / name).write_text(seo_file(name))
    return dist


def upstream_variables(stand_ins: dict, supabase: str | None = None) -> dict[str, str]:
    """The start script's variables pointing nginx at the stand-ins (Kong's, unless `supabase` says)."""
    return {
        "BFF_UPSTREAM": f"http://127.0.0.1:{stand_ins['bff'].port}",
        "REDIRECT_UPSTREAM": f"http://127.0.0.1:{stand_ins['redirect'].port}",
        "SUPABASE_UPSTREAM": supabase or f"http://127.0.0.1:{stand_ins['kong'].port}",
        "NGINX_RESOLVER": "127.0.0.1",
    }  # never asked: every upstream is an address


@contextmanager
def production(tmp_path: Path, stand_ins: dict, cidrs: str | None = None, supabase: str | None = None):
    """app/nginx.conf on a free loopback port, started by nginx-start.sh with the upstreams pointed
    at the stand-ins (Supabase's at `supabase` if given); yields the port."""
    port = free_port()
    conf = tmp_path / "nginx.conf"
    conf.write_text(
        local_conf(
            tmp_path,
            **{
                "listen 8080;": f"listen 127.0.0.1:{port};",
                "root /usr/share/nginx/html;": f"root {fake_dist(tmp_path)};",
            },
        )
    )
    error_log = tmp_path / "error.log"
    env = start_script_env(tmp_path, cidrs, **upstream_variables(stand_ins, supabase))
    proc = subprocess.Popen(
        ["/bin/sh", str(START), "-c", str(conf), "-e", str(error_log)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_until_listening(proc, port, error_log)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@contextmanager
def local_gateway(tmp_path: Path, stand_ins: dict):
    """The local stack's gateway config (scripts/stack/gateway.py) in front of the same stand-ins."""
    from stack.gateway import write_nginx_conf

    port = free_port()
    run = tmp_path / "local-gateway"
    conf = write_nginx_conf(
        run,
        run / "logs",
        port=port,
        bff_port=stand_ins["bff"].port,
        redirect_port=stand_ins["redirect"].port,
        auth_port=stand_ins["auth"].port,
        realtime_port=stand_ins["realtime"].port,
        anon_key="anon",
        service_key="service",
        dist=fake_dist(tmp_path),
    )
    error_log = run / "logs" / "nginx-error.log"
    proc = subprocess.Popen(
        [NGINX, "-c", str(conf), "-p", str(run), "-e", str(error_log), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_until_listening(proc, port, error_log)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def request(
    port: int, method: str, path: str, headers: dict | None = None, body: bytes | None = None, source: str | None = None
):
    """One request; `source` is the loopback address it comes from (all of 127/8 is local on Linux)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0) if source else None)
    conn.request(method, path, body=body, headers=headers or {})
    try:
        response = conn.getresponse()
        return response, response.read()
    finally:
        conn.close()
