"""How a counted click is described in the statistics: browser and device family of real
User-Agent strings, and the referrer's host alone."""

from __future__ import annotations

import pytest

from toolkit_redirect.rules import agent_family, client_key, referrer_host

AGENTS = [
    (
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        ("chrome", "desktop"),
    ),
    (
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 "
        "Edg/131.0.2903.86",
        ("edge", "desktop"),
    ),
    (
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
        ("safari", "desktop"),
    ),
    (
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 "
        "Mobile/15E148 Safari/604.1",
        ("safari", "mobile"),
    ),
    (
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 "
        "Mobile/15E148 Safari/604.1",
        ("chrome", "mobile"),
    ),
    (
        "Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 "
        "Safari/604.1",
        ("safari", "tablet"),
    ),
    (
        "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 "
        "Mobile Safari/537.36",
        ("samsung", "mobile"),
    ),
    (
        "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        ("chrome", "tablet"),
    ),
    ("Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0", ("firefox", "mobile")),
    ("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", ("firefox", "desktop")),
    (
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 "
        "OPR/116.0.0.0",
        ("opera", "desktop"),
    ),
    ("curl/8.11.0", ("other", "other")),
    ("", ("other", "other")),
]


@pytest.mark.parametrize("agent, family", AGENTS, ids=[f"{f[0]}-{f[1]}-{i}" for i, (_, f) in enumerate(AGENTS)])
def test_browser_and_device_families(agent, family):
    assert agent_family(agent) == family


@pytest.mark.parametrize(
    "referer, host",
    [
        ("https://news.example.com/story/123?utm=x#comments", "news.example.com"),
        ("https://www.Example.org/private/path", "example.org"),
        ("http://user:secret@intranet.example:8443/x", "intranet.example"),
        ("https://[2001:db8::1]:443/page", "[2001:db8::1]"),
        ("android-app://com.slack/", "com.slack"),
        ("", ""),
        ("not a url", ""),
        ("/relative/path", ""),
    ],
)
def test_referrers_keep_their_host_only(referer, host):
    assert referrer_host(referer) == host


def test_client_keys_group_an_ipv6_subscriber_and_unwrap_mapped_ipv4():
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert client_key("::ffff:203.0.113.7") == "203.0.113.7"
    assert client_key("198.51.100.4") == "198.51.100.4"
