"""The nginx gateway: one origin serving the built app and proxying the BFF."""
from __future__ import annotations

import os
import signal

from .config import ROOT, StackConfig
from .supervisor import Supervisor

APP_DIST = ROOT / "app" / "dist"

NGINX_CONF = """\
{user_directive}
worker_processes 1;
pid {run}/nginx.pid;
error_log {logs}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log {logs}/nginx-access.log;
  client_body_temp_path {run}/body;
  proxy_temp_path {run}/proxy;
  fastcgi_temp_path {run}/fastcgi;
  uwsgi_temp_path {run}/uwsgi;
  scgi_temp_path {run}/scgi;
  sendfile on;
  gzip on;
  gzip_types text/css application/javascript application/json image/svg+xml application/manifest+json;
  client_max_body_size 100m;
  upstream bff {{ server 127.0.0.1:{bff_port}; keepalive 16; }}
  server {{
    listen 127.0.0.1:{port};
    root {dist};
    location /api/ {{
      proxy_pass http://bff;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      # Whole uploads are received here first: a slow client must not hold a BFF thread.
      proxy_request_buffering on;
      client_body_timeout 20s;
      proxy_read_timeout 75s;
    }}
    location /s/ {{
      proxy_pass http://bff;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Request-Id $request_id;
    }}
    # What nginx answers itself (the BFF never saw the request, or is down) is JSON like the BFF's
    # errors, never an nginx HTML page.
    error_page 413 @too_large;
    error_page 414 /__errors/414.json;  # a named location cannot serve it: the URI was never parsed
    error_page 502 503 504 @bff_unavailable;
    location @too_large {{
      default_type application/json;
      return 413 '{{"error":{{"code":"request_entity_too_large","message":"The request is larger than 100 MB"}}}}';
    }}
    location = /__errors/414.json {{
      internal;
      default_type application/json;
      return 414 '{{"error":{{"code":"uri_too_long","message":"The address is longer than 8 KB"}}}}';
    }}
    location @bff_unavailable {{
      default_type application/json;
      return 503 '{{"error":{{"code":"service_unavailable","message":"The service is not reachable; try again in a moment"}}}}';
    }}
    # Hashed build assets never change; everything else is revalidated.
    location /assets/ {{ add_header Cache-Control "public, max-age=31536000, immutable"; }}
    location / {{
      add_header Cache-Control "no-cache";
      try_files $uri /index.html;
    }}
  }}
}}
"""


def start_gateway(cfg: StackConfig, sup: Supervisor) -> None:
    run = cfg.data_dir / "nginx"
    run.mkdir(parents=True, exist_ok=True)
    cfg.log_dir.mkdir(parents=True, exist_ok=True)
    conf = run / "nginx.conf"
    conf.write_text(NGINX_CONF.format(
        # As root, nginx would switch workers to `nobody`, who may not read the checkout.
        user_directive="user root;" if os.geteuid() == 0 else "",
        run=run, logs=cfg.log_dir, port=cfg.gateway_port, bff_port=cfg.bff_port, dist=APP_DIST,
    ))
    sup.start("gateway", ["/usr/sbin/nginx", "-c", str(conf), "-p", str(run), "-g", "daemon off;"],
              port=cfg.gateway_port, stop_signal=signal.SIGQUIT)  # graceful shutdown
