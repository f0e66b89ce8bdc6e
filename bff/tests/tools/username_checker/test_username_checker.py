"""Username checker against a local server playing each detection type; the bundled list loads."""
from __future__ import annotations

import json

import pytest

from fixtures.tools_support import assert_json_error, ndjson
from tools_servers import fake_sites
from toolkit_bff.tools.username_checker.sites import bundled_sites_path, load_sites


@pytest.fixture()
def sites(tools_app, tmp_path):
    with fake_sites.running() as (base, seen):
        path = tmp_path / "sites.json"
        path.write_text(json.dumps(fake_sites.site_list(base)))
        tools_app.config.update(USERNAME_SITES_FILE=str(path), USERNAME_SITE_TIMEOUT=0.5)
        yield seen


def statuses(response) -> dict[str, str]:
    return {line["site"]: line["status"] for line in ndjson(response.data) if line["type"] == "result"}


def test_each_detection_type(tools_client, sites):
    response = tools_client.get("/api/tools/username/taken")
    assert response.status_code == 200 and response.mimetype == "application/x-ndjson"
    lines = ndjson(response.data)
    assert lines[0] == {"type": "start", "username": "taken", "sites": 11}
    assert lines[-1]["type"] == "done"
    assert statuses(response) == {
        "StatusSite": "taken", "MessageSite": "taken", "RedirectSite": "taken", "CodesSite": "taken",
        "EscapingSite": "unknown", "BlockedSite": "blocked", "WafSite": "blocked", "BrokenSite": "unknown",
        "SlowSite": "unknown", "StrictSite": "invalid", "Toolkit": "available"}
    assert lines[-1]["counts"] == {"taken": 4, "unknown": 3, "blocked": 2, "invalid": 1, "available": 1}


def test_free_name_is_available_only_where_sure(tools_client, sites):
    found = statuses(tools_client.get("/api/tools/username/freebie"))
    assert found["StatusSite"] == found["MessageSite"] == found["RedirectSite"] == found["CodesSite"] == "available"
    assert found["StrictSite"] == "invalid"  # regexCheck: the site takes digits only
    # Errors, time-outs, walls and off-site redirects are never "available".
    assert {found[name] for name in ("BrokenSite", "SlowSite", "EscapingSite")} == {"unknown"}
    assert {name: found[name] for name in ("BlockedSite", "WafSite")} == {"BlockedSite": "blocked", "WafSite": "blocked"}
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


# A slash (encoded or not) leaves the route: 404; any other character the pattern refuses: 422.
@pytest.mark.parametrize("name, status, code", [
    ("a/b", 404, "not_found"), ("a%2F..", 404, "not_found"), ("x@evil.example", 422, "invalid_username"),
    ("-dash", 422, "invalid_username"), ("a" * 65, 422, "invalid_username"), ("a b", 422, "invalid_username"),
    ("host:80", 422, "invalid_username")])
def test_names_that_could_change_a_url_are_refused(tools_client, sites, name, status, code):
    assert_json_error(tools_client.get(f"/api/tools/username/{name}"), status, code)
    assert sites == []


def test_job_time_limit_reports_unfinished_sites_as_unknown(tools_app, tools_client, sites):
    tools_app.config.update(TOOLS_JOB_TIMEOUT=0.3, USERNAME_SITE_TIMEOUT=5)
    lines = ndjson(tools_client.get("/api/tools/username/taken?sites=SlowSite,StatusSite").data)
    slow = next(line for line in lines if line.get("site") == "SlowSite")
    assert slow["status"] == "unknown" and slow["detail"] == "job time limit reached"


def test_bundled_sherlock_list_loads():
    sites = load_sites(bundled_sites_path())
    assert len(sites) >= 400
    kinds = {kind for site in sites for kind in site.error_types}
    assert kinds == {"status_code", "message", "response_url"}
    github = next(site for site in sites if site.name == "GitHub")
    assert github.profile_url("octocat").endswith("github.com/octocat")
    assert not github.accepts("bad--name-") and github.accepts("octocat")


def test_own_nicknames_are_checked_in_our_database(make_user, tools_client, sites):
    """Runs against the test stack's Postgres: a nickname in use here is "taken", whatever the case."""
    user = make_user("nick", metadata={"username": "Checker_Nick_1"})
    assert user.id
    for name, status in (("checker_nick_1", "taken"), ("Checker_Nick_1", "taken"), ("checker_nick_2", "available")):
        lines = ndjson(tools_client.get(f"/api/tools/username/{name}?sites=StatusSite").data)
        own = next(line for line in lines if line.get("site") == "Toolkit")
        assert own["status"] == status, name
