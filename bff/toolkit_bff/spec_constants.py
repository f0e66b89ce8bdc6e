"""SPEC constants the app, the BFF and the SQL share, read from the one file that defines them
(`spec-constants/disabled-pages.json` at the repository root; the image copies it to /srv/spec-constants)."""

from __future__ import annotations

import json
from pathlib import Path

SPEC_CONSTANTS_DIR = Path(__file__).resolve().parents[2] / "spec-constants"

_DISABLED_PAGES = json.loads((SPEC_CONSTANTS_DIR / "disabled-pages.json").read_text(encoding="utf-8"))

PAGE_KEYS: tuple[str, ...] = tuple(_DISABLED_PAGES["page_keys"])  # SPEC §3, in the SPEC's order
DISABLED_PAGE_MESSAGE: str = _DISABLED_PAGES["default_message"]  # SPEC §3, word for word
