"""/api/tools/metadata: read EXIF (grouped, GPS in decimal degrees), edit tags, remove GPS, strip.

JPEG and WebP are edited at the byte level (piexif / chunk filters): the compressed image data is
copied unchanged, so pixels are identical. PNG is re-saved losslessly with the new eXIf chunk. HEIC
is rewritten by ExifTool around its untouched HEVC data (heic.py). Many files at once: batch.py.
"""
from __future__ import annotations

import io

import piexif
from flask import Blueprint, jsonify
from PIL import Image, PngImagePlugin

from ...errors import ApiError
from ...jobs.files import Result, file_response, output_name
from ...jobs.images import open_image
from ...jobs.limits import Deadline
from ...jobs.options import get_bool, get_float, get_int, get_str
from ...jobs.uploads import Upload, read_upload, require_kind
from .exif_read import read_groups
from .exif_write import (ORIENTATION, TEXT_TAGS, dump_exif, empty_exif, exif_datetime, gps_ifd,
                         jpeg_strip, jpeg_without_gps_xmp, load_exif, webp_strip)
from .heic import heic_stripped, heic_with_exif, heic_without_gps

bp = Blueprint("tools_metadata", __name__)

EDITABLE_KINDS = {"jpeg", "webp", "png", "heif"}
EDITABLE_WHAT = ("a JPEG, PNG, WebP or HEIC image (the formats whose metadata can be edited without"
                 " re-encoding)")


@bp.post("/metadata")
def read_metadata():
    upload = read_upload()
    image = open_image(upload)
    groups = read_groups(image)
    return jsonify(filename=upload.filename, format=upload.kind, width=image.width,
                   height=image.height, mode=image.mode,
                   icc_profile=bool(image.info.get("icc_profile")),
                   has_gps=bool(groups["location"]), groups=groups)


@bp.post("/metadata/edit")
def edit_metadata():
    upload, image = _editable_upload()
    exif = _current_exif(upload, image)
    changed = apply_tag_edits(exif)
    if not changed:
        raise ApiError(422, "nothing_to_change", "Give at least one tag to set or remove")
    return _respond(upload, write_exif(upload, image, exif), "-edited")


@bp.post("/metadata/remove-gps")
def remove_gps():
    upload, image = _editable_upload()
    return _respond(upload, gps_removed(upload, image), "-no-gps")


@bp.post("/metadata/strip")
def strip_metadata():
    """Remove every tag, comment and XMP packet but keep Orientation and the ICC colour profile."""
    upload, image = _editable_upload()
    return _respond(upload, stripped(upload, image), "-stripped")


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


def _editable_upload() -> tuple[Upload, Image.Image]:
    upload = read_upload()
    image = open_image(upload)  # validates the whole file (and the pixel limit) before editing
    require_kind(upload, EDITABLE_KINDS, EDITABLE_WHAT)
    return upload, image


def _current_exif(upload: Upload, image: Image.Image) -> dict:
    if upload.kind in ("jpeg", "webp"):
        return load_exif(upload.data)
    return load_exif(image.info.get("exif"))


def apply_tag_edits(exif: dict) -> bool:
    """Set each tag given in the form; an empty value removes it. True when anything changed."""
    changed = False
    for name, (ifd, tag) in TEXT_TAGS.items():
        value = get_str(name, None)
        if value is None:
            continue
        changed = True
        if value.strip() == "":
            exif[ifd].pop(tag, None)
        else:
            text = exif_datetime(value) if name == "DateTimeOriginal" else value.strip()
            exif[ifd][tag] = text.encode("utf-8")
    orientation = get_int("Orientation", None, low=1, high=8)
    if orientation is not None:
        exif[ORIENTATION[0]][ORIENTATION[1]] = orientation
        changed = True
    return _apply_gps_edit(exif) or changed


def _apply_gps_edit(exif: dict) -> bool:
    if get_bool("gps_remove", False):
        exif["GPS"] = {}
        exif["0th"].pop(piexif.ImageIFD.GPSTag, None)
        return True
    latitude = get_float("gps_latitude", None, low=-90, high=90)
    longitude = get_float("gps_longitude", None, low=-180, high=180)
    if latitude is None and longitude is None:
        return False
    if latitude is None or longitude is None:
        raise ApiError(422, "invalid_option", "Give both gps_latitude and gps_longitude")
    altitude = get_float("gps_altitude", None, low=-11000, high=100000)
    exif["GPS"] = gps_ifd(latitude, longitude, altitude)
    return True


def write_exif(upload: Upload, image: Image.Image, exif: dict) -> bytes:
    if upload.kind == "heif":
        return heic_with_exif(upload.data, dump_exif(exif), Deadline.for_job())
    if upload.kind == "jpeg":
        return _piexif_insert(exif, upload.data)
    if upload.kind == "webp":
        return _piexif_insert(exif, webp_strip(upload.data, drop_chunks=(b"EXIF",)))
    return _save_png(image, exif, keep_text=True)


def _piexif_insert(exif: dict, data: bytes) -> bytes:
    output = io.BytesIO()
    try:
        piexif.insert(dump_exif(exif), data, output)
    except ApiError:
        raise
    except Exception:  # noqa: BLE001 — piexif's parser on a damaged file
        raise ApiError(422, "invalid_image", "The image's structure is damaged") from None
    return output.getvalue()


def _save_png(image: Image.Image, exif: dict | None, *, keep_text: bool) -> bytes:
    params: dict = {}
    if exif:
        params["exif"] = dump_exif(exif)
    for key in ("icc_profile", "transparency", "dpi", "gamma"):
        if key in image.info:
            params[key] = image.info[key]
    if keep_text and getattr(image, "text", None):
        info = PngImagePlugin.PngInfo()
        for key, value in image.text.items():
            info.add_itxt(key, value)
        params["pnginfo"] = info
    buffer = io.BytesIO()
    image.save(buffer, "PNG", **params)
    return buffer.getvalue()


def _respond(upload: Upload, data: bytes, suffix: str):
    result = Result(output_name(upload.stem, upload.kind, suffix), data, upload.kind)
    return file_response(result, input_size=len(upload.data))
