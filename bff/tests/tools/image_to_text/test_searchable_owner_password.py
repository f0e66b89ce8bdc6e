"""A PDF locked by an owner password alone opens without one; its searchable copy stays protected the
same way (no password to open it) rather than failing after the OCR."""

from __future__ import annotations

import io

import pikepdf

from fixtures.documents import pdftotext_words, scanned_pdf, streamed_result
from fixtures.tools_support import upload


def test_a_pdf_locked_by_an_owner_password_alone(tools_client, tmp_path):
    data, _ = scanned_pdf([["Owner locked page"]])
    with pikepdf.open(io.BytesIO(data)) as source:
        buffer = io.BytesIO()
        source.save(buffer, encryption=pikepdf.Encryption(user="", owner="pw1", R=6))
    pdf, result, _ = streamed_result(upload(tools_client, "/api/tools/pdf/searchable", buffer.getvalue()))
    assert result["report"]["protected"] is True
    with pikepdf.open(io.BytesIO(pdf)) as opened:  # no password needed, as for the original
        assert opened.is_encrypted
        readable = io.BytesIO()
        opened.save(readable)
    assert [text for _, text, _ in pdftotext_words(readable.getvalue(), tmp_path)] == ["Owner", "locked", "page"]
