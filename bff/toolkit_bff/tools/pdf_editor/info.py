"""PDF facts (pages, sizes, metadata, encryption) and document-information edits, with pypdf."""

from __future__ import annotations

import io
from collections.abc import Mapping

from pydantic import BaseModel
from pypdf import PdfWriter

from ...jobs.pdfdocs import open_reader, pdf_errors
from ...jobs.uploads import Upload

METADATA_FIELDS = {
    "title": "/Title",
    "author": "/Author",
    "subject": "/Subject",
    "keywords": "/Keywords",
    "creator": "/Creator",
    "producer": "/Producer",
}
_POINTS_PER_MM = 72 / 25.4


def document_info(upload: Upload, password: str | None) -> dict[str, object]:
    reader = open_reader(upload, password)
    with pdf_errors(upload.filename):
        metadata: Mapping[str, object] = reader.metadata or {}
        fields = {name: _text(metadata.get(key)) for name, key in METADATA_FIELDS.items()}
        fields["created"] = _text(metadata.get("/CreationDate"))
        fields["modified"] = _text(metadata.get("/ModDate"))
        sizes = []
        for number, page in enumerate(reader.pages, start=1):
            width, height = float(page.mediabox.width), float(page.mediabox.height)
            sizes.append(
                {
                    "page": number,
                    "width_pt": round(width, 2),
                    "height_pt": round(height, 2),
                    "width_mm": round(width / _POINTS_PER_MM, 1),
                    "height_mm": round(height / _POINTS_PER_MM, 1),
                    "rotation": int(page.get("/Rotate", 0) or 0) % 360,
                }
            )
        return {
            "filename": upload.filename,
            "size": len(upload.data),
            "pages": len(reader.pages),
            "encrypted": reader.is_encrypted,
            "pdf_version": reader.pdf_header.lstrip("%PDF-"),
            "metadata": fields,
            "page_sizes": sizes,
        }


def _text(value: object) -> str | None:
    if value is None:
        return None
    return str(value).strip("\x00 ")[:2000]


def set_metadata(upload: Upload, password: str | None, values: BaseModel) -> bytes:
    """Set every field given (title, author, subject, keywords, creator, producer); an empty
    value removes that field."""
    reader = open_reader(upload, password)
    with pdf_errors(upload.filename):
        writer = PdfWriter(clone_from=reader)
        current = {key: str(value) for key, value in (reader.metadata or {}).items()}
        for name, key in METADATA_FIELDS.items():
            value = getattr(values, name)
            if not isinstance(value, str):  # None: not given, kept
                continue
            if value.strip():
                current[key] = value.strip()
            else:
                current.pop(key, None)
        writer.metadata = None
        writer.add_metadata(current)
        # A protected input stays protected, with the password it was opened with (open_reader refused
        # an encrypted one without it).
        if reader.is_encrypted and password:
            writer.encrypt(password, algorithm="AES-256")
        buffer = io.BytesIO()
        writer.write(buffer)
        return buffer.getvalue()
