"""Passkeys' rows: auth.webauthn_credentials and auth.webauthn_challenges (supabase/bootstrap/
02-auth-passkeys.sql), as upstream's internal/models/webauthn_credential.go and webauthn_challenge.go
keep them. A challenge is taken once, with `delete … returning`, so of two concurrent verifications
the second finds it gone."""

from __future__ import annotations

import uuid
from datetime import datetime

import psycopg
from psycopg.types.json import Jsonb
from webauthn.registration.verify_registration_response import VerifiedRegistration

from .config import current_settings
from .db import Conn, Id, Row, returned
from .errors import AuthError, bad_request, forbidden, not_found, unprocessable
from .json_types import JsonObject
from .passkey_config import PasskeySettings
from .timeutil import iso, now

DEFAULT_NAME = "Passkey"  # upstream names a passkey by its authenticator's AAGUID, else this
NAME_MAX_BYTES = 120


def settings() -> PasskeySettings:
    return current_settings().passkey


def require_enabled() -> None:
    """Upstream's requirePasskeyEnabled guards every /passkeys route (not the admin ones)."""
    if not settings().enabled:
        raise not_found("passkey_disabled", "Passkeys are disabled")


def require_management_aal(conn: Conn, user: Row, session: Row | None) -> None:
    """Adding or removing a passkey needs aal2 once the user has a verified MFA factor
    (requirePasskeyManagementAAL); a missing session counts as aal1."""
    has_factor = conn.execute(
        "select 1 from auth.mfa_factors where user_id = %s and status = 'verified'", (user["id"],)
    ).fetchone()
    if has_factor and (session is None or session["aal"] != "aal2"):
        raise forbidden("insufficient_aal", "AAL2 session is required to manage passkeys when MFA is enabled")


def too_many() -> AuthError:
    return unprocessable("too_many_passkeys", "Maximum number of passkeys reached")


def passkey_not_found() -> AuthError:
    return not_found("validation_failed", "Passkey not found")


def credentials_of(conn: Conn, user_id: Id) -> list[Row]:
    return conn.execute(
        "select * from auth.webauthn_credentials where user_id = %s order by created_at, id", (user_id,)
    ).fetchall()


def count_of(conn: Conn, user_id: Id) -> int:
    count: int = returned(
        conn.execute("select count(*) as n from auth.webauthn_credentials where user_id = %s", (user_id,))
    )["n"]
    return count


def owned(conn: Conn, passkey_id: str, user_id: Id, *, for_update: bool = False) -> Row:
    """The user's passkey `passkey_id`; 404 for a malformed id, someone else's or a missing one."""
    try:
        uuid.UUID(passkey_id)
    except ValueError:
        raise passkey_not_found() from None
    row = conn.execute(
        "select * from auth.webauthn_credentials where id = %s and user_id = %s"
        + (" for update" if for_update else ""),
        (passkey_id, user_id),
    ).fetchone()
    if row is None:
        raise passkey_not_found()
    return row


def by_credential_id(conn: Conn, raw_id: bytes) -> Row | None:
    return conn.execute(
        "select * from auth.webauthn_credentials where credential_id = %s for update", (raw_id,)
    ).fetchone()


def open_challenge(conn: Conn, user_id: Id | None, kind: str, session_data: JsonObject, expires: datetime) -> str:
    challenge_id = uuid.uuid4()
    conn.execute(
        "insert into auth.webauthn_challenges (id, user_id, challenge_type, session_data, created_at,"
        " expires_at) values (%s, %s, %s, %s, %s, %s)",
        (challenge_id, user_id, kind, Jsonb(session_data), now(), expires),
    )
    return str(challenge_id)


def take_challenge(conn: Conn, challenge_id: str, kind: str, user_id: Id | None = None) -> Row:
    """ConsumeWebAuthnChallengeByID: the row, deleted (commit before checking it, so that a challenge
    is gone once tried, whatever the answer)."""
    try:
        uuid.UUID(challenge_id)
    except ValueError:
        raise bad_request("validation_failed", "challenge_id must be a valid UUID") from None
    owner = "user_id = %s" if user_id is not None else "user_id is null"
    args: tuple[Id, ...] = (challenge_id, kind) + ((user_id,) if user_id is not None else ())
    row = conn.execute(
        f"delete from auth.webauthn_challenges where id = %s and challenge_type = %s and {owner} returning *", args
    ).fetchone()
    if row is None:
        raise bad_request("webauthn_challenge_not_found", "Challenge not found or already used")
    return row


def check_fresh(challenge: Row) -> None:
    if challenge["expires_at"] < now():
        raise bad_request("webauthn_challenge_expired", "Challenge has expired")


def insert(conn: Conn, user_id: Id, verified: VerifiedRegistration) -> Row:
    """The verified registration as a passkey (NewWebAuthnCredential's columns)."""
    aaguid = uuid.UUID(verified.aaguid) if verified.aaguid else None
    try:
        with conn.transaction():  # a savepoint: the unique violation below is an answer, not a failure
            return returned(
                conn.execute(
                    "insert into auth.webauthn_credentials (id, user_id, credential_id, public_key, attestation_type,"
                    " aaguid, sign_count, transports, backup_eligible, backed_up, friendly_name, created_at,"
                    " updated_at) values (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s) returning *",
                    (
                        uuid.uuid4(),
                        user_id,
                        verified.credential_id,
                        verified.credential_public_key,
                        getattr(verified.fmt, "value", str(verified.fmt)),
                        aaguid if aaguid and aaguid.int else None,
                        verified.sign_count,
                        Jsonb([]),
                        getattr(verified.credential_device_type, "value", verified.credential_device_type)
                        == "multi_device"
                        or bool(verified.credential_backed_up),
                        bool(verified.credential_backed_up),
                        DEFAULT_NAME,
                        now(),
                        now(),
                    ),
                )
            )
    except psycopg.errors.UniqueViolation:
        raise unprocessable("webauthn_credential_exists", "This credential is already registered") from None


def item_json(row: Row) -> JsonObject:
    """PasskeyListItem: `friendly_name` and `last_used_at` left out when empty, as Go's omitempty."""
    item: JsonObject = {"id": str(row["id"])}
    if row["friendly_name"]:
        item["friendly_name"] = row["friendly_name"]
    item["created_at"] = iso(row["created_at"])
    if row["last_used_at"] is not None:
        item["last_used_at"] = iso(row["last_used_at"])
    return item
