"""/api/tools/metadata…: what an image's metadata reads as, and the edits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Protocol

from pydantic import Field, RootModel, create_model

from ...contract.base import Answer
from ...contract.envelope import ErrorBody
from ...contract.fields import SERVER_RULE, optional
from ...contract.options import ChoiceOption, NumberOption, Options, Switch, TextOption, WholeOption
from ...contract.streams import stream_line
from ...jobs.filetypes import IMAGE_KINDS
from .exif_write import TEXT_TAGS

Count = Annotated[int, Field(ge=0)]
# The schema lists the kinds (an enum, from IMAGE_KINDS); a Literal built at run time is no type to a
# checker, which reads them as text.
if TYPE_CHECKING:
    ImageKind = str
else:
    ImageKind = Literal[tuple(sorted(IMAGE_KINDS))]


class ExifValue(RootModel[str | float | bool | list["ExifValue"] | None]):
    """An EXIF value as JSON: rationals as numbers, text decoded, blobs summarised."""


ExifGroup = Annotated[dict[str, ExifValue], Field(description="Tag name → value.")]


class ImageLocation(Answer):
    """Empty without GPS; coordinates in decimal degrees."""

    latitude: float = optional()
    longitude: float = optional()
    altitude: float = optional()
    raw: ExifGroup = optional()


class MetadataGroups(Answer):
    camera: ExifGroup
    time: ExifGroup
    location: ImageLocation
    author: ExifGroup
    image: ExifGroup
    other: ExifGroup


class ImageMetadata(Answer):
    filename: str
    format: ImageKind
    width: int
    height: int
    mode: str = Field(description="Pillow's mode, e.g. RGB.")
    icc_profile: bool
    has_gps: bool
    groups: MetadataGroups


# The fields of an edit: a type form has no static type of its own (hence Any).
_EDIT_FIELDS: dict[str, Any] = {
    **{
        name: (
            Annotated[str, TextOption()],
            optional(
                description=f"EXIF {name}; an empty value removes the tag.",
                json_schema_extra={SERVER_RULE: "a date and time"} if name == "DateTimeOriginal" else None,
            ),
        )
        for name in TEXT_TAGS
    },
    "Orientation": (Annotated[int, WholeOption(1, 8)], optional(description="EXIF orientation.")),
    "gps_latitude": (
        Annotated[float, NumberOption(-90, 90)],
        optional(
            description="Decimal degrees (with gps_longitude).",
            json_schema_extra={SERVER_RULE: "given with gps_longitude"},
        ),
    ),
    "gps_longitude": (
        Annotated[float, NumberOption(-180, 180)],
        optional(
            description="Decimal degrees (with gps_latitude).",
            json_schema_extra={SERVER_RULE: "given with gps_latitude"},
        ),
    ),
    "gps_altitude": (
        Annotated[float, NumberOption(-11000, 100000)],
        optional(description="Metres; negative is below sea level."),
    ),
    "gps_remove": (Switch, Field(False, description="Remove the GPS block (wins over gps_latitude/gps_longitude).")),
}
# A model built at run time is, to a type checker, its base class.
MetadataEdit: type[Options] = create_model("MetadataEdit", __base__=Options, **_EDIT_FIELDS)


class MetadataEditFields(Protocol):
    """The fields of MetadataEdit the edit reads by name (its TEXT_TAGS fields are read by tag)."""

    Orientation: int | None
    gps_latitude: float | None
    gps_longitude: float | None
    gps_altitude: float | None
    gps_remove: bool


ACTIONS = {"remove-gps": "-no-gps", "strip": "-stripped", "keep": ""}  # action → the outputs' name suffix
MAX_FILES = 100


# Likewise an enum of ACTIONS' keys in the schema, text to a checker.
if TYPE_CHECKING:
    BatchAction = str
else:
    BatchAction = Literal[tuple(ACTIONS)]


class BatchOptions(Options):
    messages: ClassVar = {("action", "missing"): "Option 'action' is required: remove-gps, strip or keep"}
    action: Annotated[str, ChoiceOption(tuple(ACTIONS))] = Field(description="What to remove. Case-insensitive.")


class CleanedFile(Answer):
    name: str
    status: Literal["done"]
    output: str = Field(description="Its name in the ZIP.")
    had_gps: bool
    has_gps: bool
    removed: dict[str, list[str]] = Field(
        description="Group (camera, time, location, author, image, other) → tags removed."
    )
    size_before: Count
    size_after: Count


class FailedFile(Answer):
    name: str
    status: Literal["failed"]
    error: ErrorBody


class MetadataBatchReport(Answer):
    action: BatchAction
    done: Count
    failed: Count
    files: list[Annotated[CleanedFile | FailedFile, Field(discriminator="status")]]


MetadataBatchStreamLine = stream_line("MetadataBatch", MetadataBatchReport)
