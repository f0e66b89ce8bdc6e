"""Numbers as callers write them, read the way the OpenAPI document (JSON Schema) defines them."""

from __future__ import annotations

import math


def whole_number(raw: object) -> int | None:
    """`42`, or `42.0` (JSON Schema's integers include numbers with a zero fraction), from a query,
    form or JSON value; None for anything else (fractions, NaN, infinity, text, booleans)."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float):
        return int(raw) if math.isfinite(raw) and raw.is_integer() else None
    text = str(raw).strip()
    try:
        return int(text)
    except ValueError:
        pass
    try:
        number = float(text)  # also past int()'s 4300-digit limit: inf, refused below
    except ValueError:
        return None
    return int(number) if math.isfinite(number) and number.is_integer() else None
