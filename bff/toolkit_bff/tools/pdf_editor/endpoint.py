"""/api/tools/pdf/…: merge, split, extract, delete, rotate, reorder, watermark, page numbers,
metadata, encrypt, decrypt, compress, searchable (reading.py: info, thumbnails, text). Every route
takes multipart `file` (merge: several) and an optional `password` for encrypted input."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator

import pikepdf
from flask import Blueprint, Response
from pydantic import BaseModel

from ...contract.openapi_types import ErrorGroup, OpenApi
from ...contract.operations import Multipart, Routes, View
from ...contract.responses import (
    FILE_HEADERS,
    JOB,
    PAGE_GATE,
    PAGES,
    PDF,
    RESULTS_HEADERS,
    UPLOAD,
)
from ...contract.responses import file_response as file_answer
from ...errors import ApiError
from ...jobs.files import Result, file_response, results_response
from ...jobs.filetypes import MIME_TYPES
from ...jobs.limits import Deadline, Limits, too_many_pages
from ...jobs.options import invalid, parse_colour
from ...jobs.pdfdocs import open_pikepdf, parse_page_list, parse_page_ranges, pdf_errors
from ...jobs.progress import streams_progress
from ...jobs.searchable import SEARCHABLE_ROUTE, SearchableOptions, searchable_pdf_response
from ...jobs.uploads import Upload, read_upload, read_uploads
from . import edits
from .info import set_metadata
from .models import (
    CompressOptions,
    DecryptOptions,
    EncryptOptions,
    MergeOptions,
    PageChoice,
    PageNumberOptions,
    PdfMetadataOptions,
    PdfOptions,
    ReorderOptions,
    RotateOptions,
    SplitOptions,
    WatermarkOptions,
)

bp = Blueprint("tools_pdf", __name__, url_prefix="/api/tools")
routes = Routes(bp, "pdf", tool=True)
A_PDF = "A PDF."
EDITED = {200: file_answer("The edited PDF.", [MIME_TYPES["pdf"]])}
EDIT_ERRORS = (PAGE_GATE, UPLOAD, PDF)
PAGE_EDIT_ERRORS = (*EDIT_ERRORS, PAGES)


def pdf_route(
    rule: str,
    operation_id: str,
    options: type[BaseModel],
    errors: tuple[ErrorGroup, ...] = EDIT_ERRORS,
    answers: dict[int, OpenApi] = EDITED,
) -> Callable[[View], View]:
    """The route of a tool that takes one PDF (multipart `file`) and its options."""
    upload = Multipart(options, file_description=A_PDF)
    return routes.post(rule, operation_id, upload=upload, answers=answers, errors=errors)


def _password(options: PdfOptions) -> str | None:
    return options.password or None


def _respond(upload: Upload, data: bytes, suffix: str, headers: dict[str, str] | None = None) -> Response:
    return file_response(
        Result(f"{upload.stem}{suffix}.pdf", data, "pdf"), input_size=len(upload.data), headers=headers
    )


def _kept_encryption(sources: Iterable[pikepdf.Pdf], password: str | None) -> pikepdf.Encryption | None:
    """A protected input stays protected: outputs get the password it was opened with."""
    if password and any(source.is_encrypted for source in sources):
        return edits.encryption_for(password, None)
    return None


# What an edit does to the opened document: a new document, the saved bytes, or None (the document was
# changed in place).
Operation = Callable[[pikepdf.Pdf], pikepdf.Pdf | bytes | None]


def _edit(suffix: str, operation: Operation, options: PdfOptions, *, keep_encryption: bool = True) -> Response:
    """Open the upload with pikepdf, apply operation(pdf), save (keeping its encryption)."""
    upload, password = read_upload(), _password(options)
    pdf = open_pikepdf(upload, password)
    with pdf, pdf_errors(upload.filename):
        result = operation(pdf)
        if isinstance(result, bytes):
            return _respond(upload, result, suffix)
        encryption = _kept_encryption([pdf], password) if keep_encryption else None
        return _respond(upload, edits.save_pdf(result or pdf, encryption=encryption), suffix)


@routes.post(
    "/pdf/merge",
    "mergePdfs",
    upload=Multipart(MergeOptions, many=True, file_description="Two or more PDFs."),
    answers={200: file_answer("The merged PDF, named after the first file.", [MIME_TYPES["pdf"]], FILE_HEADERS)},
    errors=(*EDIT_ERRORS, PAGES, JOB, {422: ["too_few_files"]}),
)
def merge(options: MergeOptions) -> Response:
    """Merge PDFs into one

    `password` is used for every encrypted input; the result is not encrypted."""
    deadline, uploads, password = Deadline.for_job(), read_uploads("file"), _password(options)
    order = options.order
    if order:
        indexes = parse_page_list(order, len(uploads), "order")
        uploads = [uploads[index] for index in indexes]
    if len(uploads) < 2:
        raise ApiError(422, "too_few_files", "Upload at least two PDFs to merge")
    documents = [open_pikepdf(upload, password) for upload in uploads]
    total = sum(len(document.pages) for document in documents)
    limit = Limits.current().max_pdf_pages
    if total > limit:
        raise too_many_pages(total, limit)
    with pdf_errors("the merged PDF"):
        data = edits.save_pdf(edits.merge(documents, deadline), encryption=_kept_encryption(documents, password))
    for document in documents:
        document.close()
    return file_response(
        Result(f"{uploads[0].stem}-merged.pdf", data, "pdf"), input_size=sum(len(upload.data) for upload in uploads)
    )


@pdf_route(
    "/pdf/split",
    "splitPdf",
    SplitOptions,
    PAGE_EDIT_ERRORS,
    answers={
        200: file_answer(
            "A ZIP of PDFs, or the one PDF when the split yields a single part.",
            [MIME_TYPES["zip"], MIME_TYPES["pdf"]],
            RESULTS_HEADERS,
        )
    },
)
def split(options: SplitOptions) -> Response:
    """Split a PDF by ranges or every N pages

    The parts are not encrypted."""
    upload, password = read_upload(), _password(options)
    pdf = open_pikepdf(upload, password)
    every, ranges = options.every, options.ranges
    with pdf_errors(upload.filename):
        count = len(pdf.pages)
        if ranges:
            groups = parse_page_ranges(ranges, count, "ranges")
        else:
            step = every or 1
            groups = [list(range(start, min(start + step, count))) for start in range(0, count, step)]
    return results_response(
        _split_parts(upload, pdf, groups, password), zip_name=f"{upload.stem}-split.zip", input_size=len(upload.data)
    )


def _split_parts(upload: Upload, pdf: pikepdf.Pdf, groups: list[list[int]], password: str | None) -> Iterator[Result]:
    """One part at a time, each saved only when the ZIP is ready for it (streamed)."""
    with pdf, pdf_errors(upload.filename):
        encryption = _kept_encryption([pdf], password)
        for group in groups:
            name = (
                f"{upload.stem}-pages-{group[0] + 1}-{group[-1] + 1}.pdf"
                if len(group) > 1
                else f"{upload.stem}-page-{group[0] + 1}.pdf"
            )
            yield Result(name, edits.save_pdf(edits.pages_copy(pdf, group), encryption=encryption), "pdf")


@pdf_route("/pdf/extract", "extractPdfPages", PageChoice, PAGE_EDIT_ERRORS)
def extract(options: PageChoice) -> Response:
    """Keep only the given pages"""
    return _edit(
        "-extract",
        lambda pdf: edits.pages_copy(pdf, parse_page_list(_required(options.pages, "pages"), len(pdf.pages))),
        options,
    )


@pdf_route("/pdf/delete", "deletePdfPages", PageChoice, PAGE_EDIT_ERRORS)
def delete(options: PageChoice) -> Response:
    """Delete the given pages (not all of them)"""

    def remove(pdf: pikepdf.Pdf) -> pikepdf.Pdf:
        doomed = set(parse_page_list(_required(options.pages, "pages"), len(pdf.pages)))
        if len(doomed) >= len(pdf.pages):
            raise ApiError(422, "invalid_page_range", "Deleting every page would leave an empty PDF")
        return edits.pages_copy(pdf, [i for i in range(len(pdf.pages)) if i not in doomed])

    return _edit("-edited", remove, options)


@pdf_route("/pdf/rotate", "rotatePdfPages", RotateOptions, PAGE_EDIT_ERRORS)
def rotate(options: RotateOptions) -> Response:
    """Rotate pages

    Rotations add to each page's current rotation. Like extract, delete, reorder, watermark and
    page-numbers, the result keeps the input's password."""

    def turn(pdf: pikepdf.Pdf) -> None:
        edits.rotate(pdf, _rotations(len(pdf.pages), options))

    return _edit("-rotated", turn, options)


def _rotations(page_count: int, options: RotateOptions) -> dict[int, int]:
    """Either `rotations` as JSON {"1": 90, "3": 180} or `angle` applied to `pages` (default all)."""
    raw = options.rotations
    if raw:
        try:
            mapping = {int(page) - 1: int(angle) for page, angle in json.loads(raw).items()}
        except (ValueError, TypeError, AttributeError, RecursionError):  # RecursionError: [[[[…]]]]
            raise invalid("rotations", 'must be JSON like {"1": 90, "3": 180}') from None
    else:
        angle = options.angle
        if angle is None:
            raise invalid("angle", "is required (90, 180 or 270)")
        mapping = dict.fromkeys(parse_page_list(options.pages, page_count), angle)
    for index, angle in mapping.items():
        if not 0 <= index < page_count:
            raise ApiError(422, "invalid_page_range", f"Page {index + 1} is not within 1-{page_count}")
        if angle % 90 != 0:
            raise invalid("angle", "must be a multiple of 90")
    return mapping


@pdf_route("/pdf/reorder", "reorderPdfPages", ReorderOptions, PAGE_EDIT_ERRORS)
def reorder(options: ReorderOptions) -> Response:
    """Put the pages in a new order"""

    def arrange(pdf: pikepdf.Pdf) -> pikepdf.Pdf:
        order = parse_page_list(_required(options.order, "order"), len(pdf.pages), "order")
        if sorted(order) != list(range(len(pdf.pages))):
            raise invalid("order", f"must list every page 1-{len(pdf.pages)} exactly once")
        return edits.pages_copy(pdf, order)

    return _edit("-reordered", arrange, options)


@pdf_route("/pdf/watermark", "watermarkPdf", WatermarkOptions, (*EDIT_ERRORS, JOB))
def watermark(options: WatermarkOptions) -> Response:
    """Stamp a text watermark on every page"""
    deadline, text = Deadline.for_job(), _required(options.text, "text")
    colour = parse_colour(options.color, "color")
    return _edit(
        "-watermarked",
        lambda pdf: edits.watermark(
            pdf,
            text,
            size=options.font_size,
            opacity=options.opacity,
            angle=options.angle,
            colour=colour[:3],
            deadline=deadline,
        ),
        options,
    )


@pdf_route("/pdf/page-numbers", "numberPdfPages", PageNumberOptions, (*EDIT_ERRORS, JOB))
def page_numbers(options: PageNumberOptions) -> Response:
    """Stamp page numbers"""
    deadline, template = Deadline.for_job(), options.template or "{n}"
    if "{n}" not in template:
        raise invalid("template", "must contain {n} (and may contain {total})")
    return _edit(
        "-numbered",
        lambda pdf: edits.page_numbers(
            pdf,
            template=template,
            position=options.position,
            start=options.start,
            size=options.font_size,
            deadline=deadline,
        ),
        options,
    )


@pdf_route("/pdf/metadata", "setPdfMetadata", PdfMetadataOptions)
def metadata(options: PdfOptions) -> Response:
    """Set document information

    Fields not given are kept. The result is not encrypted."""
    upload = read_upload()
    return _respond(upload, set_metadata(upload, _password(options), options), "-metadata")


@pdf_route("/pdf/encrypt", "encryptPdf", EncryptOptions)
def encrypt(options: EncryptOptions) -> Response:
    """Protect with a password (AES-256)"""
    password = _required(options.new_password, "new_password")
    return _edit(
        "-protected",
        lambda pdf: edits.save_pdf(pdf, encryption=edits.encryption_for(password, options.owner_password)),
        options,
    )


@pdf_route("/pdf/decrypt", "decryptPdf", DecryptOptions)
def decrypt(options: DecryptOptions) -> Response:
    """Remove the password

    `password` (the current one) is required."""
    if not _password(options):
        raise invalid("password", "is required to remove a password")
    return _edit("-unlocked", lambda pdf: None, options, keep_encryption=False)


@pdf_route(
    "/pdf/compress",
    "compressPdf",
    CompressOptions,
    (*EDIT_ERRORS, JOB),
    answers={
        200: file_answer("The edited PDF.", [MIME_TYPES["pdf"]], {**FILE_HEADERS, "X-Size-Change": "XSizeChange"})
    },
)
def compress(options: CompressOptions) -> Response:
    """Make the PDF smaller

    Drops unused resources and recompresses streams. When that is no smaller, the input comes back
    unchanged; otherwise the result is not encrypted."""
    deadline, upload = Deadline.for_job(), read_upload()
    quality, password = options.image_quality, _password(options)
    pdf = open_pikepdf(upload, password)
    with pdf, pdf_errors(upload.filename):
        edits.compress(pdf, image_quality=quality, deadline=deadline, max_pixels=Limits.current().max_image_pixels)
        data = edits.save_pdf(pdf, compress=True, encryption=_kept_encryption([pdf], password))
    if len(data) >= len(upload.data):
        data = upload.data  # already as small as we can make it: keep the original
    change = (len(data) - len(upload.data)) / len(upload.data) * 100
    return _respond(upload, data, "-compressed", {"X-Size-Change": f"{change:.1f}%"})


@routes.post("/pdf/searchable", "makePdfSearchable", **SEARCHABLE_ROUTE)
@streams_progress
def searchable(options: SearchableOptions) -> Response:
    """Make the PDF searchable (OCR text layer)"""
    return searchable_pdf_response(options)


def _required(value: str, name: str) -> str:
    """A required option holding more than spaces."""
    if not value.strip():
        raise invalid(name, "is required")
    return value.strip()
