"""Offline language detection (py3langid, its model shipped in the package): short and long texts in
several languages, through the endpoint, and with no network at all."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from fixtures.tools_support import assert_json_error
from toolkit_bff.tools.translator.detection import detect_languages
from tools_servers import fake_libretranslate

SHORT = {
    "en": "Where is the train station?",
    "es": "¿Dónde está la estación?",
    "fr": "Où est la gare ?",
    "de": "Wo ist der Bahnhof?",
    "ca": "On és l'estació de tren?",
    "pt": "Onde fica a estação de comboios?",
    "eo": "Kie estas la fervoja stacidomo?",
    "it": "Dov'è la stazione dei treni?",
}
LONG = {
    "en": "The committee met on Tuesday to discuss the new budget. After a long debate, the members agreed to "
    "spend more on schools and less on roads, although several of them still had doubts about the plan.",
    "es": "El comité se reunió el martes para hablar del nuevo presupuesto. Después de un largo debate, los "
    "miembros acordaron gastar más en escuelas y menos en carreteras, aunque varios todavía tenían dudas.",
    "gl": "O comité reuniuse o martes para falar do novo orzamento. Despois dun longo debate, os membros "
    "acordaron gastar máis nas escolas e menos nas estradas, aínda que varios deles seguían con dúbidas.",
    "fr": "Le comité s'est réuni mardi pour discuter du nouveau budget. Après un long débat, les membres ont "
    "accepté de dépenser davantage pour les écoles et moins pour les routes, même si plusieurs doutaient encore.",
}


@pytest.mark.parametrize("language, text", [*SHORT.items(), *LONG.items()])
def test_detects_short_and_long_texts(language, text):
    best = detect_languages(text)[0]
    assert best["language"] == language, detect_languages(text)
    assert 0 < best["confidence"] <= 100


def test_long_texts_are_detected_with_more_confidence_than_a_word():
    assert detect_languages(LONG["en"])[0]["confidence"] > 90
    assert detect_languages("gato")[0]["confidence"] < 60
    assert detect_languages("12 345 — 678") == []


def test_endpoint_shows_language_name_confidence_and_whether_it_can_be_translated(tools_app, tools_client):
    with fake_libretranslate.running() as (url, received):
        tools_app.config.update(LIBRETRANSLATE_URL=url)
        detections = tools_client.post("/api/tools/translate/detect", json={"q": LONG["fr"]}).get_json()["detections"]
        assert detections[0]["language"] == "fr" and detections[0]["name"] == "French"
        assert detections[0]["translatable"] is True  # the fake engine translates from French
        german = tools_client.post("/api/tools/translate/detect", json={"q": SHORT["de"]}).get_json()["detections"][0]
        assert german["language"] == "de" and german["translatable"] is True
        italian = tools_client.post("/api/tools/translate/detect", json={"q": SHORT["it"]}).get_json()["detections"][0]
        assert italian["translatable"] is False
        assert_json_error(tools_client.post("/api/tools/translate/detect", json={"q": " "}), 422, "invalid_option")
        assert not any(path == "/detect" for path, _ in received)


def test_works_with_the_network_off():
    """In a network namespace of its own (no interface but a down loopback), with the hub switches off:
    the model is in the package, so detection needs nothing from outside."""
    bff = Path(__file__).resolve().parents[3]
    code = (
        "import socket\n"
        "try:\n    socket.create_connection(('127.0.0.1', 9), timeout=1)\nexcept OSError as exc:\n"
        "    assert exc.errno in (101, 111), exc\n"
        "from toolkit_bff.tools.translator.detection import detect_languages\n"
        "print(detect_languages('Hola, ¿cómo estás? Hace mucho que no te veo.')[0]['language'])\n"
    )
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "PYTHONPATH": str(bff)}
    result = subprocess.run(
        ["unshare", "--net", sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "es"
