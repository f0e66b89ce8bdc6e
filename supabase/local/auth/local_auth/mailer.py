"""The mail-sending steps of the e-mail flows (upstream's sendConfirmation, sendInvite,
sendPasswordRecovery, sendMagicLink, sendEmailChange, sendReauthenticationOtp): each checks the
per-user frequency (GOTRUE_SMTP_MAX_FREQUENCY) and the global e-mail rate limit and stores the new token
on the user and in auth.one_time_tokens inside the caller's transaction; the mail goes out once that
transaction has committed (no connection is held open while SMTP talks), and if SMTP then fails the
stored token is put back as it was before, so a failed mail leaves no token that nobody received."""

from __future__ import annotations

from datetime import datetime, timedelta
from urllib.parse import quote_plus, urljoin

from . import db, otp, redirects, users
from .config import Settings, current_settings
from .db import Conn, Row
from .errors import AuthError, too_many, unprocessable
from .mail_delivery import check_rate_limit, send
from .mail_undo import TokenUndo
from .timeutil import now

INVALID_NONCE = "Nonce has expired or is invalid"


def _settings() -> Settings:
    return current_settings()


def check_frequency(sent_at: datetime | None) -> None:
    frequency = _settings().smtp_max_frequency
    if sent_at is not None and sent_at + timedelta(seconds=frequency) > now():
        left = int((sent_at + timedelta(seconds=frequency) - now()).total_seconds())
        raise too_many(
            "over_email_send_rate_limit", f"For security purposes, you can only request this after {left} seconds."
        )


def action_link(kind: str, token: str, verification_type: str, redirect_to: str) -> str:
    """API_EXTERNAL_URL resolved against the kind's URL path, as upstream builds it: redirect_to is
    only escaped when it contains '&', '=' or '#'."""
    settings = _settings()
    if any(ch in redirect_to for ch in "&=#"):
        redirect_to = quote_plus(redirect_to)
    path = settings.url_paths[kind]
    query = f"token={quote_plus(token)}&type={quote_plus(verification_type)}&redirect_to={redirect_to}"
    return urljoin(settings.external_url, path) + "?" + query


def _values(user: Row, code: str, link: str = "", redirect_to: str = "") -> dict[str, str]:
    return {
        "site_url": _settings().site_url,
        "confirmation_url": link,
        "email": user["email"] or "",
        "new_email": user["email_change"] or "",
        "token": code,
        "redirect_to": redirect_to,
    }


def send_confirmation(conn: Conn, user: Row, *, pkce: bool) -> Row:
    check_frequency(user["confirmation_sent_at"])
    return _send_confirmation_token(
        conn, user, "confirmation", "signup", pkce=pkce, failure="Error sending confirmation email"
    )


def send_invite(conn: Conn, user: Row) -> Row:
    return _send_confirmation_token(
        conn, user, "invite", "invite", pkce=False, failure="Error sending invite email", invited=True
    )


def _send_confirmation_token(
    conn: Conn,
    user: Row,
    kind: str,
    verification_type: str,
    *,
    pkce: bool,
    failure: str,
    invited: bool = False,
) -> Row:
    code = otp.generate(_settings().otp_length)
    hashed = otp.with_flow_prefix(otp.token_hash(user["email"], code), pkce)
    check_rate_limit()
    stamp = now()
    extra = {"invited_at": stamp} if invited else {}
    undo = TokenUndo(conn, user, ["confirmation_token", "confirmation_sent_at", *extra], [otp.CONFIRMATION])
    user = users.touch(conn, user["id"], confirmation_token=hashed, confirmation_sent_at=stamp, **extra)
    otp.store(conn, user["id"], otp.CONFIRMATION, user["email"], hashed)
    redirect_to = redirects.referrer()
    link = action_link(kind, hashed, verification_type, redirect_to)
    _send_after_commit(undo, user["email"], kind, _values(user, code, link, redirect_to), failure)
    return user


def send_recovery(conn: Conn, user: Row, *, pkce: bool) -> Row:
    return _send_recovery_token(conn, user, "recovery", "recovery", pkce, "Error sending recovery email")


def send_magic_link(conn: Conn, user: Row, *, pkce: bool) -> Row:
    # A magic link is a recovery token with another template (and shares its frequency timer).
    return _send_recovery_token(conn, user, "magic_link", "magiclink", pkce, "Error sending magic link email")


def _send_recovery_token(conn: Conn, user: Row, kind: str, verification_type: str, pkce: bool, failure: str) -> Row:
    check_frequency(user["recovery_sent_at"])
    code = otp.generate(_settings().otp_length)
    hashed = otp.with_flow_prefix(otp.token_hash(user["email"], code), pkce)
    check_rate_limit()
    undo = TokenUndo(conn, user, ["recovery_token", "recovery_sent_at"], [otp.RECOVERY])
    user = users.touch(conn, user["id"], recovery_token=hashed, recovery_sent_at=now())
    otp.store(conn, user["id"], otp.RECOVERY, user["email"], hashed)
    redirect_to = redirects.referrer()
    # Both use the recovery URL path upstream.
    link = action_link("recovery", hashed, verification_type, redirect_to)
    _send_after_commit(undo, user["email"], kind, _values(user, code, link, redirect_to), failure)
    return user


def send_reauthentication(conn: Conn, user: Row) -> Row:
    check_frequency(user["reauthentication_sent_at"])
    code = otp.generate(_settings().otp_length)
    hashed = otp.token_hash(user["email"], code)
    check_rate_limit()
    undo = TokenUndo(conn, user, ["reauthentication_token", "reauthentication_sent_at"], [otp.REAUTHENTICATION])
    user = users.touch(conn, user["id"], reauthentication_token=hashed, reauthentication_sent_at=now())
    otp.store(conn, user["id"], otp.REAUTHENTICATION, user["email"], hashed)
    _send_after_commit(
        undo, user["email"], "reauthentication", _values(user, code), "Error sending reauthentication email"
    )
    return user


def send_email_change(conn: Conn, user: Row, new_email: str, *, pkce: bool) -> Row:
    """A token for the new address, and with secure e-mail change one for the current address too;
    the change is applied by /verify once both (or the one) are confirmed."""
    settings = _settings()
    check_frequency(user["email_change_sent_at"])
    code_new = otp.generate(settings.otp_length)
    token_new = otp.with_flow_prefix(otp.token_hash(new_email, code_new), pkce)
    code_current, token_current = "", user["email_change_token_current"]
    secure = settings.secure_email_change and bool(user["email"])
    if secure:
        code_current = otp.generate(settings.otp_length)
        token_current = otp.with_flow_prefix(otp.token_hash(user["email"], code_current), pkce)
    check_rate_limit()
    undo = TokenUndo(
        conn,
        user,
        [
            "email_change",
            "email_change_token_new",
            "email_change_token_current",
            "email_change_confirm_status",
            "email_change_sent_at",
        ],
        [otp.EMAIL_CHANGE_CURRENT, otp.EMAIL_CHANGE_NEW],
    )
    user = users.touch(
        conn,
        user["id"],
        email_change=new_email,
        email_change_token_new=token_new,
        email_change_token_current=token_current,
        email_change_confirm_status=0,
        email_change_sent_at=now(),
    )
    if secure:
        otp.store(conn, user["id"], otp.EMAIL_CHANGE_CURRENT, user["email"], token_current)
    otp.store(conn, user["id"], otp.EMAIL_CHANGE_NEW, new_email, token_new)
    redirect_to = redirects.referrer()
    failure = "Error sending email change email"
    link_new = action_link("email_change", token_new, "email_change", redirect_to)
    _send_after_commit(undo, new_email, "email_change", _values(user, code_new, link_new, redirect_to), failure)
    if secure:
        link_current = action_link("email_change", token_current, "email_change", redirect_to)
        _send_after_commit(
            undo, user["email"], "email_change", _values(user, code_current, link_current, redirect_to), failure
        )
    return user


def _send_after_commit(undo: TokenUndo, to: str, kind: str, values: dict[str, str], failure: str) -> None:
    """Deliver once the caller's transaction has committed; on an SMTP failure put the token back
    and answer upstream's 500 with `failure`."""

    def deliver() -> None:
        try:
            send(to, kind, values, failure)
        except AuthError:
            undo()
            raise

    db.after_commit(deliver)


def verify_reauthentication(user: Row, nonce: str) -> None:
    """PUT /user's nonce check: the reauthentication OTP of this user, unexpired; used up on success."""
    with db.transaction() as conn:
        current = users.reread(conn, user["id"], for_update=True)
        if not current["reauthentication_token"] or current["reauthentication_sent_at"] is None:
            raise unprocessable("reauthentication_not_valid", INVALID_NONCE)
        if not current["email"]:
            # Phone reauthentication needs an SMS provider, which this service never has.
            raise unprocessable("reauthentication_not_valid", "Reauthentication requires an email or a phone number")
        hashed = otp.token_hash(current["email"], nonce)
        if not otp.matches(
            hashed, current["reauthentication_token"], current["reauthentication_sent_at"], _settings().otp_exp
        ):
            raise unprocessable("reauthentication_not_valid", INVALID_NONCE)
        users.touch(conn, current["id"], reauthentication_token="")
        otp.clear(conn, current["id"])


__all__ = [
    "AuthError",
    "action_link",
    "check_frequency",
    "send_confirmation",
    "send_email_change",
    "send_invite",
    "send_magic_link",
    "send_reauthentication",
    "send_recovery",
    "verify_reauthentication",
]
