"""POST /api/tools/convert: the target format and how images are written."""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field

from ...contract.fields import optional
from ...contract.options import ChoiceOption, Options, Switch, TextOption, WholeOption
from ...jobs.images import OUTPUT_FORMATS

TARGETS = [*OUTPUT_FORMATS, "pdf"]


class ConvertOptions(Options):
    messages: ClassVar = {("format", "missing"): f"Option 'format' is required: one of {', '.join(TARGETS)}"}
    format: Annotated[str, ChoiceOption(TARGETS)] = Field(
        description="Target format; `pdf` makes one PDF of all images, or one PDF "
        "per office document (then a ZIP). Case-insensitive."
    )
    quality: Annotated[int, WholeOption(1, 100)] = optional(
        description="Lossy quality (JPEG 85, WebP 80, AVIF 60 when not given)."
    )
    lossless: Switch = Field(False, description="Lossless WebP.")
    width: Annotated[int, WholeOption(1, 20000)] = optional(
        description="Target width in px; alone, the height follows the aspect ratio."
    )
    height: Annotated[int, WholeOption(1, 20000)] = optional(description="Target height in px.")
    fit: Annotated[str, ChoiceOption(("contain", "cover", "fill"))] = Field(
        "contain", description="With both sides: inside the box, cropped to fill it, or stretched. Case-insensitive."
    )
    strip_metadata: Switch = Field(True, description="Drop EXIF (the ICC profile is always kept).")
    auto_orient: Switch = Field(True, description="Apply and drop the EXIF orientation.")
    dpi: Annotated[int, WholeOption(36, 600)] = Field(
        150, description="PDF pages → images: render resolution; images → PDF: page size."
    )
    password: Annotated[str, TextOption(256)] = optional(description="Password of an encrypted PDF.")
