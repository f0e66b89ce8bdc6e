"""Reading the mails the stack's capture saved (TOOLKIT_MAIL_DIR), one recipient at a time."""

from __future__ import annotations

import base64
import email
import hashlib
import os
import re
import time
from email.message import Message
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

VERIFIER = "v" * 50
CHALLENGE = base64.urlsafe_b64encode(hashlib.sha256(VERIFIER.encode()).digest()).decode().rstrip("=")
PKCE = {"code_challenge": CHALLENGE, "code_challenge_method": "s256"}


def _directory() -> Path:
    value = os.environ.get("TOOLKIT_MAIL_DIR")
    if not value:
        pytest.fail("TOOLKIT_MAIL_DIR is not set: run these tests through ./scripts/test")
    return Path(value)


def mails_to(address: str) -> list[Message]:
    found = []
    for path in sorted(_directory().glob("*.eml")):
        message = email.message_from_bytes(path.read_bytes())
        if (message["To"] or "").lower() == address.lower():
            found.append(message)
    return found


def wait_for(address: str, count: int = 1) -> list[Message]:
    """At least `count` mails to `address` (SMTP delivery returns after the capture saved them)."""
    deadline = time.monotonic() + 5
    while True:
        found = mails_to(address)
        if len(found) >= count or time.monotonic() > deadline:
            assert len(found) >= count, f"expected {count} mail(s) to {address}, got {len(found)}"
            return found


def last(address: str, count: int = 1) -> Message:
    return wait_for(address, count)[-1]


def part(message: Message, content_type: str) -> str:
    for section in message.walk():
        if section.get_content_type() == content_type:
            payload = section.get_payload(decode=True)
            assert isinstance(payload, bytes), "a leaf part decodes to bytes"
            return payload.decode(section.get_content_charset() or "utf-8")
    raise AssertionError(f"no {content_type} part")


def _found(pattern: str, text: str) -> re.Match[str]:
    match = re.search(pattern, text)
    assert match is not None, f"{pattern} not in the mail: {text}"
    return match


def link(message: Message) -> str:
    return _found(r"https?://\S+/verify\?\S+", part(message, "text/plain")).group(0)


def link_path(message: Message) -> str:
    """The link's path as the service sees it behind the gateway (/auth/v1 stripped)."""
    parts = urlsplit(link(message))
    return parts.path.removeprefix("/auth/v1") + "?" + parts.query


def link_token(message: Message) -> str:
    return parse_qs(urlsplit(link(message)).query)["token"][0]


def code(message: Message) -> str:
    return _found(r"code: (\d{6,10})", part(message, "text/plain")).group(1)


def fragment(location: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(location).fragment, keep_blank_values=True).items()}
