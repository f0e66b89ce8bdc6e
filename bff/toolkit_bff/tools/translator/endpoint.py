"""/api/tools/translate, /translate/languages, /translate/detect: the translator, through the
configured engine (engine_choice.py: Apertium APY or LibreTranslate).

A pair the engine lacks is translated through English or Spanish when it has both halves, and the
answer says so (`pivot`). Detection is offline (detection.py). A translation is an outbound call
held in a job slot (jobs/slots.py): a client gets its share of the slots, and a full server answers
503 `busy` rather than queueing threads."""

from __future__ import annotations

from typing import TypedDict

from flask import Blueprint, Response, current_app, jsonify

from ...contract.operations import Routes
from ...contract.responses import JOB_SLOT, SESSION, SESSION_ONLY, SIGNED_IN, json_response
from ...errors import ApiError
from ...jobs.slots import job_slot
from .engine_choice import current_engine
from .languages import language_name
from .models import ENTER_TEXT, MAX_TEXT, Detections, DetectRequest, TranslateRequest, Translation, TranslationLanguages
from .routes import reachable, route, sources

bp = Blueprint("tools_translate", __name__, url_prefix="/api/tools")
routes = Routes(bp, "translate", tool=True)
# SPEC: the translator is for signed-in users; the server enforces it (Routes checks the token first).
# The engine's failures, mapped (engine.py, apertium.py, libretranslate.py); its own 429 shares the status.
ENGINE = {
    422: ["translation_rejected", "unsupported_pair", "language_not_detected"],
    429: ["translation_rate_limited"],
    502: ["translation_engine_refused", "translation_engine_error"],
    503: ["translation_not_configured", "translation_unavailable"],
    504: ["translation_timeout"],
}


class ListedLanguage(TypedDict):
    code: str
    name: str
    targets: list[str]
    via: dict[str, str]  # target → pivot


TEXT_INPUT = {400: ["invalid_json"], 422: ["invalid_option", "text_too_long"]}


def max_chars() -> int:
    return min(MAX_TEXT, int(current_app.config["TRANSLATION_MAX_CHARS"]))


def _text(text: str) -> str:
    if not text.strip():
        raise ApiError(422, "invalid_option", ENTER_TEXT)
    limit = max_chars()
    if len(text) > limit:
        raise ApiError(
            422,
            "text_too_long",
            f"The text is {len(text):,} characters long; at most {limit:,} characters can be translated at once",
        )
    return text


def _pair_name(source: str, target: str) -> str:
    return f"{language_name(source)} into {language_name(target)}"


@routes.get(
    "/translate/languages",
    "listTranslationLanguages",
    security=SESSION_ONLY,
    answers={200: json_response("Each language and the targets it translates into.", TranslationLanguages)},
    errors=(SIGNED_IN, SESSION, ENGINE),
)
def languages() -> Response:
    """Languages the translation engine offers"""
    engine = current_engine()
    pairs = engine.pairs()
    listed: list[ListedLanguage] = []  # every language of a pair; one only ever translated into has no targets
    for code in sorted({code for pair in pairs for code in pair}):
        targets = reachable(pairs, code)
        listed.append(
            {
                "code": code,
                "name": language_name(code),
                "targets": sorted(targets),
                "via": {target: pivot for target, pivot in sorted(targets.items()) if pivot},
            }
        )
    listed.sort(key=lambda item: item["name"])
    return jsonify(engine=engine.name, max_chars=max_chars(), languages=listed)


@routes.post(
    "/translate/detect",
    "detectLanguage",
    form=DetectRequest,
    security=SESSION_ONLY,
    answers={200: json_response("Candidate languages with confidence.", Detections)},
    errors=(SIGNED_IN, SESSION, TEXT_INPUT, ENGINE),
)
def detect(options: DetectRequest) -> Response:
    """Detect the language of a text"""
    engine = current_engine()
    text = _text(options.q)
    translatable = set(sources(engine.pairs()))
    return jsonify(
        detections=[{**item, "translatable": item["language"] in translatable} for item in engine.detect(text)]
    )


@routes.post(
    "/translate",
    "translateText",
    form=TranslateRequest,
    security=SESSION_ONLY,
    answers={200: json_response("The translation.", Translation)},
    errors=(SIGNED_IN, SESSION, TEXT_INPUT, ENGINE, JOB_SLOT),
)
def translate(options: TranslateRequest) -> Response:
    """Translate text (Apertium APY or LibreTranslate)"""
    engine = current_engine()
    text, source, target = _text(options.q), options.source.lower(), options.target.lower()
    pairs = engine.pairs()
    detected = None
    if source == "auto":
        candidates = engine.detect(text)
        if not candidates:
            raise ApiError(
                422,
                "language_not_detected",
                "Could not tell which language this text is in: choose the source language",
            )
        detected = candidates[0]
        source = detected["language"]
        if source == target:
            return jsonify(translatedText=text, source=source, target=target, detectedLanguage=detected)
    elif source == target:
        raise ApiError(422, "invalid_option", "Choose a target language other than the source language")
    steps = route(pairs, source, target)
    if steps is None:
        what = (
            f"The text looks {detected['name']} ({detected['confidence']:g}% sure), and this engine cannot "
            f"translate {_pair_name(source, target)}"
            if detected
            else f"This engine cannot translate {_pair_name(source, target)}"
        )
        raise ApiError(422, "unsupported_pair", what + ", not even through English or Spanish")
    with job_slot():
        translated = text
        for step_source, step_target in steps:
            translated = engine.translate(translated, step_source, step_target)
    body: dict[str, object] = {"translatedText": translated, "source": source, "target": target}
    if detected:
        body["detectedLanguage"] = detected
    if len(steps) == 2:
        pivot = steps[0][1]
        body["pivot"] = {"language": pivot, "name": language_name(pivot)}
    return jsonify(body)
