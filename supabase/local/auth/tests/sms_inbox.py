"""Reading the text messages the stack's SMS capture saved (TOOLKIT_SMS_DIR), one number at a time."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest

from local_auth.json_types import JsonObject


def _directory() -> Path:
    value = os.environ.get("TOOLKIT_SMS_DIR")
    if not value:
        pytest.fail("TOOLKIT_SMS_DIR is not set: run these tests through ./scripts/test")
    return Path(value)


def new_phone() -> str:
    """A number no other test uses (the 555-01xx range is reserved for fiction)."""
    return f"+1555{random.randrange(10**7):07d}"


def messages_to(phone: str) -> list[JsonObject]:
    """What Twilio's API was sent for `phone` (E.164 with '+'), oldest first. The capture writes the
    file before it answers, and Auth waits for the answer: no polling needed."""
    found = []
    for path in sorted(_directory().glob("*.json"), key=lambda p: [int(n) for n in p.stem.split("-")]):
        message = json.loads(path.read_text())
        if message.get("to") == phone:
            found.append(message)
    return found


def code(message: JsonObject) -> str:
    match = re.search(r"\b(\d{6,10})\b", message["body"])
    assert match, message
    return match.group(1)


def last_code(phone: str) -> str:
    messages = messages_to(phone)
    assert messages, f"no text message to {phone}"
    return code(messages[-1])
