"""True redaction: what is under the areas (drawn, or around every match of a search term) is
removed from the file, not covered. Pages with something to remove are redrawn as an image with
the areas painted black and the remaining words as an invisible text layer (redaction_pages.py);
other pages are untouched; properties, XMP, bookmarks, annotations, attachments and scripts are
scrubbed (redaction_scrub.py). The report says exactly what went."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field

import pikepdf

from ...errors import ApiError
from ...jobs.limits import Deadline
from ...jobs.pdfdocs import open_pikepdf, pdf_errors, pdfium_document
from ...jobs.progress import report_progress
from ...jobs.uploads import Upload
from .redaction_options import Area, PageFrame, SearchOptions
from .redaction_pages import frame_of, redact_page
from .redaction_scrub import ObjGen, scrub_document
from .redaction_text import Box, TermMatch, find_terms, scrub_pattern
from .text_layer import glyphless_font


@dataclass
class PagePlan:
    index: int
    frame: PageFrame
    drawn: list[Box] = field(default_factory=list)
    matches: list[TermMatch] = field(default_factory=list)

    @property
    def areas(self) -> list[Box]:
        return self.drawn + [box for match in self.matches for box in match.boxes]


# The requested areas, given the page count (which they are checked against).
AreasFor = Callable[[int], list[Area]]


def survey(
    upload: Upload, password: str | None, search: SearchOptions, areas_for: AreasFor, deadline: Deadline
) -> list[PagePlan]:
    """Every page's frame and matches, with the drawn areas in user space. areas_for(page_count)
    gives the requested areas (checked against the page count)."""
    plans: list[PagePlan] = []
    with pdfium_document(upload, password) as document:
        areas: list[Area] = areas_for(len(document))
        for index in range(len(document)):
            deadline.check()
            page = document[index]
            try:
                plan = PagePlan(index, frame_of(page))
                if search.terms:
                    text_page = page.get_textpage()
                    try:
                        plan.matches = find_terms(
                            text_page, search.terms, match_case=search.match_case, whole_word=search.whole_word
                        )
                    finally:
                        text_page.close()
            finally:
                page.close()
            plan.drawn = [plan.frame.to_user(area) for area in areas if area.page == index]
            plans.append(plan)
    return plans


def redact(
    upload: Upload, password: str | None, search: SearchOptions, areas_for: AreasFor, dpi: int, deadline: Deadline
) -> tuple[bytes, dict[str, object]]:
    plans = survey(upload, password, search, areas_for, deadline)
    affected = [plan for plan in plans if plan.areas]
    pdf = open_pikepdf(upload, password)
    with pdf, pdf_errors(upload.filename):
        removed_words: list[str] = []
        removed_annotations: set[ObjGen] = set()
        pages_report: list[dict[str, int]] = []
        if affected:
            report_progress(stage="Redacting", done=0, total=len(affected))
            font = glyphless_font(pdf)
            with pdfium_document(upload, password) as document:
                for done, plan in enumerate(affected, start=1):
                    deadline.check()
                    page = redact_page(pdf, document, plan.index, plan.areas, dpi, font)
                    removed_words += page.split.removed_words
                    removed_annotations |= set(page.annotations)
                    pages_report.append(
                        {
                            "page": plan.index + 1,
                            "areas": len(plan.drawn),
                            "matches": len(plan.matches),
                            "characters_removed": page.split.removed,
                            "annotations_removed": len(page.annotations),
                        }
                    )
                    report_progress(stage="Redacting", done=done, total=len(affected))
        pattern = scrub_pattern(search.terms, removed_words, match_case=search.match_case)
        scrub = scrub_document(pdf, pattern, removed_annotations=removed_annotations, pages_redacted=bool(affected))
        if not affected and not scrub.changed_anything():
            raise _nothing_found(search.terms)
        pdf.remove_unreferenced_resources()
        encryption = (
            pikepdf.Encryption(user=password, owner=password, aes=True, R=6) if password and pdf.is_encrypted else False
        )
        data = _save(pdf, encryption)
    report = {
        "dpi": dpi,
        "pages": pages_report,
        "terms": _term_counts(search.terms, plans),
        "scrubbed": scrub.__dict__,
        "page_count": len(plans),
    }
    return data, report


def _save(pdf: pikepdf.Pdf, encryption: pikepdf.Encryption | bool) -> bytes:
    buffer = io.BytesIO()
    # A fresh file: no earlier revision (incremental updates) of a redacted page survives. No object
    # streams: pdfminer misreads fonts in the ones qpdf generates for these files.
    pdf.save(buffer, encryption=encryption, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    return buffer.getvalue()


def _term_counts(terms: list[str], plans: list[PagePlan]) -> list[dict[str, object]]:
    counts: list[dict[str, object]] = []
    for term in terms:
        pages = [plan.index + 1 for plan in plans if any(match.term == term for match in plan.matches)]
        total = sum(1 for plan in plans for match in plan.matches if match.term == term)
        counts.append({"term": term, "matches": total, "pages": pages})
    return counts


def _nothing_found(terms: list[str]) -> ApiError:
    quoted = ", ".join(f"'{term}'" for term in terms)
    return ApiError(
        422,
        "nothing_to_redact",
        f"{quoted} {'was' if len(terms) == 1 else 'were'} not found in the "
        "pages' text, the properties or the bookmarks, and no area was drawn: nothing was redacted",
    )


def find_matches(plans: list[PagePlan]) -> dict[str, object]:
    """The preview: every match, on the page as the thumbnails show it."""
    return {
        "pages": [
            {
                "page": plan.index + 1,
                "matches": [
                    {
                        "term": match.term,
                        "text": match.text,
                        "boxes": [plan.frame.to_viewer(box) for box in match.boxes],
                    }
                    for match in plan.matches
                ],
            }
            for plan in plans
            if plan.matches
        ],
        "total": sum(len(plan.matches) for plan in plans),
    }
