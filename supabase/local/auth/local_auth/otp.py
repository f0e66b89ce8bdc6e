"""One-time tokens of the e-mail flows, as upstream makes and stores them.

A mail carries an OTP (GOTRUE_MAILER_OTP_LENGTH digits) and a link whose token is
hex(sha224(email + otp)) — `pkce_`-prefixed when the flow is PKCE. The hash goes into the user's
*_token column and into auth.one_time_tokens (one row per user and token type, `relates_to` = the
address the mail went to); links are looked up through that table, OTPs through the columns."""

from __future__ import annotations

import hashlib
import secrets
import uuid
from datetime import datetime, timedelta

from .db import Conn, Id, Row
from .timeutil import now

PKCE_PREFIX = "pkce_"

CONFIRMATION = "confirmation_token"
RECOVERY = "recovery_token"
REAUTHENTICATION = "reauthentication_token"
EMAIL_CHANGE_CURRENT = "email_change_token_current"
EMAIL_CHANGE_NEW = "email_change_token_new"


def generate(length: int) -> str:
    """A uniformly random numeric code, zero-padded like upstream's."""
    return str(secrets.randbelow(10**length)).zfill(length)


def token_hash(address: str, code: str) -> str:
    return hashlib.sha224((address + code).encode()).hexdigest()


def with_flow_prefix(hashed: str, pkce: bool) -> str:
    return PKCE_PREFIX + hashed if pkce else hashed


def store(conn: Conn, user_id: Id, token_type: str, relates_to: str, hashed: str) -> None:
    """Replace the user's token of this type (upstream's CreateOneTimeToken)."""
    clear(conn, user_id, token_type)
    stamp = now().replace(tzinfo=None)  # timestamp without time zone, in UTC
    conn.execute(
        "insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)"
        " values (%s, %s, %s, %s, %s, %s, %s)",
        (uuid.uuid4(), user_id, token_type, hashed, relates_to.lower(), stamp, stamp),
    )


def clear(conn: Conn, user_id: Id, token_type: str | None = None) -> None:
    if token_type is None:
        conn.execute("delete from auth.one_time_tokens where user_id = %s", (user_id,))
    else:
        conn.execute("delete from auth.one_time_tokens where user_id = %s and token_type = %s", (user_id, token_type))


def find(conn: Conn, hashed: str, *token_types: str) -> Row | None:
    """The one_time_tokens row with this hash and one of these types."""
    return conn.execute(
        "select * from auth.one_time_tokens where token_hash = %s and token_type = any(%s::auth.one_time_token_type[])"
        " limit 1",
        (hashed, list(token_types)),
    ).fetchone()


def consume(conn: Conn, hashed: str, *token_types: str) -> Row | None:
    """Take the one_time_tokens row with this hash and one of these types, and lock its user: the row
    is deleted here, so of two concurrent uses of one link the second finds nothing (its delete waits
    for the first transaction and then matches no row). A refused token comes back with the rollback."""
    row = conn.execute(
        "delete from auth.one_time_tokens where token_hash = %s and token_type = any(%s::auth.one_time_token_type[])"
        " returning *",
        (hashed, list(token_types)),
    ).fetchone()
    if row is None:
        return None
    return conn.execute("select * from auth.users where id = %s for update", (row["user_id"],)).fetchone()


def find_user(conn: Conn, hashed: str, *token_types: str) -> Row | None:
    """The user holding this token, locked (their token columns are then read as committed last)."""
    row = find(conn, hashed, *token_types)
    if row is None:
        return None
    return conn.execute("select * from auth.users where id = %s for update", (row["user_id"],)).fetchone()


def is_expired(sent_at: datetime | None, lifetime_seconds: int) -> bool:
    return sent_at is None or now() > sent_at + timedelta(seconds=lifetime_seconds)


def matches(actual: str, expected: str | None, sent_at: datetime | None, lifetime_seconds: int) -> bool:
    """Upstream's isOtpValid: unexpired, and equal with or without the PKCE prefix."""
    if not expected or sent_at is None:
        return False
    if is_expired(sent_at, lifetime_seconds):
        return False
    return secrets.compare_digest(actual, expected) or secrets.compare_digest(PKCE_PREFIX + actual, expected)
