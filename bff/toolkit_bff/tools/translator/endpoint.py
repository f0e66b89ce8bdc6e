"""/api/tools/translate, /translate/languages, /translate/detect: a client for a LibreTranslate
server (LIBRETRANSLATE_URL, optional LIBRETRANSLATE_API_KEY). Its failures become clear errors:
400 → 422 translation_rejected (its message), 403 → 502 translation_engine_refused (bad API key:
our configuration), 429 → 429 translation_rate_limited, 5xx → 502 translation_engine_error,
time-out → 504 translation_timeout, unreachable → 503 translation_unavailable, no URL configured →
503 translation_not_configured."""
from __future__ import annotations

import requests
from flask import Blueprint, current_app, jsonify

from ...auth import require_claims
from ...errors import ApiError
from ...jobs.options import get_choice, get_str, request_body
from ...outbound import OutboundRefused, outbound_session, service_policy

bp = Blueprint("tools_translate", __name__)


@bp.before_request
def _signed_in_only() -> None:
    require_claims()  # SPEC: the translator is for signed-in users; the server enforces it, not the app


MAX_TEXT = 20_000


def _engine() -> tuple[str, str, float]:
    url = (current_app.config.get("LIBRETRANSLATE_URL") or "").rstrip("/")
    if not url:
        raise ApiError(503, "translation_not_configured", "Translation engine is not configured")
    return url, current_app.config.get("LIBRETRANSLATE_API_KEY") or "", current_app.config["LIBRETRANSLATE_TIMEOUT"]


def call_engine(method: str, path: str, payload: dict | None = None):
    url, api_key, timeout = _engine()
    if payload is not None and api_key:
        payload = {**payload, "api_key": api_key}
    # One request per call, only to the configured engine's host and a public (or allowed) address;
    # a redirect would be a second request and is refused by the budget.
    session = outbound_session(service_policy(current_app, url, budget=1), pool_size=1)
    try:
        with session:
            response = session.request(method, url + path, json=payload, timeout=timeout,
                                       params={"api_key": api_key} if api_key and payload is None else None)
    except OutboundRefused as exc:
        raise ApiError(503, "translation_unavailable", f"The translation engine is not reachable: {exc}") from None
    except requests.Timeout:
        raise ApiError(504, "translation_timeout", f"The translation engine did not answer within {timeout:g} s") from None
    except requests.RequestException:
        raise ApiError(503, "translation_unavailable", "The translation engine is not reachable") from None
    if response.status_code == 200:
        try:
            return response.json()
        except ValueError:
            raise ApiError(502, "translation_engine_error", "The translation engine sent an unreadable answer") from None
    raise _mapped_error(response)


def _mapped_error(response: requests.Response) -> ApiError:
    try:
        detail = str(response.json().get("error") or "")[:300]
    except (ValueError, AttributeError):
        detail = ""
    status = response.status_code
    if status == 400:
        return ApiError(422, "translation_rejected", detail or "The translation engine rejected the request")
    if status == 403:
        return ApiError(502, "translation_engine_refused",
                        "The translation engine refused our API key" + (f": {detail}" if detail else ""))
    if status == 429:
        return ApiError(429, "translation_rate_limited", "The translation engine's rate limit was reached; try again shortly")
    return ApiError(502, "translation_engine_error",
                    f"The translation engine failed ({status})" + (f": {detail}" if detail else ""))




def _text(name: str = "q") -> str:
    text = get_str(name, "", source=request_body(), max_length=MAX_TEXT) or ""
    if not text.strip():
        raise ApiError(422, "invalid_option", f"Option '{name}' is required: the text to translate")
    return text


def _language(name: str, default: str | None) -> str:
    value = (get_str(name, default, source=request_body(), max_length=20) or "").strip().lower()
    if not value or not value.replace("-", "").replace("_", "").isalnum():
        raise ApiError(422, "invalid_option", f"Option '{name}' must be a language code like 'en'")
    return value


@bp.get("/translate/languages")
def languages():
    result = call_engine("GET", "/languages")
    if not isinstance(result, list):
        raise ApiError(502, "translation_engine_error", "The translation engine sent an unreadable answer")
    return jsonify(languages=[{"code": item.get("code"), "name": item.get("name"),
                               "targets": item.get("targets", [])} for item in result if isinstance(item, dict)])


@bp.post("/translate/detect")
def detect():
    result = call_engine("POST", "/detect", {"q": _text()})
    if not isinstance(result, list):
        raise ApiError(502, "translation_engine_error", "The translation engine sent an unreadable answer")
    return jsonify(detections=[{"language": item.get("language"), "confidence": item.get("confidence")}
                               for item in result if isinstance(item, dict)])


@bp.post("/translate")
def translate():
    payload = {"q": _text(), "source": _language("source", "auto"), "target": _language("target", None),
               "format": get_choice("format", ["text", "html"], "text", source=request_body())}
    result = call_engine("POST", "/translate", payload)
    if not isinstance(result, dict) or "translatedText" not in result:
        raise ApiError(502, "translation_engine_error", "The translation engine sent an unreadable answer")
    body = {"translatedText": result["translatedText"]}
    if isinstance(result.get("detectedLanguage"), dict):
        body["detectedLanguage"] = result["detectedLanguage"]
    return jsonify(body)
