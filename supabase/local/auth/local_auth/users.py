"""auth.users rows: lookups, creation as upstream fills them, and the User JSON of the API."""

from __future__ import annotations

import uuid

from psycopg.types.json import Jsonb

from .db import Conn, Id, Row, returned
from .json_types import JsonObject
from .timeutil import iso, now

INSTANCE_ID = "00000000-0000-0000-0000-000000000000"


def find_by_id(conn: Conn, user_id: Id, *, for_update: bool = False) -> Row | None:
    try:
        uuid.UUID(str(user_id))
    except ValueError:
        return None
    lock = " for update" if for_update else ""
    return conn.execute(f"select * from auth.users where id = %s{lock}", (str(user_id),)).fetchone()


def reread(conn: Conn, user_id: Id, *, for_update: bool = False) -> Row:
    """A user this request has already read, read again (locked with `for_update`). One deleted meanwhile
    is an unexpected failure (500), as it always was here."""
    user = find_by_id(conn, user_id, for_update=for_update)
    if user is None:
        raise LookupError(f"user {user_id} was deleted during the request")
    return user


def find_by_email(conn: Conn, email: str, aud: str, *, for_update: bool = False) -> Row | None:
    # Upstream: case-insensitive, SSO users excluded, same audience.
    lock = " for update" if for_update else ""
    return conn.execute(
        "select * from auth.users where instance_id = %s and lower(email) = lower(%s) and aud = %s"
        f" and is_sso_user = false{lock}",
        (INSTANCE_ID, email, aud),
    ).fetchone()


def create(
    conn: Conn,
    *,
    email: str,
    encrypted_password: str | None,
    aud: str,
    role: str,
    user_metadata: JsonObject | None,
    app_metadata: JsonObject | None = None,
    provider: str = "email",
    confirmed: bool = False,
    identity_extra: JsonObject | None = None,
    user_id: uuid.UUID | None = None,
) -> Row:
    """A user with its e-mail identity, as a sign-up leaves them (the profile trigger fires here);
    `user_id` is the admin API's optional chosen id."""
    user_id = user_id or uuid.uuid4()
    stamp = now()
    app_meta = {"provider": provider, "providers": [provider]} | (app_metadata or {})
    user = returned(
        conn.execute(
            "insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,"
            " raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous,"
            " confirmation_token, recovery_token, email_change_token_new, email_change)"
            " values (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, false, false, '', '', '', '') returning *",
            (
                INSTANCE_ID,
                user_id,
                aud,
                role,
                email.lower(),
                encrypted_password,
                stamp if confirmed else None,
                Jsonb(app_meta),
                Jsonb(user_metadata or {}),
                stamp,
                stamp,
            ),
        )
    )
    identity_data = {"sub": str(user_id), "email": email.lower(), "email_verified": False, "phone_verified": False}
    # Sign-up data fills in the identity too, without overriding these claims (upstream's rule).
    identity_data |= {k: v for k, v in (identity_extra or {}).items() if k not in identity_data}
    if identity_extra is not None:
        # A self-signed-up user's metadata also carries the identity claims, as upstream shows it.
        user = returned(
            conn.execute(
                "update auth.users set raw_user_meta_data = raw_user_meta_data || %s where id = %s returning *",
                (Jsonb(identity_data), user_id),
            )
        )
    conn.execute(
        "insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at,"
        " created_at, updated_at) values (%s, %s, %s, 'email', %s, %s, %s)",
        (str(user_id), user_id, Jsonb(identity_data), stamp, stamp, stamp),
    )
    return user


def create_anonymous(conn: Conn, *, aud: str, role: str, user_metadata: JsonObject) -> Row:
    """An anonymous user as upstream's NewUser leaves one: no e-mail or phone (NULL), an empty password,
    no provider in app_metadata and no identity."""
    stamp = now()
    return returned(
        conn.execute(
            "insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,"
            " raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous, confirmation_token,"
            " recovery_token, email_change_token_new, email_change)"
            " values (%s, %s, %s, %s, null, '', '{}', %s, %s, %s, false, true, '', '', '', '') returning *",
            (INSTANCE_ID, uuid.uuid4(), aud, role, Jsonb(user_metadata), stamp, stamp),
        )
    )


def identities_of(conn: Conn, user_id: Id) -> list[Row]:
    return conn.execute(
        "select * from auth.identities where user_id = %s order by created_at, id", (user_id,)
    ).fetchall()


def factors_of(conn: Conn, user_id: Id) -> list[Row]:
    return conn.execute(
        "select * from auth.mfa_factors where user_id = %s order by created_at, id", (user_id,)
    ).fetchall()


def sorted_map(value: object) -> object:
    """JSON maps with their keys in order, as Go marshals map[string]interface{} (metadata)."""
    if isinstance(value, dict):
        return {k: sorted_map(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [sorted_map(v) for v in value]
    return value


def identity_json(row: Row) -> JsonObject:
    body = {
        "identity_id": str(row["id"]),
        "id": row["provider_id"],
        "user_id": str(row["user_id"]),
        "identity_data": sorted_map(row["identity_data"]),
        "provider": row["provider"],
        "last_sign_in_at": iso(row["last_sign_in_at"]),
        "created_at": iso(row["created_at"]),
        "updated_at": iso(row["updated_at"]),
        "email": row["email"],
    }
    if not row["identity_data"]:  # `omitempty` upstream: a soft-deleted user's identities have none
        del body["identity_data"]
    return {k: v for k, v in body.items() if v is not None or k in ("created_at", "updated_at")}


def factor_json(row: Row) -> JsonObject:
    body = {
        "id": str(row["id"]),
        "created_at": iso(row["created_at"]),
        "updated_at": iso(row["updated_at"]),
        "status": row["status"],
        "factor_type": row["factor_type"],
        "phone": row["phone"] or "",
        "last_challenged_at": iso(row["last_challenged_at"]),
    }
    if row["friendly_name"]:
        body["friendly_name"] = row["friendly_name"]
    return body


def user_json(conn: Conn, user: Row) -> JsonObject:
    """The User object of the API: optional timestamps left out when unset, like upstream."""
    body: JsonObject = {
        "id": str(user["id"]),
        "aud": user["aud"] or "",
        "role": user["role"] or "",
        "email": user["email"] or "",
    }
    optional = {
        "email_confirmed_at": iso(user["email_confirmed_at"]),
        "invited_at": iso(user["invited_at"]),
    }
    body.update({k: v for k, v in optional.items() if v})
    body["phone"] = user["phone"] or ""
    later = {
        "phone_confirmed_at": iso(user["phone_confirmed_at"]),
        "confirmation_sent_at": iso(user["confirmation_sent_at"]),
        "confirmed_at": iso(user["confirmed_at"]),
        "recovery_sent_at": iso(user["recovery_sent_at"]),
        "new_email": user["email_change"] or None,
        "email_change_sent_at": iso(user["email_change_sent_at"]),
        "new_phone": user["phone_change"] or None,
        "phone_change_sent_at": iso(user["phone_change_sent_at"]),
        "reauthentication_sent_at": iso(user["reauthentication_sent_at"]),
        "last_sign_in_at": iso(user["last_sign_in_at"]),
    }
    body.update({k: v for k, v in later.items() if v})
    body["app_metadata"] = sorted_map(user["raw_app_meta_data"] or {})
    body["user_metadata"] = sorted_map(user["raw_user_meta_data"] or {})
    factors = factors_of(conn, user["id"])
    if factors:
        body["factors"] = [factor_json(f) for f in factors]
    body["identities"] = [identity_json(i) for i in identities_of(conn, user["id"])]
    body["created_at"] = iso(user["created_at"])
    body["updated_at"] = iso(user["updated_at"])
    if user["banned_until"]:
        body["banned_until"] = iso(user["banned_until"])
    if user["deleted_at"]:
        body["deleted_at"] = iso(user["deleted_at"])
    body["is_anonymous"] = bool(user["is_anonymous"])
    return body


def is_confirmed(user: Row) -> bool:
    return user["email_confirmed_at"] is not None


def confirm(conn: Conn, user: Row) -> Row:
    """Upstream's User.Confirm: confirmed now, email_verified in the metadata, one-time tokens gone."""
    conn.execute("delete from auth.one_time_tokens where user_id = %s", (user["id"],))
    return returned(
        conn.execute(
            "update auth.users set confirmation_token = '', email_confirmed_at = %s,"
            " raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{\"email_verified\": true}'::jsonb"
            " where id = %s returning *",
            (now(), user["id"]),
        )
    )


def is_banned(user: Row) -> bool:
    return user["banned_until"] is not None and user["banned_until"] > now()


def touch(conn: Conn, user_id: Id, **columns: object) -> Row:
    """Update the given columns and updated_at; returns the new row."""
    sets = ", ".join(f"{name} = %s" for name in columns)
    values = [Jsonb(v) if isinstance(v, dict) else v for v in columns.values()]
    return returned(
        conn.execute(
            f"update auth.users set {sets}, updated_at = %s where id = %s returning *", (*values, now(), user_id)
        )
    )
