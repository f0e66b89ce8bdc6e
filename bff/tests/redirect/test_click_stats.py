"""Statistics of short links at the redirect service: each counted click lands in the daily rollup
by the batch flush (never a write per click), described by referrer host, browser and device; bots
and HEAD requests are not counted; the rollup is exact under concurrent clicks, limited links
included; and it can be switched off (the benchmark's baseline)."""

from __future__ import annotations

import threading
import time
from collections import Counter
from typing import Any

import pytest

from fixtures.database import AdminDb
from fixtures.redirect_support import RedirectInstance, Reply, clicks, make_link, request, settled_clicks

FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/18.1 Mobile/15E148 Safari/604.1"
)
EDGE = (
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 "
    "Safari/537.36 Edg/131.0.2903.86"
)
PIXEL = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 "
    "Mobile Safari/537.36"
)


@pytest.fixture(scope="module")
def gateway(stack_env: dict[str, str]) -> str:
    return stack_env["TOOLKIT_PUBLIC_URL"]


@pytest.fixture
def codes(admin_db):
    made: list[str] = []
    yield made
    admin_db.execute("delete from public.shortened_urls where short_code = any(%s)", (made,))


def link(admin_db: AdminDb, codes: list[str], url: str, **kwargs: Any) -> str:
    code = make_link(admin_db, url, **kwargs)
    codes.append(code)
    return code


# (today?, referrer host, browser, device): a row of the daily statistics, without its count
StatsKey = tuple[bool, str | None, str, str]


def stats(admin_db: AdminDb, code: str) -> dict[StatsKey, int]:
    rows = admin_db.execute(
        "select t.day = (now() at time zone 'utc')::date, t.referrer_host, t.browser, t.device, t.clicks"
        " from public.short_link_daily_stats t join public.shortened_urls s on s.id = t.link_id"
        " where s.short_code = %s",
        (code,),
    ).fetchall()
    return {(row[0], row[1], row[2], row[3]): row[4] for row in rows}


def settled_stats(admin_db: AdminDb, code: str, expected_total: int, within: float = 10.0) -> dict[StatsKey, int]:
    deadline = time.monotonic() + within
    while sum(stats(admin_db, code).values()) < expected_total and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)  # a few flush intervals more: an overcount arriving late shows too
    return stats(admin_db, code)


def visit(base: str, code: str, agent: str | None = None, referer: str | None = None, method: str = "GET") -> Reply:
    return request(base, f"/s/{code}", method=method, agent=agent, headers={"Referer": referer} if referer else {})


def test_clicks_are_described_by_day_referrer_browser_and_device(gateway, admin_db, codes):
    code = link(admin_db, codes, "https://stats.example/")
    for _ in range(3):
        visit(gateway, code, FIREFOX, "https://www.news.example/story/42?ref=front")
    for _ in range(2):
        visit(gateway, code, IPHONE)
    visit(
        gateway,
        code,
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "https://search.example/",
    )
    visit(gateway, code, FIREFOX, "https://head.example/", method="HEAD")
    assert settled_stats(admin_db, code, 5) == {
        (True, "news.example", "firefox", "desktop"): 3,
        (True, "", "safari", "mobile"): 2,
    }
    assert clicks(admin_db, code) == 5


def test_the_rollup_is_exact_under_concurrent_clicks(gateway, admin_db, codes):
    plain = link(admin_db, codes, "https://busy.example/")
    limited = link(admin_db, codes, "https://busy.example/limited", max_clicks=150)
    agents = [FIREFOX, IPHONE, EDGE, PIXEL]
    referers = [None, "https://a.example/x", "https://b.example/y"]
    served: Counter[tuple[str, str]] = Counter()  # (code, agent) → redirects
    lock = threading.Lock()

    def client(number: int) -> None:
        for i in range(30):
            agent, referer = agents[(number + i) % 4], referers[(number * 7 + i) % 3]
            for code in (plain, limited):
                reply = visit(gateway, code, agent, referer)
                if (reply.location or "").startswith("https://busy.example/"):
                    with lock:
                        served[(code, agent)] += 1

    threads = [threading.Thread(target=client, args=(n,)) for n in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sum(n for (code, _), n in served.items() if code == plain) == 360
    assert sum(n for (code, _), n in served.items() if code == limited) == 150
    for code, total in ((plain, 360), (limited, 150)):
        rollup = settled_stats(admin_db, code, total)
        assert settled_clicks(admin_db, code, total) == total
        assert sum(rollup.values()) == total, code
        by_browser: Counter[str] = Counter()
        for (_, _, browser, _), n in rollup.items():
            by_browser[browser] += n
        expected: Counter[str] = Counter()
        for (served_code, agent), n in served.items():
            if served_code == code:
                expected[{FIREFOX: "firefox", IPHONE: "safari", EDGE: "edge", PIXEL: "chrome"}[agent]] += n
        assert by_browser == expected, code


def test_statistics_can_be_switched_off_and_clicks_still_count(stack_env, admin_db, codes):
    service = RedirectInstance(stack_env["TOOLKIT_DATABASE_URL"], TOOLKIT_REDIRECT_STATS="off")
    try:
        service.wait_ready()
        code = link(admin_db, codes, "https://quiet.example/")
        for _ in range(4):
            assert visit(service.url, code, FIREFOX, "https://x.example/").location == "https://quiet.example/"
        assert settled_clicks(admin_db, code, 4) == 4
        assert stats(admin_db, code) == {}
    finally:
        service.stop()
