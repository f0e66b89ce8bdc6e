"""/api/tools/ocr: text (and words with confidence and boxes) from images and PDFs, Tesseract.

Preprocessing (on by default): greyscale with auto-contrast, and small images upscaled so that
text reaches the x-height Tesseract was trained on; tests show it lifts word accuracy on small
scans. Word boxes are reported in the original image's (or rendered page's) pixels."""

from __future__ import annotations

import os
from collections.abc import Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from contextvars import copy_context
from typing import TypedDict

from flask import Blueprint, Response, jsonify
from PIL import Image, ImageOps

from ...config import Config
from ...contract.operations import Multipart, Routes
from ...contract.responses import IMAGE, JOB, OPTIONS, PAGE_GATE, PAGES, PDF, PROGRAM_MISSING, UPLOAD, json_response
from ...jobs.filetypes import IMAGE_KINDS
from ...jobs.images import check_pixels, open_image
from ...jobs.limits import Deadline, Limits
from ...jobs.ocr_languages import LANGUAGE_NAMES, installed_languages, requested_language
from ...jobs.paging import page_list_text
from ...jobs.pdfdocs import iter_rendered_pages, parse_page_list, pdfium_document
from ...jobs.progress import streams_progress
from ...jobs.searchable import SEARCHABLE_ROUTE, SearchableOptions, searchable_pdf_response
from ...jobs.uploads import read_upload, require_kind
from .models import OcrLanguages, OcrOptions, OcrResult
from .tesseract import TsvColumns, image_to_data


class Word(TypedDict):
    text: str
    confidence: float
    box: dict[str, int]  # left, top, width, height


class PageResult(TypedDict):
    page: int
    text: str
    words: list[Word]


bp = Blueprint("tools_ocr", __name__, url_prefix="/api/tools")
routes = Routes(bp, "ocr", tool=True)

TARGET_LONG_SIDE = 2200  # px: small images are upscaled towards this (at most 3×)


@routes.get(
    "/ocr/languages",
    "listOcrLanguages",
    errors=(PROGRAM_MISSING,),
    answers={200: json_response("Tesseract's installed languages.", OcrLanguages)},
)
def languages() -> Response:
    """Installed OCR languages"""
    return jsonify(languages=[{"code": code, "name": LANGUAGE_NAMES.get(code, code)} for code in installed_languages()])


@routes.post(
    "/ocr",
    "recogniseText",
    upload=Multipart(OcrOptions, file_description="An image or a PDF."),
    answers={
        200: json_response(
            f"What Tesseract read, page by page: at most {Config.TOOLS_OCR_MAX_PAGES} "
            "pages of a PDF per request, the rest named in `next_pages`.",
            OcrResult,
        )
    },
    errors=(
        PAGE_GATE,
        UPLOAD,
        OPTIONS,
        IMAGE,
        PDF,
        PAGES,
        JOB,
        PROGRAM_MISSING,
        {422: ["unsupported_language", "ocr_failed"]},
    ),
)
def ocr(options: OcrOptions) -> Response:
    """Text, words, confidences and boxes from an image or a PDF"""
    deadline = Deadline.for_job()
    lang, preprocess, psm = requested_language(options.lang), options.preprocess, options.psm
    upload = read_upload()
    require_kind(upload, IMAGE_KINDS | {"pdf"}, "an image or a PDF")
    page_count, next_pages = 1, None
    if upload.kind == "pdf":
        dpi, password = options.dpi, options.password or None
        with pdfium_document(upload, password) as document:
            page_count = len(document)
            asked = parse_page_list(options.pages, page_count)
        # At most TOOLS_OCR_MAX_PAGES pages per request; the rest are named for the next one.
        window = Limits.current().ocr_max_pages
        indexes, next_pages = asked[:window], page_list_text(asked[window:])
        rendered = iter_rendered_pages(upload, dpi, deadline, password, indexes)
        pages = recognise_pages(rendered, lang, preprocess, psm, deadline)
    else:
        image = ImageOps.exif_transpose(open_image(upload))
        pages = [recognise(image, lang, preprocess, psm, deadline, 1)]
    words = [word for page in pages for word in page["words"]]
    confidence = round(sum(w["confidence"] for w in words) / len(words), 1) if words else None
    return jsonify(
        language=lang,
        text="\n\n".join(page["text"] for page in pages),
        confidence=confidence,
        pages=pages,
        page_count=page_count,
        next_pages=next_pages,
    )


@routes.post("/ocr/searchable", "makeSearchablePdf", **SEARCHABLE_ROUTE)
@streams_progress
def searchable(options: SearchableOptions) -> Response:
    """A searchable PDF (invisible text layer) from a scan or a photo"""
    return searchable_pdf_response(options)


def recognise_pages(
    rendered: Iterable[tuple[int, Image.Image]], lang: str, preprocess: bool, psm: int, deadline: Deadline
) -> list[PageResult]:
    """OCR pages on every core at once: each Tesseract runs single-threaded (OMP_THREAD_LIMIT=1 in
    the job, its OpenMP threads only fight each other on a small machine) and pages go in parallel,
    at most one per core in flight, so memory stays a few pages deep."""
    workers = max(1, os.cpu_count() or 1)
    results: dict[int, PageResult] = {}  # by position in the requested order
    with ThreadPoolExecutor(max_workers=workers) as executor:
        running: dict[Future[PageResult], int] = {}  # each page's position
        for position, (index, image) in enumerate(rendered):  # rendered one by one, under the PDFium lock
            while len(running) >= workers:
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    results[running.pop(future)] = future.result()
            # In a copy of this context: the app (and its limits) stay reachable from the thread.
            running[
                executor.submit(copy_context().run, recognise, image, lang, preprocess, psm, deadline, index + 1)
            ] = position
        for future, position in running.items():
            results[position] = future.result()
    return [results[position] for position in sorted(results)]


def preprocess_image(image: Image.Image) -> tuple[Image.Image, float]:
    """Greyscale + auto-contrast; upscale small images. Returns the image and the scale used."""
    grey = ImageOps.autocontrast(image.convert("L"), cutoff=1)
    long_side = max(grey.size)
    scale = min(3.0, TARGET_LONG_SIDE / long_side) if long_side < TARGET_LONG_SIDE / 1.3 else 1.0
    if scale > 1:
        size = (round(grey.width * scale), round(grey.height * scale))
        check_pixels(*size)
        grey = grey.resize(size, Image.Resampling.LANCZOS)
    return grey, scale


def recognise(
    image: Image.Image, lang: str, preprocess: bool, psm: int, deadline: Deadline, page_number: int
) -> PageResult:
    scale = 1.0
    if preprocess:
        image, scale = preprocess_image(image)
    elif image.mode not in ("RGB", "L"):
        image = image.convert("RGB")
    data = image_to_data(image, lang, psm, deadline)
    return _page_result(data, scale, page_number)


def _page_result(data: TsvColumns, scale: float, page_number: int) -> PageResult:
    words: list[Word] = []
    lines: dict[tuple[int, int, int], list[str]] = {}  # (block, paragraph, line) → its words
    numbers = data.numbers
    for i, raw_text in enumerate(data.text):
        text, confidence = raw_text.strip(), float(data.conf[i])
        if not text or confidence < 0:
            continue
        box = {key: round(numbers[key][i] / scale) for key in ("left", "top", "width", "height")}
        words.append({"text": text, "confidence": round(confidence, 1), "box": box})
        key = (numbers["block_num"][i], numbers["par_num"][i], numbers["line_num"][i])
        lines.setdefault(key, []).append(text)
    paragraphs: dict[tuple[int, int], list[str]] = {}
    for (block, paragraph, _), line_words in lines.items():
        paragraphs.setdefault((block, paragraph), []).append(" ".join(line_words))
    text = "\n\n".join("\n".join(paragraph) for paragraph in paragraphs.values())
    return {"page": page_number, "text": text, "words": words}
