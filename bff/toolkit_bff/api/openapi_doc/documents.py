"""Searchable PDFs, redaction, batch metadata and the colour picker's decoding: the long jobs that
answer as a progress stream (jobs/progress.py), and what the browser cannot decode."""
from __future__ import annotations

from ...jobs.filetypes import MIME_TYPES
from ...jobs.searchable import MODES
from ...tools.image_metadata.batch import ACTIONS, MAX_FILES
from ...tools.pdf_editor.redaction_options import MAX_AREAS, MAX_TERMS
from .common import (IMAGE, JOB, OPTIONS, PAGE_GATE, PAGES, PASSWORD, PDF, PROGRAM_MISSING, SIGNED_IN, UPLOAD,
                     choice, file_response, flag, header_refs, integer, json_response, ref, text,
                     tool_operation, upload_body)

NDJSON = "application/x-ndjson"
_INT = {"type": "integer", "minimum": 0}
_FRACTION = {"type": "number", "minimum": 0, "maximum": 1}


def _object(properties: dict, required: list[str] | None = None, **extra) -> dict:
    return {"type": "object", "required": list(properties) if required is None else required,
            "additionalProperties": False, "properties": properties, **extra}


def _stream_line(report: str) -> dict:
    return {"oneOf": [ref("JobProgress"), _result(report), ref("JobStreamError")],
            "description": "One line of the stream: progress lines, then the result or an error."}


def _result(report: str) -> dict:
    return _object({
        "type": {"const": "result"}, "filename": {"type": "string"}, "content_type": {"type": "string"},
        "size": _INT, "report": ref(report),
        "data": {"type": "string", "contentEncoding": "base64", "description": "The file, base64."}})


_BOX = _object({"left": _FRACTION, "top": _FRACTION, "width": _FRACTION, "height": _FRACTION},
               description="Fractions of the page as shown (its crop box turned by its rotation), from the top-left.")

SCHEMAS = {
    "JobProgress": _object({
        "type": {"const": "progress"},
        "stage": {"type": "string", "examples": ["OCR", "Redacting", "Cleaning"]},
        "done": _INT, "total": {"type": ["integer", "null"], "minimum": 0},
        "unit": {"type": "string", "examples": ["page", "file"]}}),
    "JobStreamError": _object({"type": {"const": "error"}, "error": ref("ErrorBody")},
                              description="The job failed after it started (e.g. `job_timeout`)."),
    "ErrorBody": _object({"code": {"type": "string"}, "message": {"type": "string"}}),
    "SearchableReport": _object({
        "pages": _INT, "language": {"type": "string"}, "mode": {"type": "string", "enum": MODES},
        "pdfa": {"type": ["string", "null"], "description": "e.g. `PDF/A-2B`; null when the result is a "
                 "regular PDF (it did not validate as PDF/A, or it is password-protected)."},
        "protected": {"type": "boolean"}}),
    "SearchableStreamLine": _stream_line("SearchableReport"),
    "RedactionReport": _object({
        "dpi": _INT, "page_count": _INT,
        "pages": {"type": "array", "description": "The pages redrawn as images.", "items": _object({
            "page": _INT, "areas": _INT, "matches": _INT, "characters_removed": _INT,
            "annotations_removed": _INT})},
        "terms": {"type": "array", "items": _object({"term": {"type": "string"}, "matches": _INT,
                                                     "pages": {"type": "array", "items": _INT}})},
        "scrubbed": _object({
            "metadata_fields": {"type": "array", "items": {"type": "string"}}, "xmp_removed": _INT,
            "bookmarks": _INT, "annotations_removed": _INT, "form_fields_removed": _INT,
            "attachments_removed": {"type": "array", "items": {"type": "string"}}, "scripts_removed": _INT,
            "tags_removed": {"type": "boolean"}, "other_strings": _INT})}),
    "RedactionStreamLine": _stream_line("RedactionReport"),
    "RedactionMatches": _object({
        "total": _INT,
        "pages": {"type": "array", "items": _object({"page": _INT, "matches": {"type": "array", "items": _object({
            "term": {"type": "string"}, "text": {"type": "string", "description": "As found on the page."},
            "boxes": {"type": "array", "items": _BOX}})}})}}),
    "MetadataBatchReport": _object({
        "action": {"type": "string", "enum": list(ACTIONS)}, "done": _INT, "failed": _INT,
        "files": {"type": "array", "items": {"oneOf": [
            _object({"name": {"type": "string"}, "status": {"const": "done"},
                     "output": {"type": "string", "description": "Its name in the ZIP."},
                     "had_gps": {"type": "boolean"}, "has_gps": {"type": "boolean"},
                     "removed": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}},
                                 "description": "Group (camera, time, location, author, image, other) → tags removed."},
                     "size_before": _INT, "size_after": _INT}),
            _object({"name": {"type": "string"}, "status": {"const": "failed"}, "error": ref("ErrorBody")})]}}}),
    "MetadataBatchStreamLine": _stream_line("MetadataBatchReport"),
}

_STREAM_HEADERS = {"Cache-Control": "NoStore", "X-Accel-Buffering": "NoBuffering"}
_STREAM_DESCRIPTION = ("A progress stream (NDJSON): `progress` lines as the work goes on, then one `result` "
                       "line with the file (base64) and its report, or an `error` line if it failed after it "
                       "started. Bad input fails before the stream starts, with an ordinary error response.")


def _stream(description: str, line: str) -> dict:
    return {"description": f"{description} {_STREAM_DESCRIPTION}", "headers": header_refs(_STREAM_HEADERS),
            "content": {NDJSON: {"schema": ref(line)}}}


_SEARCHABLE_FIELDS = {
    "lang": text("Languages joined by `+`, from /api/tools/ocr/languages.", max_length=100, default="eng"),
    "mode": choice("Pages that already have text: kept as they are (`skip`), their invisible text redone "
                   "(`redo`), or rasterised and read again (`force`).", MODES, "skip"),
    "rotate_pages": flag("Turn pages that were scanned sideways (Tesseract's orientation detection).", False),
    "password": PASSWORD,
}
_SEARCHABLE_ERRORS = (PAGE_GATE, UPLOAD, OPTIONS, IMAGE, PDF, JOB, PROGRAM_MISSING,
                      {422: ["unsupported_language", "ocr_failed", "pdf_signed"]})
_SEARCHABLE_TEXT = ("OCRmyPDF reads every page with Tesseract and lays an invisible text layer over each word, so "
                    "the PDF can be searched, selected and copied; PDF/A-2b when it validates. Images (HEIC, JPEG, "
                    "PNG, …) become one page.")
_REDACT_FIELDS = {
    "areas": text(f"JSON array (at most {MAX_AREAS}) of `{{page, left, top, width, height}}`: page 1-based, the "
                  "rest fractions of the page as shown, from its top-left.", max_length=MAX_AREAS * 120),
    "terms": text(f"Words or phrases to find and redact everywhere: a JSON array of strings (at most {MAX_TERMS}) "
                  "or one per line.", max_length=MAX_TERMS * 208),
    "match_case": flag("Match upper and lower case exactly.", False),
    "whole_word": flag("Only whole words (`cat` does not match `category`).", False),
    "password": PASSWORD,
}

PATHS = {
    "/api/tools/ocr/searchable": {"post": tool_operation(
        "makeSearchablePdf", "ocr", "A searchable PDF (invisible text layer) from a scan or a photo",
        _stream("The searchable PDF, page by page.", "SearchableStreamLine"), *_SEARCHABLE_ERRORS,
        description=_SEARCHABLE_TEXT, body=upload_body(_SEARCHABLE_FIELDS, file_description="A PDF or an image."))},
    "/api/tools/pdf/searchable": {"post": tool_operation(
        "makePdfSearchable", "pdf", "Make the PDF searchable (OCR text layer)",
        _stream("The searchable PDF, page by page.", "SearchableStreamLine"), *_SEARCHABLE_ERRORS,
        description=_SEARCHABLE_TEXT, body=upload_body(_SEARCHABLE_FIELDS, file_description="A PDF or an image."))},
    "/api/tools/pdf/redact/find": {"post": tool_operation(
        "findRedactionMatches", "pdf", "Preview: every match of the search terms, page by page",
        json_response("Where each match is, as the page thumbnails show it.", ref("RedactionMatches")),
        PAGE_GATE, UPLOAD, OPTIONS, PDF, JOB,
        body=upload_body({key: _REDACT_FIELDS[key] for key in ("terms", "match_case", "whole_word", "password")},
                         required=("terms",), file_description="A PDF."))},
    "/api/tools/pdf/redact": {"post": tool_operation(
        "redactPdf", "pdf", "Redact areas and every match of words: the content under them is removed",
        _stream("The redacted PDF, page by page.", "RedactionStreamLine"),
        PAGE_GATE, UPLOAD, OPTIONS, PDF, PAGES, IMAGE, JOB, {422: ["nothing_to_redact"]},
        description="Pages with something to remove are redrawn as an image (at `dpi`) with the areas black and "
                    "their other words kept as an invisible, selectable layer; their annotations and form fields "
                    "go. Properties, XMP, bookmarks and other strings lose the redacted words; attachments and "
                    "scripts are removed. The report says what was removed.",
        body=upload_body({**_REDACT_FIELDS, "dpi": integer("Resolution of redrawn pages.", 72, 400, 200)},
                         file_description="A PDF."))},
    "/api/tools/metadata/batch": {"post": tool_operation(
        "cleanImageMetadataBatch", "metadata", "Many photos, one choice, one ZIP",
        _stream("A ZIP of the cleaned photos, file by file, with a report per file.", "MetadataBatchStreamLine"),
        UPLOAD, OPTIONS, JOB, {422: ["no_file_processed"]},
        description="`remove-gps`, `strip` (all but Orientation and the colour profile) or `keep`, for JPEG, "
                    "PNG, WebP and HEIC without re-encoding. A file that cannot be cleaned gets its own error in "
                    "the report; the others still go into the ZIP.",
        body=upload_body({"action": choice("What to remove.", list(ACTIONS))}, many=True, required=("action",),
                         file_description=f"The photos (at most {MAX_FILES})."))},
    "/api/tools/color-picker/decode": {"post": tool_operation(
        "decodeImageForColourPicker", "color", "An image the browser cannot open (HEIC, …) as a PNG",
        file_response("Upright, in sRGB, at most 4096 px on its longest side; colours exactly as decoded.",
                      [MIME_TYPES["png"]]),
        SIGNED_IN, PAGE_GATE, UPLOAD, IMAGE, security=[{"bearerAuth": []}],
        body=upload_body(file_description="An image."))},
}
