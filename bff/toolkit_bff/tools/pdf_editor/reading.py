"""/api/tools/pdf/info, /thumbnails and /text: what a PDF holds, read without changing it."""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Iterable, Iterator
from typing import TypedDict

from flask import Response, jsonify

from ...config import Config
from ...contract.responses import IMAGE, JOB, PAGES, json_response
from ...jobs.limits import Deadline, Limits
from ...jobs.paging import page_list_text
from ...jobs.pdfdocs import parse_page_list, pdfium_document, render_page
from ...jobs.uploads import Upload, read_upload
from .endpoint import EDIT_ERRORS, _password, pdf_route
from .info import document_info
from .models import PdfInfo, PdfOptions, PdfText, PdfThumbnails, ThumbnailOptions


class TextOfPage(TypedDict):
    page: int
    text: str


THUMBNAILS = (
    f"{Config.TOOLS_THUMBNAILS_MAX_PAGES} thumbnails and {Config.TOOLS_THUMBNAILS_MAX_BYTES // 2**20} MB "
    "(always at least one thumbnail)"
)


@pdf_route("/pdf/info", "getPdfInfo", PdfOptions, answers={200: json_response("Facts about the PDF.", PdfInfo)})
def info(options: PdfOptions) -> Response:
    """Pages, sizes, version, encryption and document information"""
    upload = read_upload()
    return jsonify(document_info(upload, _password(options)))


@pdf_route(
    "/pdf/thumbnails",
    "renderPdfThumbnails",
    ThumbnailOptions,
    (*EDIT_ERRORS, PAGES, IMAGE, JOB),
    answers={
        200: json_response(
            f"One thumbnail per page asked for, in that order: at most {THUMBNAILS} per "
            "request, the rest named in `next_pages`.",
            PdfThumbnails,
        )
    },
)
def thumbnails(options: ThumbnailOptions) -> Response:
    """Page thumbnails as PNG data URLs"""
    deadline, upload, limits = Deadline.for_job(), read_upload(), Limits.current()
    width, password = options.width, _password(options)
    with pdfium_document(upload, password) as document:
        page_count = len(document)
        indexes = parse_page_list(options.pages, page_count)
    items = (
        _thumbnail(upload, index, width, password)
        for index in _checked(indexes[: limits.thumbnails_max_pages], deadline)
    )
    # Streamed: each page is rendered, encoded and written out before the next one.
    return Response(
        _thumbnails_json(items, indexes, page_count, limits.thumbnails_max_bytes), mimetype="application/json"
    )


def _checked(indexes: list[int], deadline: Deadline) -> Iterator[int]:
    for index in indexes:
        deadline.check()
        yield index


def _thumbnail(upload: Upload, index: int, width: int, password: str | None) -> dict[str, object]:
    with pdfium_document(upload, password) as document:
        page_width = document[index].get_width() or 1
        image = render_page(document, index, dpi=72 * width / page_width)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=3)
    return {
        "page": index + 1,
        "width": image.width,
        "height": image.height,
        "data_url": "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode(),
    }


def _thumbnails_json(
    items: Iterable[dict[str, object]], indexes: list[int], page_count: int, max_bytes: int
) -> Iterator[bytes]:
    """`{"thumbnails": [...], "page_count", "next_pages"}` as chunks, one thumbnail at a time, until
    the pages or bytes of one answer are used up (the first thumbnail is always sent)."""
    yield b'{"thumbnails": ['
    sent, size = 0, 0
    for item in items:
        chunk = json.dumps(item).encode()
        if sent and size + len(chunk) > max_bytes:
            break
        yield (b", " if sent else b"") + chunk
        sent, size = sent + 1, size + len(chunk)
    tail = {"page_count": page_count, "next_pages": page_list_text(indexes[sent:])}
    yield b"], " + json.dumps(tail).encode()[1:]


@pdf_route(
    "/pdf/text",
    "extractPdfText",
    PdfOptions,
    (*EDIT_ERRORS, JOB),
    answers={200: json_response("Text per page and in all.", PdfText)},
)
def text(options: PdfOptions) -> Response:
    """The text of every page"""
    deadline, upload = Deadline.for_job(), read_upload()
    with pdfium_document(upload, _password(options)) as document:
        pages: list[TextOfPage] = []
        for index in range(len(document)):
            deadline.check()
            page = document[index]
            text_page = page.get_textpage()
            page_text = str(text_page.get_text_bounded())  # pypdfium2 is untyped; it returns str
            pages.append({"page": index + 1, "text": page_text.replace("\r\n", "\n")})
            text_page.close()
            page.close()
    return jsonify(pages=pages, text="\n\n".join(page["text"] for page in pages))
