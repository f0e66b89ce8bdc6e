"""The checks the tools' option models (contract/options.py) leave to code: a bad value is a 422
naming the option, never a 500."""

from __future__ import annotations

import re

from ..errors import ApiError


def invalid(name: str, why: str) -> ApiError:
    return ApiError(422, "invalid_option", f"Option '{name}' {why}")


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
