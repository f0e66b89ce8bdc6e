"""/api/tools/pdf/redact/find and /pdf/redact: options, the matches and the report."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ...contract.base import Answer
from ...contract.fields import SERVER_RULE
from ...contract.options import Switch, TextOption, WholeOption
from ...contract.streams import stream_line
from .models import PdfOptions
from .redaction_options import MAX_AREAS, MAX_TERM_LENGTH, MAX_TERMS

Count = Annotated[int, Field(ge=0)]
Fraction = Annotated[float, Field(ge=0, le=1)]


class SearchTerms(PdfOptions):
    terms: Annotated[str, TextOption(MAX_TERMS * (MAX_TERM_LENGTH + 8))] = Field(
        "",
        description=f"Words or phrases to find and redact everywhere: a JSON array of strings (at most "
        f"{MAX_TERMS}) or one per line.",
        json_schema_extra={
            SERVER_RULE: f"a JSON array of at most {MAX_TERMS} strings or one term per line, "
            f"each at most {MAX_TERM_LENGTH} characters; required to find"
        },
    )
    match_case: Switch = Field(False, description="Match upper and lower case exactly.")
    whole_word: Switch = Field(False, description="Only whole words (`cat` does not match `category`).")


class RedactOptions(SearchTerms):
    areas: Annotated[str, TextOption(MAX_AREAS * 120)] = Field(
        "",
        description=f"JSON array (at most {MAX_AREAS}) of `{{page, left, top, width, height}}`: page 1-based, "
        "the rest fractions of the page as shown, from its top-left.",
        json_schema_extra={SERVER_RULE: "a JSON array of areas on pages the PDF has; an area or a term"},
    )
    dpi: Annotated[int, WholeOption(72, 400)] = Field(200, description="Resolution of redrawn pages.")


class MatchBox(Answer):
    """Fractions of the page as shown (its crop box turned by its rotation), from the top-left."""

    left: Fraction
    top: Fraction
    width: Fraction
    height: Fraction


class Match(Answer):
    term: str
    text: str = Field(description="As found on the page.")
    boxes: list[MatchBox]


class PageMatches(Answer):
    page: Count
    matches: list[Match]


class RedactionMatches(Answer):
    total: Count
    pages: list[PageMatches]


class RedactedPage(Answer):
    page: Count
    areas: Count
    matches: Count
    characters_removed: Count
    annotations_removed: Count


class TermMatches(Answer):
    term: str
    matches: Count
    pages: list[Count]


class Scrubbed(Answer):
    metadata_fields: list[str]
    xmp_removed: Count
    bookmarks: Count
    annotations_removed: Count
    form_fields_removed: Count
    attachments_removed: list[str]
    scripts_removed: Count
    tags_removed: bool
    other_strings: Count


class RedactionReport(Answer):
    dpi: Count
    page_count: Count
    pages: list[RedactedPage] = Field(description="The pages redrawn as images.")
    terms: list[TermMatches]
    scrubbed: Scrubbed


RedactionStreamLine = stream_line("Redaction", RedactionReport)
