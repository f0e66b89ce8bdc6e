"""OCR with Tesseract: text, words with confidence and boxes, PDFs page by page, preprocessing."""

from __future__ import annotations

import io

from PIL import Image, ImageFilter

from fixtures import samples
from fixtures.tools_support import assert_json_error, upload

LINES = [
    "The quick brown fox jumps over the lazy dog",
    "Pack my box with five dozen liquor jugs",
    "Sphinx of black quartz judge my vow",
]
TRUTH = " ".join(LINES).split()


def word_accuracy(text: str) -> float:
    found = text.split()
    return sum(word in found for word in TRUTH) / len(TRUTH)


def test_languages_lists_installed_tesseract_data(tools_client):
    languages = tools_client.get("/api/tools/ocr/languages").get_json()["languages"]
    codes = {language["code"] for language in languages}
    assert {"eng", "deu", "fra", "spa"} <= codes and "osd" not in codes
    assert {"code": "deu", "name": "German"} in languages


def test_image_text_words_confidence_and_boxes(tools_client):
    image = samples.text_image(LINES, font_size=40)
    response = upload(tools_client, "/api/tools/ocr", (samples.png_of(image), "scan.png"), lang="eng")
    assert response.status_code == 200, response.data[:300]
    body = response.get_json()
    assert body["text"].splitlines() == LINES
    assert body["language"] == "eng" and body["confidence"] > 80
    fox = next(word for word in body["pages"][0]["words"] if word["text"] == "fox")
    assert fox["confidence"] > 80
    # Boxes are in the original image's pixels: the word sits on the first line, left third.
    box = fox["box"]
    assert 30 <= box["top"] <= 60 and 20 < box["height"] < 50 and box["left"] < image.width / 2


def test_preprocessing_measurably_improves_accuracy(tools_client):
    """A small, grey, slightly blurred scan: upscaling and contrast recover most of the words."""
    image = samples.text_image(LINES, font_size=9, padding=10)
    image = Image.eval(image, lambda value: 90 + value * 0.5).filter(ImageFilter.GaussianBlur(0.3))
    source = samples.png_of(image)
    raw = upload(tools_client, "/api/tools/ocr", source, preprocess="false").get_json()
    improved = upload(tools_client, "/api/tools/ocr", source).get_json()
    assert word_accuracy(improved["text"]) >= 0.9
    assert word_accuracy(improved["text"]) >= word_accuracy(raw["text"]) + 0.25


def test_pdf_pages_are_rendered_then_read(tools_client):
    pages = [samples.text_image([line], font_size=48) for line in LINES[:2]]
    buffer = io.BytesIO()
    pages[0].save(buffer, "PDF", save_all=True, append_images=pages[1:], resolution=150)
    response = upload(tools_client, "/api/tools/ocr", (buffer.getvalue(), "scan.pdf"), dpi=200)
    assert response.status_code == 200, response.data[:300]
    body = response.get_json()
    assert [page["page"] for page in body["pages"]] == [1, 2]
    assert [page["text"] for page in body["pages"]] == LINES[:2]
    assert body["page_count"] == 2 and body["next_pages"] is None


def test_a_long_pdf_is_read_a_window_of_pages_at_a_time(tools_app, tools_client):
    """At most TOOLS_OCR_MAX_PAGES pages per request; the answer names the rest for the next one."""
    tools_app.config.update(TOOLS_OCR_MAX_PAGES=2)
    pdf = samples.blank_pdf(5)
    first = upload(tools_client, "/api/tools/ocr", (pdf, "long.pdf"), dpi=72, pages="2-5").get_json()
    assert [page["page"] for page in first["pages"]] == [2, 3]
    assert first["page_count"] == 5 and first["next_pages"] == "4-5"
    last = upload(tools_client, "/api/tools/ocr", (pdf, "long.pdf"), dpi=72, pages=first["next_pages"]).get_json()
    assert [page["page"] for page in last["pages"]] == [4, 5] and last["next_pages"] is None


def test_other_language(tools_client):
    image = samples.text_image(["Größe und Übermaß"], font_size=40)
    body = upload(tools_client, "/api/tools/ocr", samples.png_of(image), lang="deu").get_json()
    assert body["text"] == "Größe und Übermaß" and body["language"] == "deu"


def test_errors(tools_client):
    png = samples.png_of(samples.text_image(["x"]))
    assert_json_error(upload(tools_client, "/api/tools/ocr", png, lang="klingon"), 422, "unsupported_language")
    assert_json_error(upload(tools_client, "/api/tools/ocr", png, lang="eng+../../etc"), 422, "unsupported_language")
    assert_json_error(upload(tools_client, "/api/tools/ocr", samples.docx(["x"])), 415, "unsupported_file_type")
