"""The redirect service (toolkit_redirect) behind the gateway, as visitors reach /s/{code}."""

from __future__ import annotations

import threading
from collections import Counter

import pytest

from fixtures.redirect_support import clicks, make_link, new_code, request, settled_clicks, until

FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"


@pytest.fixture(scope="module")
def gateway(stack_env: dict[str, str]) -> str:
    return stack_env["TOOLKIT_PUBLIC_URL"]


@pytest.fixture(scope="module")
def service(redirect_url: str) -> str:
    return redirect_url


@pytest.fixture
def codes(admin_db):
    made: list[str] = []
    yield made
    admin_db.execute("delete from public.shortened_urls where short_code = any(%s)", (made,))


def link(admin_db, codes, url, **kwargs) -> str:
    code = make_link(admin_db, url, **kwargs)
    codes.append(code)
    return code


def test_redirects_to_the_destination_and_counts_every_click(gateway, admin_db, codes):
    code = link(admin_db, codes, "https://dest.example/path?q=1")
    # Browsers, and clients that send no User-Agent at all, are visitors.
    replies = [request(gateway, f"/s/{code}", agent=FIREFOX if i % 5 else None) for i in range(25)]
    assert {(r.status, r.location, r.cache_control, r.body) for r in replies} == {
        (302, "https://dest.example/path?q=1", "no-store", b"")
    }
    assert settled_clicks(admin_db, code, 25) == 25


def test_non_ascii_destinations_leave_as_a_valid_location(gateway, admin_db, codes):
    code = link(admin_db, codes, "https://dest.example/straße?x=ü")
    assert request(gateway, f"/s/{code}").location == "https://dest.example/stra%C3%9Fe?x=%C3%BC"


NOT_A_LINK = [
    "/s/unknown-code",
    "/s/",
    "/s/a",
    "/s/bad%20code",
    "/s/x/y",
    "/s/new%0Aline",
    "/s/%C2%80%F1%86%8F%8E",
    "/s/" + "a" * 65,
]


# SPEC §5 sends them home; the query tells the home page why, so it can say so (issue 27, item 17).
@pytest.mark.parametrize("path", NOT_A_LINK)
def test_missing_or_unknown_codes_go_home(gateway, path):
    reply = request(gateway, path)
    assert (reply.status, reply.location, reply.cache_control) == (302, "/?link=unknown", "no-store")


# The same at the service itself, without nginx's path handling; "/s" reaches it only directly (the
# gateway's /s/ route does not match it: the app answers).
@pytest.mark.parametrize("path", [*NOT_A_LINK, "/s"])
def test_missing_or_unknown_codes_go_home_at_the_service_itself(service, path):
    reply = request(service, path)
    assert (reply.status, reply.location, reply.cache_control, reply.body) == (302, "/?link=unknown", "no-store", b"")


def test_expired_and_exhausted_links_go_home(gateway, admin_db, codes):
    expired = link(admin_db, codes, "https://old.example")
    admin_db.execute(
        "update public.shortened_urls set expires_at = now() - interval '1 minute' where short_code = %s", (expired,)
    )
    assert until(lambda: request(gateway, f"/s/{expired}").location == "/?link=expired")
    once = link(admin_db, codes, "https://once.example", max_clicks=1)
    assert request(gateway, f"/s/{once}").location == "https://once.example"
    assert [request(gateway, f"/s/{once}").location for _ in range(3)] == ["/?link=exhausted"] * 3
    assert (clicks(admin_db, once), settled_clicks(admin_db, expired, 0)) == (1, 0)


@pytest.mark.parametrize(
    "agent",
    [
        "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
        "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
        "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
        "TelegramBot (like TwitterBot)",
        "WhatsApp/2.23.20.0",
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    ],
)
def test_head_requests_and_bots_are_redirected_but_not_counted(gateway, admin_db, codes, agent):
    code = link(admin_db, codes, "https://bots.example")
    for _ in range(3):
        assert request(gateway, f"/s/{code}", method="HEAD").location == "https://bots.example"
        assert request(gateway, f"/s/{code}", agent=agent).location == "https://bots.example"
    request(gateway, f"/s/{code}", agent=FIREFOX)
    assert settled_clicks(admin_db, code, 1) == 1


def test_head_and_bots_on_a_limited_link_use_no_click(gateway, admin_db, codes):
    code = link(admin_db, codes, "https://limited.example", max_clicks=1)
    assert request(gateway, f"/s/{code}", method="HEAD").location == "https://limited.example"
    assert request(gateway, f"/s/{code}", agent="Googlebot/2.1").location == "https://limited.example"
    assert request(gateway, f"/s/{code}").location == "https://limited.example"
    assert request(gateway, f"/s/{code}", method="HEAD").location == "/?link=exhausted"
    assert clicks(admin_db, code) == 1


def test_max_clicks_is_never_exceeded_by_16_concurrent_clients(gateway, admin_db, codes):
    code = link(admin_db, codes, "https://limit.example", max_clicks=40)
    seen: Counter[tuple[int, str | None]] = Counter()  # (status, location) → answers
    lock = threading.Lock()

    def client() -> None:
        for _ in range(8):
            reply = request(gateway, f"/s/{code}")
            with lock:
                seen[(reply.status, reply.location)] += 1

    threads = [threading.Thread(target=client) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {(302, "https://limit.example"): 40, (302, "/?link=exhausted"): 16 * 8 - 40}
    assert settled_clicks(admin_db, code, 40) == 40


def test_a_deleted_link_stops_redirecting_at_once(gateway, admin_db, codes):
    code = link(admin_db, codes, "https://soon-gone.example")
    # Enough requests that every worker has the link in its cache.
    assert {request(gateway, f"/s/{code}").location for _ in range(20)} == {"https://soon-gone.example"}
    admin_db.execute("delete from public.shortened_urls where short_code = %s", (code,))
    # Well within the cache's 10 s TTL: the NOTIFY, not the expiry, drops the entry in every worker.
    assert until(lambda: request(gateway, f"/s/{code}").location == "/?link=unknown")
    assert {request(gateway, f"/s/{code}").location for _ in range(20)} == {"/?link=unknown"}


def test_a_changed_destination_is_followed_at_once(gateway, admin_db, codes):
    code = link(admin_db, codes, "https://before.example")
    assert {request(gateway, f"/s/{code}").location for _ in range(20)} == {"https://before.example"}
    admin_db.execute(
        "update public.shortened_urls set original_url = 'https://after.example' where short_code = %s", (code,)
    )
    assert until(lambda: request(gateway, f"/s/{code}").location == "https://after.example")
    assert {request(gateway, f"/s/{code}").location for _ in range(20)} == {"https://after.example"}


def test_a_code_created_after_a_miss_works_at_once(gateway, admin_db, codes):
    code = new_code()
    assert {request(gateway, f"/s/{code}").location for _ in range(10)} == {"/?link=unknown"}  # "unknown" is cached too
    link(admin_db, codes, "https://new.example", code=code)
    assert until(lambda: request(gateway, f"/s/{code}").location == "https://new.example")
    assert {request(gateway, f"/s/{code}").location for _ in range(20)} == {"https://new.example"}


def test_other_paths_and_methods_are_json_errors(service):
    missing = request(service, "/api/links")
    assert missing.status == 404 and missing.content_type == "application/json"
    assert b'"code": "not_found"' in missing.body
    put = request(service, "/s/abc1234", method="PUT")  # POST answers a protected link's password form
    assert put.status == 405 and put.content_type == "application/json"
    assert b'"code": "method_not_allowed"' in put.body
