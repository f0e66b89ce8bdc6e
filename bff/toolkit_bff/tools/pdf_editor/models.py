"""/api/tools/pdf/…: each route's options (all take `password` for an encrypted input) and the
answers that are not a PDF."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, create_model
from pydantic.config import JsonDict

from ...config import Config
from ...contract.base import Answer
from ...contract.fields import SERVER_RULE, Rule, optional
from ...contract.options import ChoiceOption, NumberOption, Options, PdfPassword, TextOption, WholeOption
from ...jobs.paging import PAGE_LIST, PageListOption, PageWindow
from .edits import PAGE_NUMBER_POSITIONS
from .info import METADATA_FIELDS

SOME_TEXT: JsonDict = {SERVER_RULE: "more than spaces"}


class PdfOptions(Options):
    password: PdfPassword = ""


class ThumbnailOptions(PdfOptions):
    width: Annotated[int, WholeOption(32, 1200)] = Field(200, description="Thumbnail width in px.")
    pages: PageListOption = "all"


class MergeOptions(PdfOptions):
    order: Annotated[str, TextOption()] = Field(
        "",
        description="Order of the uploaded files, 1-based, e.g. `2,1,3` (files may be left out or repeated).",
        json_schema_extra={SERVER_RULE: "numbers of the files uploaded"},
    )


class SplitOptions(PdfOptions):
    ranges: Annotated[str, TextOption()] = Field(
        "", description="One part per range, e.g. `1-3,5` (wins over `every`).", json_schema_extra=PAGE_LIST
    )
    every: Annotated[int, WholeOption(1, 1000)] = Field(1, description="Pages per part when no ranges are given.")


class PageChoice(PdfOptions):
    pages: Annotated[str, TextOption(min_length=1)] = Field(
        description="Pages, 1-based: `1-3,5,8-`.", json_schema_extra=PAGE_LIST
    )


class RotateOptions(PdfOptions):
    angle: Annotated[int, WholeOption(-270, 270)] = optional(
        description="Degrees clockwise, a multiple of 90; required without `rotations`.",
        json_schema_extra={"multipleOf": 90},
    )
    pages: PageListOption = "all"
    rotations: Annotated[str, TextOption()] = Field(
        "",
        description='Per-page angles as JSON, e.g. `{"1": 90, "3": 180}` (wins over `angle`/`pages`).',
        json_schema_extra={SERVER_RULE: "JSON: pages the document has → multiples of 90"},
    )


class ReorderOptions(PdfOptions):
    order: Annotated[str, TextOption(min_length=1)] = Field(
        description="Every page exactly once, e.g. `3,1,2` or as ranges `4-5,1-3`.", json_schema_extra=PAGE_LIST
    )


class WatermarkOptions(PdfOptions):
    text: Annotated[str, TextOption(200, min_length=1)] = Field(
        description="The watermark (Latin characters).", json_schema_extra=SOME_TEXT
    )
    font_size: Annotated[float, NumberOption(4, 400)] = Field(48, description="Points.")
    opacity: Annotated[float, NumberOption(0.02, 1)] = Field(0.25, description="0-1.")
    angle: Annotated[float, NumberOption(-360, 360)] = Field(
        45, description="Degrees counter-clockwise as the reader sees the page."
    )
    color: Annotated[str, TextOption(), Rule(r"#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})", "must be a colour like #1a2b3c")] = (
        Field("#ff0000", description="Colour like `#1a2b3c` or `#abc`.")
    )


class PageNumberOptions(PdfOptions):
    template: Annotated[str, TextOption(60)] = Field(
        "{n}", description="Must contain `{n}`; may contain `{total}`.", json_schema_extra={SERVER_RULE: "contains {n}"}
    )
    position: Annotated[str, ChoiceOption(PAGE_NUMBER_POSITIONS)] = Field(
        "bottom-center", description="Where on the page. Case-insensitive."
    )
    start: Annotated[int, WholeOption(0, 100000)] = Field(1, description="Number of the first page.")
    font_size: Annotated[float, NumberOption(4, 72)] = Field(11, description="Points.")


# One optional text field per document-information entry (info.py's METADATA_FIELDS). A field's type
# is a type form, which has no static type of its own (hence Any).
_METADATA_FIELDS: dict[str, Any] = {
    name: (Annotated[str, TextOption()], optional(description=f"Document {name}; an empty value removes it."))
    for name in METADATA_FIELDS
}
# A model built at run time is, to a type checker, its base class.
PdfMetadataOptions: type[PdfOptions] = create_model("PdfMetadataOptions", __base__=PdfOptions, **_METADATA_FIELDS)


class EncryptOptions(PdfOptions):
    new_password: Annotated[str, TextOption(256, min_length=1)] = Field(
        description="Password needed to open the result.", json_schema_extra=SOME_TEXT
    )
    owner_password: Annotated[str, TextOption(256)] = optional(
        description="Owner password (default: the new password)."
    )


class DecryptOptions(PdfOptions):
    password: Annotated[str, TextOption(256, min_length=1)] = Field(
        description="The current password.", json_schema_extra=SOME_TEXT
    )


class CompressOptions(PdfOptions):
    image_quality: Annotated[int, WholeOption(10, 95)] = optional(
        description="Also re-encode large images as JPEG at this quality (lossy)."
    )


Text = str | None


class PdfMetadata(Answer):
    """Document information; dates as the PDF stores them."""

    title: Text
    author: Text
    subject: Text
    keywords: Text
    creator: Text
    producer: Text
    created: Text
    modified: Text


class PageSize(Answer):
    page: Annotated[int, Field(ge=1)]
    width_pt: float
    height_pt: float
    width_mm: float
    height_mm: float
    rotation: Annotated[int, Field(ge=0, le=359)]


class PdfInfo(Answer):
    filename: str
    size: int = Field(description="Bytes.")
    pages: Annotated[int, Field(ge=1)]
    encrypted: bool
    pdf_version: str = Field(examples=["1.7"])
    metadata: PdfMetadata
    page_sizes: list[PageSize]


class Thumbnail(Answer):
    page: Annotated[int, Field(ge=1)]
    width: int
    height: int
    data_url: Annotated[str, Field(pattern="^data:image/png;base64,")]


class PdfThumbnails(PageWindow):
    thumbnails: list[Thumbnail] = Field(min_length=1, max_length=Config.TOOLS_THUMBNAILS_MAX_PAGES)


class PageText(Answer):
    page: Annotated[int, Field(ge=1)]
    text: str


class PdfText(Answer):
    pages: list[PageText]
    text: str = Field(description="All pages, separated by a blank line.")
