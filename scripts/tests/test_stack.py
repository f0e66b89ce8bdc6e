"""The running test stack: gateway routing and the mail capture."""

import os
import re
import smtplib
import time
from email.message import EmailMessage
from pathlib import Path

import pytest
import requests

from stack.services import build_app


@pytest.fixture(scope="module")
def built_app() -> None:
    """The gateway serves app/dist, which ./scripts/test builds only for the browser suites: build it
    here when it is missing or stale, so a pytest-only or narrowed run tests the real build too."""
    build_app()


def test_gateway_routes_api_to_the_bff():
    response = requests.get(f"{os.environ['TOOLKIT_PUBLIC_URL']}/api/health", timeout=5)
    assert response.status_code == 200
    assert response.json()["status"] == "ok"


def test_gateway_hands_the_bff_its_own_request_id():
    """nginx's $request_id replaces whatever the client sent, so the BFF's logs match the gateway's."""
    response = requests.get(
        f"{os.environ['TOOLKIT_PUBLIC_URL']}/api/health", headers={"X-Request-Id": "chosen-by-client"}, timeout=5
    )
    assert response.status_code == 200
    assert re.fullmatch(r"[0-9a-f]{32}", response.headers["X-Request-Id"])


def test_gateway_serves_the_app_for_client_side_routes(built_app):
    response = requests.get(f"{os.environ['TOOLKIT_PUBLIC_URL']}/some/client/route", timeout=5)
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/html")
    assert '<div id="root">' in response.text


@pytest.mark.parametrize("path", ["/auth/v1/settings", "/realtime/v1/websocket?vsn=2.0.0"])
@pytest.mark.parametrize(
    ("key", "message"), [(None, "No API key found in request"), ("not-a-key", "Invalid authentication credentials")]
)
def test_gateway_refuses_auth_and_realtime_without_a_known_key_as_kong_does(path, key, message):
    headers = {"apikey": key} if key else {}
    response = requests.get(f"{os.environ['TOOLKIT_PUBLIC_URL']}{path}", headers=headers, timeout=5)
    assert (response.status_code, response.json()) == (401, {"message": message})


@pytest.mark.parametrize("where", ["header", "query"])
def test_gateway_passes_auth_requests_carrying_the_anon_key(where):
    key = os.environ["TOOLKIT_ANON_KEY"]
    url = f"{os.environ['TOOLKIT_PUBLIC_URL']}/auth/v1/settings"
    response = (
        requests.get(url, headers={"apikey": key}, timeout=5)
        if where == "header"
        else requests.get(url, params={"apikey": key}, timeout=5)
    )
    assert response.status_code == 200 and "external" in response.json()


def test_mail_capture_saves_messages_for_tests_to_read():
    mail_dir = Path(os.environ["TOOLKIT_MAIL_DIR"])
    port = int(os.environ["TOOLKIT_MAIL_PORT"])
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "auth@toolkit.test", "ada@example.com", "Confirm"
    message.set_content("Follow this link to confirm your user: http://localhost/verify?token=abc")
    with smtplib.SMTP("127.0.0.1", port, timeout=5) as smtp:
        smtp.send_message(message)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        saved = [p.read_text() for p in mail_dir.glob("*.eml")]
        if any("verify?token=abc" in text for text in saved):
            return
        time.sleep(0.1)
    raise AssertionError(f"no captured message in {mail_dir}")


def test_short_links_work_through_the_gateway():
    """The real path of a visitor: gunicorn behind nginx, Host with its port passed on."""
    base = os.environ["TOOLKIT_PUBLIC_URL"]
    created = requests.post(f"{base}/api/links", json={"url": "example.com/through-the-gateway"}, timeout=10)
    assert created.status_code == 201
    link = created.json()
    assert link["short_url"] == f"{base}/s/{link['short_code']}"
    followed = requests.get(link["short_url"], allow_redirects=False, timeout=10)
    assert followed.status_code == 302
    assert followed.headers["Location"] == "https://example.com/through-the-gateway"
    assert followed.headers["Cache-Control"] == "no-store"
    assert (
        requests.get(f"{base}/s/no-such-code", allow_redirects=False, timeout=10).headers["Location"]
        == "/?link=unknown"
    )
    # A link to one of our own short links would loop: the gateway's Host (with port) reaches SQL.
    looping = requests.post(f"{base}/api/links", json={"url": link["short_url"]}, timeout=10)
    assert looping.status_code == 422
    assert looping.json()["error"]["message"] == "Links to our own short links cannot be shortened"


def test_gateway_refusals_are_json_too():
    """What nginx refuses itself (too long an address, too large a body) reads like a BFF error."""
    import http.client
    from urllib.parse import urlsplit

    base = os.environ["TOOLKIT_PUBLIC_URL"]
    long_address = requests.get(f"{base}/api/pages?q={'x' * 9000}", timeout=10)
    assert long_address.status_code == 414
    assert long_address.json()["error"]["code"] == "uri_too_long"
    # A declared body over 100 MB is refused before it is sent.
    gateway = urlsplit(base)
    conn = http.client.HTTPConnection(gateway.hostname, gateway.port, timeout=10)
    conn.putrequest("POST", "/api/tools/convert")
    conn.putheader("Content-Type", "application/octet-stream")
    conn.putheader("Content-Length", str(200 * 1024 * 1024))
    conn.endheaders()
    too_large = conn.getresponse()
    assert too_large.status == 413
    assert too_large.getheader("Content-Type") == "application/json"
    assert b'"request_entity_too_large"' in too_large.read()
    conn.close()
