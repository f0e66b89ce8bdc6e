"""resolve_short_link under load: 8 clients resolving one code at once, each call in its own request
context (authenticator switched to anon, as the BFF does), count every click exactly once and never
let a click limit be overrun."""

import os
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest

CLIENTS = 8
CALLS_PER_CLIENT = 125
TARGET = "https://concurrency.example/target"


@pytest.fixture
def make_link():
    """Creates short links with unique codes (as the superuser) and removes them afterwards."""
    admin_url = os.environ["TOOLKIT_DATABASE_ADMIN_URL"]
    codes: list[str] = []

    def make(max_clicks: int | None = None) -> str:
        code = f"conc-{uuid.uuid4().hex[:12]}"
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(
                "insert into public.shortened_urls (original_url, short_code, max_clicks) values (%s, %s, %s)",
                (TARGET, code, max_clicks),
            )
        codes.append(code)
        return code

    yield make
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute("delete from public.shortened_urls where short_code = any(%s)", (codes,))


def clicks(code: str) -> int:
    with psycopg.connect(os.environ["TOOLKIT_DATABASE_ADMIN_URL"], autocommit=True) as conn:
        return conn.execute("select clicks from public.shortened_urls where short_code = %s", (code,)).fetchone()[0]


def resolve_concurrently(code: str) -> list[str | None]:
    """Every client's answers; the clients start together, once all are connected."""
    start = threading.Barrier(CLIENTS)

    def client() -> list[str | None]:
        answers = []
        with psycopg.connect(os.environ["TOOLKIT_DATABASE_URL"], autocommit=True) as conn:
            start.wait(timeout=30)
            for _ in range(CALLS_PER_CLIENT):
                with conn.transaction():  # one request: its own transaction and anon context
                    conn.execute(
                        "select set_config('role', 'anon', true),"
                        " set_config('request.jwt.claims', '{\"role\":\"anon\"}', true)"
                    )
                    answers.append(conn.execute("select public.resolve_short_link(%s)", (code,)).fetchone()[0])
        return answers

    with ThreadPoolExecutor(max_workers=CLIENTS) as pool:
        futures = [pool.submit(client) for _ in range(CLIENTS)]
        return [answer for future in futures for answer in future.result(timeout=120)]


def test_concurrent_resolves_count_every_click_exactly_once(make_link):
    code = make_link()
    before = clicks(code)

    answers = resolve_concurrently(code)

    assert len(answers) == CLIENTS * CALLS_PER_CLIENT
    assert set(answers) == {TARGET}
    assert clicks(code) == before + CLIENTS * CALLS_PER_CLIENT


def test_concurrent_resolves_never_exceed_max_clicks(make_link):
    code = make_link(max_clicks=300)

    answers = resolve_concurrently(code)

    assert answers.count(TARGET) == 300
    assert answers.count(None) == CLIENTS * CALLS_PER_CLIENT - 300
    assert clicks(code) == 300
