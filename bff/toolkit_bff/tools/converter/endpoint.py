"""POST /api/tools/convert: images between formats, images → PDF, PDF → images, office → PDF.

The request is checked in the worker before the job starts (refuse_before_job: options and every
file's type, inputs.py), so what cannot be converted is answered at once and never reaches LibreOffice."""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from pathlib import Path

from flask import Blueprint, Response, request
from PIL import Image, ImageOps

from ...auth import require_claims
from ...contract.operations import Multipart, Routes
from ...contract.responses import (
    IMAGE,
    JOB,
    OPTIONS,
    PAGE_GATE,
    PDF,
    PROGRAM_MISSING,
    RESULTS_HEADERS,
    SESSION,
    SESSION_ONLY,
    SIGNED_IN,
    UPLOAD,
)
from ...contract.responses import file_response as file_answer
from ...jobs.files import Result, output_name, results_response
from ...jobs.filetypes import IMAGE_KINDS, MIME_TYPES
from ...jobs.images import open_image, prepare_mode, resize, save_image
from ...jobs.limits import Deadline
from ...jobs.pdfdocs import iter_rendered_pages
from ...jobs.uploads import Upload, job_workdir, keep_request_body, read_uploads
from .inputs import check_convertible
from .models import TARGETS, ConvertOptions
from .office import office_to_pdf

bp = Blueprint("tools_convert", __name__, url_prefix="/api/tools")
routes = Routes(bp, "convert", tool=True)


UPLOAD_OPTIONS = Multipart(ConvertOptions, many=True)
CONVERSION = {422: ["conversion_failed", "office_too_many_entries", "office_too_large"]}


def checked_request() -> tuple[ConvertOptions, list[Upload]]:
    """The options and the files, each checked; any problem is a 4xx here (the files are read once)."""
    require_claims()  # SPEC: the file converter is for signed-in users; who asks comes before what they sent
    keep_request_body()  # for the job, which reads the body again
    options: ConvertOptions = UPLOAD_OPTIONS.read_options()["options"]
    uploads = read_uploads("file")
    for upload in uploads:
        check_convertible(upload, options.format)
    return options, uploads


def refuse_before_job() -> None:
    """A before_request hook (tools/__init__.py registers it after the session check): the checks run
    in the worker, so a refusal costs no job slot, no child process and no LibreOffice start."""
    if request.endpoint == "tools_convert.convert":
        checked_request()


@routes.post(
    "/convert",
    "convertFiles",
    security=SESSION_ONLY,
    answers={
        200: file_answer(
            "The converted file, or a ZIP when there are several results (several uploads, or a PDF's pages as images).",
            [MIME_TYPES[kind] for kind in TARGETS] + [MIME_TYPES["zip"]],
            RESULTS_HEADERS,
        )
    },
    upload=UPLOAD_OPTIONS,
    errors=(SIGNED_IN, SESSION, PAGE_GATE, UPLOAD, OPTIONS, IMAGE, JOB, PROGRAM_MISSING, PDF, CONVERSION),
)
def convert(options: ConvertOptions) -> Response:
    """Convert images, PDFs and office documents

    Images between formats, images → PDF, PDF pages → images, office documents (DOCX, ODT, RTF,
    TXT, PPTX, XLSX, …) → PDF with LibreOffice. For signed-in users only (SPEC; the server enforces
    it). A file that cannot become the chosen format is refused before any job starts."""
    deadline = Deadline.for_job()
    target = options.format
    uploads = read_uploads("file")  # read and checked before the job (refuse_before_job)
    input_size = sum(len(upload.data) for upload in uploads)
    results: Iterable[Result]
    if target == "pdf":
        results = convert_to_pdf(uploads, options, deadline)
    else:  # a generator: each page or image is converted when the streamed ZIP is ready for it
        results = (result for upload in uploads for result in convert_to_image(upload, target, options, deadline))
    zip_name = f"{uploads[0].stem if len(uploads) == 1 else 'converted'}-{target}.zip"
    return results_response(results, zip_name=zip_name, input_size=input_size)


def convert_to_image(upload: Upload, target: str, options: ConvertOptions, deadline: Deadline) -> Iterator[Result]:
    deadline.check()
    if upload.kind == "pdf":
        for index, page in iter_rendered_pages(upload, options.dpi, deadline, options.password):
            yield Result(
                output_name(upload.stem, target, f"-page{index + 1}"), encode_image(page, target, options), target
            )
        return
    image = open_image(upload)
    yield Result(output_name(upload.stem, target), encode_image(image, target, options), target)


def encode_image(image: Image.Image, target: str, options: ConvertOptions) -> bytes:
    exif = icc = None
    if options.auto_orient:
        image = ImageOps.exif_transpose(image)  # also drops the Orientation tag it applied
    icc = image.info.get("icc_profile")  # kept even when stripping: colours depend on it
    if not options.strip_metadata:
        exif = image.getexif().tobytes() if image.getexif() else None
    image = resize(image, options.width, options.height, options.fit)
    return save_image(image, target, quality=options.quality, lossless=options.lossless, exif=exif, icc_profile=icc)


def convert_to_pdf(uploads: list[Upload], options: ConvertOptions, deadline: Deadline) -> list[Result]:
    if all(upload.kind in IMAGE_KINDS for upload in uploads):
        stem = uploads[0].stem if len(uploads) == 1 else "images"
        return [Result(output_name(stem, "pdf"), images_to_pdf(uploads, options, deadline), "pdf")]
    results = []
    with job_workdir() as workdir:
        for upload in uploads:
            deadline.check()
            data = (
                images_to_pdf([upload], options, deadline)
                if upload.kind in IMAGE_KINDS
                else office_to_pdf(upload, Path(workdir), deadline)
            )
            results.append(Result(output_name(upload.stem, "pdf"), data, "pdf"))
    return results


def images_to_pdf(uploads: list[Upload], options: ConvertOptions, deadline: Deadline) -> bytes:
    """One page per image, each page the image's size at options.dpi (72 dpi = 1 px per point)."""
    pages = []
    for upload in uploads:
        deadline.check()
        image = open_image(upload)
        if options.auto_orient:
            image = ImageOps.exif_transpose(image)
        image = resize(image, options.width, options.height, options.fit)
        pages.append(prepare_mode(image, "jpeg") if image.mode not in ("1", "L") else image)
    buffer = io.BytesIO()
    pages[0].save(
        buffer,
        "PDF",
        save_all=True,
        append_images=pages[1:],
        resolution=float(options.dpi),
        quality=options.quality or 90,
    )
    return buffer.getvalue()
