"""The mail links as a browser follows them: through the gateway, without an apikey."""

from __future__ import annotations

import http.client
import json
import os
import uuid
from urllib.parse import urlsplit

from local_auth.json_types import JsonObject

from . import mailbox


def _request(method: str, url: str, body: JsonObject | None = None, headers: dict[str, str] | None = None):
    """(status, headers) without following redirects."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.netloc, timeout=10)
    try:
        data = json.dumps(body).encode() if body is not None else None
        connection.request(
            method,
            parts.path + ("?" + parts.query if parts.query else ""),
            data,
            (headers or {}) | ({"Content-Type": "application/json"} if data else {}),
        )
        response = connection.getresponse()
        response.read()
        return response.status, response.headers
    finally:
        connection.close()


def test_signup_through_the_gateway_and_the_mail_link_without_apikey():
    email = f"gw-{uuid.uuid4().hex[:12]}@example.com"
    base = os.environ["TOOLKIT_PUBLIC_URL"]
    status, _ = _request(
        "POST",
        f"{base}/auth/v1/signup",
        {"email": email, "password": "correct-horse-1"},
        {"apikey": os.environ["TOOLKIT_ANON_KEY"]},
    )
    assert status == 200
    link = mailbox.link(mailbox.last(email))
    assert link.startswith(f"{base}/auth/v1/verify?")
    status, headers = _request("GET", link)
    assert status == 303
    assert headers["Location"].startswith(base + "#access_token=")
    assert mailbox.fragment(headers["Location"])["type"] == "signup"
