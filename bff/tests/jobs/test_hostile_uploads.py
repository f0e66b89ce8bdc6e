"""The hostile corpus: every file endpoint answers 4xx JSON, the worker survives, no scratch
file remains (the tools_app fixture checks the scratch directory after each test)."""
from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from fixtures import samples
from fixtures.make_bad_corpus import write_corpus
from fixtures.tools_support import upload
ENDPOINTS = [
    ("/api/tools/convert", {"format": "png"}),
    ("/api/tools/convert", {"format": "pdf"}),
    ("/api/tools/ocr", {}),
    ("/api/tools/metadata", {}),
    ("/api/tools/metadata/edit", {"Artist": "x"}),
    ("/api/tools/metadata/remove-gps", {}),
    ("/api/tools/metadata/strip", {}),
    ("/api/tools/pdf/info", {}),
    ("/api/tools/pdf/thumbnails", {}),
    ("/api/tools/pdf/split", {}),
    ("/api/tools/pdf/extract", {"pages": "1"}),
    ("/api/tools/pdf/delete", {"pages": "1"}),
    ("/api/tools/pdf/rotate", {"angle": 90}),
    ("/api/tools/pdf/reorder", {"order": "1"}),
    ("/api/tools/pdf/watermark", {"text": "x"}),
    ("/api/tools/pdf/page-numbers", {}),
    ("/api/tools/pdf/metadata", {"title": "x"}),
    ("/api/tools/pdf/encrypt", {"new_password": "x"}),
    ("/api/tools/pdf/decrypt", {"password": "x"}),
    ("/api/tools/pdf/compress", {}),
    ("/api/tools/pdf/text", {}),
]
CORPUS_DIR = Path(tempfile.mkdtemp(prefix="toolkit-bad-corpus-"))
CORPUS = write_corpus(CORPUS_DIR)


@pytest.fixture(scope="module", autouse=True)
def remove_corpus():
    yield
    for path in CORPUS.values():
        path.unlink()
    CORPUS_DIR.rmdir()


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_every_endpoint_refuses_with_json(tools_client, name):
    data = CORPUS[name].read_bytes()
    for path, fields in ENDPOINTS:
        files = [(data, name), (data, name)] if path.endswith("merge") else (data, name)
        response = upload(tools_client, path, files, **fields)
        assert 400 <= response.status_code < 500, (path, name, response.status_code, response.data[:200])
        assert response.is_json and response.get_json()["error"]["code"], (path, name)
    merged = upload(tools_client, "/api/tools/pdf/merge", [(data, name), (data, name)])
    assert 400 <= merged.status_code < 500 and merged.is_json


def test_limit_errors_name_the_limit(tools_client):
    error = upload(tools_client, "/api/tools/convert", CORPUS["decompression-bomb.png"].read_bytes(),
                   format="png").get_json()["error"]
    assert error["code"] == "image_too_large" and "50 megapixel limit" in error["message"]
    error = upload(tools_client, "/api/tools/pdf/info", CORPUS["encrypted-no-password.pdf"].read_bytes()).get_json()
    assert error["error"]["code"] == "pdf_password_required"


def test_worker_still_serves_after_the_corpus(tools_client):
    for name in sorted(CORPUS):
        upload(tools_client, "/api/tools/convert", CORPUS[name].read_bytes(), format="webp")
    response = upload(tools_client, "/api/tools/convert", samples.jpeg_with_exif(64, 48), format="png")
    assert response.status_code == 200
