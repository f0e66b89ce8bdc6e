"""/api/tools/pdf/redact/find (the preview of every match) and /api/tools/pdf/redact (the redacted
PDF, as a progress stream page by page; redaction.py)."""

from __future__ import annotations

from flask import Response, jsonify

from ...contract.responses import IMAGE, JOB, OPTIONS, PAGE_GATE, PAGES, PDF, UPLOAD, json_response
from ...contract.streams import stream_answer
from ...errors import ApiError
from ...jobs.files import Result, file_response
from ...jobs.limits import Deadline
from ...jobs.progress import set_report, streams_progress
from ...jobs.uploads import read_upload
from .endpoint import _password, pdf_route
from .redaction import find_matches, redact, survey
from .redaction_models import RedactionMatches, RedactionStreamLine, RedactOptions, SearchTerms
from .redaction_options import SearchOptions, requested_areas


@pdf_route(
    "/pdf/redact/find",
    "findRedactionMatches",
    SearchTerms,
    (PAGE_GATE, UPLOAD, OPTIONS, PDF, JOB),
    answers={200: json_response("Where each match is, as the page thumbnails show it.", RedactionMatches)},
)
def find_redaction_matches(options: SearchTerms) -> Response:
    """Preview: every match of the search terms, page by page"""
    search = SearchOptions.of(options)
    if not search.terms:
        raise ApiError(422, "invalid_option", "Option 'terms' is required: the words or phrases to find")
    upload = read_upload()
    plans = survey(upload, _password(options), search, lambda _count: [], Deadline.for_job())
    return jsonify(find_matches(plans))


@pdf_route(
    "/pdf/redact",
    "redactPdf",
    RedactOptions,
    (PAGE_GATE, UPLOAD, OPTIONS, PDF, PAGES, IMAGE, JOB, {422: ["nothing_to_redact"]}),
    answers={200: stream_answer("The redacted PDF, page by page.", RedactionStreamLine)},
)
@streams_progress
def redact_pdf(options: RedactOptions) -> Response:
    """Redact areas and every match of words: the content under them is removed

    Pages with something to remove are redrawn as an image (at `dpi`) with the areas black and
    their other words kept as an invisible, selectable layer; their annotations and form fields go.
    Properties, XMP, bookmarks and other strings lose the redacted words; attachments and scripts
    are removed. The report says what was removed."""
    deadline, search, dpi = Deadline.for_job(), SearchOptions.of(options), options.dpi
    if not search.terms and not options.areas.strip("[] \n"):
        raise ApiError(
            422, "nothing_to_redact", "Nothing to redact: draw at least one area on a page or give a word to find"
        )
    upload = read_upload()
    areas = lambda page_count: requested_areas(options.areas, page_count)  # noqa: E731
    data, report = redact(upload, _password(options), search, areas, dpi, deadline)
    set_report(report)
    return file_response(Result(f"{upload.stem}-redacted.pdf", data, "pdf"), input_size=len(upload.data))
