"""The progress stream of long jobs (jobs/progress.py) as the document shows it: NDJSON lines,
`progress` as the work goes on, then one `result` with the file and its report, or an `error`."""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeAlias

from pydantic import BaseModel, Field, RootModel, create_model

from .base import Answer
from .envelope import ErrorBody
from .openapi_types import OpenApi
from .responses import json_response

Count = Annotated[int, Field(ge=0)]
ResultType: TypeAlias = Literal["result"]
# A stream's line model: its root is a union built per tool at run time, which has no static type.
StreamLine: TypeAlias = type[RootModel[Any]]
NDJSON = "application/x-ndjson"
STREAM_HEADERS = {"Cache-Control": "NoStore", "X-Accel-Buffering": "NoBuffering"}
STREAM = (
    "A progress stream (NDJSON): `progress` lines as the work goes on, then one `result` line with the file "
    "(base64) and its report, or an `error` line if it failed after it started. Bad input fails before the "
    "stream starts, with an ordinary error response."
)


class JobProgress(Answer):
    type: Literal["progress"]
    stage: str = Field(examples=["OCR", "Redacting", "Cleaning"])
    done: Count
    total: Count | None
    unit: str = Field(examples=["page", "file"])


class JobStreamError(Answer):
    """The job failed after it started (e.g. `job_timeout`)."""

    type: Literal["error"]
    error: ErrorBody


def stream_line(name: str, report: type[BaseModel]) -> StreamLine:
    """`{name}StreamLine`: a progress line, the result with `report`, or an error."""
    result = create_model(
        f"{name}Result",
        __base__=Answer,
        type=(ResultType, ...),
        filename=(str, ...),
        content_type=(str, ...),
        size=(Count, ...),
        report=(report, ...),
        data=(str, Field(description="The file, base64.", json_schema_extra={"contentEncoding": "base64"})),
    )
    line = Annotated[JobProgress | result | JobStreamError, Field(discriminator="type")]
    return create_model(
        f"{name}StreamLine",
        __base__=RootModel[line],
        __doc__="One line of the stream: progress lines, then the result or an error.",
    )


def stream_answer(description: str, line: StreamLine) -> OpenApi:
    return json_response(f"{description} {STREAM}", line, STREAM_HEADERS, media_type=NDJSON)
