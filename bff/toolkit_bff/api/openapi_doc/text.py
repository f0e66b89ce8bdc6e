"""/api/tools/qr, /api/tools/username/{name} (an NDJSON stream) and /api/tools/translate…."""
from __future__ import annotations

from ...jobs.filetypes import MIME_TYPES
from ...tools.qr_generator.endpoint import ERROR_CORRECTION
from ...tools.qr_generator.payloads import PAYLOADS
from ...tools.translator.endpoint import MAX_TEXT
from ...tools.username_checker.endpoint import USERNAME_PATTERN
from .common import (JOB_SLOT, OPTIONS, PAGE_GATE, choice, file_response, flag, header_refs, integer,
                     json_or_form_body, SESSION, SIGNED_IN, json_response, ref, text, tool_operation)

_COLOUR = r"^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"
_STATUSES = ["available", "taken", "invalid", "unknown", "blocked"]
_LANGUAGE = {"type": "string", "maxLength": 20, "pattern": r"^[A-Za-z0-9_-]+$", "examples": ["en"]}


def _object(properties: dict, required: list[str] | None = None, **extra) -> dict:
    return {"type": "object", "required": list(properties) if required is None else required,
            "additionalProperties": False, "properties": properties, **extra}


def _const(value: str) -> dict:
    return {"type": "string", "const": value}


SCHEMAS = {
    "QrRequest": {
        "type": "object",
        "description": "`type` picks the payload and which fields it needs: text → `text`; url → "
                       "`url`; wifi → `ssid`, `encryption`, `password`, `hidden`; email → `email`, "
                       "`subject`, `body`; phone → `phone`; vcard → `first_name` or `last_name`, "
                       "`organization`, `title`, `phone`, `email`, `website`, `note`, `address`.",
        "properties": {
            "type": choice("Payload type.", list(PAYLOADS), "text"),
            "text": text("text: the content.", max_length=4000),
            "url": text("url: an http(s) address; `https://` is added when no scheme is given."),
            "ssid": text("wifi: network name.", max_length=64),
            "encryption": choice("wifi: security.", ["wpa", "wep", "none"], "wpa"),
            "password": text("wifi: required unless encryption is none.", max_length=128),
            "hidden": flag("wifi: hidden network.", False),
            "email": text("email, vcard: an address.", max_length=300),
            "subject": text("email: subject."), "body": text("email: body."),
            "phone": text("phone (at most 32 characters), vcard: a phone number.", max_length=300),
            **{name: text(f"vcard: {name.replace('_', ' ')}.", max_length=100)
               for name in ("first_name", "last_name")},
            **{name: text(f"vcard: {name}.", max_length=300)
               for name in ("organization", "title", "website", "note", "address")},
            "error_correction": {"type": "string", "enum": [level.upper() for level in ERROR_CORRECTION],
                                 "default": "M", "description": "Error correction level. Case-insensitive."},
            "size": integer("Image side in px (whole pixels per module, centred).", 64, 4096, 512),
            "margin": integer("Quiet zone in modules.", 0, 20, 4),
            "foreground": text("Module colour like `#1a2b3c`.", default="#000000", pattern=_COLOUR),
            "background": text("Background colour, or `transparent`; needs a contrast ratio of at "
                               "least 3 with a darker foreground.", default="#ffffff",
                               pattern=r"^(#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})|transparent)$"),
            "format": choice("Image format.", ["png", "svg"], "png"),
        },
    },
    "UsernameStreamLine": {
        "description": "One line of the NDJSON stream: `start` first, one `result` per site (Toolkit's "
                       "own profiles included) as answers arrive, `done` last.",
        "oneOf": [ref("UsernameStart"), ref("UsernameResult"), ref("UsernameDone")],
    },
    "UsernameStart": _object({"type": _const("start"), "username": {"type": "string"},
                              "sites": {"type": "integer", "description": "How many results follow."}}),
    "UsernameResult": _object({
        "type": _const("result"), "site": {"type": "string"},
        "url": {"type": "string", "description": "The profile's address (empty for Toolkit)."},
        "status": {"type": "string", "enum": _STATUSES, "description": "`available` only when sure; "
                   "`invalid`: the site does not allow this name; `blocked`: rate limit or bot wall."},
        "http_status": {"type": "integer"}, "elapsed_ms": {"type": "integer", "minimum": 0},
        "detail": {"type": "string", "description": "Why the answer is not clear, in words (never an "
                   "exception's text), e.g. `Could not reach the site`, `Blocked by the site's bot "
                   "protection`, `Timed out`, `This site does not accept this name`."},
    }, required=["type", "site", "url", "status"]),
    "UsernameDone": _object({
        "type": _const("done"),
        "counts": {"type": "object", "propertyNames": {"enum": _STATUSES},
                   "additionalProperties": {"type": "integer", "minimum": 1}},
        "summary": _object({name: {"type": "integer", "minimum": 0} for name in
                            ("found", "not_found", "could_not_check")},
                           description="found: `taken`; not found: `available`; could not check: "
                                       "`unknown`, `blocked` and `invalid`."),
        "elapsed_ms": {"type": "integer", "minimum": 0}}),
    "TranslateRequest": {
        "type": "object", "required": ["q", "target"],
        "properties": {
            "q": text("The text (at most `max_chars` of the languages list; never more than "
                      f"{MAX_TEXT}).", max_length=MAX_TEXT, minLength=1),
            "source": {**_LANGUAGE, "default": "auto", "description": "Language code, or `auto` (detected)."},
            "target": {**_LANGUAGE, "description": "Language code."},
            "format": choice("How to read `q` (ignored: text).", ["text", "html"], "text"),
        },
    },
    "DetectRequest": {"type": "object", "required": ["q"],
                      "properties": {"q": text("The text.", max_length=MAX_TEXT, minLength=1)}},
    "Detection": _object({"language": {"type": "string"}, "name": {"type": "string"},
                          "confidence": {"type": "number", "minimum": 0, "maximum": 100}}),
    "LanguageRef": _object({"language": {"type": "string"}, "name": {"type": "string"}}),
    "Translation": _object({
        "translatedText": {"type": "string"},
        "source": {"type": "string", "description": "The language translated from (detected with `auto`)."},
        "target": {"type": "string"},
        "detectedLanguage": {**ref("Detection"), "description": "Only with source `auto`."},
        "pivot": {**ref("LanguageRef"), "description": "Only when the engine has no direct pair: the "
                  "language the text went through (English or Spanish)."},
    }, required=["translatedText", "source", "target"]),
    "TranslationLanguages": _object({
        "engine": {"type": "string", "enum": ["apertium", "libretranslate"]},
        "max_chars": {"type": "integer", "minimum": 1, "description": "Longest text translated at once."},
        "languages": {"type": "array", "items": _object({
            "code": {"type": "string"}, "name": {"type": "string"},
            "targets": {"type": "array", "items": {"type": "string"},
                        "description": "Every language this one translates into, directly or through a "
                                       "pivot (empty for a language the engine only translates into)."},
            "via": {"type": "object", "additionalProperties": {"type": "string"},
                    "description": "Target → the pivot language, for targets without a direct pair."}})}}),
    "Detections": _object({"detections": {"type": "array", "items": _object({
        "language": {"type": "string"}, "name": {"type": "string"},
        "confidence": {"type": "number", "minimum": 0, "maximum": 100},
        "translatable": {"type": "boolean", "description": "The engine translates from it."}})}}),
}

# The engine's failures, mapped (tools/translator/endpoint.py); the engine's own 429 shares the status.
_ENGINE = {422: ["translation_rejected", "unsupported_pair", "language_not_detected"],
           429: ["translation_rate_limited"],
           502: ["translation_engine_refused", "translation_engine_error"],
           503: ["translation_not_configured", "translation_unavailable"], 504: ["translation_timeout"]}
_TRANSLATE_INPUT = {400: ["invalid_json"], 422: ["invalid_option", "text_too_long"]}

PATHS = {
    "/api/tools/qr": {"post": tool_operation(
        "createQrCode", "qr", "A QR code as PNG or SVG",
        file_response("The QR code, named `qr-code.png` or `qr-code.svg`.",
                      [MIME_TYPES["png"], MIME_TYPES["svg"]],
                      {"Content-Disposition": "ContentDisposition", "X-Output-Size": "XOutputSize",
                       "X-QR-Modules": "XQrModules"}),
        PAGE_GATE, OPTIONS, {400: ["invalid_json"], 422: ["low_contrast", "payload_too_long"]},
        description="A JSON body that is not an object is a 400; form bodies are read as fields.",
        body=json_or_form_body("QrRequest"))},
    "/api/tools/username/{name}": {"get": tool_operation(
        "checkUsername", "username", "Is a username taken on ~480 sites and in Toolkit?",
        {"description": "A stream of newline-delimited JSON, one `UsernameStreamLine` per line, "
                        "sent as answers arrive (at most the 60 s job limit; sites still pending "
                        "then are `unknown`).",
         "headers": header_refs({"Cache-Control": "NoStore", "X-Accel-Buffering": "NoBuffering"}),
         "content": {"application/x-ndjson": {"schema": ref("UsernameStreamLine")}}},
        PAGE_GATE, SESSION, JOB_SLOT, {401: ["invalid_token"], 503: ["auth_unavailable", "internet_unreachable"],
                                       422: ["invalid_username", "invalid_option"]},
        description="Sends a token, optionally, to check Toolkit's own profiles as that user "
                    "(row-level security applies); a malformed or invalid token is a 401.",
        security=[{}, {"bearerAuth": []}],
        parameters=[
            {"name": "name", "in": "path", "required": True, "description": "The username.",
             "schema": {"type": "string", "pattern": USERNAME_PATTERN.pattern}},
            {"name": "sites", "in": "query", "required": False,
             "description": "Only these sites (comma-separated names, case-insensitive).",
             "schema": {"type": "string", "maxLength": 2000}},
            {"name": "nsfw", "in": "query", "required": False,
             "description": "Include NSFW sites. `true`/`false` (also 1/0, yes/no, on/off).",
             "schema": {"type": "boolean", "default": False}},
        ])},
    "/api/tools/translate": {"post": tool_operation(
        "translateText", "translate", "Translate text (Apertium APY or LibreTranslate)",
        json_response("The translation.", ref("Translation")), SIGNED_IN, SESSION, _TRANSLATE_INPUT, _ENGINE, JOB_SLOT,
        body=json_or_form_body("TranslateRequest"), security=[{"bearerAuth": []}])},
    "/api/tools/translate/languages": {"get": tool_operation(
        "listTranslationLanguages", "translate", "Languages the translation engine offers",
        json_response("Each language and the targets it translates into.", ref("TranslationLanguages")),
        SIGNED_IN, SESSION, _ENGINE, security=[{"bearerAuth": []}])},
    "/api/tools/translate/detect": {"post": tool_operation(
        "detectLanguage", "translate", "Detect the language of a text",
        json_response("Candidate languages with confidence.", ref("Detections")),
        SIGNED_IN, SESSION, _TRANSLATE_INPUT, _ENGINE, body=json_or_form_body("DetectRequest"),
        security=[{"bearerAuth": []}])},
}

# Headers only the stream uses.
HEADERS = {
    "NoStore": {"description": "`no-store`: results are never cached.", "required": True,
                "schema": {"type": "string", "const": "no-store"}},
    "NoBuffering": {"description": "`no`: tells the gateway to pass lines through at once. nginx acts on it and "
                                   "removes it, so callers behind the gateway do not see it.",
                    "required": False, "schema": {"type": "string", "const": "no"}},
}
