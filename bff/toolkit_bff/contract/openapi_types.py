"""Types of the OpenAPI document's parts, as this package builds them."""

from __future__ import annotations

from typing import Any, TypeAlias

# A part of the document (a schema, a parameter, a response, an operation): JSON whose shape OpenAPI
# 3.1 gives, not a Python type; pydantic types its JSON Schema the same way (JsonSchemaValue).
OpenApi: TypeAlias = dict[str, Any]
# Error codes by the status that answers them (responses.py's groups).
ErrorGroup: TypeAlias = dict[int, list[str]]
# Security requirements of an operation: each names schemes ({} is "no credential needed").
Security: TypeAlias = list[dict[str, list[str]]]
