"""Path and query parameters of an operation, from its Flask rule and its query model."""

from __future__ import annotations

import re

from pydantic import BaseModel

from .openapi_types import OpenApi
from .schemas import model_schema

# Flask's converters, as the schema of the path parameter they accept.
CONVERTERS: dict[str, OpenApi] = {
    "uuid": {"type": "string", "format": "uuid"},
    "int": {"type": "integer", "minimum": 0},
    "string": {"type": "string"},
    "path": {"type": "string"},
}


def path_parameters(rule: str, overrides: dict[str, OpenApi]) -> list[OpenApi]:
    """`<uuid:link_id>` → a required uuid parameter; `overrides` gives a name its own schema and
    description ({"schema": …, "description": …})."""
    found = []
    for converter, name in re.findall(r"<(?:([^<>:]+):)?([^<>]+)>", rule):
        parameter = {"name": name, "in": "path", "required": True, "schema": CONVERTERS[converter or "string"]}
        found.append({**parameter, **overrides.get(name, {})})
    return found


def query_parameters(model: type[BaseModel]) -> list[OpenApi]:
    schema = model_schema(model)
    required = set(schema.get("required", []))
    found = []
    for name, prop in schema["properties"].items():
        prop = dict(prop)
        description = prop.pop("description", None)
        parameter = {"name": name, "in": "query", **({"description": description} if description else {})}
        if name in required:
            parameter["required"] = True
        found.append({**parameter, "schema": prop})
    return found
