"""POST /api/tools/color-picker/decode: any image the server reads (HEIC, AVIF, TIFF, …) as a PNG the
browser can draw, upright (EXIF orientation applied), in sRGB (an embedded colour profile converted,
as a browser would), at most MAX_SIDE px on its longest side — the size the page reads pixels at."""

from __future__ import annotations

import io

from flask import Blueprint, Response
from PIL import Image, ImageCms, ImageOps

from ...contract.operations import Multipart, Routes
from ...contract.responses import IMAGE, PAGE_GATE, SESSION_ONLY, SIGNED_IN, UPLOAD
from ...contract.responses import file_response as file_answer
from ...jobs.files import Result, file_response
from ...jobs.filetypes import MIME_TYPES
from ...jobs.images import open_image
from ...jobs.uploads import read_upload

bp = Blueprint("tools_color_picker", __name__, url_prefix="/api/tools")
routes = Routes(bp, "color", tool=True)

MAX_SIDE = 4096  # app/src/tools/color-picker/load-image.ts reads pixels at this size too


@routes.post(
    "/color-picker/decode",
    "decodeImageForColourPicker",
    upload=Multipart(file_description="An image."),
    security=SESSION_ONLY,
    errors=(SIGNED_IN, PAGE_GATE, UPLOAD, IMAGE),
    answers={
        200: file_answer(
            "Upright, in sRGB, at most 4096 px on its longest side; colours exactly as decoded.", [MIME_TYPES["png"]]
        )
    },
)
def decode() -> Response:
    """An image the browser cannot open (HEIC, …) as a PNG

    For signed-in users only (SPEC; the server enforces it)."""
    upload = read_upload()
    image = ImageOps.exif_transpose(open_image(upload))
    image = _in_srgb(image)
    if max(image.size) > MAX_SIDE:
        image.thumbnail((MAX_SIDE, MAX_SIDE), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=1)  # lossless: every colour exactly as decoded
    return file_response(Result(f"{upload.stem}.png", buffer.getvalue(), "png"), input_size=len(upload.data))


def _in_srgb(image: Image.Image) -> Image.Image:
    mode = "RGBA" if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info else "RGB"
    profile = image.info.get("icc_profile")
    if profile and image.mode in ("RGB", "RGBA", "L", "CMYK"):
        try:
            source = ImageCms.ImageCmsProfile(io.BytesIO(profile))
            converted = ImageCms.profileToProfile(
                image, source, ImageCms.createProfile("sRGB"), outputMode="RGBA" if image.mode == "RGBA" else "RGB"
            )
            if converted is not None:  # None only when converting in place, which this does not
                return converted
        except (ImageCms.PyCMSError, OSError, ValueError):
            pass  # a broken profile: the colours as stored
    return image.convert(mode)
