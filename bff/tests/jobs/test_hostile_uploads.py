"""The hostile corpus: every file endpoint refuses each file with the status and error code defined
for it, the worker survives, no scratch file remains (the tools_app fixture checks the scratch
directory after each test)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from fixtures import samples
from fixtures.make_bad_corpus import write_corpus
from fixtures.tools_support import upload

IMAGE, PDF = "image", "pdf"
# (path, fields, the kinds of file it takes): anything else is a 415 unsupported_file_type.
ENDPOINTS: list[tuple[str, dict[str, object], set[str]]] = [
    ("/api/tools/convert", {"format": "png"}, {IMAGE, PDF}),
    ("/api/tools/convert", {"format": "pdf"}, {IMAGE}),  # a PDF is already one
    ("/api/tools/ocr", {}, {IMAGE, PDF}),
    ("/api/tools/metadata", {}, {IMAGE}),
    ("/api/tools/metadata/edit", {"Artist": "x"}, {IMAGE}),
    ("/api/tools/metadata/remove-gps", {}, {IMAGE}),
    ("/api/tools/metadata/strip", {}, {IMAGE}),
    ("/api/tools/pdf/info", {}, {PDF}),
    ("/api/tools/pdf/thumbnails", {}, {PDF}),
    ("/api/tools/pdf/split", {}, {PDF}),
    ("/api/tools/pdf/extract", {"pages": "1"}, {PDF}),
    ("/api/tools/pdf/delete", {"pages": "1"}, {PDF}),
    ("/api/tools/pdf/rotate", {"angle": 90}, {PDF}),
    ("/api/tools/pdf/reorder", {"order": "1"}, {PDF}),
    ("/api/tools/pdf/watermark", {"text": "x"}, {PDF}),
    ("/api/tools/pdf/page-numbers", {}, {PDF}),
    ("/api/tools/pdf/metadata", {"title": "x"}, {PDF}),
    ("/api/tools/pdf/encrypt", {"new_password": "x"}, {PDF}),
    ("/api/tools/pdf/decrypt", {"password": "x"}, {PDF}),
    ("/api/tools/pdf/compress", {}, {PDF}),
    ("/api/tools/pdf/text", {}, {PDF}),
    ("/api/tools/pdf/merge", {}, {PDF}),
]
# Each file: the kind its content claims (None: refused before its kind matters) and the refusal of
# an endpoint that takes that kind.
EXPECTED = {
    "zero-bytes.png": (None, 422, "empty_file"),
    "wrong-extension.docx": (None, 415, "unsupported_file_type"),  # a plain ZIP, no office document
    "truncated.png": (IMAGE, 422, "invalid_image"),
    "truncated.jpg": (IMAGE, 422, "invalid_image"),
    "polyglot-jpeg-pdf.jpg": (IMAGE, 422, "invalid_image"),
    "polyglot-png-html.png": (IMAGE, 422, "invalid_image"),
    "gifar.gif": (IMAGE, 422, "invalid_image"),
    "decompression-bomb.png": (IMAGE, 422, "image_too_large"),
    "huge-dimensions.png": (IMAGE, 422, "image_too_large"),
    "huge-dimensions.jpg": (IMAGE, 422, "image_too_large"),
    "truncated.pdf": (PDF, 422, "invalid_pdf"),
    "broken-xref.pdf": (PDF, 422, "invalid_pdf"),
    "encrypted-no-password.pdf": (PDF, 422, "pdf_password_required"),
}


def expected_refusal(name: str, path: str, takes: set[str]) -> tuple[int, str]:
    kind, status, code = EXPECTED[name]
    if kind is not None and kind not in takes:
        return 415, "unsupported_file_type"
    if (name, path) == ("encrypted-no-password.pdf", "/api/tools/pdf/decrypt"):
        return 422, "pdf_wrong_password"  # decrypt is given a password, just not the right one
    return status, code


CORPUS_DIR = Path(tempfile.mkdtemp(prefix="toolkit-bad-corpus-"))
CORPUS = write_corpus(CORPUS_DIR)


@pytest.fixture(scope="module", autouse=True)
def remove_corpus():
    yield
    for path in CORPUS.values():
        path.unlink()
    CORPUS_DIR.rmdir()


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_every_endpoint_refuses_with_its_json_error(tools_client, name):
    data = CORPUS[name].read_bytes()
    for path, fields, takes in ENDPOINTS:
        files = [(data, name), (data, name)] if path.endswith("merge") else (data, name)
        response = upload(tools_client, path, files, **fields)
        status, code = expected_refusal(name, path, takes)
        assert response.is_json, (path, name, response.status_code, response.data[:200])
        assert (response.status_code, response.get_json()["error"]["code"]) == (status, code), (path, name)


def test_limit_errors_name_the_limit(tools_client):
    error = upload(
        tools_client, "/api/tools/convert", CORPUS["decompression-bomb.png"].read_bytes(), format="png"
    ).get_json()["error"]
    assert error["code"] == "image_too_large" and "50 megapixel limit" in error["message"]
    error = upload(tools_client, "/api/tools/pdf/info", CORPUS["encrypted-no-password.pdf"].read_bytes()).get_json()
    assert error["error"]["code"] == "pdf_password_required"


def test_worker_still_serves_after_the_corpus(tools_client):
    for name in sorted(CORPUS):
        upload(tools_client, "/api/tools/convert", CORPUS[name].read_bytes(), format="webp")
    response = upload(tools_client, "/api/tools/convert", samples.jpeg_with_exif(64, 48), format="png")
    assert response.status_code == 200
