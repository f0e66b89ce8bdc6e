"""The OpenAPI document: a valid 3.1 document, covering exactly the Flask routes under /api, and
describing what the endpoints really answer (status, media type, headers, JSON bodies, error
codes), checked on a real request to every operation and on the main error paths."""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypedDict
from urllib.parse import parse_qsl, urlsplit

import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import OpenAPIV31SpecValidator, validate
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from conftest import bearer
from fixtures import documents, samples
from fixtures.tools_support import ndjson, upload
from toolkit_bff import create_app
from toolkit_bff.api.openapi import DOCUMENT
from toolkit_bff.config import VERSION
from tools_servers import fake_libretranslate, fake_sites

# The document is registered as one schema resource, so "#/components/…" refs resolve inside it.
DOC_URI = "urn:toolkit:openapi"
REGISTRY = Registry().with_resource(DOC_URI, DRAFT202012.create_resource(DOCUMENT))
# A part of the document, or a JSON body: decoded JSON, whose shape the document's schemas check.
JsonObject = dict[str, Any]


def pointer(*parts: str | int) -> str:
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)


def assert_valid(schema_pointer: str, instance: object) -> None:
    validator = Draft202012Validator({"$ref": f"{DOC_URI}#{schema_pointer}"}, registry=REGISTRY)
    errors = [f"{list(error.path)}: {error.message}" for error in validator.iter_errors(instance)]
    assert not errors, (schema_pointer, errors[:5])


def resolve(node: JsonObject, here: str) -> tuple[JsonObject, str]:
    """A possibly $ref'd object of the document, and the pointer where it really lives."""
    if "$ref" not in node:
        return node, here
    target = node["$ref"].removeprefix("#")
    found = DOCUMENT
    for part in target.strip("/").split("/"):
        found = found[part.replace("~1", "/").replace("~0", "~")]
    return found, target


def documented_operations() -> set[tuple[str, str]]:
    return {(method.upper(), path) for path, item in DOCUMENT["paths"].items() for method in item}


def check_response(method: str, path: str, response) -> None:
    """Status, media type, headers, JSON body (each NDJSON line) and error code are all documented."""
    responses = DOCUMENT["paths"][path][method.lower()]["responses"]
    status = str(response.status_code)
    assert status in responses, (
        f"{method} {path} answered {status} {response.data[:200]!r}; documented: {list(responses)}"
    )
    spec, here = responses[status], pointer("paths", path, method.lower(), "responses", status)
    for name, node in spec.get("headers", {}).items():
        header, header_pointer = resolve(node, here + pointer("headers", name))
        value = response.headers.get(name)
        assert value is not None or not header.get("required"), f"{method} {path} {status}: no {name}"
        if value is not None:
            typed = int(value) if header["schema"].get("type") == "integer" else value
            assert_valid(header_pointer + "/schema", typed)
    if "content" not in spec:  # e.g. 204 or a redirect: no body at all
        assert not response.data, f"{method} {path} {status}: a body where none is documented"
        return
    content = spec.get("content", {})
    assert response.mimetype in content, f"{method} {path} {status}: {response.mimetype} not in {list(content)}"
    schema_pointer = here + pointer("content", response.mimetype, "schema")
    if response.mimetype == "application/json":
        assert_valid(schema_pointer, response.get_json())
    elif response.mimetype == "application/x-ndjson":
        lines = ndjson(response.data)
        # The username checker's stream (start … done), or a long job's progress stream (… result).
        assert lines and (lines[0]["type"], lines[-1]["type"]) in {("start", "done"), ("progress", "result")}
        for line in lines:
            assert_valid(schema_pointer, line)
    elif response.mimetype == "text/plain":
        assert_valid(schema_pointer, response.get_data(as_text=True))
    else:  # binary: OpenAPI 3.1 describes it by media type alone
        assert "schema" not in content[response.mimetype] and response.data
    if response.status_code >= 400 and "x-error-codes" in spec:
        code = response.get_json()["error"]["code"]
        assert code in spec["x-error-codes"], f"{method} {path} {status}: code {code} is not documented"


# (request) → values (ids, tokens) filled into a case's url and headers' {placeholders} before sending
Setup = Callable[[pytest.FixtureRequest], dict[str, str]]


@dataclass
class Case:
    method: str
    path: str  # as documented
    url: str | None = None  # when it differs: path parameters filled in, query string
    files: tuple[str, ...] | None = None  # SAMPLES sent as multipart `file`s, `fields` beside them
    fields: dict[str, str | int | float] = field(default_factory=dict)
    json: JsonObject | None = None
    form: dict[str, str] | None = None  # application/x-www-form-urlencoded
    raw_json: bytes | None = None
    client: str = "tools_client"
    needs: tuple[str, ...] = ()  # fixtures to activate (fake servers)
    headers: dict[str, str] = field(default_factory=dict)
    token: bool = False
    config: dict[str, object] = field(default_factory=dict)
    status: int = 200
    code: str | None = None
    label: str = ""
    setup: Setup | None = None

    def __str__(self) -> str:
        return " ".join(filter(None, [self.method, self.url or self.path, self.code, self.label]))


def check_request(case: Case) -> None:
    """The representative request sends only what the document describes, and all it requires."""
    method, operation = case.method.lower(), DOCUMENT["paths"][case.path][case.method.lower()]
    parameters = [(p["in"], p["name"]) for p in operation.get("parameters", [])]
    url = urlsplit(case.url or case.path)
    assert {("query", name) for name, _ in parse_qsl(url.query)} <= set(parameters)
    template = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(case.path))
    path_match = re.fullmatch(template, url.path)
    assert path_match, f"{case}: {url.path} is not {case.path}"
    for name, value in path_match.groupdict().items():
        index = parameters.index(("path", name))
        assert_valid(pointer("paths", case.path, method, "parameters", index, "schema"), value)
    if case.json is None and case.form is None and case.files is None:
        assert "requestBody" not in operation or not operation["requestBody"].get("required")
        return
    media = (
        "multipart/form-data"
        if case.files is not None
        else "application/json"
        if case.json is not None
        else "application/x-www-form-urlencoded"
    )
    content = operation["requestBody"]["content"]
    assert media in content, f"{case}: {media} is not a documented request body"
    here = pointer("paths", case.path, method, "requestBody", "content", media, "schema")
    schema, schema_pointer = resolve(content[media]["schema"], here)
    sent: dict[str, object] = dict(case.json if case.json is not None else case.form or case.fields)
    if case.files is not None:
        sent["file"] = "(files)"
    assert set(sent) <= set(schema["properties"]), set(sent) - set(schema["properties"])
    assert set(schema.get("required", [])) <= set(sent)
    for name, value in sent.items():
        if name != "file":
            assert_valid(schema_pointer + pointer("properties", name), value)


def prepared(case: Case, request) -> Case:
    """The case with what its setup made filled into its url and headers."""
    if case.setup is None:
        return case
    values = case.setup(request)
    return replace(
        case,
        url=(case.url or case.path).format(**values),
        setup=None,
        headers={name: value.format(**values) for name, value in case.headers.items()},
    )


def send(case: Case, request):
    for name in case.needs:
        request.getfixturevalue(name)
    client = request.getfixturevalue(case.client)
    client.application.config.update(case.config)
    headers = {**case.headers, **(bearer(request.getfixturevalue("make_user")("openapi").token) if case.token else {})}
    url = case.url or case.path
    if case.files is not None:
        return upload(client, url, [SAMPLES[name]() for name in case.files], **case.fields)
    if case.raw_json is not None:
        return client.open(url, method=case.method, data=case.raw_json, content_type="application/json")
    if case.json is not None:
        return client.open(url, method=case.method, json=case.json, headers=headers)
    return client.open(url, method=case.method, data=case.form, headers=headers)


@pytest.fixture
def translation_engine(tools_app):
    with fake_libretranslate.running() as (url, _):
        tools_app.config["LIBRETRANSLATE_URL"] = url
        yield


@pytest.fixture
def site_list(tools_app, tmp_path):
    with fake_sites.serving(tools_app, tmp_path):
        yield


@pytest.fixture
def unreachable_db_client():
    app = create_app(
        {
            "TESTING": True,
            "RATELIMIT_ENABLED": False,
            "JWT_SECRET": "x" * 32,
            "DATABASE_URL": "postgresql://authenticator:wrong@127.0.0.1:1/postgres?connect_timeout=1",
        }
    )
    yield app.test_client()
    app.extensions["db_pool"].close()


# Uploads, made on demand: (content, client file name).
SAMPLES: dict[str, Callable[[], tuple[bytes, str]]] = {
    "jpeg": lambda: (samples.jpeg_with_exif(320, 240), "photo.jpg"),
    "png": lambda: (samples.image_bytes("PNG", 160, 100, mode="RGBA"), "logo.png"),
    "pdf": lambda: (samples.text_pdf(["One", "Two", "Three"]), "report.pdf"),
    "locked_pdf": lambda: (samples.encrypted_pdf("s3cret"), "locked.pdf"),
    "scan": lambda: (samples.png_of(samples.text_image(["Hello OCR world"])), "scan.png"),
    "unknown": lambda: (b"\x00\x01 nothing we know", "x.bin"),
    "heic": lambda: (documents.heic_photo(), "IMG_0001.HEIC"),
    # A postcard-sized scan: the answer's shape is the point, not the page (full A4 pages: test_searchable_pdf.py).
    "scanned_pdf": lambda: (documents.scanned_pdf([["Hello searchable world"]], pixels=(1240, 874))[0], "scan.pdf"),
    "secret_pdf": lambda: (documents.secret_pdf(pages=1), "notes.pdf"),
}


def a_paste(request: pytest.FixtureRequest) -> dict[str, str]:
    """A user and a paste of theirs, made through the API; every paste with its content (copies,
    anonymous ones too) is removed after the test."""
    admin_db, content = request.getfixturevalue("admin_db"), f"print({uuid.uuid4().hex!r})\n"
    request.addfinalizer(lambda: admin_db.execute("delete from public.pastes where content = %s", (content,)))
    user = request.getfixturevalue("make_user")("openapi")
    response = request.getfixturevalue("client").post(
        "/api/pastes", json={"content": content, "title": "Hello", "language": "python"}, headers=user.headers
    )
    assert response.status_code == 201, response.data[:300]
    return {"id": response.get_json()["id"], "token": user.token}


def a_user(request: pytest.FixtureRequest) -> dict[str, str]:
    return {"token": request.getfixturevalue("make_user")("openapi").token}


def a_deleted_user(request: pytest.FixtureRequest) -> dict[str, str]:
    """The unexpired token of a user deleted meanwhile."""
    user = request.getfixturevalue("make_user")("openapi-gone")
    request.getfixturevalue("admin_db").execute("delete from auth.users where id = %s", (user.id,))
    return {"token": user.token}


def a_user_owing_the_code(request: pytest.FixtureRequest) -> dict[str, str]:
    """A password-only (aal1) token of a user with a verified authenticator."""
    user = request.getfixturevalue("make_user")("openapi-mfa")
    request.getfixturevalue("admin_db").execute(
        "insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)"
        " values (gen_random_uuid(), %s, 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')",
        (user.id,),
    )
    return {"token": request.getfixturevalue("make_token")(user.id, email=user.email, aal="aal1")}


def a_link(request: pytest.FixtureRequest) -> dict[str, str]:
    """A user and a link of theirs (removed with the user)."""
    user = request.getfixturevalue("make_user")("openapi")
    response = request.getfixturevalue("client").post(
        "/api/links", json={"url": "https://openapi.example/page", "max_clicks": 5}, headers=user.headers
    )
    assert response.status_code == 201, response.data[:300]
    link = response.get_json()
    return {"id": link["id"], "code": link["short_code"], "token": user.token}


def an_api_token(scopes: list[str]) -> Setup:
    """Setup: a user, a personal API token of theirs with these scopes, and a paste of theirs."""

    def setup(request: pytest.FixtureRequest) -> dict[str, str]:
        made = a_paste(request)
        response = request.getfixturevalue("client").post(
            "/api/me/tokens", json={"name": "openapi script", "scopes": scopes}, headers=bearer(made["token"])
        )
        assert response.status_code == 201, response.data[:300]
        return {**made, "api_token": response.get_json()["token"], "token_id": response.get_json()["id"]}

    return setup


def a_protected_link(request: pytest.FixtureRequest) -> dict[str, str]:
    link = a_link(request)
    request.getfixturevalue("admin_db").execute(
        "update public.shortened_urls set password_hash = %s where id = %s", (ARGON2_HASH, link["id"])
    )
    return link


def an_expired_link(request: pytest.FixtureRequest) -> dict[str, str]:
    link = a_link(request)
    request.getfixturevalue("admin_db").execute(
        "update public.shortened_urls set expires_at = now() - interval '1 second' where id = %s", (link["id"],)
    )
    return link


def admins(request: pytest.FixtureRequest) -> dict[str, str]:
    """An admin, and a second admin for them to act on."""
    make_user, admin_db = request.getfixturevalue("make_user"), request.getfixturevalue("admin_db")
    boss, other = make_user("openapi-boss", admin=True), make_user("openapi-other", admin=True)
    request.addfinalizer(
        lambda: admin_db.execute("update public.page_settings set is_disabled = false, disable_reason = ''")
    )
    return {"token": boss.token, "user_id": other.id}


def anonymous_links_removed(request: pytest.FixtureRequest) -> dict[str, str]:
    admin_db = request.getfixturevalue("admin_db")
    request.addfinalizer(
        lambda: admin_db.execute(
            "delete from public.shortened_urls where original_url like 'https://openapi.example/%%' and user_id is null"
        )
    )
    return {}


def moderated(request: pytest.FixtureRequest) -> dict[str, str]:
    """An admin, and a public paste and a short link of another user's for them to moderate."""
    admin = request.getfixturevalue("make_user")("openapi-moderator", admin=True)
    paste, link = a_paste(request), a_link(request)
    return {"token": admin.token, "paste": paste["id"], "code": link["code"]}


def a_user_alone_admin(request: pytest.FixtureRequest) -> dict[str, str]:
    """The only admin left: revoking them is the 409 of the last admin."""
    admin_db = request.getfixturevalue("admin_db")
    boss = request.getfixturevalue("make_user")("openapi-last", admin=True)
    admin_db.execute("delete from public.user_roles where user_id <> %s", (boss.id,))
    return {"token": boss.token, "user_id": boss.id}


def page_disabled(page_key: str) -> Setup:
    """Setup: the page disabled by an admin (every page enabled again afterwards)."""

    def setup(request: pytest.FixtureRequest) -> dict[str, str]:
        admin_db = request.getfixturevalue("admin_db")
        request.addfinalizer(
            lambda: admin_db.execute("update public.page_settings set is_disabled = false, disable_reason = ''")
        )
        admin_db.execute(
            "update public.page_settings set is_disabled = true, disable_reason = 'Closed for a check'"
            " where page_key = %s",
            (page_key,),
        )
        return {}

    return setup


class Caller(TypedDict):
    """Who sends a case: the client fixture and its headers (their {placeholders} filled by the setup)."""

    client: str
    headers: dict[str, str]


class CallerWithSetup(Caller):
    setup: Setup


SIGNED_IN: Caller = {"client": "client", "headers": {"Authorization": "Bearer {token}"}}
WITH_API_TOKEN: Caller = {"client": "client", "headers": {"Authorization": "Bearer {api_token}"}}
ARGON2_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g"
ENVELOPE = "tk1.q83vEjRWeJCrze8S." + "Zm9vYmFy" * 6
# DELETE /api/me goes through the stack's Auth admin API.
AUTH_ADMIN: dict[str, object] = {
    "AUTH_URL": os.environ.get("TOOLKIT_AUTH_URL", ""),
    "SERVICE_ROLE_KEY": os.environ.get("TOOLKIT_SERVICE_ROLE_KEY", ""),
}
# Pastes: the owner's request on a paste of theirs.
PASTE: CallerWithSetup = {"client": "client", "setup": a_paste, "headers": {"Authorization": "Bearer {token}"}}
ENGINE = ("translation_engine",)
# One success per documented operation (test_every_operation_has_a_success_case keeps it so).
SUCCESSES = [
    Case("GET", "/api/health", client="client"),
    Case("GET", "/api/me", client="client", token=True),
    Case("DELETE", "/api/me", setup=a_user, config=AUTH_ADMIN, status=204, **SIGNED_IN),
    Case("GET", "/api/openapi.json"),
    Case("POST", "/api/tools/convert", files=("jpeg",), fields={"format": "webp", "quality": 70}),
    Case("GET", "/api/tools/ocr/languages"),
    Case("POST", "/api/tools/ocr", files=("scan",), fields={"lang": "eng", "psm": 6}),
    Case("POST", "/api/tools/metadata", files=("jpeg",)),
    Case(
        "POST",
        "/api/tools/metadata/edit",
        files=("jpeg",),
        fields={"Artist": "Grace Hopper", "gps_latitude": 51.5, "gps_longitude": -0.12},
    ),
    Case("POST", "/api/tools/metadata/remove-gps", files=("jpeg",)),
    Case("POST", "/api/tools/metadata/strip", files=("png",)),
    Case("POST", "/api/tools/pdf/info", files=("pdf",)),
    Case("POST", "/api/tools/pdf/thumbnails", files=("pdf",), fields={"width": 64, "pages": "1-2"}),
    Case("POST", "/api/tools/pdf/merge", files=("pdf", "pdf"), fields={"order": "2,1"}),
    Case("POST", "/api/tools/pdf/split", files=("pdf",), fields={"every": 2}),
    Case("POST", "/api/tools/pdf/extract", files=("pdf",), fields={"pages": "1-2"}),
    Case("POST", "/api/tools/pdf/delete", files=("pdf",), fields={"pages": "2"}),
    Case(
        "POST", "/api/tools/pdf/rotate", files=("locked_pdf",), fields={"angle": 90, "pages": "1", "password": "s3cret"}
    ),
    Case("POST", "/api/tools/pdf/reorder", files=("pdf",), fields={"order": "3,1,2"}),
    Case(
        "POST", "/api/tools/pdf/watermark", files=("pdf",), fields={"text": "DRAFT", "opacity": 0.3, "color": "#336699"}
    ),
    Case(
        "POST",
        "/api/tools/pdf/page-numbers",
        files=("pdf",),
        fields={"template": "{n} / {total}", "position": "top-right"},
    ),
    Case("POST", "/api/tools/pdf/metadata", files=("pdf",), fields={"title": "Annual report", "author": ""}),
    Case("POST", "/api/tools/pdf/encrypt", files=("pdf",), fields={"new_password": "open sesame"}),
    Case("POST", "/api/tools/pdf/decrypt", files=("locked_pdf",), fields={"password": "s3cret"}),
    Case("POST", "/api/tools/pdf/compress", files=("pdf",), fields={"image_quality": 70}),
    Case("POST", "/api/tools/pdf/text", files=("pdf",)),
    Case("POST", "/api/tools/ocr/searchable", files=("heic",), client="anonymous_tools_client"),
    Case("POST", "/api/tools/pdf/searchable", files=("scanned_pdf",), fields={"lang": "eng", "mode": "skip"}),
    Case("POST", "/api/tools/pdf/redact/find", files=("secret_pdf",), fields={"terms": '["Zanzibar"]'}),
    Case(
        "POST",
        "/api/tools/pdf/redact",
        files=("secret_pdf",),
        fields={
            "terms": "Zanzibar",
            "areas": '[{"page": 1, "left": 0.1, "top": 0.1, "width": 0.2, "height": 0.05}]',
            "dpi": 100,
        },
    ),
    Case("POST", "/api/tools/metadata/batch", files=("jpeg", "heic", "unknown"), fields={"action": "remove-gps"}),
    Case("POST", "/api/tools/color-picker/decode", files=("heic",)),
    Case("POST", "/api/tools/qr", json={"type": "url", "url": "example.org", "size": 256, "error_correction": "Q"}),
    Case(
        "GET",
        "/api/tools/username/{name}",
        url="/api/tools/username/taken?sites=StatusSite,MessageSite&nsfw=false",
        needs=("site_list",),
    ),
    Case("POST", "/api/tools/translate", json={"q": "Hello world", "target": "fr"}, needs=ENGINE),
    Case("GET", "/api/tools/translate/languages", needs=ENGINE),
    Case("POST", "/api/tools/translate/detect", form={"q": "Hallo Welt"}, needs=ENGINE),
    Case("PATCH", "/api/me/profile", setup=a_user, json={"bio": "Hello", "avatar_url": None}, **SIGNED_IN),
    Case(
        "POST",
        "/api/links",
        client="client",
        setup=anonymous_links_removed,
        status=201,
        json={"url": "openapi.example/x", "alias": None, "expires_at": "2099-01-01T00:00:00Z", "max_clicks": 3},
    ),
    Case("GET", "/api/links", url="/api/links?limit=10&offset=0", setup=a_link, **SIGNED_IN),
    Case("DELETE", "/api/links/{link_id}", url="/api/links/{id}", setup=a_link, status=204, **SIGNED_IN),
    Case("GET", "/api/links/resolve/{code}", url="/api/links/resolve/{code}", client="client", setup=a_link),
    Case("GET", "/api/links/{link_id}/stats", url="/api/links/{id}/stats?days=7", setup=a_link, **SIGNED_IN),
    Case("GET", "/api/me/tokens", setup=a_user, **SIGNED_IN),
    Case(
        "POST",
        "/api/me/tokens",
        setup=a_user,
        status=201,
        json={"name": "Backups", "scopes": ["pastes"], "expires_at": "2099-01-01T00:00:00Z"},
        **SIGNED_IN,
    ),
    Case(
        "DELETE",
        "/api/me/tokens/{token_id}",
        url="/api/me/tokens/{token_id}",
        setup=an_api_token(["links"]),
        status=204,
        **SIGNED_IN,
    ),
    Case("DELETE", "/api/me/tokens", setup=an_api_token(["pastes"]), **SIGNED_IN),
    Case("GET", "/api/pages", client="client"),
    Case(
        "PUT",
        "/api/admin/pages/{page_key}",
        url="/api/admin/pages/url-shortener",
        setup=admins,
        json={"is_disabled": True, "disable_reason": "Back soon"},
        **SIGNED_IN,
    ),
    Case("GET", "/api/admin/users", url="/api/admin/users?q=openapi&limit=5&offset=0", setup=admins, **SIGNED_IN),
    Case("POST", "/api/admin/users/{user_id}/admin", url="/api/admin/users/{user_id}/admin", setup=admins, **SIGNED_IN),
    Case(
        "DELETE", "/api/admin/users/{user_id}/admin", url="/api/admin/users/{user_id}/admin", setup=admins, **SIGNED_IN
    ),
    Case(
        "DELETE",
        "/api/admin/users/{user_id}/factors",
        url="/api/admin/users/{user_id}/factors",
        setup=admins,
        config=AUTH_ADMIN,
        **SIGNED_IN,
    ),
    Case("GET", "/api/admin/pastes", url="/api/admin/pastes?q=Hello&limit=5&offset=0", setup=moderated, **SIGNED_IN),
    Case(
        "DELETE",
        "/api/admin/pastes/{paste_id}",
        url="/api/admin/pastes/{paste}",
        setup=moderated,
        status=204,
        **SIGNED_IN,
    ),
    Case("GET", "/api/admin/links", url="/api/admin/links?q=openapi.example&limit=5", setup=moderated, **SIGNED_IN),
    Case("DELETE", "/api/admin/links/{code}", url="/api/admin/links/{code}", setup=moderated, status=204, **SIGNED_IN),
    Case(
        "POST",
        "/api/pastes",
        url="/api/pastes",
        status=201,
        **PASTE,
        json={
            "content": "x = 1\n",
            "title": "Example",
            "language": "python",
            "privacy": "unlisted",
            "expires_at": "2099-01-01T00:00:00Z",
            "burn_after_read": False,
        },
    ),
    Case("GET", "/api/pastes", url="/api/pastes?scope=mine&limit=5", **PASTE),
    Case("GET", "/api/pastes/{paste_id}", url="/api/pastes/{id}", **PASTE),
    Case(
        "PATCH",
        "/api/pastes/{paste_id}",
        url="/api/pastes/{id}",
        json={"title": "Renamed", "expires_at": None},
        **PASTE,
    ),
    Case("DELETE", "/api/pastes/{paste_id}", url="/api/pastes/{id}", status=204, **PASTE),
    Case("GET", "/api/pastes/{paste_id}/raw", url="/api/pastes/{id}/raw", **PASTE),
    Case("POST", "/api/pastes/{paste_id}/like", url="/api/pastes/{id}/like", **PASTE),
    Case("DELETE", "/api/pastes/{paste_id}/like", url="/api/pastes/{id}/like", **PASTE),
    Case("POST", "/api/pastes/{paste_id}/duplicate", url="/api/pastes/{id}/duplicate", status=201, **PASTE),
]
# Other shapes of success: several results as a ZIP, one split part as a PDF, SVG from a form.
VARIANTS = [
    Case("POST", "/api/tools/convert", files=("jpeg", "png"), fields={"format": "png"}, label="(zip)"),
    Case("POST", "/api/tools/pdf/split", files=("pdf",), fields={"ranges": "1-3"}, label="(one part)"),
    Case(
        "POST",
        "/api/tools/qr",
        form={"text": "Toolkit", "format": "svg", "background": "transparent"},
        label="(svg from a form)",
    ),
    Case("GET", "/api/pastes", client="client", label="(recent, anonymous)"),
    Case(
        "POST",
        "/api/links",
        client="client",
        setup=anonymous_links_removed,
        status=201,
        json={"url": "openapi.example/locked", "password": "open sesame"},
        label="(protected)",
    ),
    Case(
        "POST",
        "/api/pastes",
        client="client",
        status=201,
        label="(encrypted in the browser)",
        json={"content": ENVELOPE, "encrypted": True, "burn_after_read": True},
    ),
    Case(
        "GET",
        "/api/pastes/{paste_id}",
        url="/api/pastes/{id}",
        setup=an_api_token(["pastes"]),
        label="(with an API token)",
        **WITH_API_TOKEN,
    ),
    Case(
        "POST",
        "/api/links",
        setup=an_api_token(["links"]),
        status=201,
        json={"url": "openapi.example/script"},
        label="(with an API token)",
        **WITH_API_TOKEN,
    ),
    Case(
        "POST",
        "/api/pastes/{paste_id}/duplicate",
        url="/api/pastes/{id}/duplicate",
        client="client",
        setup=a_paste,
        status=201,
        label="(anonymous: with an edit token)",
    ),
]
ERRORS = [
    Case("GET", "/api/me", client="client", status=401, code="not_authenticated"),
    Case("DELETE", "/api/me", client="client", status=401, code="not_authenticated"),
    Case(
        "DELETE",
        "/api/me",
        setup=a_deleted_user,
        config=AUTH_ADMIN,
        status=401,
        code="session_not_found",
        label="(deleted meanwhile)",
        **SIGNED_IN,
    ),
    Case("GET", "/api/me", setup=a_user_owing_the_code, status=403, code="mfa_required", **SIGNED_IN),
    Case(
        "GET",
        "/api/pastes",
        url="/api/pastes?scope=mine",
        setup=a_user_owing_the_code,
        status=403,
        code="mfa_required",
        **SIGNED_IN,
    ),
    Case(
        "DELETE",
        "/api/me",
        client="client",
        token=True,
        status=503,
        code="auth_admin_unavailable",
        label="(not configured)",
    ),
    Case("GET", "/api/me", client="client", headers=bearer("not.a.jwt"), status=401, code="invalid_token"),
    Case("GET", "/api/health", client="unreachable_db_client", status=503),
    Case("POST", "/api/tools/convert", form={"format": "png"}, status=400, code="file_missing"),
    Case(
        "POST",
        "/api/tools/convert",
        files=("jpeg",),
        fields={"format": "png"},
        client="anonymous_tools_client",
        status=401,
        code="not_authenticated",
    ),
    Case(
        "POST",
        "/api/tools/translate",
        json={"q": "hi", "target": "de"},
        client="anonymous_tools_client",
        status=401,
        code="not_authenticated",
    ),
    Case(
        "GET", "/api/tools/translate/languages", client="anonymous_tools_client", status=401, code="not_authenticated"
    ),
    Case(
        "POST",
        "/api/tools/translate/detect",
        form={"q": "Hallo"},
        client="anonymous_tools_client",
        status=401,
        code="not_authenticated",
    ),
    # A disabled page's endpoints refuse everyone but admins (page_gate.py).
    Case(
        "POST",
        "/api/tools/convert",
        files=("jpeg",),
        fields={"format": "png"},
        setup=page_disabled("file-converter"),
        status=403,
        code="page_disabled",
    ),
    Case(
        "POST",
        "/api/tools/ocr",
        files=("scan",),
        setup=page_disabled("image-to-text"),
        status=403,
        code="page_disabled",
    ),
    Case(
        "POST",
        "/api/tools/pdf/merge",
        files=("pdf", "pdf"),
        setup=page_disabled("pdf-editor"),
        status=403,
        code="page_disabled",
    ),
    Case(
        "POST",
        "/api/tools/qr",
        json={"text": "hi"},
        setup=page_disabled("qr-code-generator"),
        status=403,
        code="page_disabled",
    ),
    Case(
        "GET",
        "/api/tools/username/{name}",
        url="/api/tools/username/taken",
        setup=page_disabled("username-checker"),
        status=403,
        code="page_disabled",
    ),
    Case(
        "POST",
        "/api/links",
        client="client",
        json={"url": "openapi.example/closed"},
        setup=page_disabled("url-shortener"),
        status=403,
        code="page_disabled",
    ),
    Case(
        "POST",
        "/api/tools/convert",
        files=("unknown",),
        fields={"format": "png"},
        status=415,
        code="unsupported_file_type",
    ),
    Case(
        "POST",
        "/api/tools/convert",
        files=("jpeg",),
        fields={"format": "png"},
        config={"TOOLS_MAX_FILE_BYTES": 1024},
        status=413,
        code="file_too_large",
    ),
    Case(
        "POST",
        "/api/tools/metadata",
        files=("jpeg",),
        config={"MAX_CONTENT_LENGTH": 1024},
        status=413,
        code="request_entity_too_large",
    ),
    Case(
        "POST",
        "/api/tools/convert",
        files=("jpeg",),
        fields={"format": "png"},
        config={"TOOLS_MAX_IMAGE_PIXELS": 10_000},
        status=422,
        code="image_too_large",
    ),
    Case(
        "POST",
        "/api/tools/pdf/info",
        files=("pdf",),
        config={"TOOLS_MAX_PDF_PAGES": 2},
        status=422,
        code="too_many_pages",
    ),
    Case("POST", "/api/tools/pdf/text", files=("locked_pdf",), status=422, code="pdf_password_required"),
    Case(
        "POST",
        "/api/tools/convert",
        files=("jpeg",),
        fields={"format": "png"},
        config={"TOOLS_MAX_OUTPUT_BYTES": 100},
        status=413,
        code="output_too_large",
    ),
    Case(
        "POST", "/api/tools/pdf/info", files=("pdf",), config={"TOOLS_MAX_JOBS_PER_WORKER": 0}, status=503, code="busy"
    ),
    Case("POST", "/api/tools/ocr", files=("scan",), fields={"lang": "xxx"}, status=422, code="unsupported_language"),
    Case(
        "POST",
        "/api/tools/pdf/redact",
        files=("secret_pdf",),
        fields={"terms": "Atlantis"},
        status=422,
        code="nothing_to_redact",
    ),
    Case(
        "POST",
        "/api/tools/pdf/redact",
        files=("secret_pdf",),
        fields={"terms": "Zanzibar"},
        setup=page_disabled("pdf-editor"),
        status=403,
        code="page_disabled",
    ),
    Case(
        "POST",
        "/api/tools/color-picker/decode",
        files=("heic",),
        setup=page_disabled("image-color-picker"),
        status=403,
        code="page_disabled",
    ),
    Case(
        "POST",
        "/api/tools/color-picker/decode",
        files=("heic",),
        client="anonymous_tools_client",
        status=401,
        code="not_authenticated",
    ),
    Case("POST", "/api/tools/ocr/searchable", files=("locked_pdf",), status=422, code="pdf_password_required"),
    Case("POST", "/api/tools/metadata/batch", files=("jpeg",), status=422, code="invalid_option"),
    Case("POST", "/api/tools/qr", raw_json=b"{not json", status=400, code="invalid_json"),
    Case("POST", "/api/tools/qr", json={"text": "hi", "foreground": "#eeeeee"}, status=422, code="low_contrast"),
    Case("GET", "/api/tools/username/{name}", url="/api/tools/username/-dash", status=422, code="invalid_username"),
    Case(
        "GET",
        "/api/tools/username/{name}",
        url="/api/tools/username/taken",
        headers={"Authorization": "Basic x"},
        status=401,
        code="invalid_token",
    ),
    Case(
        "POST", "/api/tools/translate", json={"q": "hi", "target": "de"}, status=503, code="translation_not_configured"
    ),
    Case("GET", "/api/tools/translate/languages", status=503, code="translation_not_configured"),
    Case(
        "POST",
        "/api/tools/translate",
        json={"q": "please crash", "source": "en", "target": "de"},
        needs=ENGINE,
        status=502,
        code="translation_engine_error",
    ),
    Case(
        "PATCH", "/api/me/profile", setup=a_user, json={"role": "admin"}, status=422, code="unknown_field", **SIGNED_IN
    ),
    Case(
        "PATCH",
        "/api/me/profile",
        setup=a_user,
        json={"nickname": "No Caps"},
        status=422,
        code="invalid_input",
        **SIGNED_IN,
    ),
    Case("POST", "/api/links", client="client", json={"url": "ftp://x.example"}, status=422, code="invalid_input"),
    Case(
        "POST",
        "/api/links",
        client="client",
        json={"url": "x.example", "password": "letmein1"},
        status=422,
        code="password_too_weak",
    ),
    Case("POST", "/api/links", client="client", raw_json=b"{", status=400, code="invalid_json"),
    Case("GET", "/api/links", client="client", status=401, code="not_authenticated"),
    Case(
        "DELETE",
        "/api/links/{link_id}",
        url="/api/links/{id}",
        client="client",
        setup=a_link,
        token=True,
        status=404,
        code="not_found",
        label="(someone else's)",
    ),
    Case(
        "GET",
        "/api/links/resolve/{code}",
        url="/api/links/resolve/nope-nope",
        client="client",
        status=404,
        code="not_found",
    ),
    Case(
        "GET",
        "/api/links/resolve/{code}",
        url="/api/links/resolve/{code}",
        client="client",
        setup=a_protected_link,
        status=403,
        code="password_required",
    ),
    Case(
        "GET",
        "/api/links/resolve/{code}",
        url="/api/links/resolve/{code}",
        client="client",
        setup=an_expired_link,
        status=410,
        code="link_expired",
    ),
    Case(
        "GET",
        "/api/links/{link_id}/stats",
        url="/api/links/{id}/stats",
        client="client",
        setup=a_link,
        token=True,
        status=404,
        code="not_found",
        label="(someone else's)",
    ),
    Case(
        "GET",
        "/api/links",
        setup=an_api_token(["pastes"]),
        status=403,
        code="token_scope",
        label="(a pastes token)",
        **WITH_API_TOKEN,
    ),
    Case(
        "GET",
        "/api/me/tokens",
        setup=an_api_token(["pastes", "links"]),
        status=403,
        code="token_scope",
        label="(never with a token)",
        **WITH_API_TOKEN,
    ),
    Case(
        "GET",
        "/api/pastes",
        url="/api/pastes?scope=mine",
        client="client",
        status=401,
        code="invalid_token",
        headers=bearer("tkp_" + "A" * 43),
        label="(a forged API token)",
    ),
    Case(
        "POST",
        "/api/me/tokens",
        setup=a_user,
        json={"name": "x", "scopes": ["admin"]},
        status=422,
        code="invalid_input",
        **SIGNED_IN,
    ),
    Case(
        "POST",
        "/api/pastes",
        client="client",
        json={"content": "my secret in clear", "encrypted": True},
        status=422,
        code="invalid_input",
        label="(encrypted, but plaintext)",
    ),
    Case(
        "PUT",
        "/api/admin/pages/{page_key}",
        url="/api/admin/pages/dashboard",
        client="client",
        token=True,
        json={"is_disabled": True},
        status=403,
        code="forbidden",
    ),
    Case("GET", "/api/admin/users", client="client", token=True, status=403, code="forbidden"),
    Case("GET", "/api/admin/pastes", client="client", token=True, status=403, code="forbidden"),
    Case(
        "DELETE",
        "/api/admin/links/{code}",
        url="/api/admin/links/nope-nope",
        setup=moderated,
        status=404,
        code="not_found",
        **SIGNED_IN,
    ),
    Case(
        "DELETE",
        "/api/admin/users/{user_id}/admin",
        url="/api/admin/users/{user_id}/admin",
        setup=a_user_alone_admin,
        status=409,
        code="conflict",
        **SIGNED_IN,
    ),
    Case(
        "GET", "/api/pastes/{paste_id}", url="/api/pastes/nosuchpaste1", client="client", status=404, code="not_found"
    ),
    Case(
        "GET",
        "/api/pastes/{paste_id}/raw",
        url="/api/pastes/nosuchpaste1/raw",
        client="client",
        status=404,
        code="not_found",
    ),
    Case("GET", "/api/pastes", url="/api/pastes?scope=mine", client="client", status=401, code="not_authenticated"),
    Case(
        "POST",
        "/api/pastes/{paste_id}/like",
        url="/api/pastes/nosuchpaste1/like",
        client="client",
        status=401,
        code="not_authenticated",
    ),
    Case("POST", "/api/pastes", json={"content": ""}, client="client", status=422, code="invalid_input"),
    Case(
        "PATCH",
        "/api/pastes/{paste_id}",
        url="/api/pastes/{id}",
        json={"views": 9},
        status=422,
        code="unknown_field",
        **PASTE,
    ),
    Case(
        "DELETE",
        "/api/pastes/{paste_id}",
        url="/api/pastes/{id}",
        client="client",
        setup=a_paste,
        token=True,
        status=403,
        code="forbidden",
        label="(someone else's)",
    ),
    Case(
        "POST",
        "/api/pastes",
        json={"content": "x" * 100},
        client="client",
        config={"DATA_MAX_BODY_BYTES": 64},
        status=413,
        code="request_entity_too_large",
    ),
]


def test_document_is_valid_openapi_3_1():
    validate(DOCUMENT, cls=OpenAPIV31SpecValidator)


def test_document_covers_exactly_the_api_routes(tools_app):
    served = set()
    for rule in tools_app.url_map.iter_rules():
        if rule.endpoint == "static" or not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:[^<>:]+:)?([^<>]+)>", r"{\1}", rule.rule)  # <int:id> → {id}
        served |= {(method, path) for method in rule.methods - {"HEAD", "OPTIONS"}}
    documented = documented_operations()
    assert served - documented == set(), "served but not documented"
    assert documented - served == set(), "documented but not served"


def test_every_operation_has_a_success_case():
    assert {(case.method, case.path) for case in SUCCESSES} == documented_operations()


def test_served_document_is_json_3_1_with_the_bff_version(tools_client):
    response = tools_client.get("/api/openapi.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    body = response.get_json()
    assert re.fullmatch(r"3\.1\.\d+", body["openapi"])
    assert body["info"]["version"] == VERSION
    assert body == DOCUMENT


ERROR_SCHEMA = {"$ref": "#/components/schemas/Error"}


def test_error_responses_are_errors_with_their_codes():
    for path, item in DOCUMENT["paths"].items():
        for method, operation in item.items():
            responses = operation["responses"]
            assert "500" in responses and ("413" in responses or "requestBody" not in operation), (method, path)
            assert "429" in responses or not path.startswith("/api/tools/"), (method, path)
            for status, response in responses.items():
                if int(status) >= 400 and (path, status) != ("/api/health", "503"):
                    assert response["content"] == {"application/json": {"schema": ERROR_SCHEMA}}
                    assert response["x-error-codes"], (method, path, status)


@pytest.mark.parametrize("case", SUCCESSES + VARIANTS, ids=str)
def test_successful_responses_match_the_document(case, request):
    case = prepared(case, request)
    check_request(case)
    response = send(case, request)
    assert response.status_code == case.status, response.data[:300]
    check_response(case.method, case.path, response)


@pytest.mark.parametrize("case", ERRORS, ids=str)
def test_error_responses_match_the_document(case, request):
    case = prepared(case, request)
    response = send(case, request)
    assert response.status_code == case.status, response.data[:300]
    if case.code:
        assert response.get_json()["error"]["code"] == case.code
    check_response(case.method, case.path, response)


def test_rate_limit_headers_and_429_match_the_document(stack_env):
    app = create_app(
        {
            "TESTING": True,
            "JWT_SECRET": "x" * 32,
            "TOOLS_RATE_LIMIT": "1 per minute",
            "DATABASE_URL": stack_env["TOOLKIT_DATABASE_URL"],
        }
    )  # the QR page's setting is read
    client, ip = app.test_client(), f"203.0.113.{uuid.uuid4().int % 250 + 1}"
    try:
        for status in (200, 429):
            response = client.post("/api/tools/qr", json={"text": "hi"}, headers={"X-Forwarded-For": ip})
            assert response.status_code == status
            assert "X-RateLimit-Limit" in response.headers or status == 429
            check_response("POST", "/api/tools/qr", response)
    finally:
        app.extensions["db_pool"].close()
