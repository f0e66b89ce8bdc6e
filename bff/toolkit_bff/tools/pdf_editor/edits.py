"""PDF operations on pikepdf documents: page selection, rotation, stamping, encryption, compression."""

from __future__ import annotations

import io

import pikepdf
from PIL import Image

from ...errors import ApiError
from ...jobs.limits import Deadline
from .overlay import RGB, Stamper, viewer_size

PAGE_NUMBER_POSITIONS = ["bottom-center", "bottom-left", "bottom-right", "top-center", "top-left", "top-right"]


def save_pdf(pdf: pikepdf.Pdf, *, encryption: pikepdf.Encryption | None = None, compress: bool = False) -> bytes:
    buffer = io.BytesIO()
    pdf.save(
        buffer,
        encryption=encryption if encryption is not None else False,
        # compress: recompress what is already compressed, and pack objects into object streams.
        recompress_flate=compress,
        object_stream_mode=pikepdf.ObjectStreamMode.generate if compress else pikepdf.ObjectStreamMode.preserve,
    )
    return buffer.getvalue()


def pages_copy(source: pikepdf.Pdf, indexes: list[int]) -> pikepdf.Pdf:
    """A new document holding source's pages at indexes (in that order), with its document info."""
    target = pikepdf.new()
    for index in indexes:
        target.pages.append(source.pages[index])
    if "/Info" in source.trailer:
        target.trailer.Info = target.copy_foreign(source.trailer.Info)
    return target


def merge(documents: list[pikepdf.Pdf], deadline: Deadline) -> pikepdf.Pdf:
    target = pikepdf.new()
    for document in documents:
        deadline.check()
        target.pages.extend(document.pages)
    return target


def rotate(pdf: pikepdf.Pdf, rotations: dict[int, int]) -> None:
    for index, angle in rotations.items():
        pdf.pages[index].rotate(angle, relative=True)


def watermark(
    pdf: pikepdf.Pdf, text: str, *, size: float, opacity: float, angle: float, colour: RGB, deadline: Deadline
) -> None:
    stamper = Stamper(pdf, opacity)
    for page in pdf.pages:
        deadline.check()
        width, height = viewer_size(page)
        stamper.stamp(page, text, u=width / 2, v=height / 2, size=size, angle=angle, colour=colour)


def page_numbers(
    pdf: pikepdf.Pdf, *, template: str, position: str, start: int, size: float, deadline: Deadline
) -> None:
    stamper = Stamper(pdf)
    total = len(pdf.pages) + start - 1
    vertical, horizontal = position.split("-")
    for offset, page in enumerate(pdf.pages):
        deadline.check()
        width, height = viewer_size(page)
        margin = max(18.0, size * 2)
        u = {"left": margin, "center": width / 2, "right": width - margin}[horizontal]
        v = margin if vertical == "bottom" else height - margin
        text = template.replace("{n}", str(start + offset)).replace("{total}", str(total))
        stamper.stamp(page, text, u=u, v=v, size=size, anchor=horizontal)


def encryption_for(user_password: str, owner_password: str | None) -> pikepdf.Encryption:
    if not user_password:
        raise ApiError(422, "invalid_option", "Option 'password' is required")
    return pikepdf.Encryption(user=user_password, owner=owner_password or user_password, aes=True, R=6)


def compress(pdf: pikepdf.Pdf, *, image_quality: int | None, deadline: Deadline, max_pixels: int) -> None:
    """Drop unused resources; with image_quality, re-encode large RGB/grey images as JPEG when
    that makes them smaller (lossy, like Stirling-PDF's higher levels)."""
    pdf.remove_unreferenced_resources()
    if image_quality is None:
        return
    seen: set[tuple[int, int]] = set()
    for page in pdf.pages:
        deadline.check()
        for _, raw in page.get_images().items():
            # An image XObject is a stream; anything else is no image to recompress.
            if not isinstance(raw, pikepdf.Stream) or raw.objgen in seen or raw.objgen == (0, 0):
                continue
            seen.add(raw.objgen)
            _recompress_image(raw, image_quality, max_pixels)


def _recompress_image(raw: pikepdf.Stream, quality: int, max_pixels: int) -> None:
    try:
        image = pikepdf.PdfImage(raw)
        if image.width * image.height < 40_000 or raw.get("/SMask") is not None or image.image_mask:
            return
        if image.width * image.height > max_pixels:
            return  # checked before decoding: a huge image (or one that only claims to be) stays as it is
        pil = image.as_pil_image()
        if pil.mode not in ("RGB", "L"):
            return
        if max(pil.size) > 2500:  # beyond this is more than print needs for most pages
            pil.thumbnail((2500, 2500), Image.Resampling.LANCZOS)
        buffer = io.BytesIO()
        pil.save(buffer, "JPEG", quality=quality, optimize=True)
        if len(buffer.getvalue()) >= len(raw.read_raw_bytes()):
            return
        raw.write(buffer.getvalue(), filter=pikepdf.Name.DCTDecode)
        raw.Width, raw.Height = pil.size
        raw.ColorSpace = pikepdf.Name.DeviceRGB if pil.mode == "RGB" else pikepdf.Name.DeviceGray
        raw.BitsPerComponent = 8
        for key in ("/DecodeParms", "/Decode"):
            if key in raw:
                del raw[key]
    except (pikepdf.PdfError, NotImplementedError, ValueError, OSError):
        return  # an image we cannot decode stays as it is
