"""Username checker against a local server playing each detection type; the bundled list loads."""

from __future__ import annotations

import ast
from importlib import resources
from typing import Any

import pytest
from werkzeug.test import TestResponse

from fixtures.redirect_support import refusing_port
from fixtures.tools_support import assert_json_error, ndjson
from toolkit_bff.tools.username_checker.sites import WAF_FINGERPRINTS, bundled_sites_path, load_sites
from tools_servers import fake_sites

REASONS = {
    "Could not reach the site",
    "Blocked by the site's bot protection",
    "Timed out",
    "The site is limiting requests (rate limit)",
    "This site does not accept this name",
    "The site had an error (HTTP 500)",
    "The site's answer was unclear (HTTP 302)",
}


@pytest.fixture
def sites(tools_app, tmp_path):
    with fake_sites.serving(tools_app, tmp_path, site_timeout=0.5) as seen:
        yield seen


def results(response: TestResponse) -> dict[str, dict[str, Any]]:
    """The streamed result lines by site."""
    return {line["site"]: line for line in ndjson(response.data) if line["type"] == "result"}


def statuses(response) -> dict[str, str]:
    return {site: line["status"] for site, line in results(response).items()}


def test_each_detection_type(tools_client, sites):
    response = tools_client.get("/api/tools/username/taken")
    assert response.status_code == 200 and response.mimetype == "application/x-ndjson"
    assert response.headers["X-Accel-Buffering"] == "no"
    lines = ndjson(response.data)
    assert lines[0] == {"type": "start", "username": "taken", "sites": 13}
    assert statuses(response) == {
        "StatusSite": "taken",
        "MessageSite": "taken",
        "RedirectSite": "taken",
        "CodesSite": "taken",
        "EscapingSite": "unknown",
        "BlockedSite": "blocked",
        "WafSite": "blocked",
        "HeaderWallSite": "blocked",
        "BrokenSite": "unknown",
        "SlowSite": "unknown",
        "StrictSite": "invalid",
        "HoldSite": "available",
        "Toolkit": "available",
    }
    done = lines[-1]
    assert done["type"] == "done"
    assert done["counts"] == {"taken": 4, "unknown": 3, "blocked": 3, "invalid": 1, "available": 2}
    assert done["summary"] == {"found": 4, "not_found": 2, "could_not_check": 7}


def test_every_unclear_row_says_why_in_words(tools_client, sites):
    rows = results(tools_client.get("/api/tools/username/freebie"))
    assert {
        name: rows[name]["detail"]
        for name in ("BlockedSite", "WafSite", "HeaderWallSite", "SlowSite", "StrictSite", "BrokenSite")
    } == {
        "BlockedSite": "The site is limiting requests (rate limit)",
        "WafSite": "Blocked by the site's bot protection",
        "HeaderWallSite": "Blocked by the site's bot protection",
        "SlowSite": "Timed out",
        "StrictSite": "This site does not accept this name",
        "BrokenSite": "The site had an error (HTTP 500)",
    }
    # An off-list redirect is not followed: what the site said stays unclear.
    assert rows["EscapingSite"]["detail"] == "The site's answer was unclear (HTTP 302)"
    assert {row["detail"] for row in rows.values() if "detail" in row} <= REASONS
    assert not any(word in str(row) for row in rows.values() for word in ("Errno", "Error(", "Exception", "Traceback"))


def test_an_unreachable_site_is_named_not_excepted(tools_app, tools_client, tmp_path):
    with refusing_port() as port, fake_sites.running() as (live, _):
        fake_sites.configure(tools_app, f"http://127.0.0.1:{port}", tmp_path)  # the sites are gone…
        tools_app.config["USERNAME_INTERNET_PROBE"] = fake_sites.probe_of(live)  # …the internet is there
        rows = results(tools_client.get("/api/tools/username/freebie?sites=StatusSite,MessageSite"))
    assert {rows[name]["detail"] for name in ("StatusSite", "MessageSite")} == {"Could not reach the site"}
    assert rows["StatusSite"]["status"] == "unknown"


def test_bot_walls_are_never_available(tools_client, sites):
    for name in ("taken", "freebie"):
        found = statuses(tools_client.get(f"/api/tools/username/{name}?sites=WafSite,HeaderWallSite,BlockedSite"))
        assert {found[site] for site in ("WafSite", "HeaderWallSite", "BlockedSite")} == {"blocked"}


def test_free_name_is_available_only_where_sure(tools_client, sites):
    found = statuses(tools_client.get("/api/tools/username/freebie"))
    assert found["StatusSite"] == found["MessageSite"] == found["RedirectSite"] == found["CodesSite"] == "available"
    assert found["StrictSite"] == "invalid"  # regexCheck: the site takes digits only
    # Errors, time-outs, walls and off-site redirects are never "available".
    assert {found[name] for name in ("BrokenSite", "SlowSite", "EscapingSite")} == {"unknown"}
    # No request for the site whose pattern refused the name, none off the list's hosts.
    assert not any("strict-" in path for path in sites)
    assert not any("latest/meta-data" in path for path in sites)


def test_results_stream_as_they_arrive(tools_client, sites):
    """The fast site's answer is sent in an earlier chunk than the slow one's: streamed, not buffered
    (chunk order, not a clock, so a busy machine cannot fail it)."""
    response = tools_client.get("/api/tools/username/taken?sites=StatusSite,SlowSite", buffered=False)
    arrivals = {}
    for index, chunk in enumerate(response.iter_encoded()):
        for line in ndjson(chunk):
            arrivals[line.get("site", line["type"])] = index
    response.close()
    assert arrivals["StatusSite"] < arrivals["SlowSite"] <= arrivals["done"]


def test_site_selection_and_nsfw(tools_client, sites):
    found = statuses(tools_client.get("/api/tools/username/taken?sites=StatusSite,NsfwSite&nsfw=true"))
    assert found == {"StatusSite": "taken", "NsfwSite": "taken", "Toolkit": "available"}
    assert_json_error(tools_client.get("/api/tools/username/taken?sites=Nowhere"), 422, "invalid_option")


# A slash (encoded or not) leaves the route: 404; any other character the pattern refuses: 422, in words.
@pytest.mark.parametrize(
    "name, status, code",
    [
        ("a/b", 404, "not_found"),
        ("a%2F..", 404, "not_found"),
        ("x@evil.example", 422, "invalid_username"),
        ("-dash", 422, "invalid_username"),
        ("a" * 65, 422, "invalid_username"),
        ("a b", 422, "invalid_username"),
        ("host:80", 422, "invalid_username"),
        ("ünï", 422, "invalid_username"),
    ],
)
def test_names_no_site_accepts_are_refused_in_words(tools_client, sites, name, status, code):
    error = assert_json_error(tools_client.get(f"/api/tools/username/{name}"), status, code)
    if status == 422:
        assert error["message"].startswith("A username is 1-64 letters, digits")
    assert sites == []


def test_job_time_limit_reports_unfinished_sites_as_timed_out(tools_app, tools_client, sites):
    tools_app.config.update(TOOLS_JOB_TIMEOUT=0.3, USERNAME_SITE_TIMEOUT=5)
    lines = ndjson(tools_client.get("/api/tools/username/taken?sites=SlowSite,StatusSite").data)
    slow = next(line for line in lines if line.get("site") == "SlowSite")
    assert slow["status"] == "unknown" and slow["detail"] == "Timed out"


def test_bundled_sherlock_list_loads():
    sites = load_sites(bundled_sites_path())
    assert len(sites) >= 400
    kinds = {kind for site in sites for kind in site.error_types}
    assert kinds == {"status_code", "message", "response_url"}
    github = next(site for site in sites if site.name == "GitHub")
    assert github.profile_url("octocat").endswith("github.com/octocat")
    assert not github.accepts("bad--name-") and github.accepts("octocat")


def test_bot_wall_fingerprints_include_sherlocks_own():
    """Sherlock's WAFHitMsgs, read from the installed sherlock-project's source: a newer release that
    adds one fails this test until our list has it too."""
    source = (resources.files("sherlock_project") / "sherlock.py").read_text(encoding="utf-8")
    theirs = next(
        ast.literal_eval(node.value)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "WAFHitMsgs" for t in node.targets)
    )
    assert len(theirs) >= 4
    assert set(theirs) <= set(WAF_FINGERPRINTS)


def test_own_nicknames_are_checked_in_our_database(make_user, tools_client, sites):
    """Runs against the test stack's Postgres: a nickname in use here is "taken", whatever the case."""
    user = make_user("nick", metadata={"username": "Checker_Nick_1"})
    assert user.id
    for name, status in (("checker_nick_1", "taken"), ("Checker_Nick_1", "taken"), ("checker_nick_2", "available")):
        lines = ndjson(tools_client.get(f"/api/tools/username/{name}?sites=StatusSite").data)
        own = next(line for line in lines if line.get("site") == "Toolkit")
        assert own["status"] == status, name
