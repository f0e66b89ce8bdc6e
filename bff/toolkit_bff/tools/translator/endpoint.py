"""/api/tools/translate, /translate/languages, /translate/detect: the translator, through the
configured engine (engine_choice.py: Apertium APY or LibreTranslate).

A pair the engine lacks is translated through English or Spanish when it has both halves, and the
answer says so (`pivot`). Detection is offline (detection.py). A translation is an outbound call
held in a job slot (jobs/slots.py): a client gets its share of the slots, and a full server answers
503 `busy` rather than queueing threads."""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from ...auth import require_claims
from ...errors import ApiError
from ...jobs.options import get_str, request_body
from ...jobs.slots import job_slot
from .engine_choice import current_engine
from .languages import language_name
from .routes import reachable, route, sources

bp = Blueprint("tools_translate", __name__)

MAX_TEXT = 20_000  # the most any deployment may allow (TOOLKIT_TRANSLATION_MAX_CHARS is at most this)


@bp.before_request
def _signed_in_only() -> None:
    require_claims()  # SPEC: the translator is for signed-in users; the server enforces it, not the app


def max_chars() -> int:
    return min(MAX_TEXT, int(current_app.config["TRANSLATION_MAX_CHARS"]))


def _text() -> str:
    value = request_body().get("q")
    text = value if isinstance(value, str) else ("" if value is None else str(value))
    if not text.strip():
        raise ApiError(422, "invalid_option", "Enter some text to translate")
    limit = max_chars()
    if len(text) > limit:
        raise ApiError(422, "text_too_long", f"The text is {len(text):,} characters long; at most {limit:,} "
                       "characters can be translated at once")
    return text


def _language(name: str, default: str | None) -> str:
    value = (get_str(name, default, source=request_body(), max_length=20) or "").strip().lower()
    if not value:
        raise ApiError(422, "invalid_option", f"Choose a {'target' if name == 'target' else 'source'} language")
    if not value.replace("-", "").replace("_", "").isalnum():
        raise ApiError(422, "invalid_option", f"Option '{name}' must be a language code like 'en'")
    return value


def _pair_name(source: str, target: str) -> str:
    return f"{language_name(source)} into {language_name(target)}"


@bp.get("/translate/languages")
def languages():
    engine = current_engine()
    pairs = engine.pairs()
    listed = []  # every language of a pair; one only ever translated into has no targets
    for code in sorted({code for pair in pairs for code in pair}):
        targets = reachable(pairs, code)
        listed.append({"code": code, "name": language_name(code), "targets": sorted(targets),
                       "via": {target: pivot for target, pivot in sorted(targets.items()) if pivot}})
    listed.sort(key=lambda item: item["name"])
    return jsonify(engine=engine.name, max_chars=max_chars(), languages=listed)


@bp.post("/translate/detect")
def detect():
    engine = current_engine()
    text = _text()
    translatable = set(sources(engine.pairs()))
    return jsonify(detections=[{**item, "translatable": item["language"] in translatable}
                               for item in engine.detect(text)])


@bp.post("/translate")
def translate():
    engine = current_engine()
    text, source, target = _text(), _language("source", "auto"), _language("target", None)
    pairs = engine.pairs()
    detected = None
    if source == "auto":
        candidates = engine.detect(text)
        if not candidates:
            raise ApiError(422, "language_not_detected",
                           "Could not tell which language this text is in: choose the source language")
        detected = candidates[0]
        source = detected["language"]
        if source == target:
            return jsonify(translatedText=text, source=source, target=target, detectedLanguage=detected)
    elif source == target:
        raise ApiError(422, "invalid_option", "Choose a target language other than the source language")
    steps = route(pairs, source, target)
    if steps is None:
        what = (f"The text looks {detected['name']} ({detected['confidence']:g}% sure), and this engine cannot "
                f"translate {_pair_name(source, target)}" if detected
                else f"This engine cannot translate {_pair_name(source, target)}")
        raise ApiError(422, "unsupported_pair", what + ", not even through English or Spanish")
    with job_slot():
        translated = text
        for step_source, step_target in steps:
            translated = engine.translate(translated, step_source, step_target)
    body = {"translatedText": translated, "source": source, "target": target}
    if detected:
        body["detectedLanguage"] = detected
    if len(steps) == 2:
        pivot = steps[0][1]
        body["pivot"] = {"language": pivot, "name": language_name(pivot)}
    return jsonify(body)
