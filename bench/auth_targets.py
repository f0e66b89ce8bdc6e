"""What bench.auth sends: an HTTP origin with the headers every request to it carries, and one
client factory per scenario (`make(index) -> request`, request() True when answered 200)."""

from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

from .auth_load import MakeClient, Request
from .result import JsonObject


class Target:
    """One HTTP origin (Auth straight, or through the gateway with the anon key; the BFF)."""

    def __init__(self, base: str, headers: dict[str, str] | None = None) -> None:
        self.headers = headers or {}
        parts = urlsplit(base)
        if parts.hostname is None:
            raise ValueError(f"not an HTTP origin: {base}")
        self.host, self.port, self.prefix = parts.hostname, parts.port, parts.path.rstrip("/")

    def connect(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=30)

    def call(
        self,
        conn: http.client.HTTPConnection,
        method: str,
        path: str,
        body: JsonObject | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, bytes]:
        data = json.dumps(body).encode() if body is not None else None
        all_headers = self.headers | (headers or {}) | ({"Content-Type": "application/json"} if data else {})
        conn.request(method, self.prefix + path, body=data, headers=all_headers)
        response = conn.getresponse()
        return response.status, response.read()


def sign_in(target: Target, conn: http.client.HTTPConnection, email: str, password: str) -> JsonObject:
    status, body = target.call(conn, "POST", "/token?grant_type=password", {"email": email, "password": password})
    if status != 200:
        raise RuntimeError(f"sign-in {status}: {body[:200]!r}")
    session: JsonObject = json.loads(body)
    return session


class Sessions:
    """One session per client, made once and shared by every run and path: a refresh follows the
    client's own rotation from run to run (sign-ins cost a bcrypt check each: not repeated)."""

    def __init__(self, auth: Target, emails: list[str], password: str) -> None:
        self.auth, self.emails, self.password = auth, emails, password
        self.tokens: dict[int, JsonObject] = {}

    def of(self, index: int) -> JsonObject:
        if index not in self.tokens:
            conn = self.auth.connect()
            self.tokens[index] = sign_in(self.auth, conn, self.emails[index], self.password)
            conn.close()
        return self.tokens[index]


def scenarios(auth: Target, bff: Target, sessions: Sessions) -> dict[str, MakeClient]:
    """Per-client set-up and request functions for each scenario."""
    emails, password = sessions.emails, sessions.password

    def sign_in_client(index: int) -> Request:
        conn = auth.connect()
        return lambda: (
            auth.call(conn, "POST", "/token?grant_type=password", {"email": emails[index], "password": password})[0]
            == 200
        )

    def refresh_client(index: int) -> Request:
        conn, state = auth.connect(), sessions.of(index)

        def request() -> bool:
            status, body = auth.call(
                conn, "POST", "/token?grant_type=refresh_token", {"refresh_token": state["refresh_token"]}
            )
            if status == 200:
                state["refresh_token"] = json.loads(body)["refresh_token"]
            return status == 200

        return request

    def get_user_client(index: int) -> Request:
        conn, token = auth.connect(), sessions.of(index)["access_token"]
        return lambda: auth.call(conn, "GET", "/user", headers={"Authorization": f"Bearer {token}"})[0] == 200

    def health_client(index: int) -> Request:
        conn = bff.connect()
        return lambda: bff.call(conn, "GET", "/api/health")[0] == 200

    return {"sign-in": sign_in_client, "refresh": refresh_client, "get-user": get_user_client, "health": health_client}
