"""/api/tools/pdf/redact/find (the preview of every match) and /api/tools/pdf/redact (the redacted
PDF, as a progress stream page by page; redaction.py)."""
from __future__ import annotations

from flask import jsonify

from ...errors import ApiError
from ...jobs.files import Result, file_response
from ...jobs.limits import Deadline
from ...jobs.options import get_str
from ...jobs.progress import set_report, streams_progress
from ...jobs.uploads import read_upload
from .endpoint import bp
from .redaction import find_matches, redact, survey
from .redaction_options import MAX_AREAS, SearchOptions, requested_areas, requested_dpi


def _password() -> str | None:
    return get_str("password", None, max_length=256) or None


@bp.post("/pdf/redact/find")
def find_redaction_matches():
    search = SearchOptions.from_request()
    if not search.terms:
        raise ApiError(422, "invalid_option", "Option 'terms' is required: the words or phrases to find")
    upload = read_upload()
    plans = survey(upload, _password(), search, lambda _count: [], Deadline.for_job())
    return jsonify(find_matches(plans))


@bp.post("/pdf/redact")
@streams_progress
def redact_pdf():
    deadline, search, dpi = Deadline.for_job(), SearchOptions.from_request(), requested_dpi()
    if not search.terms and not (get_str("areas", "", max_length=MAX_AREAS * 120) or "").strip("[] \n"):
        raise ApiError(422, "nothing_to_redact", "Nothing to redact: draw at least one area on a page or give "
                       "a word to find")
    upload = read_upload()
    data, report = redact(upload, _password(), search, requested_areas, dpi, deadline)
    set_report(report)
    return file_response(Result(f"{upload.stem}-redacted.pdf", data, "pdf"), input_size=len(upload.data))
