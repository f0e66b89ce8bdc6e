"""What /verify does with a token: find its user (by link hash or by e-mail + OTP), check expiry,
and apply it — confirm a sign-up or invite, consume a recovery/magic-link token, or advance an
e-mail change (upstream's verifyTokenHash, verifyUserAndToken, signupVerify, recoverVerify,
emailChangeVerify)."""

from __future__ import annotations

import secrets

from psycopg.types.json import Jsonb

from . import audit, otp, users
from .config import current_settings
from .db import Conn, Row
from .errors import bad_request, forbidden
from .passwords import hash_password

EMAIL_TYPES = ("signup", "invite", "recovery", "magiclink", "email_change", "email")
LINK_INVALID = "Email link is invalid or has expired"
TOKEN_INVALID = "Token has expired or is invalid"

_LINK_TOKEN_TYPES = {
    "email": (otp.CONFIRMATION, otp.RECOVERY),
    "signup": (otp.CONFIRMATION,),
    "invite": (otp.CONFIRMATION,),
    "recovery": (otp.RECOVERY,),
    "magiclink": (otp.RECOVERY,),
    "email_change": (otp.EMAIL_CHANGE_CURRENT, otp.EMAIL_CHANGE_NEW),
}


def _otp_exp() -> int:
    return current_settings().otp_exp


def by_token_hash(conn: Conn, vtype: str, hashed: str) -> tuple[Row, str]:
    """The user of a link token, which is used up here (otp.consume); returns (user, type) where type
    'email' resolves to signup or magiclink."""
    if vtype not in _LINK_TOKEN_TYPES:
        raise bad_request("validation_failed", "Invalid email verification type")
    user = otp.consume(conn, hashed, *_LINK_TOKEN_TYPES[vtype])
    if user is None:
        raise forbidden("otp_expired", LINK_INVALID)
    if users.is_banned(user):
        raise forbidden("user_banned", "User is banned")
    sent_at = {
        "signup": user["confirmation_sent_at"],
        "invite": user["confirmation_sent_at"],
        "recovery": user["recovery_sent_at"],
        "magiclink": user["recovery_sent_at"],
        "email_change": user["email_change_sent_at"],
    }.get(vtype)
    if vtype == "email":
        vtype, sent_at = "signup", user["confirmation_sent_at"]
        if user["recovery_token"] == hashed:
            vtype, sent_at = "magiclink", user["recovery_sent_at"]
    if otp.is_expired(sent_at, _otp_exp()):
        raise forbidden("otp_expired", LINK_INVALID)
    return user, vtype


def by_email_and_code(conn: Conn, vtype: str, email: str, hashed: str) -> tuple[Row, str]:
    """The user of an e-mail + OTP pair; returns (user, type) like by_token_hash."""
    aud = current_settings().jwt_aud
    if vtype == "email_change":
        user = _email_change_user(conn, email, hashed, aud)
    else:
        # Locked: a concurrent use of the same code waits here and then sees the token used up.
        user = users.find_by_email(conn, email, aud, for_update=True)
    if user is None:
        raise forbidden("otp_expired", TOKEN_INVALID)
    if users.is_banned(user):
        raise forbidden("user_banned", "User is banned")
    exp = _otp_exp()
    valid = False
    if vtype == "email":
        if otp.matches(hashed, user["confirmation_token"], user["confirmation_sent_at"], exp):
            valid, vtype = True, "signup"
        elif otp.matches(hashed, user["recovery_token"], user["recovery_sent_at"], exp):
            valid, vtype = True, "magiclink"
    elif vtype in ("signup", "invite"):
        valid = otp.matches(hashed, user["confirmation_token"], user["confirmation_sent_at"], exp)
    elif vtype in ("recovery", "magiclink"):
        valid = otp.matches(hashed, user["recovery_token"], user["recovery_sent_at"], exp)
    elif vtype == "email_change":
        valid = any(
            otp.matches(hashed, user[column], user["email_change_sent_at"], exp)
            for column in ("email_change_token_current", "email_change_token_new")
        )
    if not valid:
        raise forbidden("otp_expired", TOKEN_INVALID)
    return user, vtype


def _email_change_user(conn: Conn, email: str, hashed: str, aud: str) -> Row | None:
    # Either address's code is accepted; the stored hash may carry the PKCE prefix.
    kinds = [otp.EMAIL_CHANGE_NEW]
    if current_settings().secure_email_change:
        kinds.insert(0, otp.EMAIL_CHANGE_CURRENT)
    for kind in kinds:
        user = otp.find_user(conn, hashed, kind) or otp.find_user(conn, otp.PKCE_PREFIX + hashed, kind)
        if user is not None:
            return user if user["aud"] == aud or (user["email"] or "").lower() != email.lower() else None
    return None


def confirm_signup(conn: Conn, user: Row) -> Row:
    """Sign-up or invite link: confirm, mark the e-mail identity verified. An invitee without a
    password gets a random one (the app then shows a set-password form), which resets their tokens."""
    if not user["encrypted_password"] and user["invited_at"] is not None:
        user = users.touch(
            conn,
            user["id"],
            encrypted_password=hash_password(secrets.token_urlsafe(48)),
            confirmation_token="",
            confirmation_sent_at=None,
            recovery_token="",
            recovery_sent_at=None,
            email_change_token_current="",
            email_change_token_new="",
            email_change_sent_at=None,
            phone_change_token="",
            phone_change_sent_at=None,
            reauthentication_token="",
            reauthentication_sent_at=None,
        )
        otp.clear(conn, user["id"])
        conn.execute("delete from auth.sessions where user_id = %s", (user["id"],))
    audit.log(conn, user, "user_signedup", {"provider": "email"})
    user = users.confirm(conn, user)
    conn.execute(
        "update auth.identities set identity_data = identity_data || '{\"email_verified\": true}'::jsonb,"
        " updated_at = now() where user_id = %s and email is not null and email = %s",
        (user["id"], user["email"]),
    )
    return user


def consume_recovery(conn: Conn, user: Row) -> Row:
    """Recovery or magic link: the token is used up; an unconfirmed user becomes confirmed."""
    user = users.touch(conn, user["id"], recovery_token="")
    otp.clear(conn, user["id"])
    if not users.is_confirmed(user):
        audit.log(conn, user, "user_signedup", {"provider": "email"})
        return users.confirm(conn, user)
    audit.log(conn, user, "login")
    return user


def advance_email_change(conn: Conn, user: Row, hashed: str) -> Row | None:
    """With secure e-mail change the first confirmed address only records progress (None is
    returned); the second — or the only one — applies the new address."""
    settings = current_settings()
    if (
        not settings.autoconfirm
        and settings.secure_email_change
        and user["email_change_confirm_status"] == 0
        and user["email"]
    ):
        column, kind = None, None
        for candidate, token_type in (
            ("email_change_token_current", otp.EMAIL_CHANGE_CURRENT),
            ("email_change_token_new", otp.EMAIL_CHANGE_NEW),
        ):
            row = otp.find(conn, hashed, token_type)
            if user[candidate] == hashed or row is not None:
                column, kind = candidate, token_type
                break
        changes: dict[str, object] = {"email_change_confirm_status": 1}
        if column:
            changes[column] = ""
            otp.clear(conn, user["id"], kind)
        users.touch(conn, user["id"], **changes)
        return None
    return apply_email_change(conn, user)


def apply_email_change(conn: Conn, user: Row) -> Row:
    """The new address becomes the user's (and their e-mail identity's), confirmed."""
    audit.log(conn, user, "user_modified")
    new_email = user["email_change"]
    identity = conn.execute(
        "select * from auth.identities where user_id = %s and provider = 'email'", (user["id"],)
    ).fetchone()
    if identity is None:
        data = {"sub": str(user["id"]), "email": new_email, "email_verified": True, "phone_verified": False}
        conn.execute(
            "insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at,"
            " created_at, updated_at) values (%s, %s, %s, 'email', now(), now(), now())",
            (str(user["id"]), user["id"], Jsonb(data)),
        )
    else:
        data = dict(identity["identity_data"] or {}) | {"email": new_email, "email_verified": True}
        conn.execute(
            "update auth.identities set identity_data = %s, updated_at = now() where id = %s",
            (Jsonb(data), identity["id"]),
        )
    user = users.touch(
        conn,
        user["id"],
        email=new_email,
        email_change="",
        email_change_token_current="",
        email_change_token_new="",
        email_change_confirm_status=0,
        is_anonymous=False,
    )
    otp.clear(conn, user["id"])
    if not users.is_confirmed(user):
        user = users.confirm(conn, user)
    return user
