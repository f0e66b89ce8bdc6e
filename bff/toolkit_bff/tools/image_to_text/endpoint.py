"""/api/tools/ocr: text (and words with confidence and boxes) from images and PDFs, Tesseract.

Preprocessing (on by default): greyscale with auto-contrast, and small images upscaled so that
text reaches the x-height Tesseract was trained on; tests show it lifts word accuracy on small
scans. Word boxes are reported in the original image's (or rendered page's) pixels."""
from __future__ import annotations

import os
from contextvars import copy_context
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

import pytesseract
from flask import Blueprint, jsonify
from PIL import Image, ImageOps

from ...errors import ApiError
from ...jobs.filetypes import IMAGE_KINDS
from ...jobs.images import check_pixels, open_image
from ...jobs.limits import Deadline, Limits
from ...jobs.options import get_bool, get_int, get_str
from ...jobs.paging import page_list_text
from ...jobs.pdfdocs import iter_rendered_pages, parse_page_list, pdfium_document
from ...jobs.uploads import read_upload, require_kind
from .tesseract import image_to_data

bp = Blueprint("tools_ocr", __name__)

LANGUAGE_NAMES = {"eng": "English", "deu": "German", "fra": "French", "spa": "Spanish",
                  "ita": "Italian", "por": "Portuguese", "nld": "Dutch", "pol": "Polish",
                  "rus": "Russian", "ukr": "Ukrainian", "tur": "Turkish", "jpn": "Japanese",
                  "chi_sim": "Chinese (simplified)", "chi_tra": "Chinese (traditional)",
                  "kor": "Korean", "ara": "Arabic", "hin": "Hindi"}
TARGET_LONG_SIDE = 2200  # px: small images are upscaled towards this (at most 3×)


def installed_languages() -> list[str]:
    try:
        codes = pytesseract.get_languages(config="")
    except (pytesseract.TesseractNotFoundError, pytesseract.TesseractError, OSError):
        raise ApiError(503, "tool_unavailable", "Tesseract is not installed on the server") from None
    return sorted(code for code in codes if code not in ("osd", "equ"))


@bp.get("/ocr/languages")
def languages():
    return jsonify(languages=[{"code": code, "name": LANGUAGE_NAMES.get(code, code)}
                              for code in installed_languages()])


def _language() -> str:
    requested = (get_str("lang", "eng", max_length=100) or "eng").strip()
    codes = [code for code in requested.split("+") if code]
    available = set(installed_languages())
    unknown = [code for code in codes if code not in available]
    if not codes or unknown:
        raise ApiError(422, "unsupported_language",
                       f"Language {'+'.join(unknown) or requested!r} is not installed; "
                       f"choose from {', '.join(sorted(available))}")
    return "+".join(codes)


@bp.post("/ocr")
def ocr():
    deadline = Deadline.for_job()
    lang, preprocess = _language(), get_bool("preprocess", True)
    psm = get_int("psm", 3, low=1, high=13)
    upload = read_upload()
    require_kind(upload, IMAGE_KINDS | {"pdf"}, "an image or a PDF")
    page_count, next_pages = 1, None
    if upload.kind == "pdf":
        dpi = get_int("dpi", 300, low=72, high=600)
        password = get_str("password", None)
        with pdfium_document(upload, password) as document:
            page_count = len(document)
            asked = parse_page_list(get_str("pages", "all"), page_count)
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
    return jsonify(language=lang, text="\n\n".join(page["text"] for page in pages),
                   confidence=confidence, pages=pages, page_count=page_count, next_pages=next_pages)


def recognise_pages(rendered, lang: str, preprocess: bool, psm: int, deadline: Deadline) -> list[dict]:
    """OCR pages on every core at once: each Tesseract runs single-threaded (OMP_THREAD_LIMIT=1 in
    the job, its OpenMP threads only fight each other on a small machine) and pages go in parallel,
    at most one per core in flight, so memory stays a few pages deep."""
    workers = max(1, os.cpu_count() or 1)
    results: dict[int, dict] = {}  # by position in the requested order
    with ThreadPoolExecutor(max_workers=workers) as executor:
        running: dict = {}
        for position, (index, image) in enumerate(rendered):  # rendered one by one, under the PDFium lock
            while len(running) >= workers:
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    results[running.pop(future)] = future.result()
            # In a copy of this context: the app (and its limits) stay reachable from the thread.
            running[executor.submit(copy_context().run, recognise, image, lang, preprocess, psm, deadline,
                                    index + 1)] = position
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


def recognise(image: Image.Image, lang: str, preprocess: bool, psm: int, deadline: Deadline,
              page_number: int) -> dict:
    scale = 1.0
    if preprocess:
        image, scale = preprocess_image(image)
    elif image.mode not in ("RGB", "L"):
        image = image.convert("RGB")
    data = image_to_data(image, lang, psm, deadline)
    return _page_result(data, scale, page_number)


def _page_result(data: dict, scale: float, page_number: int) -> dict:
    words, lines = [], {}
    for i, raw_text in enumerate(data["text"]):
        text, confidence = raw_text.strip(), float(data["conf"][i])
        if not text or confidence < 0:
            continue
        box = {key: round(data[key][i] / scale) for key in ("left", "top", "width", "height")}
        words.append({"text": text, "confidence": round(confidence, 1), "box": box})
        key = (data["block_num"][i], data["par_num"][i], data["line_num"][i])
        lines.setdefault(key, []).append(text)
    paragraphs: dict = {}
    for (block, paragraph, _), line_words in lines.items():
        paragraphs.setdefault((block, paragraph), []).append(" ".join(line_words))
    text = "\n\n".join("\n".join(paragraph) for paragraph in paragraphs.values())
    return {"page": page_number, "text": text, "words": words}
