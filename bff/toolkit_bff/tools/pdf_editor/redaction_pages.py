"""A redacted page: PDFium draws it, the areas are painted black into the pixels, and the page's
content becomes that one image plus an invisible layer of the words outside the areas. Nothing of
the old page's content stream, fonts, images, vector drawings, annotations or form fields survives,
so nothing under an area can be copied, extracted or uncovered."""

from __future__ import annotations

import io
import zlib
from dataclasses import dataclass

import pikepdf
import pypdfium2 as pdfium
from pikepdf import Dictionary, Name
from PIL import Image, ImageChops, ImageDraw

from ...jobs.limits import Limits, image_too_large
from .redaction_options import PageFrame
from .redaction_text import Box, PageSplit, page_chars, split_page_text
from .text_layer import FONT_RESOURCE, text_layer_content

IMAGE_RESOURCE = "/TkRedactedPage"
# Keys of the old page that describe or carry its content: gone with it (annotations, thumbnails,
# private data, XMP, structure links, actions, article beads, boxes of the old drawing).
DROPPED_PAGE_KEYS = (
    "/Annots",
    "/Thumb",
    "/PieceInfo",
    "/Metadata",
    "/StructParents",
    "/AA",
    "/B",
    "/Group",
    "/BleedBox",
    "/TrimBox",
    "/ArtBox",
    "/SeparationInfo",
    "/VP",
    "/Tabs",
)


@dataclass
class RedactedPage:
    split: PageSplit
    annotations: list[tuple[int, int]]  # the removed annotations' object ids (form fields go with them)


def frame_of(page: pdfium.PdfPage) -> PageFrame:
    left, bottom, right, top = page.get_cropbox()
    return PageFrame(min(left, right), min(bottom, top), max(left, right), max(bottom, top), page.get_rotation() % 360)


def redact_page(
    pdf: pikepdf.Pdf, document: pdfium.PdfDocument, index: int, areas: list[Box], dpi: int, font: pikepdf.Object
) -> RedactedPage:
    """Replace page `index` of pdf (the same file PDFium has open) by its redacted image."""
    page = document[index]
    try:
        frame = frame_of(page)
        text_page = page.get_textpage()
        try:
            split = split_page_text(page_chars(text_page), areas, frame.box)
        finally:
            text_page.close()
        image = _render_unrotated(page, frame, dpi)
    finally:
        page.close()
    _paint_black(image, areas, frame, dpi / 72)
    annotations = _replace_content(pdf, pdf.pages[index], frame, image, split, font)
    return RedactedPage(split, annotations)


def _render_unrotated(page: pdfium.PdfPage, frame: PageFrame, dpi: int) -> Image.Image:
    """The visible box as user space lays it out (the /Rotate stays on the new page)."""
    scale = dpi / 72
    pixels = round((frame.right - frame.left) * scale) * round((frame.top - frame.bottom) * scale)
    limit = Limits.current().max_image_pixels
    if pixels > limit:
        raise image_too_large(pixels, limit)
    page.set_rotation(0)  # only in PDFium's copy in memory
    bitmap = page.render(scale=scale, may_draw_forms=True)
    try:
        image: Image.Image = bitmap.to_pil().convert("RGB")  # pypdfium2 is untyped: its to_pil() is PIL's
        return image
    finally:
        bitmap.close()


def _paint_black(image: Image.Image, areas: list[Box], frame: PageFrame, scale: float) -> None:
    draw = ImageDraw.Draw(image)
    for left, bottom, right, top in areas:
        # Outwards to whole pixels: a pixel the area touches is black.
        x0, x1 = int((left - frame.left) * scale), int((right - frame.left) * scale + 0.999)
        y0, y1 = int((frame.top - top) * scale), int((frame.top - bottom) * scale + 0.999)
        if x1 > 0 and y1 > 0 and x0 < image.width and y0 < image.height:
            draw.rectangle(
                (max(0, x0), max(0, y0), min(image.width, x1) - 1, min(image.height, y1) - 1), fill=(0, 0, 0)
            )


def _image_stream(pdf: pikepdf.Pdf, image: Image.Image) -> pikepdf.Stream:
    """Greyscale pages and pages of few colours (text, drawings) losslessly; photo pages as JPEG."""
    red, green, blue = image.split()
    if ImageChops.difference(red, green).getbbox() is None and ImageChops.difference(green, blue).getbbox() is None:
        data, colour_space, filter_ = zlib.compress(red.tobytes(), 6), Name.DeviceGray, Name.FlateDecode
    elif image.reduce(8).getcolors(maxcolors=2048) is not None:
        data, colour_space, filter_ = zlib.compress(image.tobytes(), 6), Name.DeviceRGB, Name.FlateDecode
    else:
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=90)
        data, colour_space, filter_ = buffer.getvalue(), Name.DeviceRGB, Name.DCTDecode
    stream = pikepdf.Stream(pdf, data)
    stream.stream_dict = Dictionary(
        Type=Name.XObject,
        Subtype=Name.Image,
        Width=image.width,
        Height=image.height,
        ColorSpace=colour_space,
        BitsPerComponent=8,
        Filter=filter_,
    )
    return stream


def _replace_content(
    pdf: pikepdf.Pdf, page: pikepdf.Page, frame: PageFrame, image: Image.Image, split: PageSplit, font: pikepdf.Object
) -> list[tuple[int, int]]:
    """The page keeps its object (bookmarks and links to it stay valid) and loses everything else."""
    annotations = [annotation.objgen for annotation in page.obj.get("/Annots", [])]
    for key in DROPPED_PAGE_KEYS:
        if key in page.obj:
            del page.obj[key]
    box = pikepdf.Array([frame.left, frame.bottom, frame.right, frame.top])
    page.obj.MediaBox = box
    page.obj.CropBox = box
    width, height = frame.right - frame.left, frame.top - frame.bottom
    drawing = (
        f"q {width:.4f} 0 0 {height:.4f} {frame.left:.4f} {frame.bottom:.4f} cm {IMAGE_RESOURCE} Do Q\n"
    ).encode()
    page.obj.Contents = pdf.make_stream(drawing + text_layer_content(split.kept))
    page.obj.Resources = Dictionary(
        XObject=Dictionary({IMAGE_RESOURCE: _image_stream(pdf, image)}), Font=Dictionary({FONT_RESOURCE: font})
    )
    return annotations
