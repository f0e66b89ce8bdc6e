"""/api/tools/translate, /translate/detect and /translate/languages: requests and answers."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from ...config import Config
from ...contract.base import Answer
from ...contract.fields import SERVER_RULE, Documented, Rule, optional
from ...contract.options import ChoiceOption, Options, TextOption

MAX_TEXT = 20_000  # the most any deployment may allow (TOOLKIT_TRANSLATION_MAX_CHARS is at most this)
ENTER_TEXT = "Enter some text to translate"
# The text's bound is the deployment's (`max_chars` of the languages list); the schema names the default.
Text = Annotated[
    str,
    TextOption(MAX_TEXT, min_length=1),
    Documented(
        "more than spaces, and at most the deployment's `max_chars` (GET /api/tools/translate/languages)",
        maxLength=Config.TRANSLATION_MAX_CHARS,
    ),
]


LanguageCode = Annotated[
    str, TextOption(20, min_length=1), Rule(r"[A-Za-z0-9_-]+", "must be a language code like 'en'")
]


class DetectRequest(Options):
    messages: ClassVar = {("q", "missing"): ENTER_TEXT, ("q", "string_too_short"): ENTER_TEXT}
    q: Text = Field(description=f"The text (never more than {MAX_TEXT}).")


class TranslateRequest(DetectRequest):
    messages: ClassVar = {
        **DetectRequest.messages,
        ("target", "missing"): "Choose a target language",
        ("target", "string_too_short"): "Choose a target language",
        ("source", "string_too_short"): "Choose a source language",
    }
    source: LanguageCode = Field("auto", description="Language code, or `auto` (detected).", examples=["en"])
    target: LanguageCode = Field(
        description="Language code.",
        examples=["en"],
        json_schema_extra={SERVER_RULE: "other than `source`, and one the engine translates into from it"},
    )
    format: Annotated[str, ChoiceOption(("text", "html"))] = Field(
        "text", description="How to read `q` (ignored: text)."
    )


class Detection(Answer):
    language: str
    name: str
    confidence: Annotated[float, Field(ge=0, le=100)]


class LanguageRef(Answer):
    language: str
    name: str


class Translation(Answer):
    translatedText: str
    source: str = Field(description="The language translated from (detected with `auto`).")
    target: str
    detectedLanguage: Detection = optional(description="Only with source `auto`.")
    pivot: LanguageRef = optional(
        description="Only when the engine has no direct pair: the language the text went through (English or Spanish)."
    )


class TranslationLanguage(Answer):
    code: str
    name: str
    targets: list[str] = Field(
        description="Every language this one translates into, directly or through a pivot "
        "(empty for a language the engine only translates into)."
    )
    via: dict[str, str] = Field(description="Target → the pivot language, for targets without a direct pair.")


class TranslationLanguages(Answer):
    engine: Literal["apertium", "libretranslate"]
    max_chars: Annotated[int, Field(ge=1)] = Field(description="Longest text translated at once.")
    languages: list[TranslationLanguage]


class DetectedLanguage(Detection):
    translatable: bool = Field(description="The engine translates from it.")


class Detections(Answer):
    detections: list[DetectedLanguage]
