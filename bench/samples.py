"""Inputs the file-tool benchmarks make for themselves: a camera-like photo, text PDFs, a printed
page. Sizes are parameters, so a smoke run goes through the same code on tiny inputs."""

from __future__ import annotations

import io

import pikepdf
from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
WORDS = [
    "The",
    "quick",
    "brown",
    "fox",
    "jumps",
    "over",
    "the",
    "lazy",
    "dog",
    "while",
    "five",
    "boxing",
    "wizards",
    "jump",
    "quickly",
]


def photo_jpeg(megapixels: float) -> bytes:
    """4:3 with real texture (noise over gradients), like a camera JPEG (12 MP = 4000 × 3000)."""
    height = max(16, int((megapixels * 1e6 * 3 / 4) ** 0.5))
    width = height * 4 // 3
    base = Image.merge(
        "RGB",
        [
            Image.linear_gradient("L").resize((width, height)),
            Image.radial_gradient("L").resize((width, height)),
            Image.effect_noise((width, height), 40),
        ],
    )
    buffer = io.BytesIO()
    base.save(buffer, "JPEG", quality=90)
    return buffer.getvalue()


def text_pdf(pages: int, label: str) -> bytes:
    """A4 pages of 50 lines of Helvetica text each."""
    pdf = pikepdf.new()
    font = pdf.make_indirect(
        pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica)
    )
    for number in range(pages):
        page = pdf.add_blank_page(page_size=(595, 842))
        page.obj.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
        lines = "".join(
            f"BT /F1 11 Tf 72 {800 - 14 * row} Td ({label} page {number + 1}, line {row}: "
            f"the quick brown fox jumps over the lazy dog) Tj ET\n"
            for row in range(50)
        )
        page.obj.Contents = pdf.make_stream(lines.encode())
    buffer = io.BytesIO()
    pdf.save(buffer)
    return buffer.getvalue()


def printed_page_png(lines: int = 60) -> bytes:
    """An A4 page at 300 DPI (2480 px wide) with `lines` lines of 42 px text; fewer lines make a
    shorter strip of the same page."""
    height = 3508 if lines >= 60 else 400 + lines * 52
    image = Image.new("L", (2480, height), 255)
    draw, font = ImageDraw.Draw(image), ImageFont.truetype(FONT, 42)
    for row in range(lines):
        draw.text((200, 200 + row * 52), " ".join(WORDS[(row + i) % len(WORDS)] for i in range(9)), fill=0, font=font)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()
