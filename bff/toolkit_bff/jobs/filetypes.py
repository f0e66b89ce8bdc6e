"""File types told from content (magic bytes), never from the name or the declared MIME type."""

from __future__ import annotations

import io
import zipfile

IMAGE_KINDS = {"png", "jpeg", "gif", "webp", "bmp", "tiff", "ico", "avif", "heif"}
OFFICE_KINDS = {"docx", "xlsx", "pptx", "odt", "ods", "odp", "rtf", "txt"}

MIME_TYPES = {
    "png": "image/png",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
    "bmp": "image/bmp",
    "tiff": "image/tiff",
    "ico": "image/vnd.microsoft.icon",
    "avif": "image/avif",
    "heif": "image/heif",
    "pdf": "application/pdf",
    "zip": "application/zip",
    "svg": "image/svg+xml",
    "txt": "text/plain",
    "rtf": "application/rtf",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "odt": "application/vnd.oasis.opendocument.text",
    "ods": "application/vnd.oasis.opendocument.spreadsheet",
    "odp": "application/vnd.oasis.opendocument.presentation",
}
EXTENSIONS = {"jpeg": "jpg", "heif": "heic", "tiff": "tif"}

_HEIF_BRANDS = {b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"mif1", b"msf1"}
_AVIF_BRANDS = {b"avif", b"avis"}
_OPENDOCUMENT = {
    b"application/vnd.oasis.opendocument.text": "odt",
    b"application/vnd.oasis.opendocument.spreadsheet": "ods",
    b"application/vnd.oasis.opendocument.presentation": "odp",
}
MIMETYPE_READ_LIMIT = 256
MAX_DETECTION_ENTRIES = 20_000
_OOXML_PARTS = {"word/document.xml": "docx", "xl/workbook.xml": "xlsx", "ppt/presentation.xml": "pptx"}


def extension_for(kind: str) -> str:
    return EXTENSIONS.get(kind, kind)


def detect_kind(data: bytes) -> str | None:
    """The file's kind from its first bytes, or None when it is nothing we handle."""
    head = data[:64]
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return "gif"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    if head[:2] == b"BM" and len(data) >= 26:
        return "bmp"
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return "tiff"
    if head[:4] == b"\x00\x00\x01\x00" and len(data) >= 22:
        return "ico"
    if head[4:8] == b"ftyp":
        return _isobmff_kind(data)
    if b"%PDF-" in data[:1024]:  # PDF readers accept a header anywhere in the first 1 KB
        return "pdf"
    if head.startswith(b"PK\x03\x04"):
        return _zip_document_kind(data)
    if head.startswith(b"{\\rtf"):
        return "rtf"
    return "txt" if _looks_like_text(data) else None


def _isobmff_kind(data: bytes) -> str | None:
    box_size = int.from_bytes(data[:4], "big")
    brands = {data[8:12]} | {data[i : i + 4] for i in range(16, min(box_size, 64), 4)}
    if brands & _AVIF_BRANDS:
        return "avif"
    return "heif" if brands & _HEIF_BRANDS else None


def zip_entry_count(data: bytes) -> int | None:
    """Entries declared by the end-of-central-directory record, read without parsing the directory
    (None when there is no such record, or a ZIP64 one: more entries than a document needs)."""
    end = data.rfind(b"PK\x05\x06", max(0, len(data) - 65536 - 22))
    if end < 0 or end + 22 > len(data):
        return None
    count = int.from_bytes(data[end + 10 : end + 12], "little")
    return None if count == 0xFFFF else count


def _zip_document_kind(data: bytes) -> str | None:
    """ODF or OOXML, telling them apart without inflating anything big: a ZIP with more entries
    than any document has is refused before its directory is read, and of the `mimetype` entry
    (a few dozen bytes in a real ODF file) at most MIMETYPE_READ_LIMIT bytes are inflated."""
    count = zip_entry_count(data)
    if count is None or count > MAX_DETECTION_ENTRIES:
        return None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            if "mimetype" in names:
                with archive.open("mimetype") as entry:
                    return _OPENDOCUMENT.get(entry.read(MIMETYPE_READ_LIMIT).strip())
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, EOFError, NotImplementedError):
        return None
    return next((kind for part, kind in _OOXML_PARTS.items() if part in names), None)


def _looks_like_text(data: bytes) -> bool:
    sample = data[:8192]
    if not sample or b"\x00" in sample:
        return False
    try:
        sample.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start >= len(sample) - 3  # a multi-byte character cut by the sample's end
    return True
