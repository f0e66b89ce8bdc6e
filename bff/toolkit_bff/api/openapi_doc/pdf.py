"""/api/tools/pdf/…: every route takes multipart `file` (merge: several) and `password` for an
encrypted input."""
from __future__ import annotations

from ...config import Config
from ...jobs.filetypes import MIME_TYPES
from ...tools.pdf_editor.edits import PAGE_NUMBER_POSITIONS
from ...tools.pdf_editor.info import METADATA_FIELDS
from .common import (FILE_HEADERS, IMAGE, JOB, PAGE_GATE, PAGES, PAGES_FIELD, PASSWORD, PDF, RESULTS_HEADERS,
                     UPLOAD, file_response, integer, json_response, number, page_window, ref, text,
                     tool_operation, upload_body)

_PDF = MIME_TYPES["pdf"]
_NULLABLE_TEXT = {"type": ["string", "null"]}
_THUMBNAILS_LIMIT = (f"{Config.TOOLS_THUMBNAILS_MAX_PAGES} thumbnails and "
                     f"{Config.TOOLS_THUMBNAILS_MAX_BYTES // 2**20} MB (always at least one thumbnail)")


def _object(properties: dict, **extra) -> dict:
    return {"type": "object", "required": list(properties), "additionalProperties": False,
            "properties": properties, **extra}


SCHEMAS = {
    "PdfInfo": _object({
        "filename": {"type": "string"}, "size": {"type": "integer", "description": "Bytes."},
        "pages": {"type": "integer", "minimum": 1}, "encrypted": {"type": "boolean"},
        "pdf_version": {"type": "string", "examples": ["1.7"]},
        "metadata": _object({**{name: _NULLABLE_TEXT for name in METADATA_FIELDS},
                             "created": _NULLABLE_TEXT, "modified": _NULLABLE_TEXT},
                            description="Document information; dates as the PDF stores them."),
        "page_sizes": {"type": "array", "items": _object({
            "page": {"type": "integer", "minimum": 1},
            "width_pt": {"type": "number"}, "height_pt": {"type": "number"},
            "width_mm": {"type": "number"}, "height_mm": {"type": "number"},
            "rotation": {"type": "integer", "minimum": 0, "maximum": 359}})},
    }),
    "PdfThumbnails": _object({
        "thumbnails": {"type": "array", "minItems": 1, "maxItems": Config.TOOLS_THUMBNAILS_MAX_PAGES,
                       "items": _object({
                           "page": {"type": "integer", "minimum": 1}, "width": {"type": "integer"},
                           "height": {"type": "integer"},
                           "data_url": {"type": "string", "pattern": "^data:image/png;base64,"}})},
        **page_window("answers", _THUMBNAILS_LIMIT)}),
    "PdfText": _object({
        "pages": {"type": "array", "items": _object({"page": {"type": "integer", "minimum": 1},
                                                     "text": {"type": "string"}})},
        "text": {"type": "string", "description": "All pages, separated by a blank line."}}),
}


def _fields(**fields) -> dict:
    return {**fields, "password": PASSWORD}


def _required_text(description: str, max_length: int = 2000) -> dict:
    return text(description, max_length=max_length, minLength=1)


def _pdf_out(operation_id: str, summary: str, fields: dict, *errors: dict, required=(),
             description: str | None = None, headers: dict | None = None) -> dict:
    """An edit answering with one PDF named after the input with a suffix."""
    return tool_operation(
        operation_id, "pdf", summary, file_response("The edited PDF.", [_PDF], headers),
        PAGE_GATE, UPLOAD, PDF, *errors, description=description,
        body=upload_body(_fields(**fields), required=tuple(required), file_description="A PDF."))


_PAGES_REQUIRED = _required_text("Pages, 1-based: `1-3,5,8-`.")

PATHS = {
    "/api/tools/pdf/info": {"post": tool_operation(
        "getPdfInfo", "pdf", "Pages, sizes, version, encryption and document information",
        json_response("Facts about the PDF.", ref("PdfInfo")), PAGE_GATE, UPLOAD, PDF,
        body=upload_body(_fields(), file_description="A PDF."))},
    "/api/tools/pdf/thumbnails": {"post": tool_operation(
        "renderPdfThumbnails", "pdf", "Page thumbnails as PNG data URLs",
        json_response(f"One thumbnail per page asked for, in that order: at most {_THUMBNAILS_LIMIT} per "
                      "request, the rest named in `next_pages`.", ref("PdfThumbnails")),
        PAGE_GATE, UPLOAD, PDF, PAGES, IMAGE, JOB,
        body=upload_body(_fields(width=integer("Thumbnail width in px.", 32, 1200, 200),
                                 pages=PAGES_FIELD), file_description="A PDF."))},
    "/api/tools/pdf/merge": {"post": tool_operation(
        "mergePdfs", "pdf", "Merge PDFs into one",
        file_response("The merged PDF, named after the first file.", [_PDF], FILE_HEADERS),
        PAGE_GATE, UPLOAD, PDF, PAGES, JOB, {422: ["too_few_files"]},
        description="`password` is used for every encrypted input; the result is not encrypted.",
        body=upload_body(_fields(order=text("Order of the uploaded files, 1-based, e.g. `2,1,3` "
                                            "(files may be left out or repeated).")),
                         many=True, file_description="Two or more PDFs."))},
    "/api/tools/pdf/split": {"post": tool_operation(
        "splitPdf", "pdf", "Split a PDF by ranges or every N pages",
        file_response("A ZIP of PDFs, or the one PDF when the split yields a single part.",
                      [MIME_TYPES["zip"], _PDF], RESULTS_HEADERS),
        PAGE_GATE, UPLOAD, PDF, PAGES, description="The parts are not encrypted.",
        body=upload_body(_fields(
            ranges=text("One part per range, e.g. `1-3,5` (wins over `every`)."),
            every=integer("Pages per part when no ranges are given.", 1, 1000, 1)),
            file_description="A PDF."))},
    "/api/tools/pdf/extract": {"post": _pdf_out(
        "extractPdfPages", "Keep only the given pages", {"pages": _PAGES_REQUIRED}, PAGES,
        required=["pages"])},
    "/api/tools/pdf/delete": {"post": _pdf_out(
        "deletePdfPages", "Delete the given pages (not all of them)", {"pages": _PAGES_REQUIRED}, PAGES,
        required=["pages"])},
    "/api/tools/pdf/rotate": {"post": _pdf_out(
        "rotatePdfPages", "Rotate pages", {
            "angle": integer("Degrees clockwise, a multiple of 90; required without `rotations`.",
                             -270, 270),
            "pages": PAGES_FIELD,
            "rotations": text('Per-page angles as JSON, e.g. `{"1": 90, "3": 180}` (wins over '
                              "`angle`/`pages`)."),
        }, PAGES, description="Rotations add to each page's current rotation. Like extract, delete, reorder, "
                                 "watermark and page-numbers, the result keeps the input's password.")},
    "/api/tools/pdf/reorder": {"post": _pdf_out(
        "reorderPdfPages", "Put the pages in a new order",
        {"order": _required_text("Every page exactly once, e.g. `3,1,2` or as ranges `4-5,1-3`.")},
        PAGES, required=["order"])},
    "/api/tools/pdf/watermark": {"post": _pdf_out(
        "watermarkPdf", "Stamp a text watermark on every page", {
            "text": _required_text("The watermark (Latin characters).", 200),
            "font_size": number("Points.", 4, 400, 48), "opacity": number("0-1.", 0.02, 1, 0.25),
            "angle": number("Degrees counter-clockwise as the reader sees the page.", -360, 360, 45),
            "color": text("Colour like `#1a2b3c` or `#abc`.", default="#ff0000"),
        }, JOB, required=["text"])},
    "/api/tools/pdf/page-numbers": {"post": _pdf_out(
        "numberPdfPages", "Stamp page numbers", {
            "template": text("Must contain `{n}`; may contain `{total}`.", max_length=60, default="{n}"),
            "position": {"type": "string", "enum": PAGE_NUMBER_POSITIONS, "default": "bottom-center",
                         "description": "Where on the page. Case-insensitive."},
            "start": integer("Number of the first page.", 0, 100000, 1),
            "font_size": number("Points.", 4, 72, 11),
        }, JOB)},
    "/api/tools/pdf/metadata": {"post": _pdf_out(
        "setPdfMetadata", "Set document information",
        {name: text(f"Document {name}; an empty value removes it.") for name in METADATA_FIELDS},
        description="Fields not given are kept. The result is not encrypted.")},
    "/api/tools/pdf/encrypt": {"post": _pdf_out(
        "encryptPdf", "Protect with a password (AES-256)", {
            "new_password": _required_text("Password needed to open the result.", 256),
            "owner_password": text("Owner password (default: the new password).", max_length=256),
        }, required=["new_password"])},
    "/api/tools/pdf/decrypt": {"post": _pdf_out(
        "decryptPdf", "Remove the password", {}, required=["password"],
        description="`password` (the current one) is required.")},
    "/api/tools/pdf/compress": {"post": _pdf_out(
        "compressPdf", "Make the PDF smaller",
        {"image_quality": integer("Also re-encode large images as JPEG at this quality (lossy).", 10, 95)},
        JOB, headers={**FILE_HEADERS, "X-Size-Change": "XSizeChange"},
        description="Drops unused resources and recompresses streams. When that is no smaller, the input "
                    "comes back unchanged; otherwise the result is not encrypted.")},
    "/api/tools/pdf/text": {"post": tool_operation(
        "extractPdfText", "pdf", "The text of every page",
        json_response("Text per page and in all.", ref("PdfText")), PAGE_GATE, UPLOAD, PDF, JOB,
        body=upload_body(_fields(), file_description="A PDF."))},
}
