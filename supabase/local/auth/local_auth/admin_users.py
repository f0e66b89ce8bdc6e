"""Helpers of the admin API: upstream's parsing of admin parameters, Go durations for ban_duration,
pagination headers, and soft deletion with upstream's obfuscation of personal data."""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
import string
import uuid
from collections.abc import Mapping
from datetime import timedelta
from urllib.parse import urlencode

from psycopg.types.json import Jsonb

from . import users
from .db import Conn, Id, Row
from .errors import AuthError, bad_request, not_found
from .json_types import JsonObject
from .passwords import MAX_LENGTH, hash_password
from .request_context import go_type
from .request_context import json_object as _json_object
from .request_context import text as _text
from .timeutil import now

_UNITS = {"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "μs": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0, "h": 3600.0}
_PART = re.compile(r"(\d*)(?:\.(\d*))?([^\d.]*)")


class PanicError(Exception):
    """Cases where upstream fails unhandled: a bare 500 "Internal Server Error" without x-sb-error-code."""


def text(params: JsonObject, name: str) -> str:
    return _text(params, name, struct="AdminUserParams")


def json_object(params: JsonObject, name: str) -> JsonObject | None:
    return _json_object(params, name, struct="AdminUserParams")


def go_duration(value: str) -> float:
    """Seconds of a Go duration string ("24h", "1h30m", "-5m", "0"); ValueError carries Go's message."""
    original, text, sign = value, value, 1.0
    if text[:1] in "+-" and text:
        sign, text = (-1.0 if text[0] == "-" else 1.0), text[1:]
    if text == "0":
        return 0.0
    if not text:
        raise ValueError(f'time: invalid duration "{original}"')
    total = 0.0
    while text:
        match = _PART.match(text)
        assert match is not None  # every part of the pattern is optional: it matches anywhere
        whole, fraction, unit = match.group(1), match.group(2), match.group(3)
        if not whole and not fraction:
            raise ValueError(f'time: invalid duration "{original}"')
        if not unit:
            raise ValueError(f'time: missing unit in duration "{original}"')
        if unit not in _UNITS:
            raise ValueError(f'time: unknown unit "{unit}" in duration "{original}"')
        total += float(f"{whole or 0}.{fraction or 0}") * _UNITS[unit]
        text = text[match.end() :]
    return sign * total


def flag(params: JsonObject, name: str, struct: str = "AdminUserParams") -> bool:
    value = params.get(name, False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise bad_request(
            "bad_json",
            "Could not parse request body as JSON: json: cannot unmarshal "
            f"{go_type(value)} into Go struct field {struct}.{name} of type bool",
        )
    return value


def merge(current: JsonObject | None, updates: JsonObject) -> JsonObject:
    """Upstream's Update*MetaData: keys set to null are removed, the others set."""
    merged = dict(current or {})
    for key, value in updates.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = value
    return merged


def pagination_link(path: str, args: dict[str, str], page: int, per_page: int, total: int) -> str:
    """Upstream's Link header: relative to the request path, every query parameter kept (sorted),
    only `next` (when there is a next page) and `last`."""
    pages = total // per_page + (1 if total % per_page else 0)
    parts = []
    if pages > page:
        parts.append(f'<{path}?{urlencode(sorted((args | {"page": str(page + 1)}).items()))}>; rel="next"')
    parts.append(f'<{path}?{urlencode(sorted((args | {"page": str(pages)}).items()))}>; rel="last"')
    return ", ".join(parts)


def _obfuscate(user_id: Id, value: str) -> str:
    digest = hashlib.sha256((str(user_id) + value).encode()).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def load_user(conn: Conn, user_id: str) -> Row:
    """Upstream's loadUser middleware of /admin/users/{user_id}/…: 404s for a malformed or unknown id."""
    try:
        uuid.UUID(user_id)
    except ValueError:
        raise not_found("validation_failed", "user_id must be an UUID") from None
    user = users.find_by_id(conn, user_id)
    if user is None:
        raise not_found("user_not_found", "User not found")
    return user


def soft_delete(conn: Conn, user: Row) -> None:
    """Upstream's soft delete: contact data replaced by hashes, secrets and metadata cleared, the
    identities anonymised, factors and sessions removed; the row stays with deleted_at set."""
    uid = user["id"]
    conn.execute(
        "update auth.users set email = %s, phone = %s, email_change = %s, phone_change = %s,"
        " encrypted_password = null, confirmation_token = '', recovery_token = '',"
        " email_change_token_current = '', email_change_token_new = '', phone_change_token = '',"
        " deleted_at = %s, raw_user_meta_data = '{}', raw_app_meta_data = '{}', updated_at = %s where id = %s",
        (
            _obfuscate(uid, user["email"] or ""),
            _obfuscate(uid, user["phone"] or "")[:15],
            _obfuscate(uid, user["email_change"] or ""),
            _obfuscate(uid, user["phone_change"] or "")[:15],
            now(),
            now(),
            uid,
        ),
    )
    conn.execute("delete from auth.one_time_tokens where user_id = %s", (uid,))
    for identity in conn.execute("select * from auth.identities where user_id = %s", (uid,)).fetchall():
        conn.execute(
            "update auth.identities set identity_data = %s, provider_id = %s where id = %s",
            (Jsonb({}), _obfuscate(uid, f"{identity['provider']}:{identity['provider_id']}"), identity["id"]),
        )
    conn.execute("delete from auth.mfa_factors where user_id = %s", (uid,))
    conn.execute("delete from auth.webauthn_credentials where user_id = %s", (uid,))  # passkeys (v2.190.0)
    conn.execute("delete from auth.sessions where user_id = %s", (uid,))


def uint_param(args: Mapping[str, str], name: str, default: int) -> int:
    value = args.get(name, "")
    if value == "":
        return default
    if not (value.isascii() and value.isdigit()):
        raise bad_request(
            "validation_failed", f'Bad Pagination Parameters: strconv.ParseUint: parsing "{value}": invalid syntax'
        )
    return int(value)


def ban_duration(params: JsonObject) -> timedelta | None:
    value = text(params, "ban_duration")
    if not value:
        return None
    if value == "none":
        return timedelta(0)
    try:
        return timedelta(seconds=go_duration(value))
    except ValueError as exc:
        raise bad_request("validation_failed", f"invalid format for ban duration: {exc}") from exc


def email_taken(conn: Conn, email: str, aud: str, exclude: Id | None = None) -> bool:
    owners = conn.execute(
        "select distinct u.id from auth.identities i join auth.users u on u.id = i.user_id"
        " where i.email = %s and u.aud = %s",
        (email.lower(), aud),
    ).fetchall()
    if any(row["id"] != exclude for row in owners):
        return True
    user = users.find_by_email(conn, email, aud)
    return user is not None and user["id"] != exclude


def password_hash(params: JsonObject) -> str:
    password, given_hash = params.get("password"), text(params, "password_hash")
    if password is not None and not isinstance(password, str):
        text(params, "password")  # answers bad_json like upstream
    if password is not None and given_hash:
        raise bad_request("validation_failed", "Only a password or a password hash should be provided")
    if given_hash:
        if not given_hash.startswith(("$2a$", "$2b$", "$2y$")):
            raise AuthError(500, "unexpected_failure", "Error creating user")
        return given_hash
    if not password:  # upstream invents a random 64-character password
        password = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(64))
    if len(password.encode()) > MAX_LENGTH:
        raise PanicError()  # upstream's bcrypt call fails unhandled here
    return hash_password(password)
