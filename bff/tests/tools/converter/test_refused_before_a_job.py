"""What the converter cannot convert is refused at once, before any job (issue 37: a 2-byte file took
18.4 s, as plain text it went to LibreOffice). The proof is structural, not a timing: with no job slot
at all on the worker, anything that starts a job (LibreOffice's included) answers 503 `busy`, so a 4xx
naming the file can only come from the checks before the job."""

from __future__ import annotations

import pytest

from fixtures import samples
from fixtures.tools_support import assert_json_error, upload

TWO_BYTES = b"ab"


@pytest.fixture
def no_job_slots(tools_app):
    tools_app.config["TOOLS_MAX_JOBS_PER_WORKER"] = 0  # read when the slots are first made, per app


@pytest.mark.parametrize(
    "name, target, says",
    [
        ("photo.png", "pdf", "photo.png is damaged or not really a PNG file"),
        ("report.docx", "pdf", "report.docx is damaged or not really a DOCX file"),
        ("scan.pdf", "pdf", "scan.pdf is damaged or not really a PDF file"),
        ("page.html", "pdf", "page.html is not a document the converter takes"),
        ("upload", "pdf", "upload is not a document the converter takes"),
        ("photo.png", "webp", "photo.png is damaged or not really an image or a PDF"),
    ],
)
def test_a_tiny_file_that_is_not_what_it_claims_is_refused_before_any_job(
    tools_client, no_job_slots, name, target, says
):
    error = assert_json_error(
        upload(tools_client, "/api/tools/convert", (TWO_BYTES, name), format=target), 415, "unsupported_file_type"
    )
    assert error["message"].startswith(says), error


def test_empty_and_unknown_files_are_refused_before_any_job(tools_client, no_job_slots):
    assert_json_error(upload(tools_client, "/api/tools/convert", (b"", "notes.txt"), format="pdf"), 422, "empty_file")
    assert_json_error(
        upload(tools_client, "/api/tools/convert", (b"\x00\x01", "blob.bin"), format="pdf"),
        415,
        "unsupported_file_type",
    )


def test_one_bad_file_refuses_the_batch_before_any_job(tools_client, no_job_slots):
    good = samples.image_bytes("PNG", 8, 8)
    assert_json_error(
        upload(tools_client, "/api/tools/convert", [(good, "fine.png"), (TWO_BYTES, "broken.jpg")], format="pdf"),
        415,
        "unsupported_file_type",
    )


def test_what_can_be_converted_does_need_a_job(tools_client, no_job_slots):
    """The probe works: a real text file and a real image pass the checks and then need a slot."""
    for file in ((b"Two lines\nof plain text.\n", "notes.txt"), (samples.image_bytes("PNG", 8, 8), "dot.png")):
        assert_json_error(upload(tools_client, "/api/tools/convert", file, format="pdf"), 503, "busy")


def test_plain_text_named_as_text_still_becomes_a_pdf(tools_client):
    response = upload(tools_client, "/api/tools/convert", (b"hi", "hi.txt"), format="pdf")
    assert response.status_code == 200, response.data[:300]
    assert response.mimetype == "application/pdf"
