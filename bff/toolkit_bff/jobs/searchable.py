"""Searchable PDFs with OCRmyPDF: a scanned PDF or a photo in, the same pages out with an invisible
text layer placed over each word (OCRmyPDF's hOCR renderer), PDF/A-2b when the result validates.

Shared by image to text (`POST /api/tools/ocr/searchable`) and the PDF editor
(`POST /api/tools/pdf/searchable`); both run it as a progress job (progress.py), page by page.
OCRmyPDF runs inside the job's child on threads (its Tesseracts are programs of their own, so the
pages still use every core), under the job's memory, CPU and time limits. PDF/A is made without
Ghostscript (OCRmyPDF's own conversion, validated with pikepdf): when a file does not validate the
result is a regular searchable PDF, and the report says which it is."""

from __future__ import annotations

import io
import logging
import os
from pathlib import Path
from typing import Annotated, Literal

import ocrmypdf
import pikepdf
from flask import Response
from ocrmypdf import exceptions as ocr_errors
from PIL import Image, ImageOps
from pydantic import Field

from ..contract.base import Answer
from ..contract.operations import Multipart, RouteOptions
from ..contract.options import ChoiceOption, Options, PdfPassword, Switch
from ..contract.responses import IMAGE, JOB, OPTIONS, PAGE_GATE, PDF, PROGRAM_MISSING, UPLOAD
from ..contract.streams import stream_answer, stream_line
from ..errors import ApiError
from .files import Result, file_response
from .filetypes import IMAGE_KINDS
from .images import open_image
from .limits import Deadline, Limits
from .ocr_languages import LanguageOption, requested_language
from .pdfdocs import open_pikepdf, pdf_errors
from .progress import report_progress, set_report
from .uploads import Upload, job_workdir, read_upload, require_kind

log = logging.getLogger(__name__)
for _chatty in ("ocrmypdf", "pdfminer", "fontTools"):  # per-page chatter; failures still reach the log
    logging.getLogger(_chatty).setLevel(logging.WARNING)

MODES = ["skip", "redo", "force"]  # pages that already have text: kept / text layer redone / all OCRed
PROGRESS_PLUGIN = "toolkit_bff.jobs.ocrmypdf_progress"
PHOTO_DPI = 300  # an image without a usable resolution is placed as if scanned at this


class SearchableOptions(Options):
    lang: LanguageOption = "eng"
    mode: Annotated[str, ChoiceOption(MODES)] = Field(
        "skip",
        description="Pages that already have text: kept as they are (`skip`), "
        "their invisible text redone (`redo`), or rasterised and read "
        "again (`force`). Case-insensitive.",
    )
    rotate_pages: Switch = Field(
        False, description="Turn pages that were scanned sideways (Tesseract's orientation detection)."
    )
    password: PdfPassword = ""

    @property
    def language(self) -> str:
        """Tesseract codes joined by '+', each installed (else a 422 naming the choices)."""
        return requested_language(self.lang)


class SearchableReport(Answer):
    pages: Annotated[int, Field(ge=0)]
    language: str
    mode: Literal[tuple(MODES)]  # type: ignore[valid-type]
    pdfa: str | None = Field(
        description="e.g. `PDF/A-2B`; null when the result is a regular PDF (it did not "
        "validate as PDF/A, or it is password-protected)."
    )
    protected: bool


SEARCHABLE_ERRORS = {422: ["unsupported_language", "ocr_failed", "pdf_signed"]}
# Both routes (image to text's and the PDF editor's) are declared alike; only their summaries differ.
SEARCHABLE_ROUTE: RouteOptions = {
    "upload": Multipart(SearchableOptions, file_description="A PDF or an image."),
    "answers": {200: stream_answer("The searchable PDF, page by page.", stream_line("Searchable", SearchableReport))},
    "errors": (PAGE_GATE, UPLOAD, OPTIONS, IMAGE, PDF, JOB, PROGRAM_MISSING, SEARCHABLE_ERRORS),
    "description": "OCRmyPDF reads every page with Tesseract and lays an invisible text layer over each word, so "
    "the PDF can be searched, selected and copied; PDF/A-2b when it validates. Images (HEIC, JPEG, PNG, …) become "
    "one page.",
}


def searchable_pdf_response(options: SearchableOptions) -> Response:
    """The whole view of both routes (the tool's blueprint marks it @streams_progress)."""
    deadline = Deadline.for_job()
    options.language  # noqa: B018 — the languages are checked before the upload is read
    upload = read_upload()
    data, report = make_searchable(upload, options, deadline)
    set_report(report)
    return file_response(Result(f"{upload.stem}-searchable.pdf", data, "pdf"), input_size=len(upload.data))


def make_searchable(upload: Upload, options: SearchableOptions, deadline: Deadline) -> tuple[bytes, dict[str, object]]:
    """(the searchable PDF, a report of what was done). Input problems are 4xx errors raised
    before the first progress line; OCR problems after it end the stream with their error."""
    require_kind(upload, IMAGE_KINDS | {"pdf"}, "a PDF or an image")
    with job_workdir() as work:
        source, pages, protected = _prepare_input(upload, options.password or None, work)
        report_progress(stage="Starting", done=0, total=pages)
        output = work / "searchable.pdf"
        _run_ocrmypdf(source, output, options, deadline, keep_pdfa=not protected)
        with pdf_errors(upload.filename):
            result = pikepdf.open(output)
            with result:
                status = result.open_metadata().pdfa_status  # e.g. '2B', or '' for a regular PDF
                if protected:  # a protected input stays protected, with the password it was opened with
                    # ("" for one locked by an owner password alone, which opens without one)
                    buffer = io.BytesIO()
                    result.save(
                        buffer,
                        encryption=pikepdf.Encryption(user=options.password, owner=options.password, aes=True, R=6),
                    )
                    data = buffer.getvalue()
                else:
                    data = output.read_bytes()
    report = {
        "pages": pages,
        "language": options.language,
        "mode": options.mode,
        "pdfa": f"PDF/A-{status}" if status else None,
        "protected": protected,
    }
    return data, report


def _prepare_input(upload: Upload, password: str | None, work: Path) -> tuple[Path, int, bool]:
    """The input as a file OCRmyPDF reads (a PDF without its password, or an image it can place),
    its page count and whether it was password-protected. Checks the page and pixel limits."""
    if upload.kind == "pdf":
        pdf = open_pikepdf(upload, password)  # damaged, protected or too long: refused here
        with pdf, pdf_errors(upload.filename):
            pages, protected = len(pdf.pages), pdf.is_encrypted
            path = work / "input.pdf"
            if protected:
                pdf.save(path, encryption=False)
            else:
                path.write_bytes(upload.data)
        return path, pages, protected
    image = open_image(upload)  # HEIC, WebP, AVIF… decoded here, bombs refused by the pixel limit
    return _image_as_scan(upload, image, work), 1, False


def _image_as_scan(upload: Upload, image: Image.Image, work: Path) -> Path:
    """An image OCRmyPDF can place on a page: upright, RGB or grey, with a resolution. An upright
    JPEG with its own resolution goes in untouched (no re-encoding)."""
    orientation = image.getexif().get(0x0112, 1)
    dpi = _usable_dpi(image)
    if upload.kind == "jpeg" and orientation in (1, None) and dpi and image.mode in ("RGB", "L"):
        path = work / "input.jpg"
        path.write_bytes(upload.data)
        return path
    upright = ImageOps.exif_transpose(image)
    if upright.mode not in ("RGB", "L"):
        upright = upright.convert("RGB")
    resolution = (dpi or PHOTO_DPI,) * 2
    if upload.kind in ("jpeg", "heif", "avif", "webp"):  # photos: keep them lossy, at high quality
        path = work / "input.jpg"
        upright.save(path, "JPEG", quality=92, dpi=resolution)
    else:
        path = work / "input.png"
        upright.save(path, "PNG", dpi=resolution, compress_level=1)
    return path


def _usable_dpi(image: Image.Image) -> float | None:
    """The image's resolution when it looks like a scan's (phones and screenshots say 72)."""
    value = image.info.get("dpi")
    try:
        dpi = float(value[0]) if value else 0.0
    except (TypeError, ValueError, IndexError):
        return None
    return dpi if 100 <= dpi <= 1200 else None


def _run_ocrmypdf(
    source: Path, output: Path, options: SearchableOptions, deadline: Deadline, *, keep_pdfa: bool
) -> None:
    limits = Limits.current()
    try:
        exit_code = ocrmypdf.ocr(
            source,
            output,
            language=options.language.split("+"),
            mode=options.mode,
            rotate_pages=options.rotate_pages,
            output_type="auto" if keep_pdfa else "pdf",
            pdfa_backend="internal",  # never Ghostscript: not installed, and it re-encodes images
            image_dpi=PHOTO_DPI,
            jobs=max(1, os.cpu_count() or 1),
            use_threads=True,  # no process pool inside the job; Tesseract runs as programs anyway
            tesseract_timeout=max(1.0, deadline.remaining()),
            max_image_mpixels=limits.max_image_pixels / 1e6,
            tagged_pdf_mode="ignore",
            progress_bar=True,
            plugins=[PROGRESS_PLUGIN],
        )
    except ocr_errors.DigitalSignatureError:
        raise ApiError(
            422,
            "pdf_signed",
            "This PDF is digitally signed: adding a text layer would invalidate the signature, so it was left as it is",
        ) from None
    except ocr_errors.UnsupportedImageFormatError:
        raise ApiError(422, "invalid_image", "This image cannot be placed on a PDF page") from None
    except ocr_errors.ExitCodeException as exc:
        log.info("OCRmyPDF refused the file: %r", exc)
        raise ApiError(422, "ocr_failed", f"The pages could not be made searchable: {_plain(exc)}") from None
    if exit_code not in (ocrmypdf.ExitCode.ok, ocrmypdf.ExitCode.pdfa_conversion_failed):
        raise ApiError(
            422, "ocr_failed", f"The pages could not be made searchable (OCRmyPDF exit code {int(exit_code)})"
        )
    deadline.check()


def _plain(exc: Exception) -> str:
    """OCRmyPDF's own message, first sentence only (its messages are written for people)."""
    text = " ".join((getattr(exc, "message", "") or str(exc) or exc.__class__.__name__).split())
    return text.split(". ")[0][:200]
