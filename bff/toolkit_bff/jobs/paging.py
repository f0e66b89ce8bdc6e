"""Long PDFs a window at a time: one request of OCR or thumbnails handles at most a fixed number of
the pages asked for (and thumbnails at most a fixed number of bytes), and its answer names the pages
that remain, in the `pages` syntax, for the next request. So no request takes a minute of every core
or answers tens of megabytes, whatever the PDF."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field
from pydantic.config import JsonDict

from ..contract.base import Answer
from ..contract.fields import SERVER_RULE
from ..contract.options import TextOption

PAGES = "Pages, 1-based: `1-3,5,8-` or `all`."
PAGE_LIST: JsonDict = {SERVER_RULE: "pages the document has, written `1-3,5,8-` or `all`"}  # the document's length
# The `pages` option of the tools that read some pages of a document.
PageListOption = Annotated[str, TextOption(), Field(description=PAGES, json_schema_extra=PAGE_LIST)]


class PageWindow(Answer):
    """What an answer covering only the first pages asked for says about the rest."""

    page_count: Annotated[int, Field(ge=1)] = Field(description="Pages in the document (1 for an image).")
    next_pages: Annotated[str, Field(pattern=r"^\d+(-\d+)?(,\d+(-\d+)?)*$")] | None = Field(
        description="One request answers a window of the pages asked for; these are the pages asked for that "
        "remain, to send as `pages` in the next request. null when none remain."
    )


def page_list_text(indexes: list[int]) -> str | None:
    """0-based pages as the `pages` option writes them, 1-based: [0, 1, 2, 4] → '1-3,5'; None if empty."""
    if not indexes:
        return None
    parts, start, previous = [], indexes[0], indexes[0]
    for index in [*indexes[1:], None]:
        if index is not None and index == previous + 1:
            previous = index
            continue
        parts.append(str(start + 1) if start == previous else f"{start + 1}-{previous + 1}")
        if index is not None:
            start = previous = index
    return ",".join(parts)
