import os
from collections import Counter
from http.server import BaseHTTPRequestHandler
from typing import ClassVar

import requests

from stack.keys import make_api_key
from toolkit_bff import create_app, remembered_checks
from tools_servers import serve


def test_health_reports_database_ok(client):
    response = client.get("/api/health")
    assert response.status_code == 200
    # The database has every migration of this checkout (replica_checks.schema_status).
    assert response.get_json()["checks"] == {"database": "ok", "auth": "not_configured", "migrations": "ok"}


def test_health_is_503_when_auth_is_configured_but_unreachable(app):
    app.config["AUTH_URL"] = "http://127.0.0.1:1"
    response = app.test_client().get("/api/health")
    assert response.status_code == 503
    assert response.get_json()["status"] == "degraded"
    assert response.get_json()["checks"] == {"database": "ok", "auth": "unreachable", "migrations": "ok"}


def test_health_is_503_when_database_is_unreachable(stack_env):
    app = create_app(
        {
            "TESTING": True,
            "JWT_SECRET": "x" * 32,
            "DATABASE_URL": "postgresql://authenticator:wrong@127.0.0.1:1/postgres?connect_timeout=1",
        }
    )
    response = app.test_client().get("/api/health")
    assert response.status_code == 503
    assert response.get_json()["checks"]["database"] == "unreachable"
    app.extensions["db_pool"].close()


def test_health_reports_auth_ok_when_the_stacks_auth_answers(app):
    app.config["AUTH_URL"] = os.environ["TOOLKIT_AUTH_URL"]
    response = app.test_client().get("/api/health")
    assert response.status_code == 200
    # Auth accepts the service-role key this secret signed: the secret is the deployment's.
    assert response.get_json()["checks"] == {"database": "ok", "auth": "ok", "jwt_secret": "ok", "migrations": "ok"}


class _CountingPassThrough(BaseHTTPRequestHandler):
    """Forwards each GET to the real Auth (UPSTREAM) and counts, by path, the requests that reached it."""

    UPSTREAM: ClassVar[str] = ""
    reached: ClassVar[Counter[str]] = Counter()

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        type(self).reached[path] += 1
        headers = {name: self.headers[name] for name in ("Authorization", "apikey") if self.headers[name]}
        answer = requests.get(self.UPSTREAM + self.path, headers=headers, timeout=5)
        self.send_response(answer.status_code)
        self.send_header("Content-Type", answer.headers.get("Content-Type", "application/json"))
        self.send_header("Content-Length", str(len(answer.content)))
        self.end_headers()
        self.wfile.write(answer.content)

    def log_message(self, *args: object) -> None:
        pass


def test_auths_answer_about_the_key_is_reused_for_a_few_seconds_and_a_changed_secret_seen_after(app, monkeypatch):
    """Probes every few seconds cost one Auth round trip per window (replica_checks.AUTH_ANSWER_SECONDS, 5 s)."""
    now = [1000.0]
    monkeypatch.setattr(remembered_checks, "clock", lambda: now[0])
    _CountingPassThrough.UPSTREAM, _CountingPassThrough.reached = os.environ["TOOLKIT_AUTH_URL"], Counter()
    reached = _CountingPassThrough.reached
    with serve(_CountingPassThrough) as auth_url:
        app.config["AUTH_URL"] = auth_url
        client = app.test_client()
        first = client.get("/api/health")
        assert first.status_code == 200 and first.get_json()["checks"]["jwt_secret"] == "ok"
        assert reached["/admin/users"] == 1
        now[0] += 1  # a second later, as a balancer and Kubernetes both probing would
        second = client.get("/api/health")
        assert second.status_code == 200 and second.get_json()["checks"]["jwt_secret"] == "ok"
        assert reached["/admin/users"] == 1  # within the window: Auth was not asked again
        assert reached["/health"] == 2  # (its reachability still is, on every probe)
        # This replica's key is now one Auth refuses, as after Auth's secret was rotated without it.
        app.config["JWT_SECRET"] = "another-secret-another-secret-another-secret"
        app.config["SERVICE_ROLE_KEY"] = make_api_key(app.config["JWT_SECRET"], "service_role")
        now[0] += 9  # ten seconds after Auth was asked: a window of a few seconds has ended
        third = client.get("/api/health")
        assert third.status_code == 503 and third.get_json()["checks"]["jwt_secret"] == "mismatch"
        assert reached["/admin/users"] == 2
