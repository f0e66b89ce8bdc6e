"""Translator: the engine interface against a local server speaking LibreTranslate's protocol, the
choice of engine, bad input and the unconfigured site. (Apertium APY: test_apertium.py.)"""

from __future__ import annotations

import pytest

from fixtures.tools_support import assert_json_error
from tools_servers import fake_libretranslate


@pytest.fixture
def engine(tools_app):
    with fake_libretranslate.running(api_key="k3y") as (url, received):
        tools_app.config.update(LIBRETRANSLATE_URL=url, LIBRETRANSLATE_API_KEY="k3y")
        yield received


def test_not_configured_says_so_in_words(tools_client):
    for response in (
        tools_client.post("/api/tools/translate", json={"q": "hi", "target": "de"}),
        tools_client.get("/api/tools/translate/languages"),
        tools_client.post("/api/tools/translate/detect", json={"q": "hello there"}),
    ):
        error = assert_json_error(response, 503, "translation_not_configured")
        assert error["message"] == "Translation is not available on this site right now"


@pytest.mark.parametrize("path", ["/api/tools/translate", "/api/tools/translate/detect"])
def test_malformed_json_is_a_400_before_the_engine_is_asked(tools_client, engine, path):
    response = tools_client.post(path, data="{not json", content_type="application/json")
    assert_json_error(response, 400, "invalid_json")
    assert engine == []


def test_translate_with_key(tools_client, engine):
    response = tools_client.post("/api/tools/translate", json={"q": "Hello world", "source": "en", "target": "de"})
    assert response.get_json() == {"translatedText": "Hallo Welt", "source": "en", "target": "de"}
    assert engine[-1] == (
        "/translate",
        {"q": "Hello world", "source": "en", "target": "de", "format": "text", "api_key": "k3y"},
    )


def test_auto_detects_offline_and_reports_language_and_confidence(tools_client, engine):
    body = tools_client.post(
        "/api/tools/translate", data={"q": "Hello world, how are you today?", "target": "fr"}
    ).get_json()
    assert body["translatedText"] == "Hello world, how are you today?"  # the fake knows only "hello world"
    assert body["detectedLanguage"]["language"] == "en" and body["detectedLanguage"]["name"] == "English"
    assert 50 < body["detectedLanguage"]["confidence"] <= 100
    assert not any(path == "/detect" for path, _ in engine)  # detection never asks the engine


def test_pivot_through_english_when_no_direct_pair(tools_client, engine):
    languages = {
        item["code"]: item for item in tools_client.get("/api/tools/translate/languages").get_json()["languages"]
    }
    assert languages["de"]["targets"] == ["en", "fr"] and languages["de"]["via"] == {"fr": "en"}
    body = tools_client.post(
        "/api/tools/translate", json={"q": "Guten Morgen", "source": "de", "target": "fr"}
    ).get_json()
    assert body["pivot"] == {"language": "en", "name": "English"}
    assert [path_body[1]["target"] for path_body in engine if path_body[0] == "/translate"] == ["en", "fr"]
    assert body["translatedText"] == "Good morning"  # de→en from the dictionary, en→fr unknown: unchanged


def test_languages_name_each_language_and_state_the_limit(tools_client, engine):
    listed = tools_client.get("/api/tools/translate/languages").get_json()
    assert listed["engine"] == "libretranslate" and listed["max_chars"] == 5000
    assert {"code": "en", "name": "English", "targets": ["de", "fr"], "via": {}} in listed["languages"]


@pytest.mark.parametrize(
    "body, status, code, message",
    [
        (
            {"q": "hello", "source": "en", "target": "xx"},
            422,
            "unsupported_pair",
            "This engine cannot translate English into xx, not even through English or Spanish",
        ),
        ({"q": "", "target": "de"}, 422, "invalid_option", "Enter some text to translate"),
        ({"q": "   \n", "target": "de"}, 422, "invalid_option", "Enter some text to translate"),
        (
            {"q": "x" * 5001, "target": "de"},
            422,
            "text_too_long",
            "The text is 5,001 characters long; at most 5,000 characters can be translated at once",
        ),
        ({"q": "hi", "source": "en"}, 422, "invalid_option", "Choose a target language"),
        (
            {"q": "hi", "source": "en", "target": "en"},
            422,
            "invalid_option",
            "Choose a target language other than the source language",
        ),
        ({"q": "hi", "target": "../x"}, 422, "invalid_option", "Option 'target' must be a language code like 'en'"),
        (
            {"q": "12345 67890", "target": "de"},
            422,
            "language_not_detected",
            "Could not tell which language this text is in: choose the source language",
        ),
        (
            {"q": "please rate limit", "source": "en", "target": "de"},
            429,
            "translation_rate_limited",
            "The translation engine's rate limit was reached; try again shortly",
        ),
        (
            {"q": "please crash", "source": "en", "target": "de"},
            502,
            "translation_engine_error",
            "The translation engine failed (500): Cannot translate text: internal error",
        ),
    ],
)
def test_bad_input_and_engine_errors_are_clear(tools_client, engine, body, status, code, message):
    assert assert_json_error(tools_client.post("/api/tools/translate", json=body), status, code)["message"] == message


def test_a_detected_language_the_engine_lacks_is_named(tools_client, engine):
    error = assert_json_error(
        tools_client.post(
            "/api/tools/translate", json={"q": "Il gatto dorme sul tavolo della cucina e sogna.", "target": "de"}
        ),
        422,
        "unsupported_pair",
    )
    assert error["message"].startswith("The text looks Italian (")
    assert error["message"].endswith(
        "this engine cannot translate Italian into German, not even through English or Spanish"
    )


def test_wrong_key_is_a_configuration_error(tools_app, tools_client, engine):
    tools_app.config["LIBRETRANSLATE_API_KEY"] = "wrong"
    assert_json_error(
        tools_client.post("/api/tools/translate", json={"q": "hi", "source": "en", "target": "de"}),
        502,
        "translation_engine_refused",
    )


def test_timeout_and_unreachable_are_named_never_raw(tools_app, tools_client):
    with fake_libretranslate.running(mode="hang") as (url, _):  # answers /languages, hangs on /translate
        tools_app.config.update(LIBRETRANSLATE_URL=url, TRANSLATION_TIMEOUT=0.3)
        error = assert_json_error(
            tools_client.post("/api/tools/translate", json={"q": "hi", "source": "en", "target": "de"}),
            504,
            "translation_timeout",
        )
        assert error["message"] == "The translation engine did not answer within 0.3 s"
    tools_app.config.update(LIBRETRANSLATE_URL="http://127.0.0.1:9")
    error = assert_json_error(
        tools_client.post("/api/tools/translate", json={"q": "hi", "source": "en", "target": "de"}),
        503,
        "translation_unavailable",
    )
    assert error["message"] == "The translation engine is not reachable"


def test_the_configured_choice_wins_when_both_engines_are_set(tools_app, tools_client, engine):
    tools_app.config.update(APERTIUM_APY_URL="http://127.0.0.1:9")
    assert tools_client.get("/api/tools/translate/languages").get_json()["engine"] == "libretranslate"
    tools_app.config.update(TRANSLATION_ENGINE="apertium")
    assert_json_error(tools_client.get("/api/tools/translate/languages"), 503, "translation_unavailable")
