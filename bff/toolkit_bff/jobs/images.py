"""Opening untrusted images safely and saving them in every output format the converter offers."""

from __future__ import annotations

import io
import struct
import warnings
import zlib

import pillow_heif
from PIL import Image, ImageOps

from ..errors import ApiError
from .filetypes import IMAGE_KINDS
from .limits import Limits, image_too_large
from .uploads import Upload, require_kind

pillow_heif.register_heif_opener()

OUTPUT_FORMATS = {
    "png": "PNG",
    "jpeg": "JPEG",
    "webp": "WEBP",
    "gif": "GIF",
    "bmp": "BMP",
    "tiff": "TIFF",
    "ico": "ICO",
    "avif": "AVIF",
}
_DECODE_ERRORS = (
    OSError,
    SyntaxError,
    ValueError,
    EOFError,
    struct.error,
    IndexError,
    TypeError,
    KeyError,
    ZeroDivisionError,
    MemoryError,
    zlib.error,
    RuntimeError,
)


def enable_decompression_bomb_guard(max_pixels: int) -> None:
    """Pillow warns past MAX_IMAGE_PIXELS and raises past twice that; the warning becomes an error
    too (a process-wide filter set once at start-up, so no request changes global state)."""
    Image.MAX_IMAGE_PIXELS = max_pixels
    warnings.filterwarnings("error", category=Image.DecompressionBombWarning)


def invalid_image(upload: Upload, exc: BaseException | None = None) -> ApiError:
    detail = f": {exc}" if exc and str(exc) and len(str(exc)) < 200 else ""
    return ApiError(422, "invalid_image", f"{upload.filename} could not be decoded as an image{detail}")


def open_image(upload: Upload) -> Image.Image:
    """Decode an upload fully, refusing images over the pixel limit before any pixel is decoded."""
    require_kind(upload, IMAGE_KINDS, "an image (PNG, JPEG, WebP, GIF, BMP, TIFF, ICO, AVIF, HEIC)")
    limit = Limits.current().max_image_pixels
    try:
        image = Image.open(io.BytesIO(upload.data))
        check_pixels(image.width, image.height)
        image.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise image_too_large(None, limit) from None
    except ApiError:
        raise
    except _DECODE_ERRORS as exc:
        raise invalid_image(upload, exc) from None
    return image


def check_pixels(width: int, height: int) -> None:
    limit = Limits.current().max_image_pixels
    if width * height > limit:
        raise image_too_large(width * height, limit)


def resize(image: Image.Image, width: int | None, height: int | None, fit: str) -> Image.Image:
    """fit: contain (inside the box, aspect kept), cover (fills the box, cropped), fill (stretched)."""
    if not width and not height:
        return image
    if not width or not height:  # one side given: the other follows the aspect ratio
        ratio = (width / image.width) if width else ((height or 0) / image.height)
        width, height = max(1, round(image.width * ratio)), max(1, round(image.height * ratio))
        fit = "fill"
    check_pixels(width, height)
    if image.mode not in ("RGB", "RGBA", "L", "LA", "I", "F", "RGBa", "La"):
        image = image.convert("RGBA" if _has_alpha(image) else "RGB")
    method = Image.Resampling.LANCZOS
    if fit == "cover":
        return ImageOps.fit(image, (width, height), method)
    if fit == "contain":
        return ImageOps.contain(image, (width, height), method)
    return image.resize((width, height), method)


def _has_alpha(image: Image.Image) -> bool:
    return image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in image.info


def _flatten(image: Image.Image, background: tuple[int, int, int] = (255, 255, 255)) -> Image.Image:
    rgba = image.convert("RGBA")
    canvas = Image.new("RGB", rgba.size, background)
    canvas.paste(rgba, mask=rgba.getchannel("A"))
    return canvas


def prepare_mode(image: Image.Image, kind: str) -> Image.Image:
    """Convert to a mode the target format can store, flattening alpha where it cannot."""
    alpha = _has_alpha(image)
    if kind == "jpeg":
        if image.mode in ("L", "RGB", "CMYK"):
            return image
        return _flatten(image) if alpha else image.convert("RGB")
    if kind == "gif":
        return image if image.mode in ("P", "L", "1") else image.convert("RGBA" if alpha else "RGB")
    if kind == "bmp":
        return image if image.mode in ("1", "L", "P", "RGB", "RGBA") else image.convert("RGBA" if alpha else "RGB")
    if kind == "ico":  # icons are square: pad with transparency, at most 256 px
        image = image.convert("RGBA")
        if max(image.size) > 256:
            image = ImageOps.contain(image, (256, 256), Image.Resampling.LANCZOS)
        side = max(image.size)
        square = Image.new("RGBA", (side, side), (0, 0, 0, 0))
        square.paste(image, ((side - image.width) // 2, (side - image.height) // 2))
        return square
    if kind in ("webp", "avif"):
        return image if image.mode in ("RGB", "RGBA") else image.convert("RGBA" if alpha else "RGB")
    if kind in ("png", "tiff"):
        if image.mode in ("1", "L", "LA", "P", "RGB", "RGBA", "I;16"):
            return image
        return image.convert("RGBA" if alpha else "RGB")
    return image


def save_image(
    image: Image.Image,
    kind: str,
    *,
    quality: int | None = None,
    lossless: bool = False,
    exif: bytes | None = None,
    icc_profile: bytes | None = None,
) -> bytes:
    image = prepare_mode(image, kind)
    params: dict[str, object] = {}  # Pillow's save() options, which differ by format
    if kind in ("jpeg", "webp", "avif"):
        params["quality"] = quality or {"jpeg": 85, "webp": 80, "avif": 60}[kind]
    if kind == "jpeg":
        params.update(optimize=True, progressive=image.width * image.height > 10_000)
    elif kind == "webp":
        params.update(lossless=lossless, method=4)
    elif kind == "png":
        params["compress_level"] = 6
    elif kind == "tiff":
        params["compression"] = "tiff_adobe_deflate"
    elif kind == "ico":
        side = image.width
        params["sizes"] = sorted({(s, s) for s in (16, 24, 32, 48, 64, 128, 256) if s < side} | {(side, side)})
    if exif and kind in ("jpeg", "png", "webp", "tiff", "avif"):
        params["exif"] = exif
    if icc_profile and kind in ("jpeg", "png", "webp", "tiff", "avif"):
        params["icc_profile"] = icc_profile
    buffer = io.BytesIO()
    image.save(buffer, OUTPUT_FORMATS[kind], **params)
    return buffer.getvalue()
