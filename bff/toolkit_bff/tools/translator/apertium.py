"""Apertium APY (Debian `apertium-apy`): rule-based translation along the pairs installed on its
machine. GET /listPairs names them with ISO 639-3 codes; POST /translate takes `langpair=eng|spa`.
Unknown words are left as they are (`markUnknown=no`) rather than starred."""

from __future__ import annotations

from flask import Flask

from .engine import TranslationEngine, json_of, refusal, unreadable
from .languages import from_apertium


class ApertiumEngine(TranslationEngine):
    name = "apertium"

    def __init__(self, app: Flask, url: str, timeout: float) -> None:
        super().__init__(app, url, timeout)
        self._apertium_codes: dict[str, str] = {}  # ISO 639-1 → the code APY listed it under

    def _fetch_pairs(self) -> frozenset[tuple[str, str]]:
        response = self.request("GET", "/listPairs")
        if response.status_code != 200:
            raise refusal(response, "explanation")
        pairs, codes = set(), {}
        for item in (json_of(response) or {}).get("responseData") or []:
            raw_source, raw_target = str(item.get("sourceLanguage", "")), str(item.get("targetLanguage", ""))
            source, target = from_apertium(raw_source), from_apertium(raw_target)
            if source and target:
                pairs.add((source, target))
                codes.update({source: raw_source, target: raw_target})
        self._apertium_codes = codes
        return frozenset(pairs)

    def translate(self, text: str, source: str, target: str) -> str:
        self.pairs()  # fills the code table
        langpair = f"{self._apertium_codes.get(source, source)}|{self._apertium_codes.get(target, target)}"
        response = self.request("POST", "/translate", data={"langpair": langpair, "q": text, "markUnknown": "no"})
        if response.status_code != 200:
            raise refusal(response, "explanation")
        translated = ((json_of(response) or {}).get("responseData") or {}).get("translatedText")
        if not isinstance(translated, str):
            raise unreadable()
        return translated
