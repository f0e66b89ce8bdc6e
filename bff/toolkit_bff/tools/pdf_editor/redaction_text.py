"""What a page's text is and where: PDFium's characters with their boxes, the matches of search terms,
and the split into characters under the redaction areas and the words that stay.

Boxes here are PDF user space (points, origin bottom-left, before the page's /Rotate), the space
PDFium reports characters in; areas.py converts the app's on-screen areas into it."""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass, field

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from .text_layer import PlacedWord

Box = tuple[float, float, float, float]  # left, bottom, right, top
MATCH_PADDING = 1.0  # pt around each match: the ink of the glyphs, not just their boxes


@dataclass
class PageChar:
    text: str
    ink: Box | None  # the glyph's tight box (None for spaces and generated characters)
    line: Box | None  # the font's full box (ascent to descent): tells lines apart
    origin: tuple[float, float] = (0.0, 0.0)  # where it sits on its baseline
    size: float = 0.0  # its font size in points


@dataclass
class TermMatch:
    term: str
    text: str  # as found on the page (its case)
    boxes: list[Box] = field(default_factory=list)


def page_chars(text_page: pdfium.PdfTextPage) -> list[PageChar]:
    chars: list[PageChar] = []
    for index in range(text_page.count_chars()):
        code = pdfium_c.FPDFText_GetUnicode(text_page, index)
        text = chr(code) if 0 < code <= 0x10FFFF else ""
        generated = pdfium_c.FPDFText_IsGenerated(text_page, index) == 1
        if generated or not text or text.isspace():
            chars.append(PageChar(" " if text.isspace() or generated else text, None, None))
            continue
        x, y = ctypes.c_double(), ctypes.c_double()
        origin = (x.value, y.value) if pdfium_c.FPDFText_GetCharOrigin(text_page, index, x, y) else (0.0, 0.0)
        chars.append(
            PageChar(
                text,
                _box(text_page, index, False),
                _box(text_page, index, True),
                origin,
                float(pdfium_c.FPDFText_GetFontSize(text_page, index)),
            )
        )
    return chars


def _box(text_page: pdfium.PdfTextPage, index: int, loose: bool) -> Box | None:
    try:
        left, bottom, right, top = text_page.get_charbox(index, loose=loose)
    except pdfium.PdfiumError:
        return None
    return (min(left, right), min(bottom, top), max(left, right), max(bottom, top))


def find_terms(
    text_page: pdfium.PdfTextPage, terms: list[str], *, match_case: bool, whole_word: bool
) -> list[TermMatch]:
    matches: list[TermMatch] = []
    for term in terms:
        searcher = text_page.search(term, match_case=match_case, match_whole_word=whole_word)
        try:
            while (found := searcher.get_next()) is not None:
                index, count = found
                match = TermMatch(term, text_page.get_text_range(index, count))
                for rect in range(text_page.count_rects(index, count)):
                    left, bottom, right, top = text_page.get_rect(rect)
                    match.boxes.append(
                        (left - MATCH_PADDING, bottom - MATCH_PADDING, right + MATCH_PADDING, top + MATCH_PADDING)
                    )
                if match.boxes:
                    matches.append(match)
        finally:
            searcher.close()
    return matches


def overlaps(box: Box, areas: list[Box]) -> bool:
    left, bottom, right, top = box
    return any(
        left < a_right and right > a_left and bottom < a_top and top > a_bottom
        for a_left, a_bottom, a_right, a_top in areas
    )


@dataclass
class PageSplit:
    removed: int  # characters under the areas
    removed_words: list[str]  # the text they formed, word by word (what metadata is scrubbed of)
    kept: list[PlacedWord]


def split_page_text(chars: list[PageChar], areas: list[Box], crop: Box) -> PageSplit:
    """Characters whose ink touches an area are removed; the rest become words for the text layer
    (text outside the visible crop box is dropped with the rest of the old page)."""
    removed, removed_words, runs = 0, list[str](), list[PlacedWord]()
    current: list[tuple[PageChar, Box]] = []  # the word being read: each character with its line box
    gone: list[str] = []
    for char in [*chars, PageChar(" ", None, None)]:
        if char.ink is None or char.line is None:
            _close(current, runs)
            current = []
            _close_removed(gone, removed_words)
            continue
        if overlaps(char.ink, areas) or not overlaps(char.line, [crop]):
            removed += 1
            gone.append(char.text)
            _close(current, runs)
            current = []
            continue
        if current and not _same_line(current[-1][1], char.line):
            _close(current, runs)
            current = []
        current.append((char, char.line))
    return PageSplit(removed, removed_words, _with_advances(runs))


def _close(current: list[tuple[PageChar, Box]], runs: list[PlacedWord]) -> None:
    if not current:
        return
    (first, first_line), (_, last_line) = current[0], current[-1]
    size = max(char.size for char, _ in current) or (first_line[3] - first_line[1])
    left = first.origin[0] if first.size else first_line[0]
    runs.append(
        PlacedWord(
            "".join(char.text for char, _ in current),
            left,
            max(last_line[2], left),
            first.origin[1] if first.size else first_line[1],
            size,
            0.0,
        )
    )


def _close_removed(gone: list[str], words: list[str]) -> None:
    if gone:
        words.append("".join(gone))
        gone.clear()


def _same_line(previous: Box, current: Box) -> bool:
    """Next to each other on one line: the vertical extents mostly overlap and it goes on rightwards."""
    overlap = min(previous[3], current[3]) - max(previous[1], current[1])
    height = min(previous[3] - previous[1], current[3] - current[1])
    return overlap > 0.5 * height and current[0] >= previous[0] - 0.5 * height


def _with_advances(words: list[PlacedWord]) -> list[PlacedWord]:
    """Each word's space reaches the next word when it follows on the same baseline."""
    for word, following in zip(words, [*words[1:], None], strict=True):
        word.advance = word.right
        if following is not None:
            gap = following.left - word.right
            on_line = abs(following.baseline - word.baseline) < 0.3 * word.size
            if on_line and 0 < gap < 3 * word.size:
                word.advance = following.left
    return words


def scrub_pattern(terms: list[str], removed_words: list[str], *, match_case: bool) -> re.Pattern[str] | None:
    """One pattern for everything redacted: the search terms as given, and the words removed from
    areas (three characters or more, as whole words)."""
    parts = [re.escape(term) for term in terms if term]
    for word in {word.strip(".,;:!?()[]\"'") for word in removed_words}:
        if len(word) >= 3:
            parts.append(rf"(?<!\w){re.escape(word)}(?!\w)")
    if not parts:
        return None
    parts.sort(key=len, reverse=True)
    return re.compile("|".join(parts), 0 if match_case else re.IGNORECASE)
