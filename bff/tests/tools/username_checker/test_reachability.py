"""With no internet (as on our machines), a username check answers one clear message at once instead
of hundreds of failed rows: the server looks up and connects to its configured probe first."""

from __future__ import annotations

import socket
from typing import Any

import pytest
from flask.testing import FlaskClient

from fixtures.tools_support import assert_json_error, ndjson
from tools_servers import fake_sites


@pytest.fixture
def sites(tools_app, tmp_path):
    with fake_sites.running() as (base, seen):
        fake_sites.configure(tools_app, base, tmp_path, USERNAME_SITE_TIMEOUT=0.5, USERNAME_INTERNET_CACHE_SECONDS=0)
        yield seen


def offline_error(client: FlaskClient) -> dict[str, Any]:
    error = assert_json_error(client.get("/api/tools/username/ada_lovelace"), 503, "internet_unreachable")
    assert error["message"].startswith("No site can be checked: this server cannot reach the internet right now (")
    assert error["message"].endswith("). Try again later.")
    return error


def test_no_name_lookup_means_one_message_and_no_site_asked(tools_app, tools_client, sites):
    tools_app.config["USERNAME_INTERNET_PROBE"] = "internet-probe.invalid:443"  # .invalid never resolves
    response = tools_client.get("/api/tools/username/ada_lovelace")
    assert response.headers["Retry-After"] == "30"
    assert "looking up site addresses" in offline_error(tools_client)["message"]
    assert sites == []


def test_a_refused_connection_means_offline_too(tools_app, tools_client, sites):
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # bound, never listening: connections are refused
        tools_app.config["USERNAME_INTERNET_PROBE"] = f"localhost:{port}"
        assert "(connecting failed)" in offline_error(tools_client)["message"]
    assert sites == []


def test_a_connection_that_never_completes_is_cut_short(tools_app, tools_client, sites):
    """A listener whose queue is full drops new connection attempts, as a black-holing firewall does:
    the probe gives up on its own time limit and says so."""
    with socket.socket() as full:
        full.bind(("127.0.0.1", 0))
        full.listen(0)
        waiting = [socket.socket() for _ in range(3)]
        for sock in waiting:
            sock.setblocking(False)
            sock.connect_ex(full.getsockname())
        try:
            tools_app.config["USERNAME_INTERNET_PROBE"] = f"localhost:{full.getsockname()[1]}"
            assert "(connecting timed out)" in offline_error(tools_client)["message"]
        finally:
            for sock in waiting:
                sock.close()


def test_the_internet_coming_back_is_noticed(tools_app, tools_client, sites):
    tools_app.config["USERNAME_INTERNET_PROBE"] = "internet-probe.invalid:443"
    offline_error(tools_client)
    tools_app.config["USERNAME_INTERNET_PROBE"] = fake_sites.probe_of(
        tools_app.config["USERNAME_SITES_FILE"] and _base(tools_app)
    )
    lines = ndjson(tools_client.get("/api/tools/username/taken?sites=StatusSite").data)
    assert lines[-1]["summary"] == {"found": 1, "not_found": 1, "could_not_check": 0}


def test_the_answer_is_cached_briefly(tools_app, tools_client, sites):
    """Within the cache time a second check reuses the first answer: switching the probe's target
    off in between changes nothing until it expires."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        tools_app.config.update(
            USERNAME_INTERNET_PROBE=f"localhost:{listener.getsockname()[1]}", USERNAME_INTERNET_CACHE_SECONDS=300
        )
        assert tools_client.get("/api/tools/username/taken?sites=StatusSite").status_code == 200
    assert tools_client.get("/api/tools/username/taken?sites=StatusSite").status_code == 200  # cached: online
    tools_app.config["USERNAME_INTERNET_CACHE_SECONDS"] = 0
    offline_error(tools_client)


def _base(app) -> str:
    import json

    with open(app.config["USERNAME_SITES_FILE"], encoding="utf-8") as handle:
        url: str = json.load(handle)["StatusSite"]["urlMain"]
        return url
