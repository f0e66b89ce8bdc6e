"""Rendering and sending the Auth mails, and the global e-mail rate limit.

Templates live in templates/<kind>.html and .txt ($-placeholders); every mail goes out as
multipart/alternative (plain text + HTML, where upstream sends HTML only), with upstream's default
subjects unless GOTRUE_MAILER_SUBJECTS_<KIND> overrides them. No SMTP host means no mail (upstream's
no-op client)."""

from __future__ import annotations

import html
import smtplib
import ssl
import threading
import time
from email.message import EmailMessage
from email.utils import formatdate
from functools import cache
from pathlib import Path
from string import Template

from flask import current_app

from .config import Settings, current_settings
from .errors import AuthError, too_many

TEMPLATES = Path(__file__).parent / "templates"
DEFAULT_SUBJECTS = {
    "confirmation": "Confirm Your Email",
    "invite": "You have been invited",
    "recovery": "Reset Your Password",
    "magic_link": "Your Magic Link",
    "email_change": "Confirm Email Change",
    "reauthentication": "Confirm reauthentication",
}


@cache
def _template(name: str) -> Template:
    return Template((TEMPLATES / name).read_text(encoding="utf-8"))


def subject(kind: str) -> str:
    settings = current_settings()
    return settings.subjects.get(kind) or DEFAULT_SUBJECTS[kind]


def render(kind: str, values: dict[str, str]) -> tuple[str, str]:
    """(plain text, HTML) of one kind of mail; values are escaped for the HTML part."""
    text = _template(f"{kind}.txt").safe_substitute(values)
    markup = _template(f"{kind}.html").safe_substitute({k: html.escape(v) for k, v in values.items()})
    return text, markup


def sender() -> str:
    settings = current_settings()
    if not settings.smtp_sender_name:
        return settings.smtp_admin_email
    name = settings.smtp_sender_name.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{name}" <{settings.smtp_admin_email}>'


def deliver(to: str, kind: str, values: dict[str, str]) -> None:
    settings = current_settings()
    if not settings.smtp_host:
        return
    text, markup = render(kind, values)
    message = EmailMessage()
    message["Date"] = formatdate(usegmt=True)
    message["From"] = sender()
    message["To"] = to
    message["Subject"] = subject(kind)
    message.set_content(text)
    message.add_alternative(markup, subtype="html")
    _smtp_send(settings, message)


def _smtp_send(settings: Settings, message: EmailMessage) -> None:
    # As upstream's mail client: implicit TLS on 465, STARTTLS when offered, login only with a user.
    client: smtplib.SMTP
    if settings.smtp_port == 465:
        client = smtplib.SMTP_SSL(
            settings.smtp_host, settings.smtp_port, timeout=10, context=ssl.create_default_context()
        )
    else:
        client = smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=10)
    with client:
        client.ehlo()
        if settings.smtp_port != 465 and client.has_extn("starttls"):
            client.starttls(context=ssl.create_default_context())
            client.ehlo()
        if settings.smtp_user:
            client.login(settings.smtp_user, settings.smtp_pass)
        client.send_message(message)


def send(to: str, kind: str, values: dict[str, str], failure: str) -> None:
    """Deliver, answering upstream's 500 with `failure` as the message when SMTP fails."""
    try:
        deliver(to, kind, values)
    except (OSError, smtplib.SMTPException) as exc:
        current_app.logger.error("sending %s mail failed: %s", kind, exc)
        raise AuthError(500, "unexpected_failure", failure) from exc


class _EmailLimiter:
    """GOTRUE_RATE_LIMIT_EMAIL_SENT: 'N' allows N mails per fixed hour window; 'N/duration' is a
    bucket of N refilled one per duration; 0 refuses every mail. Global, not per client."""

    def __init__(self, events: float, period: float, burst: bool):
        self.events, self.period, self.burst = int(events), period, burst
        self.lock = threading.Lock()
        self.start = time.monotonic()
        self.count = 0
        self.tokens = float(self.events)

    def allow(self) -> bool:
        now = time.monotonic()
        with self.lock:
            if self.burst:
                self.tokens = min(float(self.events), self.tokens + (now - self.start) / self.period)
                self.start = now
                if self.tokens >= 1.0:
                    self.tokens -= 1.0
                    return True
                return False
            windows = int((now - self.start) // self.period)
            if windows > 0:
                self.start += windows * self.period
                self.count = 0
            if self.count < self.events:
                self.count += 1
                return True
            return False


def check_rate_limit() -> None:
    """Count one mail against the global limit (skipped with autoconfirm, as upstream does)."""
    settings = current_settings()
    events, period, burst = settings.rate_limit_email_sent
    exceeded = too_many("over_email_send_rate_limit", "email rate limit exceeded")
    if events <= 0:
        raise exceeded
    if settings.autoconfirm:
        return
    limiter = current_app.extensions.get("local_auth_email_limiter")
    if limiter is None:
        limiter = current_app.extensions.setdefault("local_auth_email_limiter", _EmailLimiter(events, period, burst))
    if not limiter.allow():
        raise exceeded
