"""Translator: the LibreTranslate client against a local server speaking its protocol."""
from __future__ import annotations

import pytest

from fixtures.tools_support import assert_json_error
from tools_servers import fake_libretranslate


@pytest.fixture()
def engine(tools_app):
    with fake_libretranslate.running(api_key="k3y") as (url, received):
        tools_app.config.update(LIBRETRANSLATE_URL=url, LIBRETRANSLATE_API_KEY="k3y")
        yield received


def test_not_configured_is_503(tools_client):
    error = assert_json_error(tools_client.post("/api/tools/translate", json={"q": "hi", "target": "de"}),
                              503, "translation_not_configured")
    assert error["message"] == "Translation engine is not configured"
    assert_json_error(tools_client.get("/api/tools/translate/languages"), 503, "translation_not_configured")


@pytest.mark.parametrize("path", ["/api/tools/translate", "/api/tools/translate/detect"])
def test_malformed_json_is_a_400_before_the_engine_is_asked(tools_client, engine, path):
    response = tools_client.post(path, data="{not json", content_type="application/json")
    assert_json_error(response, 400, "invalid_json")
    assert engine == []


def test_translate_with_key(tools_client, engine):
    response = tools_client.post("/api/tools/translate", json={"q": "Hello world", "source": "en", "target": "de"})
    assert response.get_json() == {"translatedText": "Hallo Welt"}
    assert engine[-1] == ("/translate", {"q": "Hello world", "source": "en", "target": "de", "format": "text",
                                         "api_key": "k3y"})
    auto = tools_client.post("/api/tools/translate", data={"q": "Hello world", "target": "fr"}).get_json()
    assert auto == {"translatedText": "Bonjour le monde", "detectedLanguage": {"confidence": 83.0, "language": "en"}}


def test_languages_and_detect(tools_client, engine):
    languages = tools_client.get("/api/tools/translate/languages").get_json()["languages"]
    assert {"code": "de", "name": "German", "targets": ["en"]} in languages
    detected = tools_client.post("/api/tools/translate/detect", json={"q": "Hallo Welt"}).get_json()
    assert detected == {"detections": [{"language": "de", "confidence": 90.0}]}


@pytest.mark.parametrize("body, status, code", [
    ({"q": "hello", "target": "xx"}, 422, "translation_rejected"),
    ({"q": "please rate limit", "target": "de"}, 429, "translation_rate_limited"),
    ({"q": "please crash", "target": "de"}, 502, "translation_engine_error"),
    ({"q": "", "target": "de"}, 422, "invalid_option"),
    ({"q": "hi"}, 422, "invalid_option"),
    ({"q": "hi", "target": "../x"}, 422, "invalid_option"),
])
def test_engine_errors_are_mapped(tools_client, engine, body, status, code):
    error = assert_json_error(tools_client.post("/api/tools/translate", json=body), status, code)
    if code == "translation_rejected":
        assert error["message"] == "xx is not supported"


def test_wrong_key_is_a_configuration_error(tools_app, tools_client, engine):
    tools_app.config["LIBRETRANSLATE_API_KEY"] = "wrong"
    assert_json_error(tools_client.post("/api/tools/translate", json={"q": "hi", "target": "de"}),
                      502, "translation_engine_refused")


def test_timeout_and_unreachable(tools_app, tools_client):
    with fake_libretranslate.running(mode="hang") as (url, _):
        tools_app.config.update(LIBRETRANSLATE_URL=url, LIBRETRANSLATE_TIMEOUT=0.3)
        assert_json_error(tools_client.post("/api/tools/translate", json={"q": "hi", "target": "de"}),
                          504, "translation_timeout")
    tools_app.config["LIBRETRANSLATE_URL"] = "http://127.0.0.1:9"
    assert_json_error(tools_client.post("/api/tools/translate", json={"q": "hi", "target": "de"}),
                      503, "translation_unavailable")
