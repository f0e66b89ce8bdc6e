"""The one small interface every translation engine is reached through, and the choice of engine.

An engine knows its language pairs (ISO 639-1 codes), translates a text along one of them, and
detects a text's language; detection is the offline detector (detection.py) unless an engine
overrides it. Which engine runs is configuration (TOOLKIT_TRANSLATION_ENGINE, else the one whose
URL is set): Apertium APY (apertium.py) locally, LibreTranslate (libretranslate.py) in the
production compose file; with neither, the translator answers 503 translation_not_configured."""
from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod

import requests
from flask import Flask, current_app

from ...errors import ApiError
from ...outbound import OutboundRefused, internal_address_of, outbound_session, service_policy
from .detection import detect_languages

PAIRS_CACHE_SECONDS = 60.0
SURE_ENOUGH = 50.0  # percent
NOT_AVAILABLE = "Translation is not available on this site right now"


class TranslationEngine(ABC):
    name: str

    def __init__(self, app: Flask, url: str, timeout: float):
        self.app, self.url, self.timeout = app, url.rstrip("/"), timeout
        self._pairs: frozenset[tuple[str, str]] | None = None
        self._pairs_at = 0.0
        self._lock = threading.Lock()

    @abstractmethod
    def _fetch_pairs(self) -> frozenset[tuple[str, str]]:
        """(source, target) pairs the engine translates directly."""

    @abstractmethod
    def translate(self, text: str, source: str, target: str) -> str:
        """The text translated along one direct pair."""

    def detect(self, text: str) -> list[dict]:
        """Candidates, best first; the first is what "Detect language" translates from. A weak guess
        (under SURE_ENOUGH) of a language the engine cannot translate gives way to the likeliest one
        it can: on a few words the model hesitates between neighbours, and the engine's languages
        are the ones the user most likely meant."""
        overall = detect_languages(text)
        sources = {source for source, _ in self.pairs()}
        if not overall or overall[0]["language"] in sources or overall[0]["confidence"] >= SURE_ENOUGH:
            return overall
        among = detect_languages(text, among=sources)
        return (among + [item for item in overall if item["language"] not in sources])[:3]

    def pairs(self) -> frozenset[tuple[str, str]]:
        """Asked once a minute at most: installed pairs change only when the engine restarts."""
        with self._lock:
            if self._pairs is None or time.monotonic() - self._pairs_at > PAIRS_CACHE_SECONDS:
                self._pairs, self._pairs_at = self._fetch_pairs(), time.monotonic()
            return self._pairs

    def request(self, method: str, path: str, **kwargs) -> requests.Response:
        """One request to the engine's host only (a redirect would be a second one: refused)."""
        session = outbound_session(service_policy(self.app, self.url, budget=1), pool_size=1)
        try:
            with session:
                return session.request(method, self.url + path, timeout=self.timeout, **kwargs)
        except OutboundRefused as exc:
            address = internal_address_of(exc)
            raise ApiError(503, "translation_unavailable", "The translation engine is not reachable" + (
                f": it resolves to the internal address {address}, which TOOLKIT_OUTBOUND_ALLOW_NETWORKS "
                "does not allow" if address else "")) from None
        except requests.Timeout:
            raise ApiError(504, "translation_timeout",
                           f"The translation engine did not answer within {self.timeout:g} s") from None
        except requests.RequestException:
            raise ApiError(503, "translation_unavailable", "The translation engine is not reachable") from None


def unreadable() -> ApiError:
    return ApiError(502, "translation_engine_error", "The translation engine sent an unreadable answer")


def json_of(response: requests.Response):
    try:
        return response.json()
    except ValueError:
        raise unreadable() from None


def chosen_engine_name(config) -> str | None:
    chosen = (config.get("TRANSLATION_ENGINE") or "").strip().lower()
    if chosen:
        return chosen
    if config.get("LIBRETRANSLATE_URL"):
        return "libretranslate"
    if config.get("APERTIUM_APY_URL"):
        return "apertium"
    return None


def current_engine() -> TranslationEngine:
    """The configured engine (one instance per app and configuration), or 503 when there is none."""
    from .apertium import ApertiumEngine
    from .libretranslate import LibreTranslateEngine

    app = current_app._get_current_object()
    config = app.config
    name = chosen_engine_name(config)
    urls = {"apertium": config.get("APERTIUM_APY_URL"), "libretranslate": config.get("LIBRETRANSLATE_URL")}
    if not name or not urls.get(name):
        raise ApiError(503, "translation_not_configured", NOT_AVAILABLE)
    key = (name, urls[name], config.get("LIBRETRANSLATE_API_KEY"), config["TRANSLATION_TIMEOUT"])
    engines = app.extensions.setdefault("translation_engines", {})
    if key not in engines:
        if name == "apertium":
            engines[key] = ApertiumEngine(app, urls[name], config["TRANSLATION_TIMEOUT"])
        else:
            engines[key] = LibreTranslateEngine(app, urls[name], config["TRANSLATION_TIMEOUT"],
                                                config.get("LIBRETRANSLATE_API_KEY") or "")
    return engines[key]
