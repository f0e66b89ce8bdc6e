"""What a QR code says, per payload type: text, URL, Wi-Fi, e-mail, phone, vCard."""
from __future__ import annotations

import re
from typing import Callable, Mapping
from urllib.parse import quote, urlsplit

from ...errors import ApiError
from ...jobs.options import get_bool, get_choice, get_str


def _required(name: str, source: Mapping, max_length: int = 2000) -> str:
    value = (get_str(name, "", source=source, max_length=max_length) or "").strip()
    if not value:
        raise ApiError(422, "invalid_option", f"Option '{name}' is required")
    return value


def _optional(name: str, source: Mapping, max_length: int = 2000) -> str:
    return (get_str(name, "", source=source, max_length=max_length) or "").strip()


def escape_wifi(value: str) -> str:
    """The Wi-Fi QR format (ZXing's MECARD-like WIFI:) escapes \\ ; , " : with a backslash."""
    return re.sub(r'([\\;,":])', r"\\\1", value)


def wifi_payload(source: Mapping) -> str:
    ssid = _required("ssid", source, 64)
    encryption = get_choice("encryption", ["wpa", "wep", "none"], "wpa", source=source)
    password = get_str("password", "", source=source, max_length=128) or ""
    if encryption != "none" and not password:
        raise ApiError(422, "invalid_option", "Option 'password' is required for a secured network")
    parts = [f"T:{'nopass' if encryption == 'none' else encryption.upper()}", f"S:{escape_wifi(ssid)}"]
    if encryption != "none":
        parts.append(f"P:{escape_wifi(password)}")
    if get_bool("hidden", False, source=source):
        parts.append("H:true")
    return "WIFI:" + ";".join(parts) + ";;"


def url_payload(source: Mapping) -> str:
    url = _required("url", source)
    if not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", url):
        url = "https://" + url
    parts = urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc or " " in url:
        raise ApiError(422, "invalid_option", "Option 'url' must be an http(s) address")
    return url


def email_payload(source: Mapping) -> str:
    address = _required("email", source, 254)
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", address):
        raise ApiError(422, "invalid_option", "Option 'email' must be an email address")
    query = [f"{key}={quote(value)}" for key in ("subject", "body")
             if (value := _optional(key, source))]
    return f"mailto:{address}" + ("?" + "&".join(query) if query else "")


def phone_payload(source: Mapping) -> str:
    phone = _required("phone", source, 32)
    digits = re.sub(r"[\s().-]", "", phone)
    if not re.fullmatch(r"\+?[0-9]{3,20}", digits):
        raise ApiError(422, "invalid_option", "Option 'phone' must be a phone number")
    return f"tel:{digits}"


def escape_vcard(value: str) -> str:
    """RFC 6350 text escaping: backslash, comma, semicolon and newlines."""
    value = value.replace("\\", "\\\\").replace(",", "\\,").replace(";", "\\;")
    return value.replace("\r\n", "\\n").replace("\n", "\\n")


def vcard_payload(source: Mapping) -> str:
    first, last = _optional("first_name", source, 100), _optional("last_name", source, 100)
    if not (first or last):
        raise ApiError(422, "invalid_option", "Give 'first_name' or 'last_name' for a vCard")
    field = lambda name: escape_vcard(_optional(name, source, 300))  # noqa: E731
    lines = ["BEGIN:VCARD", "VERSION:3.0", f"N:{escape_vcard(last)};{escape_vcard(first)};;;",
             f"FN:{escape_vcard(' '.join(part for part in (first, last) if part))}"]
    optional = [("ORG", "organization"), ("TITLE", "title"), ("TEL;TYPE=CELL", "phone"),
                ("EMAIL", "email"), ("URL", "website"), ("NOTE", "note")]
    lines += [f"{key}:{field(name)}" for key, name in optional if field(name)]
    if field("address"):
        lines.append(f"ADR;TYPE=HOME:;;{field('address')};;;;")
    lines.append("END:VCARD")
    return "\r\n".join(lines)


PAYLOADS: dict[str, Callable[[Mapping], str]] = {
    "text": lambda source: _required("text", source, 4000),
    "url": url_payload,
    "wifi": wifi_payload,
    "email": email_payload,
    "phone": phone_payload,
    "vcard": vcard_payload,
}


def build_payload(source: Mapping) -> str:
    kind = get_choice("type", list(PAYLOADS), "text", source=source)
    return PAYLOADS[kind](source)
