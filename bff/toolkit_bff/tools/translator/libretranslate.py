"""LibreTranslate (the production compose file's `translate` service): GET /languages lists each
language with its targets; POST /translate takes `q`, `source`, `target`, `format` and an optional
`api_key`. Its failures become clear errors: 400 → 422 translation_rejected (its message), 403 →
502 translation_engine_refused (a bad API key: our configuration), 429 → 429
translation_rate_limited, anything else → 502 translation_engine_error."""

from __future__ import annotations

from flask import Flask

from .engine import TranslationEngine, json_of, refusal, unreadable


class LibreTranslateEngine(TranslationEngine):
    name = "libretranslate"

    def __init__(self, app: Flask, url: str, timeout: float, api_key: str):
        super().__init__(app, url, timeout)
        self.api_key = api_key

    def _fetch_pairs(self) -> frozenset[tuple[str, str]]:
        response = self.request("GET", "/languages", params={"api_key": self.api_key} if self.api_key else None)
        if response.status_code != 200:
            raise refusal(response, "error")
        languages = json_of(response)
        if not isinstance(languages, list):
            raise unreadable()
        return frozenset(
            (str(item["code"]), str(target))
            for item in languages
            if isinstance(item, dict) and item.get("code")
            for target in item.get("targets") or []
            if target != item["code"]
        )

    def translate(self, text: str, source: str, target: str) -> str:
        payload = {"q": text, "source": source, "target": target, "format": "text"}
        if self.api_key:
            payload["api_key"] = self.api_key
        response = self.request("POST", "/translate", json=payload)
        if response.status_code != 200:
            raise refusal(response, "error")
        result = json_of(response)
        translated = result.get("translatedText") if isinstance(result, dict) else None
        if not isinstance(translated, str):
            raise unreadable()
        return translated
