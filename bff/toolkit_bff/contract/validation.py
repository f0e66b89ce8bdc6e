"""A request's body and query, read into their models; a model's refusal, said as the API's 422.

The data API names a field ("url must be at most 2048 characters", code `invalid_input`); the tools
name an option ("Option 'size' must be between 64 and 4096", code `invalid_option`). Unknown fields of
a body are one 422 `unknown_field` naming them all."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from flask import current_app, request
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from ..errors import ApiError

Model = TypeVar("Model", bound=BaseModel)

# pydantic's error types, in the API's words; the context fills the braces.
WORDS = {
    "missing": "is required",
    "string_type": "must be a string",
    "string_too_long": "must be at most {max_length} characters",
    "string_too_short": "must be at least {min_length} characters",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "int_type": "must be an integer",
    "int_parsing": "must be an integer",
    "int_from_float": "must be an integer",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "finite_number": "must be a number",
    "list_type": "must be a list",
    "too_short": "must have at least {min_length} items",
    "too_long": "must have at most {max_length} items",
    "dict_type": "must be an object",
    "model_type": "must be an object",
    "model_attributes_type": "must be an object",
    "uuid_parsing": "must be a UUID",
    "uuid_type": "must be a UUID",
}


def _field(location: tuple[int | str, ...]) -> str:
    name = ""
    for part in location:
        name += f"[{part}]" if isinstance(part, int) else (f".{part}" if name else str(part))
    return name


def _choices(expected: str) -> list[str]:
    """pydantic's "'a', 'b' or 'c'" as ['a', 'b', 'c']."""
    return [item.strip().strip("'") for item in expected.replace(" or ", ", ").split(",") if item.strip()]


def _normalised(error: ErrorDetails) -> ErrorDetails:
    """A text read by a validator of ours first reports its length as a list's would."""
    if error["type"] in ("too_long", "too_short") and error.get("ctx", {}).get("field_type") not in (
        "List",
        "Tuple",
        "Set",
    ):
        return {**error, "type": "string_" + error["type"]}
    return error


def _words(error: ErrorDetails, *, options: bool) -> str:
    context = error.get("ctx", {})
    if error["type"] == "rule":
        return str(context["words"])
    if error["type"] in ("literal_error", "enum"):
        choices = _choices(str(context["expected"]))
        if options:
            return f"must be one of {', '.join(choices)}"
        return "must be " + (", ".join(choices[:-1]) + " or " + choices[-1] if len(choices) > 1 else choices[0])
    if error["type"] == "string_too_short" and context["min_length"] == 1:
        return "is required" if options else "must not be empty"
    template = WORDS.get(error["type"])
    if template is None:  # a type this API never declares: pydantic's own words, lower-cased
        return "is invalid: " + error["msg"][:1].lower() + error["msg"][1:]
    return template.format(**context)


def refusal(exc: ValidationError, model: type[BaseModel], *, options: bool) -> ApiError:
    errors = exc.errors(include_url=False, include_input=False)
    unknown = sorted({_field(e["loc"]) for e in errors if e["type"] == "extra_forbidden"})
    if unknown:
        return ApiError(422, "unknown_field", f"These fields cannot be set here: {', '.join(unknown)}")
    first = _normalised(errors[0])
    field = _field(first["loc"])
    code = "invalid_option" if options else "invalid_input"
    # Options.messages and Body/Query.field_words (base.py); other models have neither.
    messages: Mapping[tuple[str, str], str] = getattr(model, "messages", {})
    field_words: Mapping[str, str] = getattr(model, "field_words", {})
    said = messages.get((field, first["type"]))
    if said:  # the whole message, in the tool's own words
        return ApiError(422, code, said)
    top = first["loc"][0] if first["loc"] else ""
    if top in field_words and first["type"] != "missing":  # one rule for the field
        field, words = str(top), field_words[str(top)]
    else:
        words = _words(first, options=options)
    if options:
        return ApiError(422, "invalid_option", f"Option '{field}' {words}")
    return ApiError(422, "invalid_input", f"{field} {words}")


def validated(
    model: type[Model], data: Mapping[str, object], *, options: bool = False, context: dict[str, object] | None = None
) -> Model:
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise refusal(exc, model, options=options) from None


def json_object() -> dict[str, object]:
    """The body as a JSON object, bounded by the data API's body limit (json_guard.py parses it)."""
    limit_body_to_data_api()
    if not request.is_json:
        raise ApiError(415, "unsupported_media_type", "Send a JSON object with Content-Type: application/json")
    return _parsed_object()


def limit_body_to_data_api() -> None:
    """A body over the data API's limit is refused (413) before any of it is read."""
    limit: int = current_app.config["DATA_MAX_BODY_BYTES"]
    request.max_content_length = limit  # also caps bodies sent without a Content-Length
    if (request.content_length or 0) > limit:
        raise ApiError(413, "request_entity_too_large", f"The body is larger than the limit of {limit // 1024} KB")


def _parsed_object() -> dict[str, object]:
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise ApiError(400, "invalid_json", "The body must be a JSON object")
    return body


def options_values() -> Mapping[str, object]:
    """A tool's options: the object of a JSON request, else the form and query values."""
    return _parsed_object() if request.is_json else request.values


def tool_options(model: type[Model]) -> Model:
    """A tool's options read through its model (a 422 naming the option otherwise)."""
    return validated(model, options_values(), options=True, context={"json": request.is_json})


def query_values() -> dict[str, str | None]:
    """The query string, one value per name (the first, as Flask's `args.get` reads it)."""
    return {name: request.args.get(name) for name in request.args}
