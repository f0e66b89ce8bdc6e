"""Text stamped on PDF pages (watermarks, page numbers) as content streams with the standard
Helvetica font, upright as the reader sees the page whatever its /Rotate."""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

import pikepdf
from pikepdf import Dictionary, Name
from PIL import ImageFont

from ...errors import ApiError

# Liberation Sans is metric-compatible with Helvetica: it measures text for centring.
_METRIC_FONT = Path("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf")


# A colour as red, green and blue from 0 to 255.
RGB = tuple[int, int, int]


@lru_cache(maxsize=1)
def _metric_font() -> ImageFont.FreeTypeFont | None:
    try:
        return ImageFont.truetype(str(_METRIC_FONT), 1000)
    except OSError:
        return None


def text_width(text: str, size: float) -> float:
    font = _metric_font()
    return (font.getlength(text) / 1000 * size) if font else len(text) * size * 0.55


def pdf_string(text: str) -> bytes:
    try:
        raw = text.encode("cp1252")
    except UnicodeEncodeError:
        raise ApiError(422, "invalid_option", "Stamped text must use Latin characters") from None
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def viewer_box(page: pikepdf.Page) -> tuple[float, float, float, float, int]:
    """(x0, y0, width, height) of the visible box in user space, and the page's rotation."""
    x0, y0, x1, y1 = (float(value) for value in page.cropbox)
    rotation = int(page.obj.get("/Rotate", 0)) % 360
    return min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0), rotation


def viewer_to_user(page: pikepdf.Page, u: float, v: float) -> tuple[float, float]:
    x0, y0, width, height, rotation = viewer_box(page)
    dx, dy = {0: (u, v), 90: (width - v, u), 180: (width - u, height - v), 270: (v, height - u)}.get(rotation, (u, v))
    return x0 + dx, y0 + dy


def viewer_size(page: pikepdf.Page) -> tuple[float, float]:
    _, _, width, height, rotation = viewer_box(page)
    return (height, width) if rotation in (90, 270) else (width, height)


class Stamper:
    """Adds one font and one transparency state to a document and stamps text on its pages."""

    def __init__(self, pdf: pikepdf.Pdf, opacity: float = 1.0) -> None:
        self.font = pdf.make_indirect(
            Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica, Encoding=Name.WinAnsiEncoding)
        )
        self.state = pdf.make_indirect(Dictionary(Type=Name.ExtGState, ca=opacity, CA=opacity))
        self.pdf = pdf

    def stamp(
        self,
        page: pikepdf.Page,
        text: str,
        *,
        u: float,
        v: float,
        size: float,
        angle: float = 0,
        colour: RGB = (0, 0, 0),
        anchor: str = "center",
    ) -> None:
        """Draw text at viewer point (u, v); anchor: left, center or right of the text's baseline
        middle. angle is counter-clockwise as the reader sees it."""
        font_name = page.add_resource(self.font, Name.Font, prefix="TkF")
        state_name = page.add_resource(self.state, Name.ExtGState, prefix="TkGS")
        width = text_width(text, size)
        shift = {"left": 0.0, "center": width / 2, "right": width}[anchor]
        theta = math.radians(angle)
        # Start point in viewer space: back along the text direction, down by a third of the size.
        u0 = u - shift * math.cos(theta) + size * 0.35 * math.sin(theta)
        v0 = v - shift * math.sin(theta) - size * 0.35 * math.cos(theta)
        x, y = viewer_to_user(page, u0, v0)
        total = theta + math.radians(viewer_box(page)[4])
        cos, sin = math.cos(total), math.sin(total)
        red, green, blue = (channel / 255 for channel in colour)
        content = (
            f"q {state_name} gs {red:.3f} {green:.3f} {blue:.3f} rg BT {font_name} {size:.2f} Tf "
            f"{cos:.5f} {sin:.5f} {-sin:.5f} {cos:.5f} {x:.2f} {y:.2f} Tm "
        ).encode()
        content += pdf_string(text) + b" Tj ET Q"
        page.contents_add(pikepdf.Stream(self.pdf, b"q\n"), prepend=True)
        page.contents_add(pikepdf.Stream(self.pdf, b"\nQ\n" + content))
