"""JSON request bodies, for every route: bounded in size before they are read and in depth before
they are parsed, and holding only text Postgres and the tools can take.

Python's parser recurses once per nesting level: a body of a thousand `[` ended in a RecursionError
(a 500). A lone surrogate (`"\\ud800"`) parses into a str that cannot be encoded as UTF-8, and NaN or
Infinity are not JSON at all. Each is refused here, as a 4xx naming the field or the limit."""

from __future__ import annotations

import json
import re
from typing import NoReturn

from flask import Flask, current_app, request
from flask.wrappers import Request

from .errors import ApiError

MAX_DEPTH = 32  # nesting levels of arrays and objects; the API's deepest body has 2
# A JSON string (escapes included), removed before counting brackets: brackets inside text do not nest.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_EMPTY_PAIR = re.compile(rb"\[\]|\{\}")
_NOT_A_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
_BAD_TEXT = re.compile("[\x00\ud800-\udfff]")


def json_max_bytes() -> int:
    limit: int = current_app.config["DATA_MAX_BODY_BYTES"]
    return limit


def _too_deep(data: bytes) -> bool:
    """Deeper than MAX_DEPTH: each pass removes the innermost (now empty) pairs, one level at a time,
    at the regular-expression engine's speed, so a 4 MB body of brackets costs milliseconds."""
    brackets = _STRING.sub(b"", data).translate(None, _NOT_A_BRACKET)
    for _ in range(MAX_DEPTH):
        if not brackets:
            return False
        brackets = _EMPTY_PAIR.sub(b"", brackets)
    return bool(brackets)


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def _field_error(path: str, problem: str) -> ApiError:
    if request.path.startswith("/api/tools/"):  # the tools name what they read "options"
        return ApiError(422, "invalid_option", f"Option '{path}' {problem}")
    return ApiError(422, "invalid_input", f"{path} {problem}")


def _check_text(value: object, path: str) -> None:
    if isinstance(value, str):
        found = _BAD_TEXT.search(value)
        if found:
            problem = (
                "must not contain NUL characters"
                if found.group() == "\x00"
                else "must be valid Unicode text (it holds a lone surrogate such as \\ud800)"
            )
            raise _field_error(path or "The body", problem)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_text(key, "A field name")  # never echoed: it is the bad text
            _check_text(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check_text(item, f"{path}[{index}]")


def parse_json_body(data: bytes | str) -> object:
    """The parsed body, or an ApiError: not a ValueError, so even a `silent` get_json passes it on."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if _too_deep(data):
        raise ApiError(400, "invalid_json", f"The JSON body is nested deeper than {MAX_DEPTH} levels")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(400, "invalid_json", "The JSON body is not valid UTF-8") from None
    value = json.loads(text, parse_constant=_refuse_constant)  # a ValueError: Flask's usual 400
    _check_text(value, "")
    return value


class _GuardedJson:
    """What Flask's Request.get_json parses with (its `json_module`)."""

    @staticmethod
    def loads(data: bytes | str, **_kwargs: object) -> object:
        return parse_json_body(data)


class GuardedRequest(Request):
    """Flask sets `json_module` to the app's JSON provider on every request (flask/ctx.py); request
    bodies keep the guarded parser whatever is assigned. (Responses still parse with the provider.)"""

    # Werkzeug types json_module as the json module, yet Flask assigns its JSON provider there: only
    # its loads() is used, which _GuardedJson has.
    @property  # type: ignore[override]
    def json_module(self) -> type[_GuardedJson]:
        return _GuardedJson

    @json_module.setter
    def json_module(self, _provider: object) -> None:
        pass


def _bound_json_bodies() -> None:
    """A JSON body is read whole before it is parsed: the data API's limit applies to every route
    (the 100 MB upload limit is for multipart files)."""
    if request.is_json:
        limit = json_max_bytes()
        if request.max_content_length is None or request.max_content_length > limit:
            request.max_content_length = limit
        if (request.content_length or 0) > limit:
            raise ApiError(
                413, "request_entity_too_large", f"The JSON body is larger than the limit of {limit // 1024} KB"
            )


def init_json_guard(app: Flask) -> None:
    app.request_class = GuardedRequest
    app.before_request(_bound_json_bodies)
