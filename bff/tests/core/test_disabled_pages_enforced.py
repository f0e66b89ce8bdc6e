"""A disabled page is closed by the server, not only hidden by the app (SPEC §3, §4): the endpoints
that serve only that page answer 403 page_disabled to users and visitors, with the admin's reason
or SPEC's sentence; admins keep using them; shared endpoints and existing short links stay open."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from fixtures import samples
from fixtures.redirect_support import request
from fixtures.tools_support import assert_json_error, ndjson, upload
from toolkit_bff import create_app
from toolkit_bff.api.openapi import DOCUMENT
from toolkit_bff.page_gate import page_of_endpoint
from toolkit_bff.spec_constants import DISABLED_PAGE_MESSAGE, PAGE_KEYS
from tools_servers import fake_libretranslate, fake_sites

LINK_URL = "https://gate.example/page"


@dataclass(frozen=True)
class Gated:
    """One endpoint behind a page, and a request that succeeds while the page is open."""

    page: str
    method: str
    path: str
    files: tuple[tuple[bytes, str], ...] | None = None
    fields: dict[str, str | int] = field(default_factory=dict)
    json: dict[str, object] | None = None
    ok: int = 200

    def send(self, client: FlaskClient, headers: dict[str, str] | None = None) -> TestResponse:
        if self.files is not None:
            client.environ_base.pop("HTTP_AUTHORIZATION", None)
            if headers:
                client.environ_base["HTTP_AUTHORIZATION"] = headers["Authorization"]
            return upload(client, self.path, list(self.files), **self.fields)
        return client.open(self.path, method=self.method, json=self.json, headers=headers or {})


PDF = (samples.text_pdf(["One", "Two"]), "report.pdf")
GATED = [
    Gated(
        "file-converter",
        "POST",
        "/api/tools/convert",
        files=((samples.jpeg_with_exif(64, 48), "photo.jpg"),),
        fields={"format": "png"},
    ),
    Gated("qr-code-generator", "POST", "/api/tools/qr", json={"type": "text", "text": "hello"}),
    Gated("username-checker", "GET", "/api/tools/username/taken?sites=StatusSite"),
    Gated(
        "image-to-text",
        "POST",
        "/api/tools/ocr",
        files=((samples.png_of(samples.text_image(["Hello gate"])), "scan.png"),),
        fields={"lang": "eng"},
    ),
    Gated("pdf-editor", "POST", "/api/tools/pdf/info", files=(PDF,)),
    Gated("pdf-editor", "POST", "/api/tools/pdf/merge", files=(PDF, PDF)),
    Gated("url-shortener", "POST", "/api/links", json={"url": LINK_URL}, ok=201),
]
IDS = [f"{case.page}:{case.path.split('?')[0]}" for case in GATED]


@pytest.fixture
def set_page(admin_db):
    """Switch a page as an admin would; every page is enabled again afterwards, whatever failed."""

    def switch(page_key: str, disabled: bool, reason: str = "") -> None:
        admin_db.execute(
            "update public.page_settings set is_disabled = %s, disable_reason = %s where page_key = %s",
            (disabled, reason, page_key),
        )

    yield switch
    admin_db.execute("update public.page_settings set is_disabled = false, disable_reason = ''")


@pytest.fixture
def gate_app(app, tmp_path, admin_db):
    """The stack's app with the username checker's sites served locally; links made here removed."""
    with fake_sites.serving(app, tmp_path):
        yield app
    admin_db.execute("delete from public.shortened_urls where original_url like 'https://gate.example/%%'")


@pytest.fixture
def people(make_user):
    return {"user": make_user("gate-user").headers, "admin": make_user("gate-admin", admin=True).headers}


def assert_succeeded(case: Gated, response) -> None:
    assert response.status_code == case.ok, (case.path, response.status_code, response.data[:300])
    if "username" in case.path:
        assert ndjson(response.data)[-1]["type"] == "done"


@pytest.mark.parametrize("case", GATED, ids=IDS)
def test_a_disabled_page_refuses_users_and_visitors_with_the_reason(case, gate_app, people, set_page):
    reason = f"Closed for maintenance ({case.page})"
    set_page(case.page, True, reason)
    client = gate_app.test_client()
    for headers in (people["user"], None):
        error = assert_json_error(case.send(client, headers), 403, "page_disabled")
        assert error["message"] == reason


@pytest.mark.parametrize("case", GATED, ids=IDS)
def test_without_a_reason_the_refusal_is_specs_sentence(case, gate_app, people, set_page):
    set_page(case.page, True)
    client = gate_app.test_client()
    for headers in (people["user"], None):
        assert assert_json_error(case.send(client, headers), 403, "page_disabled")["message"] == DISABLED_PAGE_MESSAGE


@pytest.mark.parametrize("case", GATED, ids=IDS)
def test_admins_keep_using_a_disabled_page(case, gate_app, people, set_page):
    set_page(case.page, True, "Admins only today")
    assert_succeeded(case, case.send(gate_app.test_client(), people["admin"]))


@pytest.mark.parametrize("case", GATED, ids=IDS)
def test_a_re_enabled_page_works_again(case, gate_app, people, set_page):
    set_page(case.page, True, "Back soon")
    client = gate_app.test_client()
    assert_json_error(case.send(client, people["user"]), 403, "page_disabled")
    set_page(case.page, False)
    assert_succeeded(case, case.send(client, people["user"]))


def test_another_pages_switch_leaves_an_endpoint_open(gate_app, set_page):
    for page_key in set(PAGE_KEYS) - {"qr-code-generator"}:
        set_page(page_key, True)
    response = gate_app.test_client().post("/api/tools/qr", json={"type": "text", "text": "hi"})
    assert response.status_code == 200, response.data[:300]


def test_shared_endpoints_and_existing_links_stay_open_while_every_page_is_disabled(
    gate_app, people, set_page, redirect_url
):
    client = gate_app.test_client()
    made = client.post("/api/links", json={"url": LINK_URL + "/existing"}, headers=people["user"])
    assert made.status_code == 201, made.data[:300]
    link = made.get_json()
    for page_key in PAGE_KEYS:
        set_page(page_key, True, "Everything is closed")

    listed = client.get("/api/links", headers=people["user"])
    assert listed.status_code == 200 and [item["id"] for item in listed.get_json()["links"]] == [link["id"]]
    assert client.get(f"/api/links/resolve/{link['short_code']}").get_json()["url"] == LINK_URL + "/existing"
    followed = request(redirect_url, f"/s/{link['short_code']}")
    assert (followed.status, followed.location) == (302, LINK_URL + "/existing")
    assert client.delete(f"/api/links/{link['id']}", headers=people["user"]).status_code == 204

    assert client.get("/api/tools/ocr/languages").status_code == 200  # metadata for the page, no job
    metadata = upload(client, "/api/tools/metadata", (samples.jpeg_with_exif(64, 48), "photo.jpg"))
    assert metadata.status_code == 200, metadata.data[:300]
    with fake_libretranslate.running() as (url, _):
        gate_app.config["LIBRETRANSLATE_URL"] = url
        translated = client.post("/api/tools/translate", json={"q": "Hello", "target": "de"}, headers=people["user"])
    assert translated.status_code == 200, translated.data[:300]
    assert client.get("/api/pages").status_code == 200
    assert client.get("/api/me", headers=people["user"]).status_code == 200
    preflight = client.options(
        "/api/tools/qr", headers={"Origin": "https://elsewhere.example", "Access-Control-Request-Method": "POST"}
    )
    assert preflight.status_code == 200


def test_refused_before_the_upload_is_read_or_a_job_is_started(gate_app, people, set_page):
    """A body over the request limit would be 413 once read, and no job slot is free: the refusal
    comes first, so neither is reached."""
    set_page("pdf-editor", True, "Closed")
    gate_app.config.update(MAX_CONTENT_LENGTH=1024, TOOLS_MAX_JOBS_PER_WORKER=0)
    response = upload(gate_app.test_client(), "/api/tools/pdf/merge", [PDF, PDF])
    assert_json_error(response, 403, "page_disabled")


def test_a_forged_token_on_a_disabled_page_is_refused_as_invalid(gate_app, people, set_page):
    set_page("qr-code-generator", True, "Closed")
    forged = people["admin"]["Authorization"].rsplit(".", 1)[0] + ".c2lnbmF0dXJl"
    response = gate_app.test_client().post(
        "/api/tools/qr", json={"type": "text", "text": "hi"}, headers={"Authorization": forged}
    )
    assert_json_error(response, 401, "invalid_token")


def test_an_unreachable_database_is_a_503_not_a_500(stack_env):
    app = create_app(
        {
            "TESTING": True,
            "RATELIMIT_ENABLED": False,
            "JWT_SECRET": stack_env["TOOLKIT_JWT_SECRET"],
            "DATABASE_URL": "postgresql://authenticator:wrong@127.0.0.1:1/postgres?connect_timeout=1",
        }
    )
    try:
        response = app.test_client().post("/api/tools/qr", json={"type": "text", "text": "hi"})
        assert_json_error(response, 503, "database_unavailable")
    finally:
        app.extensions["db_pool"].close()


def test_the_document_names_page_disabled_exactly_where_the_server_sends_it(app):
    gated = {
        (method, re.sub(r"<(?:[^<>:]+:)?([^<>]+)>", r"{\1}", rule.rule))
        for rule in app.url_map.iter_rules()
        if page_of_endpoint(rule.endpoint)
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    documented = {
        (method.upper(), path)
        for path, item in DOCUMENT["paths"].items()
        for method, operation in item.items()
        if "page_disabled" in operation["responses"].get("403", {}).get("x-error-codes", [])
    }
    assert gated == documented
    assert {page_of_endpoint(rule.endpoint) for rule in app.url_map.iter_rules()} - {None} <= set(PAGE_KEYS)
