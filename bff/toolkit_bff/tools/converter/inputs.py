"""What the converter takes, decided in the worker before any job starts (no slot, no child process,
no LibreOffice): a file that cannot be converted to the chosen format is refused at once.

Types come from the bytes (jobs/filetypes.py). Plain text is the one type told only by elimination, so
it is taken as a document only when its name says text too: two bytes named `photo.png` or
`report.docx` are a damaged file, and `page.html` is markup, none of them a text to typeset."""

from __future__ import annotations

from ...errors import ApiError
from ...jobs.filetypes import IMAGE_KINDS, MIME_TYPES, OFFICE_KINDS
from ...jobs.uploads import Upload, claimed_kind, require_kind

# Names under which plain text is converted to PDF as text (LibreOffice's text filter).
TEXT_EXTENSIONS = {"txt", "text", "log", "md", "csv"}
# Types whose files are never plain text: text under such a name is a damaged or mislabelled file.
BINARY_KINDS = set(MIME_TYPES) - {"txt", "svg"}
TO_IMAGE_WHAT = "an image or a PDF"
TO_PDF_WHAT = "an image or an office document (DOCX, ODT, RTF, TXT, PPTX, XLSX)"


def check_convertible(upload: Upload, target: str) -> str:
    """The upload's kind if it can become `target`, else a 415 naming the file and what was expected."""
    if target != "pdf":
        return require_kind(upload, IMAGE_KINDS | {"pdf"}, TO_IMAGE_WHAT)
    kind = require_kind(upload, IMAGE_KINDS | OFFICE_KINDS, TO_PDF_WHAT)
    claimed = claimed_kind(upload.filename)
    if kind != "txt" or claimed in TEXT_EXTENSIONS:
        return kind
    if claimed in BINARY_KINDS:
        raise ApiError(
            415,
            "unsupported_file_type",
            f"{upload.filename} is damaged or not really a {claimed.upper()} file: its content is plain text",
        )
    raise ApiError(
        415,
        "unsupported_file_type",
        f"{upload.filename} is not a document the converter takes: plain text is converted when its name ends in .txt",
    )
