"""Reading and checking JSON request bodies of the data API: a clear 4xx naming the field."""
from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, timezone

from flask import current_app, request

from ..errors import ApiError
from ..numbers import whole_number

MISSING = object()
# Expiry dates end before this (the columns' check constraints say the same): later ones are no
# different from "never" for a person, and year 10000 in UTC is a value no client library can read.
LATEST_EXPIRY = datetime(2100, 1, 1, tzinfo=timezone.utc)
LATEST_EXPIRY_TEXT = "2100-01-01T00:00:00Z"
MAX_OFFSET = 1_000_000  # paged lists: deeper than this no one reads, and Postgres would scan it all


def or_none(value):
    """A field's value for SQL: an absent field is NULL."""
    return None if value is MISSING else value


def invalid(field: str, problem: str) -> ApiError:
    return ApiError(422, "invalid_input", f"{field} {problem}")


def json_object(allowed: Iterable[str]) -> dict:
    """The body as a JSON object holding only `allowed` fields."""
    limit = current_app.config["DATA_MAX_BODY_BYTES"]
    request.max_content_length = limit  # also caps bodies sent without a Content-Length
    if (request.content_length or 0) > limit:
        raise ApiError(413, "request_entity_too_large", f"The body is larger than the limit of {limit // 1024} KB")
    if not request.is_json:
        raise ApiError(415, "unsupported_media_type", "Send a JSON object with Content-Type: application/json")
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise ApiError(400, "invalid_json", "The body must be a JSON object")
    unknown = sorted(set(body) - set(allowed))
    if unknown:
        raise ApiError(422, "unknown_field", f"These fields cannot be set here: {', '.join(unknown)}")
    return body


def text(body: dict, field: str, *, max_length: int, required: bool = False, pattern: str | None = None,
         rule: str = "", nullable: bool = False):
    """A string field; MISSING when absent and optional; None when null is allowed."""
    value = body.get(field, MISSING)
    if value is MISSING:
        if required:
            raise invalid(field, "is required")
        return MISSING
    if value is None and nullable:
        return None
    if not isinstance(value, str):
        raise invalid(field, "must be a string")
    if len(value) > max_length:
        raise invalid(field, f"must be at most {max_length} characters")
    if "\x00" in value:
        raise invalid(field, "must not contain NUL characters")
    if pattern and not re.fullmatch(pattern, value):
        raise invalid(field, rule or f"must match {pattern}")
    return value


def integer(body: dict, field: str, *, low: int, high: int):
    """An integer; as in JSON Schema, a number with no fraction (50815.0) is one too."""
    value = body.get(field, MISSING)
    if value is MISSING or value is None:
        return value
    value = whole_number(value) if isinstance(value, (int, float)) else None
    if value is None:
        raise invalid(field, "must be an integer")
    if not low <= value <= high:
        raise invalid(field, f"must be between {low} and {high}")
    return value


def boolean(body: dict, field: str):
    value = body.get(field, MISSING)
    if value is not MISSING and not isinstance(value, bool):
        raise invalid(field, "must be true or false")
    return value


def expiry(body: dict, field: str = "expires_at"):
    """An ISO 8601 date-time with a time zone, in the future and before LATEST_EXPIRY, or null."""
    value = body.get(field, MISSING)
    if value is MISSING or value is None:
        return value
    if not isinstance(value, str):
        raise invalid(field, "must be an ISO 8601 date-time string")
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise invalid(field, "must be an ISO 8601 date-time, e.g. 2030-01-31T12:00:00Z") from None
    if parsed.tzinfo is None:
        raise invalid(field, "must include a time zone (Z or ±hh:mm)")
    try:
        in_utc = parsed.astimezone(timezone.utc)
    except OverflowError:  # 9999-12-31T23:59:59-12:00 is in year 10000 in UTC
        in_utc = LATEST_EXPIRY
    if in_utc >= LATEST_EXPIRY:
        raise invalid(field, f"must be before {LATEST_EXPIRY_TEXT}")
    if in_utc <= datetime.now(timezone.utc):
        raise invalid(field, "must be in the future")  # SQL checks too, without the name
    return in_utc


def query_int(name: str, default: int, *, low: int, high: int) -> int:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    value = whole_number(raw)
    if value is None:
        raise invalid(name, "must be an integer")
    if not low <= value <= high:
        raise invalid(name, f"must be between {low} and {high}")
    return value

