"""The one small interface every translation engine is reached through (engine_choice.py picks one).

An engine knows its language pairs (ISO 639-1 codes), translates a text along one of them, and
detects a text's language; detection is the offline detector (detection.py) unless an engine
overrides it."""

from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod
from typing import Any

import requests
from flask import Flask

from ...errors import ApiError
from ...outbound import OutboundRefused, internal_address_of, outbound_session, service_policy
from .detection import LanguageGuess, detect_languages

PAIRS_CACHE_SECONDS = 60.0
SURE_ENOUGH = 50.0  # percent


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

    def detect(self, text: str) -> list[LanguageGuess]:
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

    def request(
        self,
        method: str,
        path: str,
        *,
        params: dict[str, str] | None = None,
        data: dict[str, str] | None = None,
        json: object = None,
    ) -> requests.Response:
        """One request to the engine's host only (a redirect would be a second one: refused)."""
        session = outbound_session(service_policy(self.app, self.url, budget=1), pool_size=1)
        try:
            with session:
                return session.request(
                    method, self.url + path, params=params, data=data, json=json, timeout=self.timeout
                )
        except OutboundRefused as exc:
            address = internal_address_of(exc)
            raise ApiError(
                503,
                "translation_unavailable",
                "The translation engine is not reachable"
                + (
                    f": it resolves to the internal address {address}, which TOOLKIT_OUTBOUND_ALLOW_NETWORKS "
                    "does not allow"
                    if address
                    else ""
                ),
            ) from None
        except requests.Timeout:
            raise ApiError(
                504, "translation_timeout", f"The translation engine did not answer within {self.timeout:g} s"
            ) from None
        except requests.RequestException:
            raise ApiError(503, "translation_unavailable", "The translation engine is not reachable") from None


def unreadable() -> ApiError:
    return ApiError(502, "translation_engine_error", "The translation engine sent an unreadable answer")


def json_of(response: requests.Response) -> Any:
    """The answer's decoded JSON, whatever its shape (the caller checks it)."""
    try:
        return response.json()
    except ValueError:
        raise unreadable() from None


def refusal(response: requests.Response, reason_key: str) -> ApiError:
    """An engine's answer other than 200, as ours; `reason_key` names where its JSON says why. 400 is
    the text refused (422), 403 our API key refused, 429 its rate limit, the rest its failure (502)."""
    try:
        detail = str(response.json().get(reason_key) or "")[:300]
    except (ValueError, AttributeError):
        detail = ""
    status, said = response.status_code, f": {detail}" if detail else ""
    if status == 400:
        return ApiError(422, "translation_rejected", detail or "The translation engine rejected the request")
    if status == 403:
        return ApiError(502, "translation_engine_refused", "The translation engine refused our API key" + said)
    if status == 429:
        return ApiError(
            429, "translation_rate_limited", "The translation engine's rate limit was reached; try again shortly"
        )
    return ApiError(502, "translation_engine_error", f"The translation engine failed ({status})" + said)
