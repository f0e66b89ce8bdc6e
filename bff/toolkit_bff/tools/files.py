"""Responses carrying files: attachment names, size headers, several results as one ZIP."""
from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from urllib.parse import quote

from flask import Response

from .filetypes import MIME_TYPES, extension_for


@dataclass
class Result:
    filename: str
    data: bytes
    kind: str  # a key of MIME_TYPES


def output_name(stem: str, kind: str, suffix: str = "") -> str:
    return f"{stem}{suffix}.{extension_for(kind)}"


def unique_names(results: list[Result]) -> list[str]:
    seen: dict[str, int] = {}
    names = []
    for result in results:
        name = result.filename
        count = seen.get(name.lower(), 0)
        seen[name.lower()] = count + 1
        if count:
            stem, dot, ext = name.rpartition(".")
            name = f"{stem}-{count + 1}.{ext}" if dot else f"{name}-{count + 1}"
        names.append(name)
    return names


def zip_results(results: list[Result]) -> bytes:
    buffer = io.BytesIO()
    # Images and PDFs are compressed already: storing them is as small and much faster.
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, result in zip(unique_names(results), results):
            archive.writestr(name, result.data)
    return buffer.getvalue()


def content_disposition(filename: str) -> str:
    ascii_name = filename.encode("ascii", "replace").decode().replace('"', "").replace("?", "_")
    return f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(filename)}"


def file_response(result: Result, *, input_size: int | None = None,
                  headers: dict[str, str] | None = None) -> Response:
    response = Response(result.data, mimetype=MIME_TYPES.get(result.kind, "application/octet-stream"))
    response.headers["Content-Disposition"] = content_disposition(result.filename)
    response.headers["X-Output-Size"] = str(len(result.data))
    if input_size is not None:
        response.headers["X-Input-Size"] = str(input_size)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def results_response(results: list[Result], *, zip_name: str, input_size: int | None = None,
                     headers: dict[str, str] | None = None) -> Response:
    """One result as itself, several as a ZIP named zip_name."""
    extra = {"X-Output-Count": str(len(results)), **(headers or {})}
    if len(results) == 1:
        return file_response(results[0], input_size=input_size, headers=extra)
    bundle = Result(zip_name, zip_results(results), "zip")
    return file_response(bundle, input_size=input_size, headers=extra)
