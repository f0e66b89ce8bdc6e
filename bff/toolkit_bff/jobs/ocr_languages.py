"""Tesseract's installed languages and the `lang` option (e.g. `eng+deu`) checked against them;
shared by image to text and the PDF editor's searchable PDFs."""

from __future__ import annotations

# Imported with the BFF, never in a request: the warm pool (job_pool.py) forks job processes while
# the worker's request threads run, and a spare forked during a thread's first import of a module
# inherits that module's import lock held by a thread it does not have: its job then hangs on the
# same import until the time limit. OCR jobs did, on pytesseract (pandas: ~0.4 s of import), twice
# in clean-clone runs. The cost is ~0.4 s on each BFF process's start.
from typing import Annotated

import pytesseract
from pydantic import Field

from ..contract.fields import SERVER_RULE
from ..contract.options import TextOption
from ..errors import ApiError

LANGUAGE_NAMES = {
    "eng": "English",
    "deu": "German",
    "fra": "French",
    "spa": "Spanish",
    "ita": "Italian",
    "por": "Portuguese",
    "nld": "Dutch",
    "pol": "Polish",
    "rus": "Russian",
    "ukr": "Ukrainian",
    "tur": "Turkish",
    "jpn": "Japanese",
    "chi_sim": "Chinese (simplified)",
    "chi_tra": "Chinese (traditional)",
    "kor": "Korean",
    "ara": "Arabic",
    "hin": "Hindi",
}


def installed_languages() -> list[str]:
    try:
        codes: list[str] = pytesseract.get_languages(config="")
    except (pytesseract.TesseractNotFoundError, pytesseract.TesseractError, OSError):
        raise ApiError(503, "tool_unavailable", "Tesseract is not installed on the server") from None
    return sorted(code for code in codes if code not in ("osd", "equ"))


def requested_language(requested: str) -> str:
    """The `lang` option (e.g. 'eng+deu'): every code installed, else 422 naming the choices."""
    requested = requested.strip() or "eng"
    codes = [code for code in requested.split("+") if code]
    available = set(installed_languages())
    unknown = [code for code in codes if code not in available]
    if not codes or unknown:
        raise ApiError(
            422,
            "unsupported_language",
            f"Language {'+'.join(unknown) or requested!r} is not installed; choose from {', '.join(sorted(available))}",
        )
    return "+".join(codes)


# The `lang` option of both: Tesseract codes joined by `+`, each checked by requested_language().
LanguageOption = Annotated[
    str,
    TextOption(100),
    Field(
        description="Languages joined by `+`, from /api/tools/ocr/languages.",
        json_schema_extra={SERVER_RULE: "installed languages only"},
    ),
]
