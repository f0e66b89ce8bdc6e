"""Field types of the request models, each with the plain words its 422 says (validation.py turns
them into "url must be at most 2048 characters" or "Option 'size' must be between 64 and 4096").

A rule JSON Schema can say (a length, a pattern, a range) is checked here and written into the
schema from the same value. A rule it cannot say (a date in the future) is still checked here, and
named in the field's schema under `x-server-rule`, which the fuzzing reads."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Annotated, Any

from pydantic import Field, GetCoreSchemaHandler, GetJsonSchemaHandler, StrictBool, StrictStr, WithJsonSchema
from pydantic.functional_validators import PlainValidator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from ..numbers import whole_number

SERVER_RULE = "x-server-rule"  # the extension naming a rule checked in code only


def refuse(words: str) -> PydanticCustomError:
    """A field's problem in plain words; validation.py puts the field's name before them."""
    return PydanticCustomError("rule", "{words}", {"words": words})


@dataclass(frozen=True)
class Rule:
    """A pattern (written into the schema) and the words the 422 says when a value misses it."""

    pattern: str
    words: str

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        regex = re.compile(self.pattern)

        def check(value: object) -> object:
            if isinstance(value, str) and not regex.fullmatch(value):
                raise refuse(self.words)
            return value

        return core_schema.no_info_after_validator_function(check, handler(source))

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {**handler(schema), "pattern": f"^{self.pattern}$"}


def _shown(number: float) -> str:
    return f"{number:g}" if isinstance(number, float) else str(number)


@dataclass(frozen=True)
class Between:
    """A closed range, said as one rule ("must be between 1 and 100"); NaN is outside every range."""

    low: float
    high: float

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        def check(value: float | None) -> float | None:
            if value is not None and not self.low <= value <= self.high:
                raise refuse(f"must be between {_shown(self.low)} and {_shown(self.high)}")
            return value

        return core_schema.no_info_after_validator_function(check, handler(source))

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {**handler(schema), "minimum": self.low, "maximum": self.high}


class Documented:
    """What the schema says beyond the checks before it: a rule only code can check (named under
    `x-server-rule` for readers and the fuzzing), or the bound a person reads where code checks a
    looser one first and then says the real one in its own words."""

    def __init__(self, server_rule: str | None = None, **schema: object) -> None:
        self.schema: JsonSchemaValue = {**schema, **({SERVER_RULE: server_rule} if server_rule else {})}

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {**handler(schema), **self.schema}


def optional(shown_default: object = None, json_schema_extra: JsonSchemaValue | None = None, **options: Any) -> Any:
    """A field that may be left out (its value is then None, and not in `model_fields_set`); sent
    as null it is refused unless its type allows null. The schema shows no default, or the one the
    endpoint applies itself (`shown_default`)."""

    def shown(schema: JsonSchemaValue) -> None:
        schema.pop("default", None)
        schema.update(json_schema_extra or {})
        if shown_default is not None:
            schema["default"] = shown_default

    return Field(None, json_schema_extra=shown, **options)


def _whole_number(value: object, kind: str = "an integer") -> int:
    number = whole_number(value) if isinstance(value, (int, float)) else None
    if number is None:
        raise refuse(f"must be {kind}")
    return number


def _whole_number_text(value: object) -> int:
    """From a query string or a form: `42`, `42.0`; never empty (an absent field takes its default)."""
    number = whole_number(value) if isinstance(value, (str, int, float)) and value != "" else None
    if number is None:
        raise refuse("must be an integer")
    return number


# JSON bodies: an integer is `42` or `42.0` (JSON Schema's integers), never "42" or true.
WholeNumber = Annotated[int, PlainValidator(_whole_number), WithJsonSchema({"type": "integer"})]
# Query strings and forms: the text of an integer.
WholeNumberText = Annotated[int, PlainValidator(_whole_number_text), WithJsonSchema({"type": "integer"})]
Text = StrictStr
Flag = StrictBool

# Expiry dates end before this (the columns' check constraints say the same): later ones are no
# different from "never" for a person, and year 10000 in UTC is a value no client library can read.
LATEST_EXPIRY = datetime(2100, 1, 1, tzinfo=UTC)
LATEST_EXPIRY_TEXT = "2100-01-01T00:00:00Z"


def _expiry(value: object) -> datetime | None:
    """An ISO 8601 date-time with a time zone, in the future and before LATEST_EXPIRY, in UTC."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise refuse("must be an ISO 8601 date-time string")
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise refuse("must be an ISO 8601 date-time, e.g. 2030-01-31T12:00:00Z") from None
    if parsed.tzinfo is None:
        raise refuse("must include a time zone (Z or ±hh:mm)")
    try:
        in_utc = parsed.astimezone(UTC)
    except OverflowError:  # 9999-12-31T23:59:59-12:00 is in year 10000 in UTC
        in_utc = LATEST_EXPIRY
    if in_utc >= LATEST_EXPIRY:
        raise refuse(f"must be before {LATEST_EXPIRY_TEXT}")
    if in_utc <= datetime.now(UTC):
        raise refuse("must be in the future")  # SQL checks too, without the name
    return in_utc


Expiry = Annotated[
    datetime | None,
    PlainValidator(_expiry),
    WithJsonSchema({"type": ["string", "null"], "format": "date-time", SERVER_RULE: "in the future"}),
]
