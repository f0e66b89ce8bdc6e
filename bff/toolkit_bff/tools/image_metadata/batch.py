"""/api/tools/metadata/batch: many photos, one choice, one ZIP — as a progress stream, file by file.

`action`: `remove-gps` (the location only), `strip` (everything but Orientation and the colour
profile) or `keep` (unchanged: the report then shows what each file carries). Each file is done on
its own: one that is damaged, too large, empty, a bomb or not an image gets its own error in the
report and the others still go into the ZIP. The report lists, per file, the tags that were removed
(by group, as the metadata view shows them) and whether it had a location."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Mapping
from typing import Literal, NotRequired, TypedDict

from flask import Response, request
from PIL import Image

from ...contract.operations import Multipart
from ...contract.responses import JOB, OPTIONS, UPLOAD
from ...contract.streams import stream_answer
from ...errors import ApiError
from ...jobs.files import Result, content_disposition, output_name, stream_zip
from ...jobs.filetypes import MIME_TYPES
from ...jobs.images import open_image
from ...jobs.limits import Limits
from ...jobs.progress import report_progress, set_report, streams_progress
from ...jobs.uploads import Upload, clean_filename, read_part, require_kind
from .endpoint import EDITABLE_KINDS, EDITABLE_WHAT, gps_removed, routes, stripped
from .exif_read import read_groups
from .models import ACTIONS, MAX_FILES, BatchOptions, MetadataBatchStreamLine


class FailedFile(TypedDict):
    name: str
    status: Literal["failed"]
    error: dict[str, str]  # code, message


class CleanedFile(TypedDict):
    name: str
    status: Literal["done"]
    output: NotRequired[str]  # its name in the ZIP, once written
    had_gps: bool
    has_gps: bool
    removed: dict[str, list[str]]
    size_before: int
    size_after: int


# What a file became, as the report lists it (models.MetadataBatchReport).
FileEntry = CleanedFile | FailedFile


@routes.post(
    "/metadata/batch",
    "cleanImageMetadataBatch",
    upload=Multipart(BatchOptions, many=True, file_description=f"The photos (at most {MAX_FILES})."),
    answers={
        200: stream_answer(
            "A ZIP of the cleaned photos, file by file, with a report per file.", MetadataBatchStreamLine
        )
    },
    errors=(UPLOAD, OPTIONS, JOB, {422: ["no_file_processed"]}),
)
@streams_progress
def batch(options: BatchOptions) -> Response:
    """Many photos, one choice, one ZIP

    `remove-gps`, `strip` (all but Orientation and the colour profile) or `keep`, for JPEG, PNG,
    WebP and HEIC without re-encoding. A file that cannot be cleaned gets its own error in the
    report; the others still go into the ZIP."""
    action = options.action
    uploads = _uploads()
    files: list[FileEntry] = []
    report: dict[str, object] = {"action": action, "files": files}
    set_report(report)  # filled in as the ZIP is written; read once the last file is in
    report_progress(stage="Cleaning", done=0, total=len(uploads), unit="file")
    response = Response(stream_zip(_results(uploads, action, report, files), {}), mimetype=MIME_TYPES["zip"])
    response.headers["Content-Disposition"] = content_disposition(f"photos{ACTIONS[action] or '-metadata'}.zip")
    return response


def _uploads() -> list[Upload | tuple[str, ApiError]]:
    """Every part of field `file`, each read on its own: a file over the limit or empty is that
    file's error, not the batch's."""
    storages = request.files.getlist("file")
    if not storages:
        raise ApiError(400, "file_missing", "Upload the photos in the multipart field 'file'")
    if len(storages) > MAX_FILES:
        raise ApiError(422, "too_many_files", f"At most {MAX_FILES} files per batch")
    limit, uploads = Limits.current().max_file_bytes, list[Upload | tuple[str, ApiError]]()
    for storage in storages:
        try:
            uploads.append(read_part(storage, limit))
        except ApiError as error:
            uploads.append((clean_filename(storage.filename), error))
    return uploads


def _results(
    uploads: list[Upload | tuple[str, ApiError]], action: str, report: dict[str, object], files: list[FileEntry]
) -> Iterator[Result]:
    """One file at a time: cleaned, written into the ZIP, dropped (the job holds one photo). `files` is
    the report's list of files."""
    taken: set[str] = set()
    for done, item in enumerate(uploads, start=1):
        if isinstance(item, tuple):
            files.append(_failed(*item))
        else:
            try:
                result, entry = _clean(item, action)
            except ApiError as error:
                files.append(_failed(item.filename, error))
            else:
                entry["output"] = result.filename = _unique(result.filename, taken)
                files.append(entry)
                yield result
        report_progress(stage="Cleaning", done=done, total=len(uploads), unit="file")
    done = sum(1 for entry in files if entry["status"] == "done")
    report["done"], report["failed"] = done, len(uploads) - done
    if not done:
        reasons = "; ".join(entry["error"]["message"] for entry in files if entry["status"] == "failed")[:600]
        raise ApiError(422, "no_file_processed", f"None of the {len(uploads)} files could be cleaned: {reasons}")


def _unique(name: str, taken: set[str]) -> str:
    """photo.jpg, photo-2.jpg, … as the ZIP names them (two files may share a name)."""
    unique, number = name, 1
    while unique.lower() in taken:
        number += 1
        stem, dot, extension = name.rpartition(".")
        unique = f"{stem}-{number}.{extension}" if dot else f"{name}-{number}"
    taken.add(unique.lower())
    return unique


# What each action does to a file (`keep` leaves it as it is).
CLEANERS: dict[str, Callable[[Upload, Image.Image], bytes]] = {"remove-gps": gps_removed, "strip": stripped}


def _clean(upload: Upload, action: str) -> tuple[Result, CleanedFile]:
    image = open_image(upload)  # decoded once: damaged files and bombs stop here
    kind = require_kind(upload, EDITABLE_KINDS, EDITABLE_WHAT)
    before = read_groups(image)
    cleaner = CLEANERS.get(action)
    data = cleaner(upload, image) if cleaner else upload.data
    with Image.open(io.BytesIO(data)) as cleaned:  # the header only: the tags, not the pixels
        after = read_groups(cleaned)
    removed = {
        group: sorted(set(_tag_names(tags)) - set(_tag_names(after.get(group, {})))) for group, tags in before.items()
    }
    entry: CleanedFile = {
        "name": upload.filename,
        "status": "done",
        "had_gps": bool(before["location"]),
        "has_gps": bool(after["location"]),
        "removed": {g: t for g, t in removed.items() if t},
        "size_before": len(upload.data),
        "size_after": len(data),
    }
    return Result(output_name(upload.stem, kind, ACTIONS[action]), data, kind), entry


def _tag_names(group: Mapping[str, object]) -> list[str]:
    """Tag names of a group; the location group's decoded fields are named by its raw GPS tags."""
    raw = group.get("raw")
    return list(raw) if isinstance(raw, dict) else list(group)


def _failed(name: str, error: ApiError) -> FailedFile:
    return {"name": name, "status": "failed", "error": {"code": error.code, "message": error.message}}
