"""/api/tools/metadata: read EXIF (grouped, GPS in decimal degrees), edit tags, remove GPS, strip.

JPEG and WebP are edited at the byte level (piexif / chunk filters): the compressed image data is
copied unchanged, so pixels are identical. PNG is re-saved losslessly with the new eXIf chunk. HEIC
is rewritten by ExifTool around its untouched HEVC data (heic.py). Many files at once: batch.py.
"""

from __future__ import annotations

import io

import piexif
from flask import Blueprint, Response, jsonify
from PIL import Image, PngImagePlugin

from ...contract.operations import Multipart, Routes
from ...contract.responses import IMAGE, OPTIONS, PROGRAM_MISSING, UPLOAD, json_response
from ...contract.responses import file_response as file_answer
from ...errors import ApiError
from ...jobs.files import Result, file_response, output_name
from ...jobs.filetypes import MIME_TYPES
from ...jobs.images import open_image
from ...jobs.limits import Deadline
from ...jobs.uploads import Upload, read_upload, require_kind
from .exif_read import read_groups
from .exif_write import (
    ORIENTATION,
    TEXT_TAGS,
    ExifDict,
    dump_exif,
    empty_exif,
    exif_datetime,
    gps_ifd,
    jpeg_strip,
    jpeg_without_gps_xmp,
    load_exif,
    webp_strip,
)
from .heic import heic_stripped, heic_with_exif, heic_without_gps
from .models import ImageMetadata, MetadataEdit, MetadataEditFields

bp = Blueprint("tools_metadata", __name__, url_prefix="/api/tools")
routes = Routes(bp, "metadata", tool=True)

EDITABLE_KINDS = {"jpeg", "webp", "png", "heif"}
EDITABLE_WHAT = "a JPEG, PNG, WebP or HEIC image (the formats whose metadata can be edited without re-encoding)"
EDITED = {
    200: file_answer(
        "The image in its own format, named with a suffix.", [MIME_TYPES[kind] for kind in sorted(EDITABLE_KINDS)]
    )
}
EDITABLE = Multipart(file_description="A JPEG, PNG, WebP or HEIC image.")
EDIT_ERRORS = (UPLOAD, IMAGE, {422: ["invalid_metadata"]}, PROGRAM_MISSING)


@routes.post(
    "/metadata",
    "readImageMetadata",
    upload=Multipart(file_description="An image."),
    answers={200: json_response("The image's facts and metadata.", ImageMetadata)},
    errors=(UPLOAD, IMAGE),
)
def read_metadata() -> Response:
    """Read an image's EXIF, grouped, GPS in decimal degrees"""
    upload = read_upload()
    image = open_image(upload)
    groups = read_groups(image)
    return jsonify(
        filename=upload.filename,
        format=upload.kind,
        width=image.width,
        height=image.height,
        mode=image.mode,
        icc_profile=bool(image.info.get("icc_profile")),
        has_gps=bool(groups["location"]),
        groups=groups,
    )


@routes.post(
    "/metadata/edit",
    "editImageMetadata",
    upload=Multipart(MetadataEdit, file_description=EDITABLE.file_description),
    answers=EDITED,
    errors=(*EDIT_ERRORS, OPTIONS, {422: ["nothing_to_change"]}),
)
def edit_metadata(options: MetadataEditFields) -> Response:
    """Set or remove EXIF tags and GPS

    JPEG and WebP are edited at the byte level and HEIC by rewriting its boxes around the untouched
    HEVC data, so pixels are identical; PNG is re-saved losslessly. Other image types answer 415."""
    upload, image, kind = _editable_upload()
    exif = _current_exif(upload, image)
    changed = apply_tag_edits(exif, options)
    if not changed:
        raise ApiError(422, "nothing_to_change", "Give at least one tag to set or remove")
    return _respond(upload, kind, write_exif(upload, image, exif), "-edited")


@routes.post("/metadata/remove-gps", "removeImageGps", upload=EDITABLE, answers=EDITED, errors=EDIT_ERRORS)
def remove_gps() -> Response:
    """Remove the location

    Drops the EXIF GPS block (JPEG and HEIC: also XMP carrying GPS)."""
    upload, image, kind = _editable_upload()
    return _respond(upload, kind, gps_removed(upload, image), "-no-gps")


@routes.post("/metadata/strip", "stripImageMetadata", upload=EDITABLE, answers=EDITED, errors=EDIT_ERRORS)
def strip_metadata() -> Response:
    """Remove all metadata

    Removes every tag, comment and XMP packet but keeps Orientation and the ICC profile."""
    upload, image, kind = _editable_upload()
    return _respond(upload, kind, stripped(upload, image), "-stripped")


def gps_removed(upload: Upload, image: Image.Image) -> bytes:
    """The file without its location (EXIF GPS, and XMP carrying GPS), pixels untouched."""
    if upload.kind == "heif":
        return heic_without_gps(upload.data, Deadline.for_job())
    exif = _current_exif(upload, image)
    exif["GPS"] = {}
    exif["0th"].pop(piexif.ImageIFD.GPSTag, None)
    data = write_exif(upload, image, exif)
    if upload.kind == "jpeg":
        data = jpeg_without_gps_xmp(data)
    return data


def stripped(upload: Upload, image: Image.Image) -> bytes:
    """The file without any metadata but Orientation and the ICC profile, pixels untouched."""
    if upload.kind == "heif":
        return heic_stripped(upload.data, Deadline.for_job())
    orientation = image.getexif().get(piexif.ImageIFD.Orientation)
    kept = empty_exif()
    if isinstance(orientation, int) and 2 <= orientation <= 8:
        kept["0th"][piexif.ImageIFD.Orientation] = orientation
    if upload.kind == "jpeg":
        data = jpeg_strip(upload.data)
        return _piexif_insert(kept, data) if kept["0th"] else data
    if upload.kind == "webp":
        data = webp_strip(upload.data)
        return _piexif_insert(kept, data) if kept["0th"] else data
    return _save_png(image, kept if kept["0th"] else None, keep_text=False)


def _editable_upload() -> tuple[Upload, Image.Image, str]:
    """The upload, its image and its kind (one of EDITABLE_KINDS)."""
    upload = read_upload()
    image = open_image(upload)  # validates the whole file (and the pixel limit) before editing
    kind = require_kind(upload, EDITABLE_KINDS, EDITABLE_WHAT)
    return upload, image, kind


def _current_exif(upload: Upload, image: Image.Image) -> ExifDict:
    if upload.kind in ("jpeg", "webp"):
        return load_exif(upload.data)
    return load_exif(image.info.get("exif"))


def apply_tag_edits(exif: ExifDict, options: MetadataEditFields) -> bool:
    """Set each tag given in the form; an empty value removes it. True when anything changed."""
    changed = False
    for name, (ifd, tag) in TEXT_TAGS.items():
        value = getattr(options, name)  # one optional text field per tag (models.MetadataEdit)
        if not isinstance(value, str):  # None: not given
            continue
        changed = True
        if value.strip() == "":
            exif[ifd].pop(tag, None)
        else:
            text = exif_datetime(value) if name == "DateTimeOriginal" else value.strip()
            exif[ifd][tag] = text.encode("utf-8")
    if options.Orientation is not None:
        exif[ORIENTATION[0]][ORIENTATION[1]] = options.Orientation
        changed = True
    return _apply_gps_edit(exif, options) or changed


def _apply_gps_edit(exif: ExifDict, options: MetadataEditFields) -> bool:
    if options.gps_remove:
        exif["GPS"] = {}
        exif["0th"].pop(piexif.ImageIFD.GPSTag, None)
        return True
    latitude, longitude = options.gps_latitude, options.gps_longitude
    if latitude is None and longitude is None:
        return False
    if latitude is None or longitude is None:
        raise ApiError(422, "invalid_option", "Give both gps_latitude and gps_longitude")
    exif["GPS"] = gps_ifd(latitude, longitude, options.gps_altitude)
    return True


def write_exif(upload: Upload, image: Image.Image, exif: ExifDict) -> bytes:
    if upload.kind == "heif":
        return heic_with_exif(upload.data, dump_exif(exif), Deadline.for_job())
    if upload.kind == "jpeg":
        return _piexif_insert(exif, upload.data)
    if upload.kind == "webp":
        return _piexif_insert(exif, webp_strip(upload.data, drop_chunks=(b"EXIF",)))
    return _save_png(image, exif, keep_text=True)


def _piexif_insert(exif: ExifDict, data: bytes) -> bytes:
    output = io.BytesIO()
    try:
        piexif.insert(dump_exif(exif), data, output)
    except ApiError:
        raise
    except Exception:
        raise ApiError(422, "invalid_image", "The image's structure is damaged") from None
    return output.getvalue()


def _save_png(image: Image.Image, exif: ExifDict | None, *, keep_text: bool) -> bytes:
    params: dict[str, object] = {}
    if exif:
        params["exif"] = dump_exif(exif)
    for key in ("icc_profile", "transparency", "dpi", "gamma"):
        if key in image.info:
            params[key] = image.info[key]
    if keep_text and isinstance(image, PngImagePlugin.PngImageFile) and image.text:
        info = PngImagePlugin.PngInfo()
        for key, value in image.text.items():
            info.add_itxt(key, value)
        params["pnginfo"] = info
    buffer = io.BytesIO()
    image.save(buffer, "PNG", **params)
    return buffer.getvalue()


def _respond(upload: Upload, kind: str, data: bytes, suffix: str) -> Response:
    result = Result(output_name(upload.stem, kind, suffix), data, kind)
    return file_response(result, input_size=len(upload.data))
