"""The phx_join payload, checked as the official server checks it (RealtimeWeb.Channels.Payloads.Join,
Config, Broadcast, Presence and PostgresChange: Ecto changesets), with the same messages.

Upstream logs an InvalidJoinPayload and goes on: a `postgres_changes` that is not a list then
subscribes nothing, and a binding that is not a map crashes the channel's join, which Phoenix
answers `{"reason": "join crashed"}`. Here every such join gets an error reply naming what is wrong,
`InvalidJoinPayload: {...}` (the errors as upstream's log has them), and the connection stays open:
a number or a boolean where a list belongs used to raise a TypeError in the socket handler, which
closed the whole connection (1011) with every channel on it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .serializer import JsonObject

EXPECTED_MAP = "unable to parse, expected a map"
EXPECTED_MAPS = "unable to parse, expected an array of maps"
EXPECTED_STRING = "unable to parse, expected string"
EXPECTED_BOOLEAN = "unable to parse, expected boolean"


class InvalidJoinPayload(ValueError):
    def __init__(self, errors: JsonObject):
        self.errors = errors
        super().__init__(self.reason)

    @property
    def reason(self) -> str:
        return "InvalidJoinPayload: " + json.dumps(self.errors, separators=(",", ":"))


@dataclass(frozen=True)
class Join:
    access_token: str | None = None
    user_token: str | None = None
    private: bool = False
    postgres_changes: list[JsonObject] = field(default_factory=list)


def _flexible_boolean(value: Any) -> bool | None:
    """Upstream's FlexibleBoolean: true/false, or those words in any case; None when neither."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    return None


def _booleans(section: JsonObject, names: tuple[str, ...]) -> JsonObject:
    return {
        name: [EXPECTED_BOOLEAN]
        for name in names
        if section.get(name) is not None and _flexible_boolean(section[name]) is None
    }


def _section_errors(config: JsonObject, name: str, booleans: tuple[str, ...]) -> list[str] | JsonObject:
    section = config.get(name)
    if section is None:
        return {}
    if not isinstance(section, dict):
        return [EXPECTED_MAP]
    errors = _booleans(section, booleans)
    if name == "broadcast" and section.get("replay") is not None and not isinstance(section["replay"], dict):
        errors["replay"] = [EXPECTED_MAP]
    return errors


def _bindings(value: Any) -> tuple[list[JsonObject], list[str] | list[JsonObject] | None]:
    """(the bindings, the errors): nulls dropped, each a map of strings (event, schema, table, filter)."""
    if value is None:
        return [], None
    if not isinstance(value, list):
        return [], [EXPECTED_MAPS]
    bindings = [binding for binding in value if binding is not None]
    if not all(isinstance(binding, dict) for binding in bindings):
        return [], [EXPECTED_MAPS]
    errors = [
        {
            name: [EXPECTED_STRING]
            for name in ("event", "schema", "table", "filter")
            if binding.get(name) is not None and not isinstance(binding[name], str)
        }
        for binding in bindings
    ]
    return bindings, errors if any(errors) else None


def parse_join(payload: Any) -> Join:
    """The join's token(s), whether the channel is private and its postgres_changes bindings."""
    payload = payload if isinstance(payload, dict) else {}
    errors: JsonObject = {
        name: [EXPECTED_STRING]
        for name in ("access_token", "user_token")
        if payload.get(name) is not None and not isinstance(payload[name], str)
    }
    config = payload.get("config")
    private, bindings = False, list[JsonObject]()
    if isinstance(config, dict):
        config_errors: JsonObject = {}
        for name, booleans in (("broadcast", ("ack", "self", "replication_ready")), ("presence", ("enabled",))):
            if problem := _section_errors(config, name, booleans):
                config_errors[name] = problem
        if config.get("private") is not None:
            flag = _flexible_boolean(config["private"])
            if flag is None:
                config_errors["private"] = [EXPECTED_BOOLEAN]
            private = bool(flag)
        bindings, binding_errors = _bindings(config.get("postgres_changes"))
        if binding_errors:
            config_errors["postgres_changes"] = binding_errors
        if config_errors:
            errors["config"] = config_errors
    elif config is not None:
        errors["config"] = [EXPECTED_MAP]
    if errors:
        raise InvalidJoinPayload(errors)
    return Join(payload.get("access_token"), payload.get("user_token"), private, bindings)
