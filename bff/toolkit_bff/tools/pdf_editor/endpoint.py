"""/api/tools/pdf/…: info, thumbnails, merge, split, extract, delete, rotate, reorder, watermark,
page numbers, metadata, encrypt, decrypt, compress, text. Every route takes multipart `file`
(merge: several) and an optional `password` for encrypted input."""
from __future__ import annotations

import base64
import io
import json

from flask import Blueprint, Response, jsonify

from ...errors import ApiError
from ...jobs.files import Result, file_response, results_response
from ...jobs.limits import Deadline, Limits, too_many_pages
from ...jobs.options import get_choice, get_float, get_int, get_str, invalid, parse_colour
from ...jobs.paging import page_list_text
from ...jobs.pdfdocs import (open_pikepdf, parse_page_list, parse_page_ranges, pdf_errors, pdfium_document,
                             render_page)
from ...jobs.uploads import Upload, read_upload, read_uploads
from . import edits
from .info import document_info, set_metadata

bp = Blueprint("tools_pdf", __name__)


def _password() -> str | None:
    return get_str("password", None, max_length=256) or None


def _respond(upload: Upload, data: bytes, suffix: str, headers: dict | None = None):
    return file_response(Result(f"{upload.stem}{suffix}.pdf", data, "pdf"),
                         input_size=len(upload.data), headers=headers)


def _kept_encryption(sources, password: str | None):
    """A protected input stays protected: outputs get the password it was opened with."""
    if password and any(source.is_encrypted for source in sources):
        return edits.encryption_for(password, None)
    return None


def _edit(suffix: str, operation, *, keep_encryption: bool = True):
    """Open the upload with pikepdf, apply operation(pdf), save (keeping its encryption)."""
    upload, password = read_upload(), _password()
    pdf = open_pikepdf(upload, password)
    with pdf, pdf_errors(upload.filename):
        result = operation(pdf)
        if isinstance(result, bytes):
            return _respond(upload, result, suffix)
        encryption = _kept_encryption([pdf], password) if keep_encryption else None
        return _respond(upload, edits.save_pdf(result or pdf, encryption=encryption), suffix)


@bp.post("/pdf/info")
def info():
    upload = read_upload()
    return jsonify(document_info(upload, _password()))


@bp.post("/pdf/thumbnails")
def thumbnails():
    deadline, upload, limits = Deadline.for_job(), read_upload(), Limits.current()
    width = get_int("width", 200, low=32, high=1200)
    with pdfium_document(upload, _password()) as document:
        page_count = len(document)
        indexes = parse_page_list(get_str("pages", "all"), page_count)
    items = (_thumbnail(upload, index, width) for index in _checked(indexes[:limits.thumbnails_max_pages], deadline))
    # Streamed: each page is rendered, encoded and written out before the next one.
    return Response(_thumbnails_json(items, indexes, page_count, limits.thumbnails_max_bytes),
                    mimetype="application/json")


def _checked(indexes: list[int], deadline: Deadline):
    for index in indexes:
        deadline.check()
        yield index


def _thumbnail(upload: Upload, index: int, width: int) -> dict:
    with pdfium_document(upload, _password()) as document:
        page_width = document[index].get_width() or 1
        image = render_page(document, index, dpi=72 * width / page_width)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=3)
    return {"page": index + 1, "width": image.width, "height": image.height,
            "data_url": "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()}


def _thumbnails_json(items, indexes: list[int], page_count: int, max_bytes: int):
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


@bp.post("/pdf/merge")
def merge():
    deadline, uploads, password = Deadline.for_job(), read_uploads("file"), _password()
    order = get_str("order", "")
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
        data = edits.save_pdf(edits.merge(documents, deadline),
                                 encryption=_kept_encryption(documents, password))
    for document in documents:
        document.close()
    return file_response(Result(f"{uploads[0].stem}-merged.pdf", data, "pdf"),
                         input_size=sum(len(upload.data) for upload in uploads))


@bp.post("/pdf/split")
def split():
    upload, password = read_upload(), _password()
    pdf = open_pikepdf(upload, password)
    every = get_int("every", None, low=1, high=1000)
    ranges = get_str("ranges", "")
    with pdf_errors(upload.filename):
        count = len(pdf.pages)
        if ranges:
            groups = parse_page_ranges(ranges, count, "ranges")
        else:
            step = every or 1
            groups = [list(range(start, min(start + step, count))) for start in range(0, count, step)]
    return results_response(_split_parts(upload, pdf, groups, password), zip_name=f"{upload.stem}-split.zip",
                            input_size=len(upload.data))


def _split_parts(upload: Upload, pdf, groups: list[list[int]], password: str | None):
    """One part at a time, each saved only when the ZIP is ready for it (streamed)."""
    with pdf, pdf_errors(upload.filename):
        encryption = _kept_encryption([pdf], password)
        for group in groups:
            name = (f"{upload.stem}-pages-{group[0] + 1}-{group[-1] + 1}.pdf" if len(group) > 1
                    else f"{upload.stem}-page-{group[0] + 1}.pdf")
            yield Result(name, edits.save_pdf(edits.pages_copy(pdf, group), encryption=encryption), "pdf")


@bp.post("/pdf/extract")
def extract():
    return _edit("-extract", lambda pdf: edits.pages_copy(
        pdf, parse_page_list(_required("pages"), len(pdf.pages))))


@bp.post("/pdf/delete")
def delete():
    def remove(pdf):
        doomed = set(parse_page_list(_required("pages"), len(pdf.pages)))
        if len(doomed) >= len(pdf.pages):
            raise ApiError(422, "invalid_page_range", "Deleting every page would leave an empty PDF")
        return edits.pages_copy(pdf, [i for i in range(len(pdf.pages)) if i not in doomed])
    return _edit("-edited", remove)


@bp.post("/pdf/rotate")
def rotate():
    def turn(pdf):
        edits.rotate(pdf, _rotations(len(pdf.pages)))
    return _edit("-rotated", turn)


def _rotations(page_count: int) -> dict[int, int]:
    """Either `rotations` as JSON {"1": 90, "3": 180} or `angle` applied to `pages` (default all)."""
    raw = get_str("rotations", "")
    if raw:
        try:
            mapping = {int(page) - 1: int(angle) for page, angle in json.loads(raw).items()}
        except (ValueError, TypeError, AttributeError, RecursionError):  # RecursionError: [[[[…]]]]
            raise invalid("rotations", 'must be JSON like {"1": 90, "3": 180}') from None
    else:
        angle = get_int("angle", None, low=-270, high=270)
        if angle is None:
            raise invalid("angle", "is required (90, 180 or 270)")
        mapping = {index: angle for index in parse_page_list(get_str("pages", "all"), page_count)}
    for index, angle in mapping.items():
        if not 0 <= index < page_count:
            raise ApiError(422, "invalid_page_range", f"Page {index + 1} is not within 1-{page_count}")
        if angle % 90 != 0:
            raise invalid("angle", "must be a multiple of 90")
    return mapping


@bp.post("/pdf/reorder")
def reorder():
    def arrange(pdf):
        order = parse_page_list(_required("order"), len(pdf.pages), "order")
        if sorted(order) != list(range(len(pdf.pages))):
            raise invalid("order", f"must list every page 1-{len(pdf.pages)} exactly once")
        return edits.pages_copy(pdf, order)
    return _edit("-reordered", arrange)


@bp.post("/pdf/watermark")
def watermark():
    deadline = Deadline.for_job()
    text = _required("text", 200)
    size = get_float("font_size", 48, low=4, high=400)
    opacity = get_float("opacity", 0.25, low=0.02, high=1)
    angle = get_float("angle", 45, low=-360, high=360)
    colour = parse_colour(get_str("color", "#ff0000"), "color")
    return _edit("-watermarked", lambda pdf: edits.watermark(
        pdf, text, size=size, opacity=opacity, angle=angle, colour=colour[:3], deadline=deadline))


@bp.post("/pdf/page-numbers")
def page_numbers():
    deadline = Deadline.for_job()
    template = get_str("template", "{n}", max_length=60) or "{n}"
    if "{n}" not in template:
        raise invalid("template", "must contain {n} (and may contain {total})")
    position = get_choice("position", edits.PAGE_NUMBER_POSITIONS, "bottom-center")
    start = get_int("start", 1, low=0, high=100000)
    size = get_float("font_size", 11, low=4, high=72)
    return _edit("-numbered", lambda pdf: edits.page_numbers(
        pdf, template=template, position=position, start=start, size=size, deadline=deadline))


@bp.post("/pdf/metadata")
def metadata():
    upload = read_upload()
    return _respond(upload, set_metadata(upload, _password()), "-metadata")


@bp.post("/pdf/encrypt")
def encrypt():
    password = _required("new_password", 256)
    owner = get_str("owner_password", None, max_length=256)
    return _edit("-protected", lambda pdf: edits.save_pdf(
        pdf, encryption=edits.encryption_for(password, owner)))


@bp.post("/pdf/decrypt")
def decrypt():
    if not _password():
        raise invalid("password", "is required to remove a password")
    return _edit("-unlocked", lambda pdf: None, keep_encryption=False)


@bp.post("/pdf/compress")
def compress():
    deadline, upload = Deadline.for_job(), read_upload()
    quality, password = get_int("image_quality", None, low=10, high=95), _password()
    pdf = open_pikepdf(upload, password)
    with pdf, pdf_errors(upload.filename):
        edits.compress(pdf, image_quality=quality, deadline=deadline,
                          max_pixels=Limits.current().max_image_pixels)
        data = edits.save_pdf(pdf, compress=True, encryption=_kept_encryption([pdf], password))
    if len(data) >= len(upload.data):
        data = upload.data  # already as small as we can make it: keep the original
    change = (len(data) - len(upload.data)) / len(upload.data) * 100
    return _respond(upload, data, "-compressed", {"X-Size-Change": f"{change:.1f}%"})


@bp.post("/pdf/text")
def text():
    deadline, upload = Deadline.for_job(), read_upload()
    with pdfium_document(upload, _password()) as document:
        pages = []
        for index in range(len(document)):
            deadline.check()
            page = document[index]
            text_page = page.get_textpage()
            pages.append({"page": index + 1, "text": text_page.get_text_bounded().replace("\r\n", "\n")})
            text_page.close()
            page.close()
    return jsonify(pages=pages, text="\n\n".join(page["text"] for page in pages))


def _required(name: str, max_length: int = 2000) -> str:
    value = (get_str(name, "", max_length=max_length) or "").strip()
    if not value:
        raise invalid(name, "is required")
    return value
