"""bcrypt hashes in the `$2a$10$` form the official server writes and reads, and its password rules."""

from __future__ import annotations

import bcrypt

from .config import Settings
from .errors import bad_request, weak_password

COST = 10
MAX_LENGTH = 72  # bcrypt's limit


def hash_password(password: str) -> str:
    hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=COST)).decode()
    # $2b$ and $2a$ are the same algorithm for these inputs; upstream (Go's bcrypt) writes $2a$.
    return "$2a$" + hashed[4:]


def check_password(password: str, hashed: str | None) -> bool:
    if not hashed or not hashed.startswith("$2"):
        return False
    try:
        return bcrypt.checkpw(password.encode(), hashed.encode())
    except ValueError:
        return False


def check_strength(settings: Settings, password: str) -> None:
    """Raise weak_password with upstream's message and reasons ('length', 'characters')."""
    # Lengths are in UTF-8 bytes, as upstream's len(): bcrypt's limit is 72 bytes, and "ééé" is 6 long.
    size = len(password.encode())
    if size > MAX_LENGTH:
        raise bad_request("validation_failed", f"Password cannot be longer than {MAX_LENGTH} characters")
    reasons, messages = [], []
    if size < settings.password_min_length:
        reasons.append("length")
        messages.append(f"Password should be at least {settings.password_min_length} characters.")
    if settings.password_required_characters:
        missing = [chars for chars in settings.password_required_characters if not any(c in chars for c in password)]
        if missing:
            reasons.append("characters")
            messages.append(
                "Password should contain at least one character of each: "
                + ", ".join(settings.password_required_characters)
                + "."
            )
    if reasons:
        raise weak_password(" ".join(messages), reasons)
