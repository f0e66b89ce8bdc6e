"""Passwords of protected links: argon2id (argon2-cffi), checked off the event loop.

The BFF hashes new passwords with HASHER (toolkit_bff/api/link_passwords/create.py), so both sides
agree on the algorithm and its cost; the table's check constraint accepts exactly these parameters
(20261128110000_short_link_password_hash_parameters.sql), and this service verifies no hash with
other ones, so nobody can choose what a try costs. A check always costs one argon2 verification:
when there is no hash to check against (no such link, an expired one, one without a password) the
service verifies against a stand-in hash of the same cost, so a wrong password and a missing link
take the same time."""

from __future__ import annotations

import asyncio
import secrets
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import parse_qs

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

# OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): ~25 ms per check on this machine.
HASHER = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1, hash_len=32, salt_len=16)
# What every hash of HASHER starts with: the only parameters a stored hash may carry.
SERVER_PARAMETERS = "$argon2id$v=19$m=19456,t=2,p=1$"
MAX_PASSWORD_LENGTH = 256  # characters; longer answers are wrong without hashing anything
MAX_FORM_BYTES = 4096  # the password form's body; larger ones are refused with 413


def _verify(stored_hash: str, password: str) -> bool:
    try:
        return HASHER.verify(stored_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def form_password(body: bytes) -> str | None:
    """The `password` field of an application/x-www-form-urlencoded body, or None."""
    try:
        fields = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=8)
    except (UnicodeDecodeError, ValueError):
        return None
    values = fields.get("password")
    return values[0] if values else None


class PasswordChecker:
    def __init__(self, threads: int):
        # argon2-cffi releases the GIL while it hashes: the loop keeps serving redirects meanwhile.
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix="link-password")
        self._stand_in = HASHER.hash(secrets.token_urlsafe(24))

    async def check(self, stored_hash: str | None, password: str | None) -> bool:
        """True only when `stored_hash` is set, carries the server's parameters and `password` matches it."""
        attempt = password if password is not None and len(password) <= MAX_PASSWORD_LENGTH else ""
        usable = stored_hash if stored_hash is not None and stored_hash.startswith(SERVER_PARAMETERS) else None
        matched = await asyncio.get_running_loop().run_in_executor(
            self._executor, _verify, usable if usable is not None else self._stand_in, attempt
        )
        return matched and usable is not None and attempt == password

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
