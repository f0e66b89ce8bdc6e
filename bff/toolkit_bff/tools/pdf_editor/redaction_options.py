"""The redaction's options: areas drawn on the pages as the reader sees them, search terms, and the
conversion between the app's on-screen fractions and PDF user space.

An area is `{"page": 1, "left": 0.1, "top": 0.2, "width": 0.3, "height": 0.05}`: fractions of the
visible page (its crop box, turned by its /Rotate), from the top-left corner, as the thumbnails show
it. Matches are answered in the same form so the app draws them on the same thumbnails."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Protocol

from ...errors import ApiError
from ...jobs.options import invalid
from .redaction_text import Box

MAX_AREAS = 500
MAX_TERMS = 50
MAX_TERM_LENGTH = 200


@dataclass(frozen=True)
class Area:
    page: int  # 0-based
    left: float
    top: float
    width: float
    height: float


@dataclass(frozen=True)
class PageFrame:
    """A page's visible box in user space and its rotation: what the fractions are fractions of."""

    left: float
    bottom: float
    right: float
    top: float
    rotation: int  # clockwise, as /Rotate

    def to_user(self, area: Area) -> Box:
        corners = [self._point(area.left, area.top), self._point(area.left + area.width, area.top + area.height)]
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        return (min(xs), min(ys), max(xs), max(ys))

    def _point(self, p: float, q: float) -> tuple[float, float]:
        """Viewer fractions (p right, q down) → user space."""
        u, v = {0: (p, q), 90: (q, 1 - p), 180: (1 - p, 1 - q), 270: (1 - q, p)}[self.rotation]
        return (self.left + u * (self.right - self.left), self.top - v * (self.top - self.bottom))

    def to_viewer(self, box: Box) -> dict[str, float]:
        """A user-space box as viewer fractions {left, top, width, height}, clipped to the page."""
        points = [self._fraction(box[0], box[1]), self._fraction(box[2], box[3])]
        ps = [min(1.0, max(0.0, p)) for p, _ in points]
        qs = [min(1.0, max(0.0, q)) for _, q in points]
        return {
            "left": round(min(ps), 5),
            "top": round(min(qs), 5),
            "width": round(max(ps) - min(ps), 5),
            "height": round(max(qs) - min(qs), 5),
        }

    def _fraction(self, x: float, y: float) -> tuple[float, float]:
        u = (x - self.left) / ((self.right - self.left) or 1)
        v = (self.top - y) / ((self.top - self.bottom) or 1)
        return {0: (u, v), 90: (1 - v, u), 180: (1 - u, 1 - v), 270: (v, 1 - u)}[self.rotation]

    @property
    def box(self) -> Box:
        return (self.left, self.bottom, self.right, self.top)


def requested_terms(raw: str) -> list[str]:
    """`terms`: a JSON array of strings (or one term per line)."""
    raw = raw.strip()
    if not raw:
        return []
    if raw.startswith("["):
        try:
            values = json.loads(raw)
        except ValueError:
            raise invalid("terms", 'must be a JSON array of strings like ["ACME", "48213"]') from None
        if not isinstance(values, list) or not all(isinstance(value, str) for value in values):
            raise invalid("terms", 'must be a JSON array of strings like ["ACME", "48213"]')
    else:
        values = raw.splitlines()
    terms = list(dict.fromkeys(value.strip() for value in values if value.strip()))
    if len(terms) > MAX_TERMS:
        raise invalid("terms", f"may hold at most {MAX_TERMS} terms")
    if any(len(term) > MAX_TERM_LENGTH for term in terms):
        raise invalid("terms", f"must be at most {MAX_TERM_LENGTH} characters each")
    return terms


def requested_areas(raw: str, page_count: int) -> list[Area]:
    raw = raw.strip()
    if not raw:
        return []
    try:
        values = json.loads(raw)
    except ValueError:
        values = None
    if not isinstance(values, list):
        raise invalid(
            "areas", 'must be a JSON array like [{"page": 1, "left": 0.1, "top": 0.2, "width": 0.3, "height": 0.05}]'
        )
    if len(values) > MAX_AREAS:
        raise invalid("areas", f"may hold at most {MAX_AREAS} areas")
    return [_area(value, position, page_count) for position, value in enumerate(values, start=1)]


def _area(value: object, position: int, page_count: int) -> Area:
    if not isinstance(value, dict):
        raise invalid("areas", f"item {position} must be an object with page, left, top, width and height")
    page = value.get("page")
    if not isinstance(page, int) or isinstance(page, bool) or not 1 <= page <= page_count:
        raise ApiError(422, "invalid_page_range", f"Area {position} is on page {page!r}, not within 1-{page_count}")
    numbers: dict[str, float] = {}
    for key in ("left", "top", "width", "height"):
        number = value.get(key)
        if not isinstance(number, (int, float)) or isinstance(number, bool) or not 0 <= number <= 1:
            raise invalid("areas", f"item {position}: '{key}' must be a fraction of the page from 0 to 1")
        numbers[key] = float(number)
    if numbers["width"] <= 0 or numbers["height"] <= 0:
        raise invalid("areas", f"item {position} is empty: give it a width and a height")
    return Area(
        page - 1,
        numbers["left"],
        numbers["top"],
        min(numbers["width"], 1 - numbers["left"]),
        min(numbers["height"], 1 - numbers["top"]),
    )


class SearchChoice(Protocol):
    """What a request says of the search (redaction_models.SearchTerms)."""

    terms: str
    match_case: bool
    whole_word: bool


@dataclass(frozen=True)
class SearchOptions:
    terms: list[str]
    match_case: bool
    whole_word: bool

    @classmethod
    def of(cls, options: SearchChoice) -> SearchOptions:
        return cls(requested_terms(options.terms), options.match_case, options.whole_word)
