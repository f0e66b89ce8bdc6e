"""Which passwords a protected link may have. The redirect service allows each client 5 tries a
minute on a link (20 over all links), and counts no limit over all clients together, so that no
one can lock others out; what keeps guessing infeasible is the password itself: at least
MIN_LENGTH characters and not one of the 10,000 most common passwords.

common-passwords.txt is the first 10,000 entries of the `passwords` frequency list that the
zxcvbn package (PyPI, version 4.5.0, MIT licence: common-passwords.LICENSE.txt) ships in
zxcvbn/frequency_lists.py, most common first, one per line, lower case. Compared case-insensitively:
"Password1" is as guessable as "password1"."""

from __future__ import annotations

from functools import cache
from pathlib import Path

MIN_LENGTH = 8
COMMON_PASSWORDS_FILE = Path(__file__).with_name("common-passwords.txt")


@cache
def common_passwords() -> frozenset[str]:
    return frozenset(COMMON_PASSWORDS_FILE.read_text(encoding="utf-8").split("\n")) - {""}


def weakness(password: str) -> str | None:
    """Why `password` is too weak to protect a link, in words for its owner; None when it is not."""
    if len(password) < MIN_LENGTH:
        return f"password must be at least {MIN_LENGTH} characters: shorter ones are guessed quickly"
    if password.lower() in common_passwords():
        return (
            "password is one of the 10,000 most common passwords, which are tried first: choose one nobody would guess"
        )
    return None
