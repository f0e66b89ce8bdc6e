"""SPEC: the file converter and the translator are for signed-in users. The server refuses anonymous
callers itself (the app's route guard only spares them the trip); the other tools stay open."""

from __future__ import annotations

import pytest

from fixtures import samples
from fixtures.tools_support import assert_json_error, signed_in_token, upload
from tools_servers import fake_libretranslate

SIGNED_IN_ONLY = [
    ("POST", "/api/tools/translate", {"json": {"q": "Hello", "target": "de"}}),
    ("POST", "/api/tools/translate/detect", {"json": {"q": "Hallo Welt"}}),
    ("GET", "/api/tools/translate/languages", {}),
]


@pytest.fixture
def translation_engine(tools_app):
    with fake_libretranslate.running() as (url, _):
        tools_app.config["LIBRETRANSLATE_URL"] = url
        yield


def test_an_anonymous_conversion_is_refused_before_the_upload_is_processed(anonymous_tools_client):
    response = upload(anonymous_tools_client, "/api/tools/convert", samples.jpeg_with_exif(64, 48), format="png")
    error = assert_json_error(response, 401, "not_authenticated")
    assert "Sign in" in error["message"]


def test_a_signed_in_user_converts(anonymous_tools_client):
    anonymous_tools_client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {signed_in_token()}"
    response = upload(anonymous_tools_client, "/api/tools/convert", samples.jpeg_with_exif(64, 48), format="png")
    assert response.status_code == 200, response.data[:300]
    assert response.data.startswith(b"\x89PNG")


@pytest.mark.parametrize(("method", "path", "body"), SIGNED_IN_ONLY, ids=[p for _, p, _ in SIGNED_IN_ONLY])
def test_the_translator_refuses_anonymous_callers(anonymous_tools_client, translation_engine, method, path, body):
    assert_json_error(anonymous_tools_client.open(path, method=method, **body), 401, "not_authenticated")


@pytest.mark.parametrize(("method", "path", "body"), SIGNED_IN_ONLY, ids=[p for _, p, _ in SIGNED_IN_ONLY])
def test_the_translator_answers_signed_in_users(tools_client, translation_engine, method, path, body):
    response = tools_client.open(path, method=method, **body)
    assert response.status_code == 200, response.data[:300]


def test_a_forged_or_expired_token_is_refused(anonymous_tools_client, translation_engine):
    forged = signed_in_token().rsplit(".", 1)[0] + ".c2lnbmF0dXJl"
    expired = signed_in_token(exp=1)
    for token in (forged, expired):
        response = anonymous_tools_client.get(
            "/api/tools/translate/languages", headers={"Authorization": f"Bearer {token}"}
        )
        assert_json_error(response, 401, "invalid_token")


def test_the_other_tools_stay_open_to_anonymous_visitors(anonymous_tools_client):
    qr = anonymous_tools_client.post("/api/tools/qr", json={"type": "url", "url": "example.org"})
    assert qr.status_code == 200, qr.data[:300]
    metadata = upload(anonymous_tools_client, "/api/tools/metadata", samples.jpeg_with_exif(64, 48))
    assert metadata.status_code == 200, metadata.data[:300]
