"""TOTP factors as the official server makes them: a 160-bit base32 secret, an otpauth:// URI with
the issuer and the user's e-mail, a QR code of that URI as SVG text, and RFC 6238 codes (SHA1, 6
digits, 30 s) accepted one step either side of now, each step's code once."""

from __future__ import annotations

import hmac
import time
from datetime import UTC, datetime
from urllib.parse import quote, urlsplit

import pyotp
import segno

DIGITS = 6
PERIOD = 30
QR_SCALE = 3  # upstream draws each module as a 3x3 square
QR_BORDER = 4


def new_secret() -> str:
    return pyotp.random_base32()  # 32 base32 characters = 160 bits, as upstream generates


def default_issuer(site_url: str) -> str:
    """Without an `issuer` upstream names the site: SITE_URL's host with its port."""
    return urlsplit(site_url).netloc


def otpauth_uri(issuer: str, account: str, secret: str) -> str:
    """The key URI in upstream's exact form: path `/Issuer:account`, query keys sorted, values
    escaped as Go's url.PathEscape does (so ':' and '@' stay literal and spaces become %20)."""
    path = quote(f"{issuer}:{account}", safe="$&+,/:;=@")
    query = {"algorithm": "SHA1", "digits": str(DIGITS), "issuer": issuer, "period": str(PERIOD), "secret": secret}
    encoded = "&".join(f"{key}={quote(value, safe='$&+:=@')}" for key, value in sorted(query.items()))
    return f"otpauth://totp/{path}?{encoded}"


def qr_code_svg(uri: str) -> str:
    """The QR code (error correction H) as the SVG text upstream answers in `totp.qr_code`: one
    3x3 rect per module, black or white, inside a 4-module quiet zone. supabase-js turns it into a
    data: URI itself."""
    qr = segno.make(uri, error="h", micro=False, boost_error=False)
    size = (qr.symbol_size(border=0)[0] + 2 * QR_BORDER) * QR_SCALE
    lines = [
        '<?xml version="1.0"?>',
        f'<svg width="{size}" height="{size}"',
        '     xmlns="http://www.w3.org/2000/svg"',
        '     xmlns:xlink="http://www.w3.org/1999/xlink">',
    ]
    offset = QR_BORDER * QR_SCALE
    for row, modules in enumerate(qr.matrix):
        for column, dark in enumerate(modules):
            lines.append(
                f'<rect x="{offset + column * QR_SCALE}" y="{offset + row * QR_SCALE}" width="{QR_SCALE}"'
                f' height="{QR_SCALE}" style="fill:{"black" if dark else "white"};stroke:none" />'
            )
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def matching_step(secret: str, code: str, at: float | None = None) -> int | None:
    """The 30-second step whose code this is, among the previous, current and next one (upstream
    trims the code, insists on 6 digits and allows one step of skew each way); None if none matches.
    The step is what makes a code single-use: a code is refused once a code of its step, or of a
    later one, was accepted for the factor."""
    code = code.strip()
    if len(code) != DIGITS or not code.isdigit():
        return None
    totp = pyotp.TOTP(secret, digits=DIGITS, interval=PERIOD)
    now = time.time() if at is None else at
    current = totp.timecode(datetime.fromtimestamp(now, UTC))
    for step in (current - 1, current, current + 1):
        if hmac.compare_digest(totp.generate_otp(step), code):
            return step
    return None
