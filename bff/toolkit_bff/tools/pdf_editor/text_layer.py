"""An invisible text layer: the words a redacted page keeps, placed where they were, so they can
still be selected, searched and copied after the page became an image.

The font is OCRmyPDF's glyphless Occulta (shipped in the ocrmypdf package, Apache-2.0): every
character is drawn with one empty glyph 500 units wide, ascent 800, descent 200. Character codes are
Unicode code points (two bytes, Identity-H), mapped back to Unicode by a ToUnicode CMap, so every
reader (pdftotext, pdfminer, pypdf, PDFium, Acrobat) extracts exactly the words that were kept.
Each word is set on its original baseline at its original size and stretched (Tz) to its original
width; the space after it is stretched to where the next word begins."""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import pikepdf
from pikepdf import Array, Dictionary, Name

GLYPH_WIDTH = 0.5  # of the font size: Occulta's blank glyph
GLYPH_ID = 4  # Occulta's 'blank1', 500 units wide
FONT_RESOURCE = "/TkText"


@dataclass
class PlacedWord:
    text: str
    left: float  # user space: where the word starts and ends on its baseline
    right: float
    baseline: float
    size: float  # the font size it was set in
    advance: float  # where the next word on the line starts (a space is stretched to reach it)


@lru_cache(maxsize=1)
def _occulta() -> bytes:
    return (resources.files("ocrmypdf.data") / "Occulta.ttf").read_bytes()


def _to_unicode_cmap() -> bytes:
    ranges = [f"<{high:02X}00> <{high:02X}FF> <{high:02X}00>" for high in range(256) if not 0xD8 <= high <= 0xDF]
    blocks = []
    for start in range(0, len(ranges), 100):  # at most 100 entries per block
        chunk = ranges[start : start + 100]
        blocks.append(f"{len(chunk)} beginbfrange\n" + "\n".join(chunk) + "\nendbfrange")
    return (
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
        "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
        "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
        + "\n".join(blocks)
        + "\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
    ).encode()


def glyphless_font(pdf: pikepdf.Pdf) -> pikepdf.Object:
    """The Type0 font (made once per document, shared by every redacted page)."""
    font_file = pdf.make_stream(_occulta())
    font_file.Length1 = len(_occulta())
    descriptor = Dictionary(
        Type=Name.FontDescriptor,
        FontName=Name("/Occulta"),
        Flags=5,
        FontBBox=Array([0, -200, 1000, 800]),
        ItalicAngle=0,
        Ascent=800,
        Descent=-200,
        CapHeight=800,
        StemV=80,
        FontFile2=font_file,
    )
    to_gid = pdf.make_stream(zlib.compress(bytes([0, GLYPH_ID]) * 65536, 9))
    to_gid.Filter = Name.FlateDecode
    cid_font = Dictionary(
        Type=Name.Font,
        Subtype=Name.CIDFontType2,
        BaseFont=Name("/Occulta"),
        CIDSystemInfo=Dictionary(Registry=pikepdf.String("Adobe"), Ordering=pikepdf.String("Identity"), Supplement=0),
        FontDescriptor=pdf.make_indirect(descriptor),
        DW=int(GLYPH_WIDTH * 1000),
        CIDToGIDMap=to_gid,
    )
    to_unicode = pdf.make_stream(zlib.compress(_to_unicode_cmap()))
    to_unicode.Filter = Name.FlateDecode
    return pdf.make_indirect(
        Dictionary(
            Type=Name.Font,
            Subtype=Name.Type0,
            BaseFont=Name("/Occulta"),
            Encoding=Name("/Identity-H"),
            DescendantFonts=Array([pdf.make_indirect(cid_font)]),
            ToUnicode=to_unicode,
        )
    )


def _codes(text: str) -> str:
    """Two-byte codes (the code point); characters outside the Basic Multilingual Plane become U+FFFD."""
    return "".join(f"{ord(ch):04X}" if ord(ch) <= 0xFFFF and not 0xD800 <= ord(ch) <= 0xDFFF else "FFFD" for ch in text)


def text_layer_content(words: list[PlacedWord]) -> bytes:
    """Content-stream operators drawing the words invisibly (render mode 3)."""
    parts = []
    for word in words:
        size, width = word.size, word.right - word.left
        if size <= 0.5 or not word.text or width <= 0:
            continue
        ops = (
            f"BT 3 Tr {FONT_RESOURCE} {size:.2f} Tf {_stretch(width, len(word.text), size)} Tz "
            f"1 0 0 1 {word.left:.2f} {word.baseline:.2f} Tm <{_codes(word.text)}> Tj"
        )
        gap = word.advance - word.right
        if gap > size * 0.05:
            ops += f" {_stretch(gap, 1, size)} Tz <0020> Tj"
        parts.append(ops + " ET")
    return ("\n".join(parts) + "\n").encode()


def _stretch(width: float, characters: int, size: float) -> str:
    """Horizontal scaling (percent) that makes `characters` glyphs of the glyphless font span `width`."""
    return f"{max(0.01, 100 * width / (characters * GLYPH_WIDTH * size)):.3f}"
