"""The nginx gateway: one origin serving the built app and proxying the BFF, Auth and Realtime."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import TypeVar

from .config import ROOT, StackConfig
from .supervisor import Supervisor

T = TypeVar("T")

APP_DIST = ROOT / "app" / "dist"
# Production's response headers (CSP, nosniff, …), the same file the app image's nginx includes.
HEADERS_CONF = ROOT / "app" / "nginx-headers.conf"
# What nginx answers itself (malformed requests, limits, an upstream that is down): JSON, the same
# file the app image's nginx includes.
ERRORS_CONF = ROOT / "app" / "nginx-errors.conf"

NGINX_CONF = """\
{user_directive}
worker_processes 1;
pcre_jit on;  # the regular expressions of every request (the route map of nginx-headers.conf) compiled
# Each proxied WebSocket holds two connections: 1024 stopped at ~500 Realtime clients (python -m bench.realtime --gateway).
worker_rlimit_nofile 16384;
pid {run}/nginx.pid;
error_log {logs}/nginx-error.log warn;
events {{ worker_connections 8192; }}
http {{
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  # nginx's combined format and the instance that answered (with replicas: which one took each request).
  log_format upstream '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent '
                      '"$http_referer" "$http_user_agent" upstream=$upstream_addr';
  access_log {logs}/nginx-access.log upstream;
  client_body_temp_path {run}/body;
  proxy_temp_path {run}/proxy;
  fastcgi_temp_path {run}/fastcgi;
  uwsgi_temp_path {run}/uwsgi;
  scgi_temp_path {run}/scgi;
  sendfile on;
  gzip on;
  # nginx's default level 1 sends the entry chunk ~18 % larger than level 6 does, for little CPU saved.
  gzip_comp_level 6;
  gzip_types text/css application/javascript application/json image/svg+xml application/manifest+json;
  client_max_body_size 100m;
  # With replicas (issue 41) each upstream lists every instance: nginx takes turns, and an instance
  # that refuses a connection is left out for fail_timeout (10 s) while its request goes to the next
  # (its error log names the instance: "connect() failed … upstream: …").
  # Idle upstream connections are dropped before gunicorn's 2 s keep-alive ends: nginx must never
  # send a request (a POST is not retried) on a connection gunicorn is closing.
  upstream bff {{ {bff_servers} keepalive 16; keepalive_timeout 1s; }}
  # The short-link redirect service (bff/toolkit_redirect/): more idle connections, as every
  # redirect is one short request, each kept for as many as come (nginx's default closes one every
  # 1,000). On this host through its unix socket: no TCP on either side of the hop.
  upstream redirect {{ {redirect_servers} keepalive 64; keepalive_timeout 1s; keepalive_requests 1000000; }}
  upstream auth {{ {auth_servers} keepalive 16; keepalive_timeout 1s; }}
  upstream realtime {{ server 127.0.0.1:{realtime_port}; }}
  map_hash_bucket_size 256;  # the keys are long JWTs
  # Like Kong in production: Auth answers only requests carrying the anon or service-role key.
  map $http_apikey $apikey_header_ok {{ "{anon_key}" 1; "{service_key}" 1; default 0; }}
  map $arg_apikey $apikey_query_ok {{ "{anon_key}" 1; "{service_key}" 1; default 0; }}
  map $http_upgrade $connection_upgrade {{ default upgrade; "" close; }}  # WebSocket upgrades to Realtime
  include {headers};  # no add_header below this level: nginx would drop these where one is set
  server {{
    listen 127.0.0.1:{port};
    root {dist};
    set $bff_upstream http://bff;  # the BFF, for the error pages it answers (app/nginx-errors.conf)
    location /api/ {{
      proxy_pass http://bff;
      include {run}/client-proxy.conf;
      # Whole uploads are received here first: a slow client must not hold a BFF thread.
      proxy_request_buffering on;
      client_body_timeout 20s;
      proxy_read_timeout 75s;
    }}
    # Links in e-mails and provider callbacks carry no key (Kong's open auth routes).
    location ~ ^/auth/v1/(verify|callback|authorize|\\.well-known/jwks\\.json)$ {{
      rewrite ^/auth/v1/(.*)$ /$1 break;
      proxy_pass http://auth;
      include {run}/client-proxy.conf;
    }}
    location /auth/v1/ {{
      include {run}/apikey-required.conf;
      proxy_pass http://auth/;
      include {run}/client-proxy.conf;
    }}
    # Realtime's WebSocket, as Kong routes it: the key is required, /realtime/v1/* → /socket/*.
    location /realtime/v1/ {{
      include {run}/apikey-required.conf;
      proxy_pass http://realtime/socket/;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_read_timeout 1h;  # clients send a heartbeat every 25 s
    }}
    # The redirect service reads the path, User-Agent and Referer (its statistics) and, for a
    # protected link's password attempts, the client's own address (never one it claims).
    location /s/ {{
      proxy_pass http://redirect;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
    }}
    # What nginx answers itself (malformed requests, limits, an upstream that is down) is JSON,
    # like the BFF's errors: the same file as the app image's config.
    include {errors};
    # robots.txt and sitemap.xml need absolute URLs: a build without VITE_SITE_URL leaves a
    # placeholder in them (app/scripts/seo-files.mjs), filled in with the address asked for.
    location ~ ^/(robots\\.txt|sitemap\\.xml)$ {{
      sub_filter '__TOOLKIT_SITE_ORIGIN__' '$scheme://$http_host';
      sub_filter_once off;
      sub_filter_types text/plain text/xml application/xml;
    }}
    # Cache-Control comes with the headers above: assets for a year, the app shell revalidated.
    location / {{
      try_files $uri /index.html;
    }}
  }}
}}
"""


# Kong's key-auth, for the Auth and Realtime routes: Kong's answers when the key is missing or unknown.
APIKEY_REQUIRED_CONF = """\
default_type application/json;
set $apikey_given "$http_apikey$arg_apikey";
if ($apikey_given = "") { return 401 '{"message":"No API key found in request"}'; }
set $apikey_ok "$apikey_header_ok$apikey_query_ok";
if ($apikey_ok = "00") { return 401 '{"message":"Invalid authentication credentials"}'; }
"""

# What the BFF and Auth get from every proxied request (keep-alive to the upstream, the public host,
# the scheme and the request id); each location adds its own X-Forwarded-For.
PROXY_HEADERS_CONF = """\
proxy_http_version 1.1;
proxy_set_header Connection "";
proxy_set_header Host $http_host;
proxy_set_header X-Forwarded-Proto $scheme;
proxy_set_header X-Request-Id $request_id;
"""

# For the BFF and Auth: the client's own address alone, never one it claims (both key their rate
# limits on it), as app/nginx.conf sends it.
CLIENT_PROXY_CONF = """\
include {run}/proxy-headers.conf;
proxy_set_header X-Forwarded-For $remote_addr;
"""


def _servers(addresses: list[str]) -> str:
    return " ".join(f"server {address};" for address in addresses)


def _listed(value: T | list[T]) -> list[T]:
    return value if isinstance(value, list) else [value]


def write_nginx_conf(
    run: Path,
    logs: Path,
    *,
    port: int,
    bff_port: int | list[int],
    redirect_port: int | list[int],
    auth_port: int | list[int],
    realtime_port: int,
    anon_key: str,
    service_key: str,
    dist: Path = APP_DIST,
    redirect_socket: Path | list[Path] | None = None,
) -> Path:
    """The gateway's config (and the file it includes) in `run`; returns the config's path. The
    redirect service is reached through `redirect_socket` when given, else on `redirect_port`. A list
    of ports (or sockets) is one upstream of every instance."""
    run.mkdir(parents=True, exist_ok=True)
    logs.mkdir(parents=True, exist_ok=True)
    (run / "proxy-headers.conf").write_text(PROXY_HEADERS_CONF)
    (run / "client-proxy.conf").write_text(CLIENT_PROXY_CONF.format(run=run))
    (run / "apikey-required.conf").write_text(APIKEY_REQUIRED_CONF)
    redirects = (
        [f"unix:{socket}" for socket in _listed(redirect_socket)]
        if redirect_socket
        else [f"127.0.0.1:{p}" for p in _listed(redirect_port)]
    )
    conf = run / "nginx.conf"
    conf.write_text(
        NGINX_CONF.format(
            # As root, nginx would switch workers to `nobody`, who may not read the checkout.
            user_directive="user root;" if os.geteuid() == 0 else "",
            run=run,
            logs=logs,
            port=port,
            dist=dist,
            headers=HEADERS_CONF,
            errors=ERRORS_CONF,
            bff_servers=_servers([f"127.0.0.1:{p}" for p in _listed(bff_port)]),
            redirect_servers=_servers(redirects),
            auth_servers=_servers([f"127.0.0.1:{p}" for p in _listed(auth_port)]),
            realtime_port=realtime_port,
            anon_key=anon_key,
            service_key=service_key,
        )
    )
    return conf


def start_gateway(cfg: StackConfig, sup: Supervisor) -> None:
    """The gateway; with replicas, it balances every instance, or (the test stack) keeps the first and
    a second gateway on cfg.replicas_gateway_port balances them all."""
    replicas_port = cfg.replicas_gateway_port
    _start_one(cfg, sup, "gateway", cfg.gateway_port, instances=1 if replicas_port is not None else cfg.replicas)
    if replicas_port is not None:
        _start_one(cfg, sup, "gateway-replicas", replicas_port, instances=cfg.replicas)


def log_dir_of(cfg: StackConfig, name: str) -> Path:
    """Where the gateway `name` logs (nginx-access.log, nginx-error.log): the first in the stack's logs."""
    return cfg.log_dir / ("" if name == "gateway" else name)


def _start_one(cfg: StackConfig, sup: Supervisor, name: str, port: int, *, instances: int) -> None:
    env = cfg.service_env()
    run_dir = cfg.data_dir / ("nginx" if name == "gateway" else f"nginx-{name}")
    conf = write_nginx_conf(
        run_dir,
        log_dir_of(cfg, name),
        port=port,
        bff_port=cfg.bff_ports[:instances],
        redirect_port=cfg.redirect_ports[:instances],
        redirect_socket=[cfg.redirect_socket_of(i) for i in range(instances)],
        auth_port=cfg.auth_ports[:instances],
        realtime_port=cfg.realtime_port,
        anon_key=env["TOOLKIT_ANON_KEY"],
        service_key=env["TOOLKIT_SERVICE_ROLE_KEY"],
    )
    run = conf.parent
    sup.start(
        name,
        ["/usr/sbin/nginx", "-c", str(conf), "-p", str(run), "-g", "daemon off;"],
        port=port,
        stop_signal=signal.SIGQUIT,
    )  # graceful shutdown
