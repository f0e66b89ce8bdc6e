"""Searchable PDFs (OCRmyPDF): the text layer is read back with pdftotext and pypdf, and every word
must sit where it was drawn on the scanned page; progress streams page by page."""

from __future__ import annotations

import io
import threading

import pikepdf
import pytest

from fixtures import samples
from fixtures.documents import heic_photo, pdftotext_words, pypdf_text, scanned_pdf, stream_lines, streamed_result
from fixtures.tools_support import assert_json_error, upload
from toolkit_bff.jobs import searchable

LINES = [
    ["Quarterly report for Harbour Street", "The invoice number is 48213"],
    ["Second page mentions Lisbon and Porto"],
]


@pytest.fixture(scope="module")
def scan():
    return scanned_pdf(LINES)


def test_words_are_found_where_they_were_drawn(anonymous_tools_client, scan, tmp_path):
    data, drawn = scan
    response = upload(anonymous_tools_client, "/api/tools/ocr/searchable", (data, "scan.pdf"), lang="eng")
    pdf, result, progress = streamed_result(response)
    assert result["filename"] == "scan-searchable.pdf" and result["content_type"] == "application/pdf"
    assert result["report"] == {"pages": 2, "language": "eng", "mode": "skip", "pdfa": "PDF/A-2B", "protected": False}
    # Page by page: the OCR stage counts both pages, in order.
    ocr = [(line["done"], line["total"]) for line in progress if line["stage"] == "OCR"]
    assert ocr[-1] == (2, 2) and ocr == sorted(ocr)
    assert progress[0]["stage"] == "Starting" and progress[0]["total"] == 2

    found = pdftotext_words(pdf, tmp_path)
    for word in drawn:
        matches = [box for page, text, box in found if page == word.page and text == word.text]
        assert matches, f"{word.text} not in the text layer of page {word.page}"
        x0, top, x1, bottom = min(matches, key=lambda box: abs(box[0] - word.box_pt[0]) + abs(box[1] - word.box_pt[1]))
        # Within 3 pt (about 1 mm) of the ink on every side; the text layer's line box is a bit taller.
        assert abs(x0 - word.box_pt[0]) < 3 and abs(x1 - word.box_pt[2]) < 3, (word, x0, x1)
        assert top - 4 < word.box_pt[1] and bottom + 4 > word.box_pt[3] and bottom - top < 30, (word, top, bottom)
    assert "Quarterly report for Harbour Street" in pypdf_text(pdf)
    with pikepdf.open(io.BytesIO(pdf)) as result_pdf:
        assert len(result_pdf.pages) == 2
        assert result_pdf.open_metadata().pdfa_status == "2B"


def test_a_phone_photo_in_heic(anonymous_tools_client, tmp_path):
    photo = heic_photo(text="Meet at Platform 9", width=900, height=400)
    pdf, result, _ = streamed_result(
        upload(anonymous_tools_client, "/api/tools/ocr/searchable", (photo, "IMG_0042.HEIC"))
    )
    assert result["filename"] == "IMG_0042-searchable.pdf"
    words = [text for _, text, _ in pdftotext_words(pdf, tmp_path)]
    assert words[:3] == ["Meet", "at", "Platform"]


def test_a_protected_pdf_stays_protected(tools_client, tmp_path):
    data, _ = scanned_pdf([["Locked ledger page"]])
    with pikepdf.open(io.BytesIO(data)) as pdf:
        buffer = io.BytesIO()
        pdf.save(buffer, encryption=pikepdf.Encryption(user="pw1", owner="pw1", R=6))
    locked = buffer.getvalue()
    assert_json_error(upload(tools_client, "/api/tools/pdf/searchable", locked), 422, "pdf_password_required")
    assert_json_error(
        upload(tools_client, "/api/tools/pdf/searchable", locked, password="nope"), 422, "pdf_wrong_password"
    )
    searchable, result, _ = streamed_result(upload(tools_client, "/api/tools/pdf/searchable", locked, password="pw1"))
    assert result["report"]["protected"] is True and result["report"]["pdfa"] is None
    with pytest.raises(pikepdf.PasswordError):
        pikepdf.open(io.BytesIO(searchable))
    with pikepdf.open(io.BytesIO(searchable), password="pw1") as opened:
        buffer = io.BytesIO()
        opened.save(buffer)
    assert [text for _, text, _ in pdftotext_words(buffer.getvalue(), tmp_path)] == ["Locked", "ledger", "page"]


def test_pages_with_text_are_kept_in_skip_mode(anonymous_tools_client, tmp_path):
    born_digital = samples.text_pdf(["Typed text already"])
    pdf, _, _ = streamed_result(upload(anonymous_tools_client, "/api/tools/ocr/searchable", born_digital))
    assert [text for _, text, _ in pdftotext_words(pdf, tmp_path)] == ["Typed", "text", "already"]


@pytest.mark.parametrize(
    "data, code",
    [
        (b"%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF", "invalid_pdf"),
        (b"%PDF-1.7\n" + b"0" * 500, "invalid_pdf"),
        (b"plain words, not a document", "unsupported_file_type"),
    ],
)
def test_bad_input_is_a_plain_error_before_any_work(anonymous_tools_client, data, code):
    response = upload(anonymous_tools_client, "/api/tools/ocr/searchable", (data, "bad.pdf"))
    assert_json_error(response, 415 if code == "unsupported_file_type" else 422, code)


def test_options_are_checked(anonymous_tools_client, scan):
    data, _ = scan
    assert_json_error(
        upload(anonymous_tools_client, "/api/tools/ocr/searchable", data, lang="klingon"), 422, "unsupported_language"
    )
    assert_json_error(
        upload(anonymous_tools_client, "/api/tools/ocr/searchable", data, mode="sideways"), 422, "invalid_option"
    )


def test_a_job_over_its_time_limit_ends_the_stream_with_the_error(tools_app, anonymous_tools_client, monkeypatch):
    # The OCR never ends (the job processes are forked from this one after the patch, on the first
    # job), so the limit is what ends it, after the first progress line, however fast the machine.
    # The limit only has to outlast the job's start: twelve real pages against 1.5 s once saw it pass
    # before the first line on a busy machine, and a one-page job once took 4 s to start there.
    monkeypatch.setattr(searchable, "_run_ocrmypdf", lambda *args, **kwargs: threading.Event().wait())
    tools_app.config["TOOLS_JOB_TIMEOUT"] = 10
    lines = stream_lines(upload(anonymous_tools_client, "/api/tools/ocr/searchable", scanned_pdf([["One page"]])[0]))
    assert lines[0] == {"type": "progress", "stage": "Starting", "done": 0, "total": 1, "unit": "page"}
    assert lines[-1] == {
        "type": "error",
        "error": {"code": "job_timeout", "message": "The job exceeded the 10 s time limit"},
    }
