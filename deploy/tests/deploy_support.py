"""What the deployment tests read: the compose file, .env.example and the files they point at."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE_FILE = ROOT / "docker-compose.yml"
ENV_EXAMPLE = ROOT / ".env.example"

# `${NAME}`, `${NAME:-default}`, `${NAME:?message}`; `$${…}` is a literal dollar for the container.
_VARIABLE = re.compile(r"(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)")
_ASSIGNMENT = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", re.M)


def compose() -> dict:
    return yaml.safe_load(COMPOSE_FILE.read_text())


def services() -> dict[str, dict]:
    return compose()["services"]


def compose_variables() -> set[str]:
    return set(_VARIABLE.findall(COMPOSE_FILE.read_text()))


def env_assignments(text: str) -> dict[str, str]:
    """NAME=value lines of a .env file; single-quoted values are literal, as compose reads them."""
    values = {}
    for name, raw in _ASSIGNMENT.findall(text):
        raw = raw.strip()
        values[name] = raw[1:-1] if len(raw) >= 2 and raw[0] == raw[-1] == "'" else raw
    return values


def env_example() -> dict[str, str]:
    return env_assignments(ENV_EXAMPLE.read_text())


def compose_schema_path() -> Path:
    """Installed by scripts/setup from the compose-go module (the version is in the name)."""
    found = sorted((ROOT / ".venv" / "share" / "compose-spec").glob("compose-spec-*.json"))
    assert found, "the Compose Specification schema is missing: run ./scripts/setup"
    return found[-1]
