"""Form and query options, checked: a bad value is a 422 naming the option, never a 500."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from flask import request

from ..errors import ApiError
from ..numbers import whole_number

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def invalid(name: str, why: str) -> ApiError:
    return ApiError(422, "invalid_option", f"Option '{name}' {why}")


def request_body() -> Mapping:
    """The object of a JSON request, else the form and query values; malformed JSON is a 400."""
    if request.is_json:
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            raise ApiError(400, "invalid_json", "The body must be a JSON object")
        return body
    return request.values


def _source(source: Mapping | None) -> Mapping:
    return source if source is not None else request_body()


def get_str(name: str, default: str | None = None, *, source: Mapping | None = None,
            max_length: int = 2000) -> str | None:
    value = _source(source).get(name)
    if value is None:
        return default
    if not isinstance(value, str):
        value = str(value)
    if len(value) > max_length:
        raise invalid(name, f"must be at most {max_length} characters")
    return value


def get_choice(name: str, choices: Iterable[str], default: str | None = None, *,
               source: Mapping | None = None) -> str | None:
    choices = list(choices)
    value = get_str(name, None, source=source)
    if value is None or value == "":
        return default
    value = value.strip().lower()
    if value not in choices:
        raise invalid(name, f"must be one of {', '.join(choices)}")
    return value


def _get_number(name: str, default, low, high, source: Mapping | None, parse, kind: str, shown: str):
    value = get_str(name, None, source=source)
    if value is None or str(value).strip() == "":
        return default
    number = parse(value)
    if number is None:
        raise invalid(name, f"must be {kind}")
    if not low <= number <= high:  # also rejects NaN
        raise invalid(name, f"must be between {low:{shown}} and {high:{shown}}")
    return number


def get_int(name: str, default: int | None = None, *, low: int, high: int,
            source: Mapping | None = None) -> int | None:
    return _get_number(name, default, low, high, source, whole_number, "a whole number", "")


def get_float(name: str, default: float | None = None, *, low: float, high: float,
              source: Mapping | None = None) -> float | None:
    return _get_number(name, default, low, high, source, _float_or_none, "a number", "g")


def _float_or_none(raw) -> float | None:
    try:
        return float(str(raw).strip())
    except ValueError:
        return None


def get_bool(name: str, default: bool, *, source: Mapping | None = None) -> bool:
    value = _source(source).get(name)
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise invalid(name, "must be true or false")


def parse_colour(value: str, name: str) -> tuple[int, int, int, int]:
    """#rgb or #rrggbb as RGBA; `background` may also be `transparent`."""
    text = (value or "").strip().lower()
    if name == "background" and text == "transparent":
        return (255, 255, 255, 0)
    match = re.fullmatch(r"#?([0-9a-f]{3}|[0-9a-f]{6})", text)
    if not match:
        raise invalid(name, "must be a colour like #1a2b3c")
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    return (int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16), 255)
