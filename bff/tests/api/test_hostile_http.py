"""The hand-made hostile requests of issue 26, through the gateway of the test stack: one test per
problem a fuzzing run against ./scripts/dev found. Every answer is JSON with the specific status and
error code the API defines for it; a refused request writes nothing and disturbs no other client."""

from __future__ import annotations

import io
import json
import os
import socket
import uuid
from collections.abc import Mapping
from typing import TypedDict
from urllib.parse import urlsplit

import requests

from fixtures import samples
from fixtures.gateway_clients import client_session, clients_session, gateway_url
from fixtures.local_auth import create_account, password_session, sign_out
from fixtures.openapi_conformance import assert_documented
from toolkit_bff.api.openapi import DOCUMENT

TIMEOUT = 30


def assert_error(response: requests.Response, status: int, code: str, *words: str) -> str:
    """A JSON error of the BFF's shape with this status and code, its message naming `words`."""
    assert response.status_code == status, (response.status_code, response.text[:300])
    assert response.headers["Content-Type"].startswith("application/json"), response.text[:300]
    error = response.json()["error"]
    assert error["code"] == code, error
    for word in words:
        assert word in error["message"], (word, error)
    message: str = error["message"]
    return message


def raw_exchange(request: bytes, source: str) -> tuple[int, dict[str, str], bytes]:
    """Bytes as they are (no client library would send most of these) and the first answer."""
    gateway = urlsplit(gateway_url())
    with socket.create_connection(
        (gateway.hostname, gateway.port), timeout=TIMEOUT, source_address=(source, 0)
    ) as connection:
        connection.sendall(request)
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = connection.recv(65536)
            if not chunk:
                break
            received += chunk
        head, _, body = received.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
        length = int(headers.get("Content-Length", "0"))
        while len(body) < length:
            chunk = connection.recv(65536)
            if not chunk:
                break
            body += chunk
    return int(lines[0].split()[1]), headers, body


class PasteBody(TypedDict):
    content: str
    title: str
    language: str
    expires_at: str | None


# --- 1. One user's expiry broke the public paste list for everyone. ----------------------------------
def test_1_an_expiry_no_client_can_read_is_refused_and_every_accepted_value_can_be_listed(make_user):
    user = make_user("edge-values")
    with client_session("127.61.0.1") as http:
        refused = http.post(
            f"{gateway_url()}/api/pastes",
            headers=user.headers,
            timeout=TIMEOUT,
            json={"content": "x", "expires_at": "9999-12-31T23:59:59-12:00"},
        )
        assert_error(refused, 422, "invalid_input", "expires_at", "2100-01-01T00:00:00Z")
        # The edges of what the write path accepts, written by a signed-in user, then listed as anon.
        edges: list[PasteBody] = [
            {
                "content": "é" * (256 * 1024),
                "title": "t" * 200,
                "language": "c++",
                "expires_at": "2099-12-31T23:59:59Z",
            },
            {
                "content": "\U0001f600 \u202eRTL\u202c zero\u200bwidth e\u0301 \U00010348",
                "title": "\u202e\U0001f600",
                "language": "plaintext",
                "expires_at": "2099-12-31T23:59:59+14:00",
            },
            {"content": "x", "title": "", "language": "a", "expires_at": None},
        ]
        created = []
        for edge in edges:
            response = http.post(f"{gateway_url()}/api/pastes", json=edge, headers=user.headers, timeout=TIMEOUT)
            assert response.status_code == 201, response.text[:300]
            created.append(response.json())
        listed = requests.get(f"{gateway_url()}/api/pastes?limit=100", timeout=TIMEOUT)
    assert listed.status_code == 200, listed.text[:300]
    assert_documented(listed, "GET", "/api/pastes")
    by_id = {paste["id"]: paste for paste in listed.json()["pastes"]}
    for edge, paste in zip(edges, created, strict=True):
        assert by_id[paste["id"]]["title"] == edge["title"]
        assert by_id[paste["id"]]["preview"] == edge["content"][:280]


# --- 2. JSON nested ~1,000 levels deep was a 500 on every JSON endpoint. -------------------------------
def _json_operations() -> list[tuple[str, str]]:
    return [
        (method.upper(), path)
        for path, item in DOCUMENT["paths"].items()
        for method, operation in item.items()
        if "application/json" in operation.get("requestBody", {}).get("content", {})
    ]


def _filled(path: str) -> str:
    values = {
        "paste_id": "NoSuchPaste1",
        "page_key": "dashboard",
        "user_id": str(uuid.uuid4()),
        "link_id": str(uuid.uuid4()),
        "token_id": str(uuid.uuid4()),
        "code": "no-such-code",
        "name": "somebody",
    }
    return path.format(**values)


def test_2_json_nested_a_thousand_levels_deep_is_a_400_on_every_json_endpoint(make_user, admin_db):
    admin = make_user("deep-json", admin=True)
    deep = "[" * 1000 + "]" * 1000
    pages_before = admin_db.execute("select * from public.page_settings order by page_key").fetchall()
    operations = _json_operations()
    assert len(operations) >= 8, operations
    with clients_session(62) as http:
        for method, path in operations:
            response = http.request(
                method,
                gateway_url() + _filled(path),
                data=deep,
                timeout=TIMEOUT,
                headers={**admin.headers, "Content-Type": "application/json"},
            )
            assert_error(response, 400, "invalid_json", "nested deeper than 32 levels")
        # The issue's own request: anonymous, the QR generator.
        anonymous = http.post(
            f"{gateway_url()}/api/tools/qr", data=deep, timeout=TIMEOUT, headers={"Content-Type": "application/json"}
        )
    assert_error(anonymous, 400, "invalid_json", "nested deeper than 32 levels")
    assert admin_db.execute("select * from public.page_settings order by page_key").fetchall() == pages_before


# --- 3. A lone surrogate in any JSON text field was a 500. --------------------------------------------
def test_3_a_lone_surrogate_or_nul_in_a_text_field_is_a_422_naming_the_field(make_user, admin_db):
    user = make_user("surrogates")
    base = gateway_url()
    with clients_session(63) as http:
        paste = http.post(
            f"{base}/api/pastes", json={"content": "kept", "title": "kept"}, headers=user.headers, timeout=TIMEOUT
        ).json()

        def send(
            method: str, path: str, body: Mapping[str, object], headers: dict[str, str] | None = None
        ) -> requests.Response:
            # json.dumps writes a lone surrogate as the escape \ud800, exactly what a hostile client sends.
            return http.request(
                method,
                base + path,
                data=json.dumps(body),
                timeout=TIMEOUT,
                headers={**(headers or {}), "Content-Type": "application/json"},
            )

        cases = [
            ("POST", "/api/pastes", {"content": "a\ud800b"}, None, "invalid_input", "content"),
            ("POST", "/api/pastes", {"content": "ok", "title": "\udfff"}, user.headers, "invalid_input", "title"),
            ("PATCH", f"/api/pastes/{paste['id']}", {"title": "x\ud83d"}, user.headers, "invalid_input", "title"),
            ("POST", "/api/links", {"url": "https://surrogate.example/\ud800"}, None, "invalid_input", "url"),
            ("PATCH", "/api/me/profile", {"bio": "\ud800"}, user.headers, "invalid_input", "bio"),
            ("POST", "/api/tools/qr", {"type": "text", "text": "\ud800"}, None, "invalid_option", "text"),
            ("PATCH", f"/api/pastes/{paste['id']}", {"title": "a\x00b"}, user.headers, "invalid_input", "title"),
        ]
        for method, path, body, headers, code, field in cases:
            assert_error(send(method, path, body, headers), 422, code, field)
    # Nothing was written: one paste, as created; the profile's bio untouched; no link.
    rows = admin_db.execute("select title from public.pastes where user_id = %s", (user.id,)).fetchall()
    assert rows == [("kept",)]
    assert admin_db.execute("select bio from public.profile where id = %s", (user.id,)).fetchone() == ("",)
    assert (
        admin_db.execute(
            "select 1 from public.shortened_urls where original_url like 'https://surrogate.example/%%'"
        ).fetchone()
        is None
    )


# --- 4. A refused upload poisoned the next request on the same gateway→BFF connection. -----------------
def _many_parts(parts: int, pdf: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = io.BytesIO()
    for index in range(parts):
        body.write(
            f'--{boundary}\r\nContent-Disposition: form-data; name="field{index}"\r\n\r\n{"x" * 200}\r\n'.encode()
        )
    body.write(
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n'
        f"Content-Type: application/pdf\r\n\r\n".encode()
        + pdf
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return body.getvalue(), f"multipart/form-data; boundary={boundary}"


def test_4_a_refused_request_never_disturbs_the_next_clients_request(make_user):
    user = make_user("next-client")
    base = gateway_url()
    refused_form, form_type = _many_parts(2000, samples.blank_pdf(1))
    oversized_json = json.dumps({"content": "x" * (5 * 1024 * 1024)})
    with clients_session(64) as refused_clients, clients_session(65) as next_clients:
        for attempt in range(25):
            if attempt % 2:
                refused = refused_clients.post(
                    f"{base}/api/tools/pdf/info",
                    data=refused_form,
                    timeout=TIMEOUT,
                    headers={"Content-Type": form_type},
                )
                assert_error(refused, 413, "request_entity_too_large", "1000 parts")
            else:
                refused = refused_clients.post(
                    f"{base}/api/pastes",
                    data=oversized_json,
                    timeout=TIMEOUT,
                    headers={"Content-Type": "application/json"},
                )
                assert_error(refused, 413, "request_entity_too_large", "4096 KB")
            # The next client's valid write (a POST: nginx never sends it twice) goes through.
            valid = next_clients.post(
                f"{base}/api/pastes", json={"content": f"after {attempt}"}, headers=user.headers, timeout=TIMEOUT
            )
            assert valid.status_code == 201, (attempt, valid.status_code, valid.text[:300])


# --- 5. HTML error pages under /api/. -----------------------------------------------------------------
MALFORMED = [
    # (what, raw request, status, code)
    (
        "an over-long header",
        b"GET /api/me HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\n",
        431,
        "request_header_fields_too_large",
    ),
    (
        "a duplicate Authorization",
        b"GET /api/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\r\nAuthorization: Bearer b\r\n\r\n",
        400,
        "bad_request",
    ),
    ("%00 in the path", b"GET /api/pastes/%00 HTTP/1.1\r\nHost: x\r\n\r\n", 400, "bad_request"),
    ("%zz in the path", b"GET /api/pastes/%zz HTTP/1.1\r\nHost: x\r\n\r\n", 400, "bad_request"),
    ("a lower-case method", b"get /api/pastes HTTP/1.1\r\nHost: x\r\n\r\n", 400, "bad_request"),
    (
        "a malformed chunk",
        b"POST /api/pastes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
        b"Content-Type: application/json\r\n\r\nzz\r\n",
        400,
        "bad_request",
    ),
    (
        "an unknown transfer coding",
        b"POST /api/pastes HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n",
        501,
        "not_implemented",
    ),
    ("TRACE", b"TRACE /api/pastes HTTP/1.1\r\nHost: x\r\n\r\n", 405, "method_not_allowed"),
    ("raw UTF-8 in the query", "GET /api/pastes?cursor=ü HTTP/1.1\r\nHost: x\r\n\r\n".encode(), 400, "bad_request"),
    (
        "150 header fields",
        b"GET /api/pastes HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-Field-%d: v\r\n" % n for n in range(150)) + b"\r\n",
        431,
        "request_header_fields_too_large",
    ),
    ("encoded traversal out of /api/", b"GET /api/pastes/..%2F..%2Fme HTTP/1.1\r\nHost: x\r\n\r\n", 404, "not_found"),
    (
        "an address over 8 KB",
        b"GET /api/pastes?x=" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
        414,
        "uri_too_long",
    ),
]


def test_5_what_the_gateway_or_gunicorn_refuse_under_api_is_json_never_html():
    for number, (what, request, status, code) in enumerate(MALFORMED, start=1):
        answered, headers, body = raw_exchange(request, f"127.66.0.{number}")
        assert (answered, headers.get("Content-Type")) == (status, "application/json"), (what, answered, body[:200])
        assert json.loads(body)["error"]["code"] == code, (what, body[:300])
    # Under /auth/v1/ the same refusals take Supabase Auth's error shape, which supabase-js reads.
    answered, headers, body = raw_exchange(
        b"GET /auth/v1/settings HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\n", "127.66.1.1"
    )
    assert (answered, headers.get("Content-Type")) == (431, "application/json")
    assert json.loads(body)["error_code"] == "request_header_fields_too_large"
    # … and so do the local Auth's gunicorn's (raw UTF-8 passes nginx, not gunicorn).
    key = os.environ["TOOLKIT_ANON_KEY"].encode()
    answered, headers, body = raw_exchange(
        "GET /auth/v1/settings?x=ü HTTP/1.1\r\nHost: x\r\n".encode() + b"apikey: " + key + b"\r\n\r\n", "127.66.1.2"
    )
    assert (answered, headers.get("Content-Type")) == (400, "application/json"), body[:200]
    assert json.loads(body)["error_code"] == "bad_request"


def test_5_a_refused_method_names_the_methods_the_address_takes():
    """nginx refuses TRACE itself; under /api/ the refusal is the BFF's, with Allow (RFC 9110)."""
    for number, (path, allowed) in enumerate(
        (("/api/pastes", {"GET", "POST"}), ("/api/pastes/abc123/like", {"POST", "DELETE"})), start=1
    ):
        answered, headers, body = raw_exchange(
            f"TRACE {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode(), f"127.66.2.{number}"
        )
        assert (answered, json.loads(body)["error"]["code"]) == (405, "method_not_allowed"), body[:200]
        assert allowed <= {method.strip() for method in headers.get("Allow", "").split(",")}, headers


# --- 6. Answers that broke the API document. -----------------------------------------------------------
def test_6_answers_match_the_document(make_user, make_token):
    base = gateway_url()
    user = make_user("documented")
    with client_session("127.67.0.1") as http:
        # The username stream, as the gateway passes it on, matches the document (headers included).
        stream = http.get(f"{base}/api/tools/username/documented?sites=StatusSite", timeout=TIMEOUT)
        assert stream.status_code == 200
        assert_documented(stream, "GET", "/api/tools/username/{name}", name="documented")
        # A token signed with the legacy secret whose sub is no user id: 401, no database text.
        odd = {"Authorization": f"Bearer {make_token('not-a-uuid')}"}
        assert_error(http.get(f"{base}/api/me", headers=odd, timeout=TIMEOUT), 401, "invalid_token", "sub")
        assert_error(
            http.post(f"{base}/api/pastes", json={"content": "x"}, headers=odd, timeout=TIMEOUT),
            401,
            "invalid_token",
            "sub",
        )
        # Limits are enforced as stated: an offset past the document's maximum, an integer as 50815.0.
        maximum = next(
            p["schema"]["maximum"]
            for p in DOCUMENT["paths"]["/api/links"]["get"]["parameters"]
            if p["name"] == "offset"
        )
        too_far = http.get(f"{base}/api/links?offset={maximum + 1}", headers=user.headers, timeout=TIMEOUT)
        assert_error(too_far, 422, "invalid_input", "offset", f"{maximum}")
        assert_documented(too_far, "GET", "/api/links")
        link = http.post(
            f"{base}/api/links",
            json={"url": "https://integral.example/", "max_clicks": 50815.0},
            headers=user.headers,
            timeout=TIMEOUT,
        )
        assert link.status_code == 201 and link.json()["max_clicks"] == 50815, link.text[:300]
        assert_documented(link, "POST", "/api/links")
        # A signed-in user's writes are limited per user (120 a minute): the 429 past the limit is
        # documented. (Counted in Redis; a worker that cannot reach it in time counts alone for a
        # while, so the 429 may come a little later than the 121st write.)
        for _ in range(400):
            limited = http.patch(f"{base}/api/me/profile", json={"bio": "again"}, headers=user.headers, timeout=TIMEOUT)
            if limited.status_code != 200:
                break
        assert_error(limited, 429, "too_many_requests")
        assert_documented(limited, "PATCH", "/api/me/profile")


def _token_operations() -> list[tuple[str, str]]:
    return [
        (method.upper(), path)
        for path, item in DOCUMENT["paths"].items()
        for method, operation in item.items()
        if {"bearerAuth": []} in operation.get("security", [])
    ]


def test_6_a_token_of_a_deleted_user_or_of_a_signed_out_session_is_a_401_wherever_a_token_is_read(admin_db):
    """Before, /api/me answered a deleted user's unexpired token 200 {"profile": null} and creates a 404."""
    signed_out = password_session(create_account("signed-out"))
    sign_out(signed_out)
    deleted = create_account("deleted")
    deleted_session = password_session(deleted)
    admin_db.execute("delete from auth.users where id = %s", (deleted.id,))
    operations = _token_operations()
    assert len(operations) >= 25, operations
    with clients_session(69) as http:
        for token in (signed_out["access_token"], deleted_session["access_token"]):
            for method, path in operations:
                response = http.request(
                    method, gateway_url() + _filled(path), timeout=TIMEOUT, headers={"Authorization": f"Bearer {token}"}
                )
                assert_error(response, 401, "session_not_found")


# --- 7. Long jobs near the limit: minutes of CPU, tens of MB in one answer. ----------------------------
def test_7_long_pdfs_are_answered_a_window_of_pages_at_a_time():
    with client_session("127.68.0.1") as http:
        # (The PDF had 200 pages; 25 show the bound as well at an eighth of the cost.)
        ocr = http.post(
            f"{gateway_url()}/api/tools/ocr",
            data={"dpi": "72"},
            timeout=120,
            files={"file": ("blank.pdf", samples.blank_pdf(25), "application/pdf")},
        )
        assert ocr.status_code == 200, ocr.text[:300]
        body = ocr.json()
        assert (len(body["pages"]), body["page_count"], body["next_pages"]) == (10, 25, "11-25")
        assert_documented(ocr, "POST", "/api/tools/ocr")
        thumbnails = http.post(
            f"{gateway_url()}/api/tools/pdf/thumbnails",
            timeout=120,
            files={"file": ("long.pdf", samples.blank_pdf(1000, size=(595, 842)), "application/pdf")},
        )
        assert thumbnails.status_code == 200, thumbnails.text[:300]
        assert len(thumbnails.content) <= 8 * 2**20
        body = thumbnails.json()
        assert (len(body["thumbnails"]), body["page_count"], body["next_pages"]) == (50, 1000, "51-1000")
        assert_documented(thumbnails, "POST", "/api/tools/pdf/thumbnails")
