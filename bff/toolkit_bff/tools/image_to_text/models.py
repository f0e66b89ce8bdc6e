"""/api/tools/ocr: options, and what Tesseract read."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...config import Config
from ...contract.base import Answer
from ...contract.options import Options, PdfPassword, Switch, WholeOption
from ...jobs.ocr_languages import LanguageOption
from ...jobs.paging import PageListOption, PageWindow


class OcrOptions(Options):
    lang: LanguageOption = "eng"
    preprocess: Switch = Field(True, description="Greyscale, auto-contrast and upscale small images first.")
    psm: Annotated[int, WholeOption(1, 13)] = Field(3, description="Tesseract page segmentation mode.")
    dpi: Annotated[int, WholeOption(72, 600)] = Field(300, description="PDF: render resolution.")
    pages: PageListOption = "all"
    password: PdfPassword = ""


class OcrLanguage(Answer):
    code: str = Field(examples=["deu"])
    name: str


class OcrLanguages(Answer):
    languages: list[OcrLanguage]


class WordBox(Answer):
    """In the original image's (or rendered page's) pixels."""

    left: int
    top: int
    width: int
    height: int


class OcrWord(Answer):
    text: str
    confidence: float
    box: WordBox


class OcrPage(Answer):
    page: Annotated[int, Field(ge=1)]
    text: str
    words: list[OcrWord]


class OcrResult(PageWindow):
    language: str = Field(description="The languages used, e.g. `eng+deu`.")
    text: str = Field(description="All pages' text, pages separated by a blank line.")
    confidence: float | None = Field(description="Mean word confidence 0-100; null without words.")
    pages: list[OcrPage] = Field(max_length=Config.TOOLS_OCR_MAX_PAGES)
