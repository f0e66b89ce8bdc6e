"""Which language a text is in, offline: py3langid (a maintained fork of langid.py) ships its model
inside the package, so nothing is downloaded at run time. Confidence is its calibrated probability,
among the languages we name (languages.py): the model also knows pidgins and regional languages
that would otherwise win on two-word texts ("Hello world" as Nigerian Pidgin).

The model (about 4 MB, compressed) takes a few seconds to load, so it is loaded once per process on
first use (warm_up() starts that in the background when a worker starts); detection itself takes
about a millisecond for a paragraph."""

from __future__ import annotations

import threading
from typing import Protocol, TypedDict

from .languages import NAMES, language_name


class LanguageGuess(TypedDict):
    language: str
    name: str
    confidence: float  # 0-100


class _Ranker(Protocol):
    """What detection uses of py3langid's LanguageIdentifier (the library is untyped)."""

    def rank(self, text: str) -> list[tuple[str, float]]: ...


SAMPLE_CHARS = 2000  # a guess needs no more than a couple of paragraphs
_lock = threading.Lock()
_identifier: _Ranker | None = None


def _model() -> _Ranker:
    global _identifier
    with _lock:
        if _identifier is None:
            from py3langid.langid import MODEL_FILE, LanguageIdentifier

            _identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    return _identifier


def warm_up() -> None:
    threading.Thread(target=_model, name="language-model", daemon=True).start()


def detect_languages(text: str, limit: int = 3, among: set[str] | None = None) -> list[LanguageGuess]:
    """The likeliest languages, best first: [{"language", "name", "confidence" (0-100)}], among the
    named languages (or only those in `among`). Texts with nothing to go on (digits, punctuation)
    give an empty list."""
    sample = text.strip()[:SAMPLE_CHARS]
    if not any(char.isalpha() for char in sample):
        return []
    universe = among if among is not None else NAMES.keys()
    ranked = [(code, probability) for code, probability in _model().rank(sample) if code in universe]
    total = sum(probability for _, probability in ranked) or 1.0
    return [
        {"language": code, "name": language_name(code), "confidence": round(probability / total * 100, 1)}
        for code, probability in ranked[:limit]
    ]
