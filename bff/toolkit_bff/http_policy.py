"""What every response carries: a request id, security headers, CORS for allowed origins, a log line."""

from __future__ import annotations

import json
import logging
import re
import time
import uuid

from flask import Flask, Response, g, request
from flask_cors import CORS
from werkzeug.middleware.proxy_fix import ProxyFix

access_log = logging.getLogger("toolkit_bff.access")

REQUEST_ID_HEADER = "X-Request-Id"
_VALID_REQUEST_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")

# The BFF serves JSON and generated files (SVG included), never pages: nothing may run or embed.
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
    "X-Frame-Options": "DENY",
}


def _begin_request() -> None:
    incoming = request.headers.get(REQUEST_ID_HEADER, "")
    g.request_id = incoming if _VALID_REQUEST_ID.match(incoming) else uuid.uuid4().hex
    g.started = time.perf_counter()


def _finish_response(response: Response) -> Response:
    response.headers[REQUEST_ID_HEADER] = g.get("request_id", "")
    if response.status_code < 400:  # flask-limiter adds Retry-After to every limited response
        response.headers.pop("Retry-After", None)
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    access_log.info(
        json.dumps(
            {
                "request_id": g.get("request_id"),
                "method": request.method,
                "path": request.path,
                "status": response.status_code,
                "duration_ms": round((time.perf_counter() - g.get("started", time.perf_counter())) * 1000, 1),
                "client": request.remote_addr,
            }
        )
    )
    return response


def _configure_logging(app: Flask) -> None:
    # One JSON line per request on stderr (gunicorn collects it); tests keep pytest's capture.
    if not app.testing and not access_log.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        access_log.addHandler(handler)
        access_log.setLevel(logging.INFO)
        access_log.propagate = False


def init_http_policy(app: Flask) -> None:
    if app.config["TRUSTED_PROXIES"]:
        # Flask's documented way to add WSGI middleware; the checker takes wsgi_app for a fixed method.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=app.config["TRUSTED_PROXIES"], x_proto=app.config["TRUSTED_PROXIES"]
        )
    CORS(
        app,
        resources={r"/api/*": {"origins": app.config["CORS_ORIGINS"]}},
        expose_headers=[
            REQUEST_ID_HEADER,
            "Content-Disposition",
            "Retry-After",
            "X-RateLimit-Limit",
            "X-RateLimit-Remaining",
            "X-RateLimit-Reset",
            "X-Input-Size",
            "X-Output-Size",
            "X-Output-Count",
            "X-Size-Change",
            "X-QR-Modules",
        ],
        allow_headers=["Authorization", "Content-Type", "X-Edit-Token", REQUEST_ID_HEADER],
    )
    app.before_request(_begin_request)
    app.after_request(_finish_response)
    _configure_logging(app)
