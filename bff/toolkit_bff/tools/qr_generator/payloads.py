"""What a QR code says, per payload type: text, URL, Wi-Fi, e-mail, phone, vCard (models.py says
which fields each type needs)."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import quote, urlsplit

from ...errors import ApiError
from .models import EITHER, REQUIRED, QrRequest


def _refused(name: str, why: str) -> ApiError:
    return ApiError(422, "invalid_option", f"Option '{name}' {why}")


def _filled(options: QrRequest) -> None:
    """The fields the type needs hold more than spaces."""
    for name in REQUIRED.get(options.type, ()):
        if not getattr(options, name).strip():
            raise _refused(name, "is required")
    either = EITHER.get(options.type)
    if either and not any(getattr(options, name).strip() for name in either):
        raise ApiError(422, "invalid_option", f"Give '{either[0]}' or '{either[1]}' for a vCard")


def escape_wifi(value: str) -> str:
    """The Wi-Fi QR format (ZXing's MECARD-like WIFI:) escapes \\ ; , " : with a backslash."""
    return re.sub(r'([\\;,":])', r"\\\1", value)


def wifi_payload(options: QrRequest) -> str:
    ssid, encryption, password = options.ssid.strip(), options.encryption, options.password
    if encryption != "none" and not password:
        raise ApiError(422, "invalid_option", "Option 'password' is required for a secured network")
    parts = [f"T:{'nopass' if encryption == 'none' else encryption.upper()}", f"S:{escape_wifi(ssid)}"]
    if encryption != "none":
        parts.append(f"P:{escape_wifi(password)}")
    if options.hidden:
        parts.append("H:true")
    return "WIFI:" + ";".join(parts) + ";;"


def url_payload(options: QrRequest) -> str:
    url = options.url.strip()
    if not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", url):
        url = "https://" + url
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc or " " in url:
        raise _refused("url", "must be an http(s) address")
    return url


def email_payload(options: QrRequest) -> str:
    address = options.email.strip()
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", address):
        raise _refused("email", "must be an email address")
    query = [f"{key}={quote(value)}" for key in ("subject", "body") if (value := getattr(options, key).strip())]
    return f"mailto:{address}" + ("?" + "&".join(query) if query else "")


def phone_payload(options: QrRequest) -> str:
    phone = options.phone.strip()
    if len(phone) > 32:
        raise _refused("phone", "must be at most 32 characters")
    digits = re.sub(r"[\s().-]", "", phone)
    if not re.fullmatch(r"\+?[0-9]{3,20}", digits):
        raise _refused("phone", "must be a phone number")
    return f"tel:{digits}"


def escape_vcard(value: str) -> str:
    """RFC 6350 text escaping: backslash, comma, semicolon and newlines."""
    value = value.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;")
    return value.replace("\r\n", "\\n").replace("\n", "\\n")


def vcard_payload(options: QrRequest) -> str:
    first, last = options.first_name.strip(), options.last_name.strip()

    def field(name: str) -> str:
        value: str = getattr(options, name)  # one of the request's text fields, by name
        return escape_vcard(value.strip())

    lines = [
        "BEGIN:VCARD",
        "VERSION:3.0",
        f"N:{escape_vcard(last)};{escape_vcard(first)};;;",
        f"FN:{escape_vcard(' '.join(part for part in (first, last) if part))}",
    ]
    optional = [
        ("ORG", "organization"),
        ("TITLE", "title"),
        ("TEL;TYPE=CELL", "phone"),
        ("EMAIL", "email"),
        ("URL", "website"),
        ("NOTE", "note"),
    ]
    lines += [f"{key}:{field(name)}" for key, name in optional if field(name)]
    if field("address"):
        lines.append(f"ADR;TYPE=HOME:;;{field('address')};;;;")
    lines.append("END:VCARD")
    return "\r\n".join(lines)


PAYLOADS: dict[str, Callable[[QrRequest], str]] = {
    "text": lambda options: options.text.strip(),
    "url": url_payload,
    "wifi": wifi_payload,
    "email": email_payload,
    "phone": phone_payload,
    "vcard": vcard_payload,
}


def build_payload(options: QrRequest) -> str:
    _filled(options)
    return PAYLOADS[options.type](options)
