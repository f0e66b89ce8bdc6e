"""Responses carrying files: attachment names, size headers, several results as one ZIP.

Several results are streamed: each is written into the ZIP as soon as it is made and then
dropped, so a job holds one page or file at a time however many it produces (the job runner
writes the body out through the output budget as it comes, child_jobs.py)."""

from __future__ import annotations

import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import chain
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


def with_unique_names(results: Iterable[Result]) -> Iterator[tuple[str, Result]]:
    seen: dict[str, int] = {}
    for result in results:
        name = result.filename
        count = seen.get(name.lower(), 0)
        seen[name.lower()] = count + 1
        if count:
            stem, dot, ext = name.rpartition(".")
            name = f"{stem}-{count + 1}.{ext}" if dot else f"{name}-{count + 1}"
        yield name, result


class _ChunkSink:
    """A write-only stream without tell(), so zipfile writes data descriptors and never seeks."""

    def __init__(self) -> None:
        self.chunks: list[bytes] = []

    def write(self, data: bytes | bytearray | memoryview) -> int:
        chunk = bytes(data)
        self.chunks.append(chunk)
        return len(chunk)

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass  # zipfile asks a writable stream for close(), and never calls it on one it was given

    def take(self) -> bytes:
        data = b"".join(self.chunks)
        self.chunks.clear()
        return data


def stream_zip(results: Iterable[Result], totals: dict[str, int]) -> Iterator[bytes]:
    """The ZIP of results, chunk by chunk; totals gets "count" and "size" when it is complete."""
    sink, count, size = _ChunkSink(), 0, 0
    # Images and PDFs are compressed already: storing them is as small and much faster.
    with zipfile.ZipFile(sink, "w", zipfile.ZIP_STORED) as archive:
        for name, result in with_unique_names(results):
            archive.writestr(name, result.data)
            count += 1
            chunk = sink.take()
            size += len(chunk)
            yield chunk
    chunk = sink.take()
    totals.update(count=count, size=size + len(chunk))
    yield chunk


def content_disposition(filename: str) -> str:
    ascii_name = filename.encode("ascii", "replace").decode().replace('"', "").replace("?", "_")
    return f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{quote(filename)}"


def _named(response: Response, filename: str, input_size: int | None, headers: dict[str, str] | None) -> Response:
    """The headers of every file answer: its name, the input's size, and the tool's own."""
    response.headers["Content-Disposition"] = content_disposition(filename)
    if input_size is not None:
        response.headers["X-Input-Size"] = str(input_size)
    response.headers.update(headers or {})
    return response


def file_response(result: Result, *, input_size: int | None = None, headers: dict[str, str] | None = None) -> Response:
    response = Response(result.data, mimetype=MIME_TYPES.get(result.kind, "application/octet-stream"))
    response.headers["X-Output-Size"] = str(len(result.data))
    return _named(response, result.filename, input_size, headers)


def results_response(
    results: Iterable[Result], *, zip_name: str, input_size: int | None = None, headers: dict[str, str] | None = None
) -> Response:
    """One result as itself, several as a ZIP named zip_name, streamed as the results are made
    (X-Output-Count and X-Output-Size are set once the last one is written)."""
    iterator = iter(results)
    first, second = next(iterator, None), next(iterator, None)
    if first is None:  # an empty iterable: nothing was made (the tools always make one or more)
        raise ValueError("results_response needs at least one result")
    if second is None:
        return file_response(first, input_size=input_size, headers={"X-Output-Count": "1", **(headers or {})})
    totals: dict[str, int] = {}

    def body() -> Iterator[bytes]:
        yield from stream_zip(chain([first, second], iterator), totals)
        response.headers["X-Output-Count"] = str(totals["count"])
        response.headers["X-Output-Size"] = str(totals["size"])

    response = Response(body(), mimetype=MIME_TYPES["zip"])
    return _named(response, zip_name, input_size, headers)
