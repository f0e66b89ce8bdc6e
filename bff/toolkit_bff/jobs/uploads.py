"""Reading uploaded files (size limit, content-detected kind) and per-request scratch directories."""

from __future__ import annotations

import io
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import IO

from flask import current_app, g, request
from werkzeug.datastructures import FileStorage

from ..errors import ApiError
from .filetypes import detect_kind
from .limits import Limits, file_too_large


@dataclass
class Upload:
    filename: str  # the client's name, cleaned: used only to name outputs
    data: bytes
    kind: str | None

    @property
    def stem(self) -> str:
        return PurePath(self.filename).stem or "file"


def keep_request_body() -> None:
    """Reads the whole body in the worker before a check there parses its form (the converter's
    refusals before a job), so the job process is handed the same bytes (job_body): the client's
    stream can be read only once. Still within the request's size limit (413 past it)."""
    if "kept_request_body" not in g:
        g.kept_request_body = request.get_data(cache=True)


def job_body() -> IO[bytes]:
    """The body a job process reads: streamed from the client as it arrives, or the copy a check in
    the worker kept."""
    kept = g.get("kept_request_body")
    return io.BytesIO(kept) if kept is not None else request.stream


def clean_filename(name: str | None) -> str:
    base = PurePath((name or "").replace("\\", "/")).name
    kept = "".join(ch for ch in base if ch.isalnum() or ch in "._- ").strip(" .")
    return kept[:120] or "file"


def read_uploads(field: str = "file", *, max_count: int = 100) -> list[Upload]:
    """The request's files, read once: a check in the worker before the job and the job itself share
    them (a job's child process inherits the worker's `g`)."""
    read: dict[tuple[str, int], list[Upload]] = g.setdefault("read_uploads", {})
    if (field, max_count) not in read:
        read[(field, max_count)] = _read_uploads(field, max_count)
    return read[(field, max_count)]


def _read_uploads(field: str, max_count: int) -> list[Upload]:
    storages = request.files.getlist(field) or request.files.getlist(field + "s")
    if not storages:
        raise ApiError(400, "file_missing", f"Upload a file in the multipart field '{field}'")
    if len(storages) > max_count:
        what = "one file" if max_count == 1 else f"{max_count} files"
        raise ApiError(422, "too_many_files", f"At most {what} per request")
    limit = Limits.current().max_file_bytes
    return [read_part(storage, limit) for storage in storages]


def read_part(storage: FileStorage, limit: int) -> Upload:
    """One file of the form, read and released; over `limit` bytes or empty, refused."""
    name = clean_filename(storage.filename)
    try:
        data = storage.stream.read(limit + 1)
    finally:
        storage.close()  # large parts are spooled to a temporary file: release it now
    if len(data) > limit:
        raise file_too_large(name, limit)
    if not data:
        raise ApiError(422, "empty_file", f"{name} is empty")
    return Upload(name, data, detect_kind(data))


def read_upload(field: str = "file") -> Upload:
    return read_uploads(field, max_count=1)[0]


# A file's extension, as detect_kind names the type it claims.
_EXTENSION_KINDS = {"jpg": "jpeg", "jpe": "jpeg", "jfif": "jpeg", "tif": "tiff", "heic": "heif", "htm": "html"}


def claimed_kind(filename: str) -> str:
    extension = PurePath(filename).suffix.lower().lstrip(".")
    return _EXTENSION_KINDS.get(extension, extension)


def require_kind(upload: Upload, allowed: Iterable[str], what: str) -> str:
    allowed = set(allowed)
    if upload.kind not in allowed:
        if upload.kind in (None, "txt") and claimed_kind(upload.filename) in allowed:
            # Named like a file this tool takes, but its bytes are plain text or nothing known: say that.
            raise ApiError(415, "unsupported_file_type", f"{upload.filename} is damaged or not really {what}")
        found = upload.kind.upper() if upload.kind else "an unrecognised type"
        raise ApiError(415, "unsupported_file_type", f"{upload.filename} is {found}; expected {what}")
    return upload.kind


@contextmanager
def job_workdir() -> Iterator[Path]:
    """A private scratch directory for one request, removed however the request ends; inside a job,
    within the job's own scratch directory (removed even when the job is killed)."""
    parent = g.get("job_scratch") or current_app.config.get("TOOLS_TMP_DIR") or None
    path = Path(tempfile.mkdtemp(prefix="toolkit-work-", dir=parent))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)
