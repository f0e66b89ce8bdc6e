"""PDF editor: every operation on real PDFs, results re-read with pypdf/pikepdf/pypdfium2."""

from __future__ import annotations

import base64
import io

import pikepdf
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from fixtures import samples
from fixtures.tools_support import assert_json_error, decode_image, unzip, upload

FIVE = [f"Page number {n}" for n in range(1, 6)]


def texts(data: bytes, password: str | None = None) -> list[str]:
    reader = PdfReader(io.BytesIO(data))
    if password:
        reader.decrypt(password)
    return [page.extract_text().strip() for page in reader.pages]


def rendered_text(data: bytes) -> list[str]:
    document = pdfium.PdfDocument(data)
    try:
        return [document[i].get_textpage().get_text_bounded() for i in range(len(document))]
    finally:
        document.close()


@pytest.fixture
def five_pages():
    return samples.text_pdf(FIVE)


def test_info(tools_client, five_pages):
    pdf = pikepdf.open(io.BytesIO(five_pages))
    pdf.docinfo["/Title"] = "Annual report"
    pdf.pages[1].rotate(90, relative=False)
    buffer = io.BytesIO()
    pdf.save(buffer)
    body = upload(tools_client, "/api/tools/pdf/info", buffer.getvalue()).get_json()
    assert body["pages"] == 5 and body["encrypted"] is False
    assert body["metadata"]["title"] == "Annual report"
    assert body["page_sizes"][0] == {
        "page": 1,
        "width_pt": 595,
        "height_pt": 842,
        "width_mm": 209.9,
        "height_mm": 297.0,
        "rotation": 0,
    }
    assert body["page_sizes"][1]["rotation"] == 90


def test_thumbnails(tools_client, five_pages):
    body = upload(tools_client, "/api/tools/pdf/thumbnails", five_pages, width=100, pages="2-3").get_json()
    assert [item["page"] for item in body["thumbnails"]] == [2, 3]
    image = decode_image(base64.b64decode(body["thumbnails"][0]["data_url"].split(",", 1)[1]))
    assert image.size == (100, 142)


def test_thumbnails_come_a_window_at_a_time(tools_app, tools_client, five_pages):
    """At most TOOLS_THUMBNAILS_MAX_PAGES per answer; `next_pages`, sent back as `pages`, gets the rest."""
    tools_app.config.update(TOOLS_THUMBNAILS_MAX_PAGES=2)
    seen, pages = [], "1,3-5"
    while pages:
        body = upload(tools_client, "/api/tools/pdf/thumbnails", five_pages, width=40, pages=pages).get_json()
        assert len(body["thumbnails"]) <= 2 and body["page_count"] == 5
        seen += [item["page"] for item in body["thumbnails"]]
        pages = body["next_pages"]
    assert seen == [1, 3, 4, 5]


def test_thumbnails_stop_at_the_byte_limit_of_an_answer(tools_app, tools_client, five_pages):
    tools_app.config.update(TOOLS_THUMBNAILS_MAX_BYTES=1)  # smaller than any thumbnail: one per answer
    response = upload(tools_client, "/api/tools/pdf/thumbnails", five_pages, width=40)
    body = response.get_json()
    assert [item["page"] for item in body["thumbnails"]] == [1] and body["next_pages"] == "2-5"


def test_merge_in_the_given_order(tools_client):
    files = [(samples.text_pdf(["Alpha"]), "a.pdf"), (samples.text_pdf(["Beta 1", "Beta 2"]), "b.pdf")]
    response = upload(tools_client, "/api/tools/pdf/merge", files, order="2,1")
    assert response.status_code == 200, response.data[:300]
    assert texts(response.data) == ["Beta 1", "Beta 2", "Alpha"]
    assert 'filename="b-merged.pdf"' in response.headers["Content-Disposition"]
    assert_json_error(upload(tools_client, "/api/tools/pdf/merge", files[:1]), 422, "too_few_files")


@pytest.mark.parametrize(
    "fields, expected",
    [
        ({"ranges": "1-3,5"}, {"doc-pages-1-3.pdf": FIVE[:3], "doc-page-5.pdf": FIVE[4:]}),
        ({"every": 2}, {"doc-pages-1-2.pdf": FIVE[:2], "doc-pages-3-4.pdf": FIVE[2:4], "doc-page-5.pdf": FIVE[4:]}),
        ({}, {f"doc-page-{n}.pdf": [FIVE[n - 1]] for n in range(1, 6)}),
    ],
)
def test_split(tools_client, five_pages, fields, expected):
    response = upload(tools_client, "/api/tools/pdf/split", (five_pages, "doc.pdf"), **fields)
    parts = unzip(response.data)
    assert {name: texts(data) for name, data in parts.items()} == expected


def test_extract_delete_reorder(tools_client, five_pages):
    assert texts(upload(tools_client, "/api/tools/pdf/extract", five_pages, pages="4,1-2").data) == [
        FIVE[3],
        FIVE[0],
        FIVE[1],
    ]
    assert texts(upload(tools_client, "/api/tools/pdf/delete", five_pages, pages="2-4").data) == [FIVE[0], FIVE[4]]
    assert texts(upload(tools_client, "/api/tools/pdf/reorder", five_pages, order="5,4,3,2,1").data) == FIVE[::-1]
    assert_json_error(upload(tools_client, "/api/tools/pdf/reorder", five_pages, order="1,2"), 422, "invalid_option")
    assert_json_error(upload(tools_client, "/api/tools/pdf/delete", five_pages, pages="1-5"), 422, "invalid_page_range")
    assert_json_error(
        upload(tools_client, "/api/tools/pdf/extract", five_pages, pages="3-9"), 422, "invalid_page_range"
    )
    assert_json_error(
        upload(tools_client, "/api/tools/pdf/extract", five_pages, pages="a-b"), 422, "invalid_page_range"
    )


def test_rotate(tools_client, five_pages):
    rotated = PdfReader(
        io.BytesIO(upload(tools_client, "/api/tools/pdf/rotate", five_pages, angle=90, pages="1,3").data)
    )
    assert [page.get("/Rotate", 0) for page in rotated.pages] == [90, 0, 90, 0, 0]
    per_page = PdfReader(
        io.BytesIO(upload(tools_client, "/api/tools/pdf/rotate", five_pages, rotations='{"2": 180, "5": -90}').data)
    )
    assert [page.get("/Rotate", 0) % 360 for page in per_page.pages] == [0, 180, 0, 0, 270]
    assert_json_error(upload(tools_client, "/api/tools/pdf/rotate", five_pages, angle=45), 422, "invalid_option")


def test_watermark_and_page_numbers_are_real_text(tools_client, five_pages):
    marked = upload(tools_client, "/api/tools/pdf/watermark", five_pages, text="CONFIDENTIAL", opacity=0.3)
    assert marked.status_code == 200, marked.data[:300]
    assert all("CONFIDENTIAL" in text for text in rendered_text(marked.data))
    numbered = upload(
        tools_client, "/api/tools/pdf/page-numbers", five_pages, template="Page {n} of {total}", position="bottom-right"
    )
    assert [text.split("\n")[-1].strip() for text in rendered_text(numbered.data)][:2] == ["Page 1 of 5", "Page 2 of 5"]
    # The number sits at the bottom right of the page as rendered.
    document = pdfium.PdfDocument(numbered.data)
    page = document[0]
    text_page = page.get_textpage()
    searcher = text_page.search("Page 1 of 5")
    left, bottom, _, _ = text_page.get_charbox(searcher.get_next()[0])
    assert left > 400 and bottom < 60
    searcher.close(), text_page.close(), page.close(), document.close()
    assert_json_error(upload(tools_client, "/api/tools/pdf/watermark", five_pages, text="日本"), 422)


def test_metadata_edit(tools_client, five_pages):
    response = upload(tools_client, "/api/tools/pdf/metadata", five_pages, title="New title", author="Me")
    metadata = PdfReader(io.BytesIO(response.data)).metadata
    assert metadata is not None
    assert (metadata.title, metadata.author) == ("New title", "Me")
    assert texts(response.data) == FIVE


def test_encrypt_then_decrypt(tools_client, five_pages):
    locked = upload(tools_client, "/api/tools/pdf/encrypt", five_pages, new_password="hunter2")
    reader = PdfReader(io.BytesIO(locked.data))
    assert reader.is_encrypted
    assert_json_error(upload(tools_client, "/api/tools/pdf/info", locked.data), 422, "pdf_password_required")
    assert_json_error(
        upload(tools_client, "/api/tools/pdf/decrypt", locked.data, password="nope"), 422, "pdf_wrong_password"
    )
    info = upload(tools_client, "/api/tools/pdf/info", locked.data, password="hunter2").get_json()
    assert info["encrypted"] is True and info["pages"] == 5
    unlocked = upload(tools_client, "/api/tools/pdf/decrypt", locked.data, password="hunter2")
    assert not PdfReader(io.BytesIO(unlocked.data)).is_encrypted
    assert texts(unlocked.data) == FIVE
    # Editing an encrypted file keeps it protected with the same password.
    rotated = upload(tools_client, "/api/tools/pdf/rotate", locked.data, password="hunter2", angle=90)
    assert texts(rotated.data, "hunter2") == FIVE and PdfReader(io.BytesIO(rotated.data)).is_encrypted


def test_compress_reports_the_size_change(tools_client):
    pdf = pikepdf.new()
    for _ in range(3):
        page = pdf.add_blank_page(page_size=(600, 600))
        page.obj.Contents = pdf.make_stream(b"0 0 1 rg 10 10 100 100 re f\n" * 200, filter=None)
    image = samples.photo(900, 900)
    raw = pikepdf.Stream(pdf, image.tobytes())
    raw.Type, raw.Subtype, raw.Width, raw.Height = pikepdf.Name.XObject, pikepdf.Name.Image, 900, 900
    raw.ColorSpace, raw.BitsPerComponent = pikepdf.Name.DeviceRGB, 8
    pdf.pages[0].add_resource(raw, pikepdf.Name.XObject, name=pikepdf.Name.Im0)
    buffer = io.BytesIO()
    pdf.save(buffer, compress_streams=False)
    source = buffer.getvalue()
    response = upload(tools_client, "/api/tools/pdf/compress", source, image_quality=70)
    assert response.status_code == 200, response.data[:300]
    assert int(response.headers["X-Output-Size"]) < len(source) / 10
    assert response.headers["X-Size-Change"].startswith("-")
    assert len(PdfReader(io.BytesIO(response.data)).pages) == 3


def test_text_extraction(tools_client, five_pages):
    body = upload(tools_client, "/api/tools/pdf/text", five_pages).get_json()
    assert [page["text"].strip() for page in body["pages"]] == FIVE


def test_page_limit_is_named(tools_app, tools_client):
    tools_app.config["TOOLS_MAX_PDF_PAGES"] = 10
    error = assert_json_error(upload(tools_client, "/api/tools/pdf/info", samples.blank_pdf(11)), 422, "too_many_pages")
    assert "limit is 10 pages" in error["message"]
    files = [samples.blank_pdf(6), samples.blank_pdf(6)]
    assert_json_error(upload(tools_client, "/api/tools/pdf/merge", files), 422, "too_many_pages")


def test_default_page_limit_is_1000(tools_client):
    assert upload(tools_client, "/api/tools/pdf/info", samples.blank_pdf(1000)).get_json()["pages"] == 1000
    assert_json_error(upload(tools_client, "/api/tools/pdf/split", samples.blank_pdf(1001)), 422, "too_many_pages")


def _pages_behind_password(data: bytes, password: str) -> int:
    with pytest.raises(pikepdf.PasswordError):
        pikepdf.open(io.BytesIO(data))
    with pikepdf.open(io.BytesIO(data), password=password) as pdf:
        return len(pdf.pages)


@pytest.mark.parametrize(
    "path, fields",
    [
        ("/api/tools/pdf/split", {"ranges": "1-2"}),
        ("/api/tools/pdf/compress", {"image_quality": 60}),
        ("/api/tools/pdf/metadata", {"title": "Still secret"}),
    ],
)
def test_single_input_operations_keep_the_password(tools_client, path, fields):
    locked = samples.encrypted_pdf("s3cret", pages=3)
    response = upload(tools_client, path, locked, password="s3cret", **fields)
    assert response.status_code == 200, response.data[:200]
    assert _pages_behind_password(response.data, "s3cret") > 0


def test_merging_a_protected_pdf_keeps_the_result_protected(tools_client):
    locked = samples.encrypted_pdf("s3cret", pages=2)
    response = upload(tools_client, "/api/tools/pdf/merge", [(locked, "a.pdf"), (locked, "b.pdf")], password="s3cret")
    assert response.status_code == 200, response.data[:200]
    assert _pages_behind_password(response.data, "s3cret") == 4


def test_a_password_given_for_open_pdfs_is_ignored(tools_client, five_pages):
    response = upload(
        tools_client, "/api/tools/pdf/merge", [(five_pages, "a.pdf"), (five_pages, "b.pdf")], password="unused"
    )
    assert response.status_code == 200, response.data[:200]
    with pikepdf.open(io.BytesIO(response.data)) as merged:
        assert len(merged.pages) == 10


def test_single_file_operations_refuse_several_files(tools_client, five_pages):
    response = upload(tools_client, "/api/tools/pdf/info", [(five_pages, "a.pdf"), (five_pages, "b.pdf")])
    error = assert_json_error(response, 422, "too_many_files")
    assert error["message"] == "At most one file per request"


@pytest.mark.parametrize(
    "name, expected",
    [
        ("report.pdf", "report.pdf is damaged or not really a PDF"),  # named as a PDF: say so, not "unrecognised"
        ("notes.bin", "notes.bin is TXT; expected a PDF"),
    ],
)
def test_a_file_that_is_not_a_pdf_is_named_with_the_reason(tools_client, name, expected):
    response = upload(tools_client, "/api/tools/pdf/info", (b"this is not a PDF at all, just text", name))
    assert assert_json_error(response, 415, "unsupported_file_type")["message"] == expected
