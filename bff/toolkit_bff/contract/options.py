"""The tools' options: one model read from a JSON object, form fields or the query string alike
(validation.options_values). From a form or a query string every value is text, read as a form
sends it: an empty field is an absent one, `yes`/`on`/`1` are true, choices ignore case and
spaces. A JSON object's values must have the schema's JSON types (5, not "5"; true, not "yes")."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from annotated_types import GroupedMetadata
from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, WithJsonSchema
from pydantic.functional_validators import BeforeValidator, PlainValidator
from pydantic_core import PydanticUseDefault

from ..numbers import whole_number
from .fields import Between, refuse

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}
MAX_OPTION_LENGTH = 2000  # the cap on every text option unless it says less


class Options(BaseModel):
    """Options the caller did not send keep their defaults; names the tool does not know are left
    alone (the same fields may come in the query string beside others). `messages` gives a refusal
    ((field, pydantic error type) → message) the tool's own words."""

    model_config = ConfigDict(extra="ignore")
    messages: ClassVar[dict[tuple[str, str], str]] = {}


def _from_json(info: ValidationInfo) -> bool:
    return bool(info.context and info.context.get("json"))


def _json_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _whole(value: object, info: ValidationInfo) -> int:
    if value is None or (value == "" and not _from_json(info)):
        raise PydanticUseDefault()
    number = whole_number(value) if _json_number(value) or not _from_json(info) else None
    if number is None:
        raise refuse("must be a whole number")
    return number


def _number(value: object, info: ValidationInfo) -> float:
    if value is None or (isinstance(value, str) and not value.strip() and not _from_json(info)):
        raise PydanticUseDefault()
    if _from_json(info) and not _json_number(value):
        raise refuse("must be a number")
    try:
        return float(str(value).strip())
    except ValueError:
        raise refuse("must be a number") from None


def _flag(value: object, info: ValidationInfo) -> bool:
    if value is None:
        raise PydanticUseDefault()
    if isinstance(value, bool):
        return value
    if _from_json(info):
        raise refuse("must be true or false")
    text = str(value).strip().lower()
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise refuse("must be true or false")


def _text(value: object, info: ValidationInfo) -> str:
    if value is None:
        raise PydanticUseDefault()
    if isinstance(value, str):
        return value
    if _from_json(info):
        raise refuse("must be a string")
    return str(value)


# An option's type, as a model writes it: `size: Annotated[int, WholeOption(64, 4096)]`. Each marker
# stands for its validators and schema (pydantic expands grouped metadata in place), and the field
# keeps its Python type for the code that reads it.
@dataclass(frozen=True)
class TextOption(GroupedMetadata):
    """Text of at most `max_length` characters (and at least `min_length` when given)."""

    max_length: int = MAX_OPTION_LENGTH
    min_length: int | None = None

    def __iter__(self) -> Iterator[object]:
        least: dict[str, Any] = {} if self.min_length is None else {"min_length": self.min_length}
        yield from (BeforeValidator(_text), Field(max_length=self.max_length, **least))


@dataclass(frozen=True)
class ChoiceOption(GroupedMetadata):
    """One of `values` (lower case), whatever case and spaces it is sent with; the schema lists
    `shown` (the values as the API writes them) or the values themselves."""

    values: Sequence[str]
    shown: Sequence[str] | None = None

    def __iter__(self) -> Iterator[object]:
        allowed = tuple(self.values)

        def check(value: object, info: ValidationInfo) -> str:
            if value is None or (isinstance(value, str) and not value.strip() and not _from_json(info)):
                raise PydanticUseDefault()
            if _from_json(info) and not isinstance(value, str):
                raise refuse(f"must be one of {', '.join(allowed)}")
            picked = str(value).strip().lower()
            if picked not in allowed:
                raise refuse(f"must be one of {', '.join(allowed)}")
            return picked

        yield from (PlainValidator(check), WithJsonSchema({"type": "string", "enum": list(self.shown or allowed)}))


@dataclass(frozen=True)
class WholeOption(GroupedMetadata):
    """A whole number from `low` to `high`."""

    low: int
    high: int

    def __iter__(self) -> Iterator[object]:
        yield from (PlainValidator(_whole), WithJsonSchema({"type": "integer"}), Between(self.low, self.high))


@dataclass(frozen=True)
class NumberOption(GroupedMetadata):
    """A number from `low` to `high`."""

    low: float
    high: float

    def __iter__(self) -> Iterator[object]:
        yield from (PlainValidator(_number), WithJsonSchema({"type": "number"}), Between(self.low, self.high))


Switch = Annotated[bool, PlainValidator(_flag), WithJsonSchema({"type": "boolean"})]
PdfPassword = Annotated[str, TextOption(256), Field(description="Password of an encrypted PDF.")]
