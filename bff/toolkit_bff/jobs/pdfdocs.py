"""Opening untrusted PDFs (pypdf, pikepdf, pypdfium2) with the page limit, passwords and clean
errors, rendering pages within the pixel limit, and page-range parsing."""

from __future__ import annotations

import io
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pikepdf
import pikepdf.settings
import pypdfium2 as pdfium
from PIL import Image
from pypdf import PdfReader
from pypdf.errors import FileNotDecryptedError

from ..errors import ApiError
from .limits import Deadline, Limits, image_too_large, too_many_pages
from .uploads import Upload, require_kind

log = logging.getLogger(__name__)

# PDFium is not thread-safe, not even across documents: one call at a time per process.
PDFIUM_LOCK = threading.Lock()


def set_stream_limits(max_stream_bytes: int) -> None:
    """qpdf's decoding limits, process-wide (set once at start-up, before any thread uses pikepdf):
    no single Flate/JPEG/PNG/TIFF/RunLength stream may decode to more than max_stream_bytes, and
    damaged files give up after a bounded number of warnings instead of recovering forever."""
    pikepdf.settings.set_qpdf_limits(
        flate_max_memory=max_stream_bytes,
        dct_max_memory=max_stream_bytes,
        png_max_memory=max_stream_bytes,
        tiff_max_memory=max_stream_bytes,
        run_length_max_memory=max_stream_bytes,
        dct_max_progressive_scans=50,
        doc_max_warnings=1000,
        parser_max_container_size=1_000_000,
    )


def invalid_pdf(filename: str) -> ApiError:
    return ApiError(422, "invalid_pdf", f"{filename} is damaged or not a readable PDF")


def password_required(filename: str) -> ApiError:
    return ApiError(422, "pdf_password_required", f"{filename} is password-protected: give its password")


def wrong_password(filename: str) -> ApiError:
    return ApiError(422, "pdf_wrong_password", f"The password for {filename} is incorrect")


@contextmanager
def pdf_errors(filename: str) -> Iterator[None]:
    """PDF libraries fail on hostile files in unbounded ways (KeyError, RecursionError, …): any
    failure that is not already an ApiError means the file could not be processed: 422."""
    try:
        yield
    except ApiError:
        raise
    except (FileNotDecryptedError, pikepdf.PasswordError):
        raise password_required(filename) from None
    except Exception as exc:
        log.info("PDF %s rejected: %r", filename, exc, exc_info=True)
        raise invalid_pdf(filename) from None


def require_pdf(upload: Upload) -> None:
    """A PDF, and a complete one: every writer ends the file with %%EOF (readers allow up to 1 KB
    of trailing junk). Truncated uploads are refused rather than half-repaired."""
    require_kind(upload, {"pdf"}, "a PDF")
    if b"%%EOF" not in upload.data[-2048:]:
        raise ApiError(422, "invalid_pdf", f"{upload.filename} is incomplete (truncated PDF)")


def check_page_count(count: int) -> None:
    limit = Limits.current().max_pdf_pages
    if count > limit:
        raise too_many_pages(count, limit)
    if count == 0:
        raise ApiError(422, "invalid_pdf", "The PDF has no pages")


def open_reader(upload: Upload, password: str | None = None) -> PdfReader:
    """A pypdf reader, decrypted when a password is given, with the page limit checked."""
    require_pdf(upload)
    with pdf_errors(upload.filename):
        reader = PdfReader(io.BytesIO(upload.data), strict=False)
        if reader.is_encrypted:
            if not password:
                raise password_required(upload.filename)
            if not reader.decrypt(password):
                raise wrong_password(upload.filename)
        check_page_count(len(reader.pages))
    return reader


def open_pikepdf(upload: Upload, password: str | None = None) -> pikepdf.Pdf:
    require_pdf(upload)
    with pdf_errors(upload.filename):
        try:
            pdf = pikepdf.open(io.BytesIO(upload.data))
        except pikepdf.PasswordError:
            # Only now the password: pikepdf warns when one is given to an unprotected file.
            if not password:
                raise password_required(upload.filename) from None
            try:
                pdf = pikepdf.open(io.BytesIO(upload.data), password=password)
            except pikepdf.PasswordError:
                raise wrong_password(upload.filename) from None
        check_page_count(len(pdf.pages))
    return pdf


@contextmanager
def pdfium_document(upload: Upload, password: str | None = None) -> Iterator[pdfium.PdfDocument]:
    """A PDFium document, used and closed while holding PDFIUM_LOCK."""
    require_pdf(upload)
    with PDFIUM_LOCK, pdf_errors(upload.filename):
        try:
            document = pdfium.PdfDocument(upload.data, password=password or None)
        except pdfium.PdfiumError as exc:
            if "password" in str(exc).lower():
                raise (wrong_password if password else password_required)(upload.filename) from None
            raise
        try:
            check_page_count(len(document))
            yield document
        finally:
            document.close()


def render_page(document: pdfium.PdfDocument, index: int, dpi: float) -> Image.Image:
    """Render one page at dpi, refusing sizes over the pixel limit. Call inside pdfium_document."""
    page = document[index]
    try:
        width_pt, height_pt = page.get_size()
        scale = dpi / 72
        pixels = int(width_pt * scale) * int(height_pt * scale)
        limit = Limits.current().max_image_pixels
        if pixels > limit:
            raise image_too_large(pixels, limit)
        bitmap = page.render(scale=scale, may_draw_forms=True)
        try:
            rendered: Image.Image = bitmap.to_pil()  # pypdfium2 has no types: this is its documented result
            return rendered.convert("RGB")  # a copy: the bitmap is freed below
        finally:
            bitmap.close()
    finally:
        page.close()


def iter_rendered_pages(
    upload: Upload, dpi: float, deadline: Deadline, password: str | None = None, pages: list[int] | None = None
) -> Iterator[tuple[int, Image.Image]]:
    """(index, image) page by page: each page is rendered under its own short hold of the PDFium
    lock, and the caller encodes it before the next is made, so memory stays one page deep."""
    if pages is None:
        with pdfium_document(upload, password) as document:
            pages = list(range(len(document)))
    for index in pages:
        deadline.check()
        with pdfium_document(upload, password) as document:
            image = render_page(document, index, dpi)
        yield index, image


def parse_page_ranges(spec: str, page_count: int, name: str = "pages") -> list[list[int]]:
    """'1-3,5,8-' → [[0,1,2],[4],[7..last]] (1-based in, 0-based out); 'all' is every page."""
    spec = (spec or "").replace(" ", "")
    if spec.lower() in ("", "all"):
        return [list(range(page_count))]
    groups = []
    for part in spec.split(","):
        start_text, dash, end_text = part.partition("-")
        try:
            start = int(start_text) if start_text else 1
            end = (int(end_text) if end_text else page_count) if dash else start
        except ValueError:
            raise _bad_range(name, part, page_count) from None
        if not 1 <= start <= end <= page_count:
            raise _bad_range(name, part, page_count)
        groups.append(list(range(start - 1, end)))
    return groups


def parse_page_list(spec: str, page_count: int, name: str = "pages") -> list[int]:
    return [index for group in parse_page_ranges(spec, page_count, name) for index in group]


def _bad_range(name: str, part: str, page_count: int) -> ApiError:
    return ApiError(
        422,
        "invalid_page_range",
        f"'{part}' in option '{name}' is not a page range within 1-{page_count} (use e.g. 1-3,5)",
    )
