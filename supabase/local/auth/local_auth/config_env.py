"""Reading the official server's variables: strings, switches, numbers, lists and Go durations."""

from __future__ import annotations

import os


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def env_bool(name: str, default: bool) -> bool:
    value = env_str(name)
    return default if value == "" else value.lower() in ("1", "true", "yes", "on")


def env_int(name: str, default: int) -> int:
    value = env_str(name)
    return int(value) if value else default


def env_float(name: str, default: float) -> float:
    value = env_str(name)
    return float(value) if value else default


def env_list(name: str, default: list[str]) -> list[str]:
    value = env_str(name)
    return [item.strip() for item in value.split(",") if item.strip()] if value else default


def env_duration(name: str, default: float) -> float:
    return parse_duration(env_str(name), default)


def parse_duration(value: str, default: float) -> float:
    """Go duration strings as the official server takes them: '1m', '30s', '1h', '500ms'."""
    if not value:
        return default
    total, number = 0.0, ""
    units = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001}
    i = 0
    while i < len(value):
        ch = value[i]
        if ch.isdigit() or ch == ".":
            number += ch
            i += 1
            continue
        unit = "ms" if value[i : i + 2] == "ms" else ch
        total += float(number) * units[unit]
        number, i = "", i + len(unit)
    return total + (float(number) if number else 0.0)
