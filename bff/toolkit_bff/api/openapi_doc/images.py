"""/api/tools/convert, /api/tools/ocr… and /api/tools/metadata…: images (and PDFs) in."""
from __future__ import annotations

from ...config import Config
from ...jobs.filetypes import IMAGE_KINDS, MIME_TYPES
from ...tools.converter.endpoint import TARGETS
from ...tools.image_metadata.endpoint import EDITABLE_KINDS
from ...tools.image_metadata.exif_write import TEXT_TAGS
from .common import (IMAGE, JOB, OPTIONS, PAGE_GATE, PAGES, PASSWORD, PAGES_FIELD, PDF, PROGRAM_MISSING,
                     RESULTS_HEADERS, SESSION, SIGNED_IN, UPLOAD, choice, file_response, flag, integer, json_response,
                     number, page_window, ref, text, tool_operation, upload_body)

_IMAGE_KINDS = sorted(IMAGE_KINDS)
_EDITABLE_TYPES = [MIME_TYPES[kind] for kind in sorted(EDITABLE_KINDS)]
_INT = {"type": "integer"}


def _object(properties: dict, required: list[str] | None = None, **extra) -> dict:
    return {"type": "object", "required": list(properties) if required is None else required,
            "additionalProperties": False, "properties": properties, **extra}


SCHEMAS = {
    "OcrLanguages": _object({"languages": {"type": "array", "items": _object(
        {"code": {"type": "string", "examples": ["deu"]}, "name": {"type": "string"}})}}),
    "OcrResult": _object({
        "language": {"type": "string", "description": "The languages used, e.g. `eng+deu`."},
        "text": {"type": "string", "description": "All pages' text, pages separated by a blank line."},
        "confidence": {"type": ["number", "null"], "description": "Mean word confidence 0-100; null without words."},
        "pages": {"type": "array", "items": ref("OcrPage"), "maxItems": Config.TOOLS_OCR_MAX_PAGES},
        **page_window("reads", f"{Config.TOOLS_OCR_MAX_PAGES} PDF pages"),
    }),
    "OcrPage": _object({
        "page": {"type": "integer", "minimum": 1}, "text": {"type": "string"},
        "words": {"type": "array", "items": _object({
            "text": {"type": "string"}, "confidence": {"type": "number"},
            "box": _object({side: _INT for side in ("left", "top", "width", "height")},
                           description="In the original image's (or rendered page's) pixels."),
        })},
    }),
    "ExifValue": {
        "description": "An EXIF value as JSON: rationals as numbers, text decoded, blobs summarised.",
        "type": ["string", "number", "boolean", "null", "array"], "items": ref("ExifValue"),
    },
    "ExifGroup": {"type": "object", "additionalProperties": ref("ExifValue"),
                  "description": "Tag name → value."},
    "ImageMetadata": _object({
        "filename": {"type": "string"}, "format": {"type": "string", "enum": _IMAGE_KINDS},
        "width": _INT, "height": _INT, "mode": {"type": "string", "description": "Pillow's mode, e.g. RGB."},
        "icc_profile": {"type": "boolean"}, "has_gps": {"type": "boolean"},
        "groups": _object({
            "camera": ref("ExifGroup"), "time": ref("ExifGroup"),
            "location": _object({"latitude": {"type": "number"}, "longitude": {"type": "number"},
                                 "altitude": {"type": "number"}, "raw": ref("ExifGroup")}, required=[],
                                description="Empty without GPS; coordinates in decimal degrees."),
            "author": ref("ExifGroup"), "image": ref("ExifGroup"), "other": ref("ExifGroup")}),
    }),
}

_CONVERT_FIELDS = {
    "format": choice("Target format; `pdf` makes one PDF of all images, or one PDF per office "
                     "document (then a ZIP).", TARGETS),
    "quality": integer("Lossy quality (JPEG 85, WebP 80, AVIF 60 when not given).", 1, 100),
    "lossless": flag("Lossless WebP.", False),
    "width": integer("Target width in px; alone, the height follows the aspect ratio.", 1, 20000),
    "height": integer("Target height in px.", 1, 20000),
    "fit": choice("With both sides: inside the box, cropped to fill it, or stretched.",
                  ["contain", "cover", "fill"], "contain"),
    "strip_metadata": flag("Drop EXIF (the ICC profile is always kept).", True),
    "auto_orient": flag("Apply and drop the EXIF orientation.", True),
    "dpi": integer("PDF pages → images: render resolution; images → PDF: page size.", 36, 600, 150),
    "password": PASSWORD,
}

_EDIT_FIELDS = {
    **{name: text(f"EXIF {name}; an empty value removes the tag.") for name in TEXT_TAGS},
    "Orientation": integer("EXIF orientation.", 1, 8),
    "gps_latitude": number("Decimal degrees (with gps_longitude).", -90, 90),
    "gps_longitude": number("Decimal degrees (with gps_latitude).", -180, 180),
    "gps_altitude": number("Metres; negative is below sea level.", -11000, 100000),
    "gps_remove": flag("Remove the GPS block (wins over gps_latitude/gps_longitude).", False),
}
_EDIT_DESCRIPTION = ("JPEG and WebP are edited at the byte level, so pixels are identical; PNG is "
                     "re-saved losslessly. Other image types answer 415.")
_METADATA_ERRORS = (UPLOAD, IMAGE, {422: ["invalid_metadata"]})
_EDITABLE = "A JPEG, PNG or WebP image."


def _edited_image(operation_id: str, summary: str, description: str, *errors: dict, fields=None) -> dict:
    return tool_operation(
        operation_id, "metadata", summary,
        file_response("The image in its own format, named with a suffix.", _EDITABLE_TYPES),
        *_METADATA_ERRORS, *errors, description=description,
        body=upload_body(fields, file_description=_EDITABLE))


PATHS = {
    "/api/tools/convert": {"post": tool_operation(
        "convertFiles", "convert", "Convert images, PDFs and office documents",
        file_response("The converted file, or a ZIP when there are several results (several "
                      "uploads, or a PDF's pages as images).",
                      [MIME_TYPES[kind] for kind in TARGETS] + [MIME_TYPES["zip"]], RESULTS_HEADERS),
        SIGNED_IN, SESSION, PAGE_GATE, UPLOAD, OPTIONS, IMAGE, JOB, PROGRAM_MISSING,
        {422: ["invalid_pdf", "pdf_password_required", "pdf_wrong_password", "too_many_pages",
               "conversion_failed", "office_too_many_entries", "office_too_large"]},
        description="Images between formats, images → PDF, PDF pages → images, office documents "
                    "(DOCX, ODT, RTF, TXT, PPTX, XLSX, …) → PDF with LibreOffice. Encrypted PDFs "
                    "cannot be converted (there is no password option). For signed-in users only.",
        body=upload_body(_CONVERT_FIELDS, many=True, required=("format",)), security=[{"bearerAuth": []}])},
    "/api/tools/ocr/languages": {"get": tool_operation(
        "listOcrLanguages", "ocr", "Installed OCR languages",
        json_response("Tesseract's installed languages.", ref("OcrLanguages")), PROGRAM_MISSING)},
    "/api/tools/ocr": {"post": tool_operation(
        "recogniseText", "ocr", "Text, words, confidences and boxes from an image or a PDF",
        json_response(f"What Tesseract read, page by page: at most {Config.TOOLS_OCR_MAX_PAGES} pages of a PDF "
                      "per request, the rest named in `next_pages`.", ref("OcrResult")),
        PAGE_GATE, UPLOAD, OPTIONS, IMAGE, PDF, PAGES, JOB, PROGRAM_MISSING,
        {422: ["unsupported_language", "ocr_failed"]},
        body=upload_body({
            "lang": text("Languages joined by `+`, from /api/tools/ocr/languages.", max_length=100,
                         default="eng"),
            "preprocess": flag("Greyscale, auto-contrast and upscale small images first.", True),
            "psm": integer("Tesseract page segmentation mode.", 1, 13, 3),
            "dpi": integer("PDF: render resolution.", 72, 600, 300),
            "pages": PAGES_FIELD, "password": PASSWORD,
        }, file_description="An image or a PDF."))},
    "/api/tools/metadata": {"post": tool_operation(
        "readImageMetadata", "metadata", "Read an image's EXIF, grouped, GPS in decimal degrees",
        json_response("The image's facts and metadata.", ref("ImageMetadata")), UPLOAD, IMAGE,
        body=upload_body(file_description="An image."))},
    "/api/tools/metadata/edit": {"post": _edited_image(
        "editImageMetadata", "Set or remove EXIF tags and GPS", _EDIT_DESCRIPTION,
        OPTIONS, {422: ["nothing_to_change"]}, fields=_EDIT_FIELDS)},
    "/api/tools/metadata/remove-gps": {"post": _edited_image(
        "removeImageGps", "Remove the location", "Drops the EXIF GPS block (JPEG: also XMP carrying GPS).")},
    "/api/tools/metadata/strip": {"post": _edited_image(
        "stripImageMetadata", "Remove all metadata",
        "Removes every tag, comment and XMP packet but keeps Orientation and the ICC profile.")},
}
