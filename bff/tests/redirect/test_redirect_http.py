"""HTTP/1.1 as the redirect service speaks it on its own port (toolkit_redirect/http_protocol.py):
pipelining in order, HEAD without bodies, JSON errors for what is not HTTP."""

from __future__ import annotations

import json
import socket
import time
from urllib.parse import urlsplit

import pytest

from fixtures.redirect_support import make_link, new_code


@pytest.fixture(scope="module")
def address(redirect_url) -> tuple[str, int]:
    parts = urlsplit(redirect_url)
    return parts.hostname, parts.port


@pytest.fixture
def codes(admin_db):
    made: list[str] = []
    yield made
    admin_db.execute("delete from public.shortened_urls where short_code = any(%s)", (made,))


def exchange(address, raw: bytes, heads: tuple[int, ...] = ()) -> list[tuple[int, dict[str, str], bytes]]:
    """Send raw bytes, read until the server closes, split the answers (status, headers, body);
    `heads`: the positions of answers to HEAD requests, which have no body whatever their length."""
    with socket.create_connection(address, timeout=10) as conn:
        conn.sendall(raw)
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    answers: list[tuple[int, dict[str, str], bytes]] = []
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
        length = 0 if len(answers) in heads else int(headers.get("content-length", "0"))
        answers.append((int(lines[0].split()[1]), headers, rest[:length]))
        data = rest[length:]
    return answers


def get(path: str, *, method: str = "GET", last: bool = False, extra: str = "") -> bytes:
    return (
        f"{method} {path} HTTP/1.1\r\nHost: t\r\n{extra}" + ("Connection: close\r\n" if last else "") + "\r\n"
    ).encode()


def test_pipelined_requests_are_answered_in_order(address, admin_db, codes):
    plain = make_link(admin_db, "https://plain.example")
    limited = make_link(admin_db, "https://limited.example", max_clicks=1)  # always asks Postgres
    codes += [plain, limited]
    raw = (
        get(f"/s/{plain}")
        + get(f"/s/{limited}")
        + get(f"/s/{new_code()}")
        + get(f"/s/{limited}")
        + get(f"/s/{plain}", last=True)
    )
    answers = exchange(address, raw)
    assert [(status, headers["location"]) for status, headers, _ in answers] == [
        (302, "https://plain.example"),
        (302, "https://limited.example"),
        (302, "/?link=unknown"),
        (302, "/?link=exhausted"),
        (302, "https://plain.example"),
    ]


def test_head_answers_carry_no_body_and_the_connection_stays_in_step(address):
    answers = exchange(address, get("/elsewhere", method="HEAD") + get("/elsewhere", last=True), heads=(0,))
    (head_status, head_headers, head_body), (get_status, _, get_body) = answers
    assert (head_status, head_body, get_status) == (404, b"", 404)
    assert int(head_headers["content-length"]) == len(get_body) > 0
    assert json.loads(get_body)["error"]["code"] == "not_found"


def test_other_methods_are_405_with_allow(address):
    [(status, headers, body)] = exchange(address, get("/s/abc1234", method="DELETE", last=True))
    assert (status, headers["allow"]) == (405, "GET, HEAD, POST")
    assert json.loads(body)["error"]["code"] == "method_not_allowed"


@pytest.mark.parametrize(
    "raw",
    [
        b"NOT HTTP AT ALL\r\n\r\n",
        b"GET /s/abc HTTP/1.1\r\nHost t\r\n\r\n",
        b"GET /s/abc HTTP/1.1\r\nUpgrade: websocket\r\nConnection: upgrade\r\n\r\n",
    ],
)
def test_what_is_not_plain_http_is_a_json_400_and_the_connection_closes(address, raw):
    [(status, headers, body)] = exchange(address, raw)
    assert status == 400 and headers["content-type"] == "application/json"
    assert json.loads(body)["error"]["code"] == "bad_request"


@pytest.mark.parametrize("chunks", [1, 40])
def test_oversized_headers_are_a_json_431(address, chunks):
    raw = get("/s/abc1234", extra=f"X-Filler: {'a' * 20_000}\r\n")
    step = len(raw) // chunks + 1
    with socket.create_connection(address, timeout=10) as conn:
        try:
            for start in range(0, len(raw), step):  # whole, or in pieces as a slow client sends them
                conn.sendall(raw[start : start + step])
        except OSError:
            pass  # the server may close before the last piece
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    assert data.startswith(b"HTTP/1.1 431 ")
    assert json.loads(data.partition(b"\r\n\r\n")[2])["error"]["code"] == "headers_too_large"


def test_http_1_0_is_answered_and_closed(address):
    [(status, headers, _)] = exchange(address, b"GET /s/ HTTP/1.0\r\n\r\n")
    assert (status, headers["location"], headers["connection"]) == (302, "/?link=unknown", "close")


def _answer(conn: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        assert chunk, "the connection closed instead of answering"
        data += chunk
    return data


def test_a_connection_in_use_stays_open_and_an_idle_one_is_closed(address):
    """Idle means no request for IDLE_TIMEOUT (5 s) since the last one, not since the connection began."""
    with socket.create_connection(address, timeout=15) as conn:
        for _ in range(8):  # 8 s of one request a second: longer than the timeout, never idle for it
            conn.sendall(get("/s/"))
            assert _answer(conn).startswith(b"HTTP/1.1 302 ")
            time.sleep(1)
        conn.sendall(get("/s/"))
        assert _answer(conn).startswith(b"HTTP/1.1 302 ")
        assert conn.recv(65536) == b""  # then silence: the server ends the connection (before the 15 s timeout)
