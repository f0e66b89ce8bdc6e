"""Phone codes, as upstream's sendPhoneConfirmation (internal/api/phone.go, v2.186.0) makes and sends
them: a GOTRUE_SMS_OTP_LENGTH-digit code in GOTRUE_SMS_TEMPLATE, no second one to the same user
within GOTRUE_SMS_MAX_FREQUENCY (429 over_sms_send_rate_limit), its hash (sha224 of phone + code)
in confirmation_token and auth.one_time_tokens. Sent through Twilio's Messages API (the one
provider built here; sms_provider/twilio.go's request): in development and tests that API is
the stack's SMS capture, which writes each message to a file (scripts/stack/sms_capture.py)."""

from __future__ import annotations

import base64
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timedelta

from . import otp
from .config import current_settings
from .db import Conn, Row, returned
from .errors import AuthError, bad_request, too_many, unprocessable
from .sms_config import SmsSettings
from .timeutil import now

_E164 = re.compile(r"^[1-9][0-9]{1,14}$")
TIMEOUT_SECONDS = 10
INVALID_CHANNEL = (
    "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if"
    " Twilio or Twilio Verify is used as the provider."
)


def settings() -> SmsSettings:
    return current_settings().sms


def validate_phone(phone: str) -> str:
    """upstream's validatePhone: '+' and spaces dropped, then E.164 digits."""
    phone = phone.removeprefix("+").replace(" ", "")
    if not _E164.match(phone):
        raise bad_request("validation_failed", "Invalid phone number format (E.164 required)")
    return phone


def message_for(code: str) -> str:
    # Go's template, with the one field upstream passes ({{ .Code }}), in any spacing.
    return re.sub(r"\{\{\s*\.Code\s*\}\}", code, settings().template)


def _check_frequency(sent_at: datetime | None) -> None:
    gap = timedelta(seconds=settings().max_frequency)
    if sent_at is not None and sent_at + gap > now():
        left = int((sent_at + gap - now()).total_seconds())
        raise too_many(
            "over_sms_send_rate_limit", f"For security purposes, you can only request this after {left} seconds."
        )


def send_twilio(phone: str, message: str, channel: str) -> str:
    """POST …/2010-04-01/Accounts/{sid}/Messages.json; the message SID (422 sms_send_failed if refused)."""
    cfg = settings()
    form = urllib.parse.urlencode(
        {"To": "+" + phone, "Channel": channel, "From": cfg.twilio_message_service_sid, "Body": message}
    ).encode()
    request = urllib.request.Request(
        f"{cfg.twilio_url}/2010-04-01/Accounts/{cfg.twilio_account_sid}/Messages.json", data=form, method="POST"
    )
    login = base64.b64encode(f"{cfg.twilio_account_sid}:{cfg.twilio_auth_token}".encode()).decode()
    request.add_header("Authorization", f"Basic {login}")
    request.add_header("Content-Type", "application/x-www-form-urlencoded")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            answer = json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as exc:
        detail = _twilio_error(exc)
        raise unprocessable("sms_send_failed", f"Error sending confirmation OTP to provider: {detail}") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise unprocessable("sms_send_failed", f"Error sending confirmation OTP to provider: {exc}") from None
    if answer.get("status") in ("failed", "undelivered"):
        raise unprocessable(
            "sms_send_failed",
            "Error sending confirmation OTP to provider: twilio error: "
            f"{answer.get('error_message')} {answer.get('error_code')} for message {answer.get('sid')}",
        )
    return str(answer.get("sid") or "")


def _twilio_error(exc: urllib.error.HTTPError) -> str:
    try:
        body = json.loads(exc.read() or b"{}")
        return f"{body.get('message', exc.reason)} More information: {body.get('more_info', '')}"
    except ValueError:
        return str(exc.reason)


def send_confirmation(conn: Conn, user: Row, phone: str, channel: str = "sms") -> Row:
    """A new confirmation code to `phone` (already validated); returns the updated user row. The
    message goes out before the row changes, as upstream: a refused message changes nothing."""
    if not settings().configured:  # upstream's GetSmsProvider fails the same way
        raise AuthError(500, "unexpected_failure", "Unable to get SMS provider")
    if channel not in ("sms", "whatsapp"):
        raise bad_request("validation_failed", INVALID_CHANNEL)
    _check_frequency(user["confirmation_sent_at"])
    code = otp.generate(settings().otp_length)
    send_twilio(phone, message_for(code), channel)
    hashed = otp.token_hash(phone, code)
    user = returned(
        conn.execute(
            "update auth.users set confirmation_token = %s, confirmation_sent_at = %s where id = %s returning *",
            (hashed, now(), user["id"]),
        )
    )
    otp.store(conn, user["id"], otp.CONFIRMATION, phone, hashed)
    return user


def code_matches(user: Row, phone: str, code: str) -> bool:
    """isOtpValid with GOTRUE_SMS_OTP_EXP: the confirmation hash, sent recently enough."""
    sent_at = user["confirmation_sent_at"]
    if not user["confirmation_token"] or sent_at is None:
        return False
    fresh: bool = sent_at + timedelta(seconds=settings().otp_exp) >= now()
    stored: str = user["confirmation_token"]
    return fresh and otp.token_hash(phone, code) == stored
