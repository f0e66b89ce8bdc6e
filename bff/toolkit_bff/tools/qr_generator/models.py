"""POST /api/tools/qr: what a QR code says (`type` and its fields) and how it looks."""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field
from pydantic.config import JsonDict, JsonValue

from ...contract.fields import SERVER_RULE, Rule
from ...contract.options import ChoiceOption, Options, Switch, TextOption, WholeOption

PAYLOAD_TYPES = ("text", "url", "wifi", "email", "phone", "vcard")
# What each payload type needs, written once: payloads.py refuses without it, the schema says it.
REQUIRED = {"text": ("text",), "url": ("url",), "wifi": ("ssid",), "email": ("email",), "phone": ("phone",)}
EITHER = {"vcard": ("first_name", "last_name")}
ERROR_CORRECTION = ("l", "m", "q", "h")
COLOUR = r"#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})"
SOME_TEXT = "more than spaces"
COLOUR_WORDS = "must be a colour like #1a2b3c"


def _filled(*names: str) -> JsonDict:
    return {name: {"minLength": 1, SERVER_RULE: SOME_TEXT} for name in names}


def _variant(kind: str, *needed: str, **fixed: str) -> JsonDict:
    """One way a request may be whole: its type, the fields it needs filled, fixed values."""
    properties: JsonDict = {
        "type": {"const": kind},
        **{name: {"const": value} for name, value in fixed.items()},
        **_filled(*needed),
    }
    # An absent `type` is text: only text's variant may leave it out.
    required: list[JsonValue] = [*([] if kind == "text" else ["type"]), *fixed, *needed]
    return {"properties": properties, "required": required}


def _variants() -> list[JsonValue]:
    # One anyOf of whole variants rather than if/then per type: fuzzers generate from it.
    variants: list[JsonValue] = [_variant(kind, *REQUIRED[kind]) for kind in REQUIRED if kind != "wifi"]
    variants += [
        _variant("wifi", *REQUIRED["wifi"], "password"),  # a secured network needs its password
        _variant("wifi", *REQUIRED["wifi"], encryption="none"),
    ]
    variants += [_variant(kind, name) for kind, names in EITHER.items() for name in names]
    return variants


class QrRequest(Options):
    """`type` picks the payload and which fields it needs: text → `text`; url → `url`; wifi →
    `ssid`, `encryption`, `password`, `hidden`; email → `email`, `subject`, `body`; phone → `phone`;
    vcard → `first_name` or `last_name`, `organization`, `title`, `phone`, `email`, `website`,
    `note`, `address`."""

    model_config = ConfigDict(json_schema_extra={"anyOf": _variants()})
    type: Annotated[str, ChoiceOption(PAYLOAD_TYPES)] = Field("text", description="Payload type. Case-insensitive.")
    text: Annotated[str, TextOption(4000)] = Field("", description="text: the content.")
    url: Annotated[str, TextOption()] = Field(
        "",
        description="url: an http(s) address; `https://` is added when no scheme is given.",
        json_schema_extra={SERVER_RULE: "an http(s) address"},
    )
    ssid: Annotated[str, TextOption(64)] = Field("", description="wifi: network name.")
    encryption: Annotated[str, ChoiceOption(("wpa", "wep", "none"))] = Field(
        "wpa", description="wifi: security. Case-insensitive."
    )
    password: Annotated[str, TextOption(128)] = Field("", description="wifi: required unless encryption is none.")
    hidden: Switch = Field(False, description="wifi: hidden network. `true`/`false` (also 1/0, yes/no, on/off).")
    email: Annotated[str, TextOption(254)] = Field(
        "",
        description="email, vcard: an address.",
        json_schema_extra={SERVER_RULE: "an e-mail address: something@domain.tld"},
    )
    subject: Annotated[str, TextOption()] = Field("", description="email: subject.")
    body: Annotated[str, TextOption()] = Field("", description="email: body.")
    phone: Annotated[str, TextOption(300)] = Field(
        "",
        description="phone (at most 32 characters), vcard: a phone number.",
        json_schema_extra={SERVER_RULE: "phone: at most 32 characters, 3 to 20 digits"},
    )
    first_name: Annotated[str, TextOption(100)] = Field("", description="vcard: first name.")
    last_name: Annotated[str, TextOption(100)] = Field("", description="vcard: last name.")
    organization: Annotated[str, TextOption(300)] = Field("", description="vcard: organization.")
    title: Annotated[str, TextOption(300)] = Field("", description="vcard: title.")
    website: Annotated[str, TextOption(300)] = Field("", description="vcard: website.")
    note: Annotated[str, TextOption(300)] = Field("", description="vcard: note.")
    address: Annotated[str, TextOption(300)] = Field("", description="vcard: address.")
    error_correction: Annotated[
        str, ChoiceOption(ERROR_CORRECTION, shown=[level.upper() for level in ERROR_CORRECTION])
    ] = Field("m", description="Error correction level. Case-insensitive.", json_schema_extra={"default": "M"})
    size: Annotated[int, WholeOption(64, 4096)] = Field(
        512, description="Image side in px (whole pixels per module, centred)."
    )
    margin: Annotated[int, WholeOption(0, 20)] = Field(4, description="Quiet zone in modules.")
    foreground: Annotated[str, TextOption(), Rule(COLOUR, COLOUR_WORDS)] = Field(
        "#000000", description="Module colour like `#1a2b3c`."
    )
    background: Annotated[str, TextOption(), Rule(f"{COLOUR}|transparent", COLOUR_WORDS)] = Field(
        "#ffffff",
        description="Background colour, or `transparent`; needs a contrast ratio of at least 3 with a "
        "darker foreground.",
    )
    format: Annotated[str, ChoiceOption(("png", "svg"))] = Field("png", description="Image format. Case-insensitive.")
