"""True redaction, checked by reading the result with every extractor there is: pdftotext, pdfminer,
pypdf, pdfinfo (properties and XMP), pikepdf (every string and stream in the file), pdfimages +
Tesseract (the page images). Redacted words must be gone from all of them; the rest of the text must
still be there, where it was."""

from __future__ import annotations

import io
import json

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image

from fixtures.documents import (
    SECRET,
    all_text,
    page_texts,
    pdfimages,
    pdftotext_words,
    secret_pdf,
    streamed_result,
    tesseract_words,
)
from fixtures.tools_support import assert_json_error, upload

KEPT = ["opening line stays readable", "Closing line stays readable too"]


@pytest.fixture(scope="module")
def document() -> bytes:
    return secret_pdf()


def assert_gone_everywhere(data: bytes, tmp_path, *words: str) -> dict[str, str]:
    texts = all_text(data, tmp_path)
    for word in words:
        for reader, text in texts.items():
            assert word.lower() not in text.lower(), f"{word!r} still found by {reader}"
    return texts


def rendered_pixel(data: bytes, page: int, x: float, y: float, password: str | None = None) -> tuple[int, int, int]:
    """The colour at user-space point (x, y) of a page, rendered at 72 dpi."""
    document = pdfium.PdfDocument(data, password=password)
    try:
        image: Image.Image = document[page].render(scale=1).to_pil().convert("RGB")
        pixel = image.getpixel((int(x), int(792 - y)))
        assert isinstance(pixel, tuple) and len(pixel) == 3, pixel  # an RGB image's pixel
        return pixel[0], pixel[1], pixel[2]
    finally:
        document.close()


def test_every_match_of_a_word_is_gone_from_every_reader(anonymous_tools_client, document, tmp_path):
    before = {(page, text): box for page, text, box in pdftotext_words(document, tmp_path)}
    response = upload(
        anonymous_tools_client, "/api/tools/pdf/redact", (document, "notes.pdf"), terms=json.dumps(["zanzibar"])
    )
    data, result, progress = streamed_result(response)
    assert result["filename"] == "notes-redacted.pdf"
    assert [(line["done"], line["total"]) for line in progress] == [(0, 2), (1, 2), (2, 2)]
    texts = assert_gone_everywhere(data, tmp_path, SECRET)
    for reader in ("pdftotext", "pdfminer", "pypdf"):
        for kept in [*KEPT, "The meeting point is", "harbour at noon", "Nothing to hide here"]:
            assert kept in " ".join(texts[reader].split()), (reader, kept)
    # The words that stay are where they were, to the point.
    after = {(page, text): box for page, text, box in pdftotext_words(data, tmp_path)}
    for key in [(1, "meeting"), (1, "harbour"), (1, "Closing"), (3, "noon"), (2, "hide")]:
        assert all(abs(a - b) < 2 for a, b in zip(after[key], before[key], strict=True)), (key, after[key], before[key])
    # Where the word was, the page is black.
    word_box = before[(1, SECRET)]
    assert rendered_pixel(data, 0, (word_box[0] + word_box[2]) / 2, 792 - (word_box[1] + word_box[3]) / 2) == (0, 0, 0)
    report = result["report"]
    assert [page["page"] for page in report["pages"]] == [1, 3]
    assert report["terms"] == [{"term": "zanzibar", "matches": 2, "pages": [1, 3]}]
    scrubbed = report["scrubbed"]
    assert sorted(scrubbed["metadata_fields"]) == ["Keywords", "Title"]
    assert scrubbed["xmp_removed"] == 1 and scrubbed["bookmarks"] == 1
    assert scrubbed["annotations_removed"] == 1 and scrubbed["form_fields_removed"] == 1
    assert scrubbed["attachments_removed"] == ["contacts.txt"]
    assert texts["properties"].count("[redacted]") == 2 and "Ada Lovelace" in texts["properties"]
    assert "Closing notes" in texts["outline"]


def test_the_page_images_show_no_redacted_word(anonymous_tools_client, document, tmp_path):
    data, _, _ = streamed_result(
        upload(anonymous_tools_client, "/api/tools/pdf/redact", document, terms=SECRET, dpi=150)
    )
    images = pdfimages(data, tmp_path)
    pages = [image for image in images if image.width > 1000]  # the redrawn pages, not the picture
    assert len(pages) == 2
    seen = tesseract_words(pages[0], tmp_path)
    assert "meeting point" in seen and "harbour" in seen and SECRET.lower() not in seen.lower()


def test_a_drawn_area_removes_text_pictures_and_drawings_under_it(anonymous_tools_client, document, tmp_path):
    def area(left: float, bottom: float, right: float, top: float) -> dict[str, float]:
        """Points, as drawn → fractions of the page from its top-left."""
        return {
            "page": 1,
            "left": left / 612,
            "top": (792 - top) / 792,
            "width": (right - left) / 612,
            "height": (top - bottom) / 792,
        }

    line, picture, bar = area(60, 655, 540, 672), area(395, 595, 525, 665), area(70, 556, 275, 570)
    data, result, _ = streamed_result(
        upload(anonymous_tools_client, "/api/tools/pdf/redact", document, areas=json.dumps([line, picture, bar]))
    )
    # The whole second line was under the area: every word of it is gone from page 1, and from the
    # properties and keywords too ("harbour" was in the keywords), without being asked for.
    for reader, text in page_texts(data, tmp_path, 1).items():
        assert all(kept in text for kept in KEPT), (reader, text)
        assert all(gone not in text for gone in (SECRET, "meeting", "point", "harbour", "noon")), (reader, text)
    texts = all_text(data, tmp_path)
    assert SECRET not in texts["properties"] and "harbour" not in texts["properties"]
    assert "travel" in texts["properties"] and "Ada Lovelace" in texts["properties"]
    # Page 3 was not touched: its line stays (an area is a place on one page, not a word).
    assert f"The meeting point is {SECRET} harbour at noon" in page_texts(data, tmp_path, 3)["pdftotext"]
    # No picture, no red bar: black where they were, and no image but the page itself left on page 1.
    assert rendered_pixel(data, 0, 460, 630) == (0, 0, 0) and rendered_pixel(data, 0, 150, 564) == (0, 0, 0)
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert list(pdf.pages[0].Resources.XObject.keys()) == ["/TkRedactedPage"]
        original = pikepdf.open(io.BytesIO(document))
        # Page 2 had no area: its drawing is the original's, byte for byte.
        assert pdf.pages[1].Contents.read_bytes() == original.pages[1].Contents.read_bytes()
    assert result["report"]["pages"][0]["areas"] == 3 and result["report"]["pages"][0]["characters_removed"] == 38


def test_matches_are_previewed_where_the_thumbnails_show_them(anonymous_tools_client, document):
    body = upload(
        anonymous_tools_client, "/api/tools/pdf/redact/find", document, terms=json.dumps([SECRET, "noon"])
    ).get_json()
    assert body["total"] == 4
    assert [page["page"] for page in body["pages"]] == [1, 3]
    match = body["pages"][0]["matches"][0]
    assert match["term"] == SECRET and match["text"] == SECRET
    box = match["boxes"][0]
    # Line two's baseline is at y = 660 pt of 792, x from 72 pt + "The meeting point is " (about 134 pt).
    assert abs(box["top"] - (792 - 672) / 792) < 0.02 and abs(box["left"] - 206 / 612) < 0.03


def test_areas_on_a_turned_page_follow_what_the_reader_sees(anonymous_tools_client, tmp_path):
    pdf = pikepdf.open(io.BytesIO(secret_pdf(pages=1)))
    pdf.pages[0].obj.Rotate = 90
    buffer = io.BytesIO()
    pdf.save(buffer)
    turned = buffer.getvalue()
    found = upload(anonymous_tools_client, "/api/tools/pdf/redact/find", turned, terms=SECRET).get_json()
    box = found["pages"][0]["matches"][0]["boxes"][0]
    assert box["height"] > box["width"]  # the line runs downwards on a page turned a quarter
    data, _, _ = streamed_result(
        upload(anonymous_tools_client, "/api/tools/pdf/redact", turned, areas=json.dumps([{"page": 1, **box}]))
    )
    texts = assert_gone_everywhere(data, tmp_path, SECRET)
    assert "harbour at noon" in " ".join(texts["pdftotext"].split())
    with pikepdf.open(io.BytesIO(data)) as result:
        assert result.pages[0].obj.Rotate == 90


def test_a_protected_pdf_stays_protected(tools_client, document, tmp_path):
    pdf = pikepdf.open(io.BytesIO(document))
    buffer = io.BytesIO()
    pdf.save(buffer, encryption=pikepdf.Encryption(user="pw", owner="pw", R=6))
    locked = buffer.getvalue()
    assert_json_error(upload(tools_client, "/api/tools/pdf/redact", locked, terms=SECRET), 422, "pdf_password_required")
    data, _, _ = streamed_result(upload(tools_client, "/api/tools/pdf/redact", locked, terms=SECRET, password="pw"))
    with pytest.raises(pikepdf.PasswordError):
        pikepdf.open(io.BytesIO(data))
    with pikepdf.open(io.BytesIO(data), password="pw") as opened:
        plain = io.BytesIO()
        opened.save(plain)
    assert_gone_everywhere(plain.getvalue(), tmp_path, SECRET)


@pytest.mark.parametrize(
    "fields, status, code",
    [
        ({}, 422, "nothing_to_redact"),
        ({"areas": "[]", "terms": ""}, 422, "nothing_to_redact"),
        ({"terms": "Atlantis"}, 422, "nothing_to_redact"),
        (
            {"areas": json.dumps([{"page": 9, "left": 0, "top": 0, "width": 0.5, "height": 0.5}])},
            422,
            "invalid_page_range",
        ),
        ({"areas": '[{"page": 1'}, 422, "invalid_option"),
        (
            {"areas": json.dumps([{"page": 1, "left": 0.2, "top": 0.2, "width": 0, "height": 0.1}])},
            422,
            "invalid_option",
        ),
        (
            {"areas": json.dumps([{"page": 1, "left": -1, "top": 0.2, "width": 0.1, "height": 0.1}])},
            422,
            "invalid_option",
        ),
        ({"terms": json.dumps(["fine", 5])}, 422, "invalid_option"),
        ({"terms": SECRET, "dpi": 5000}, 422, "invalid_option"),
    ],
)
def test_bad_requests_are_plain_errors(anonymous_tools_client, document, fields, status, code):
    assert_json_error(upload(anonymous_tools_client, "/api/tools/pdf/redact", document, **fields), status, code)


def test_a_damaged_pdf_is_refused(anonymous_tools_client):
    damaged = b"%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF"
    assert_json_error(
        upload(anonymous_tools_client, "/api/tools/pdf/redact", damaged, terms=SECRET), 422, "invalid_pdf"
    )
