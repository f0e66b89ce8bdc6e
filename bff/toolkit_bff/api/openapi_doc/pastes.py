"""/api/pastes: create, list, read (counting views), raw text, edit, delete, like, duplicate."""
from __future__ import annotations

from ..body import LATEST_EXPIRY_TEXT
from .common import (DATABASE, DATE_TIME, JSON_BODY, NULLABLE_DATE_TIME, DATA_OPTIONAL_TOKEN, RATE_LIMIT_HEADERS,
                     RATE_LIMITED, DATA_SIGNED_IN, SIGNED_IN_OR_API_TOKEN, WITH_API_TOKEN, error_responses,
                     header_refs, json_body, json_response, links_to, operation, ref)

ID_PATTERN = "^[A-Za-z0-9]{6,32}$"
LANGUAGE_PATTERN = "^[a-z0-9][a-z0-9+#._-]{0,31}$"
MAX_CONTENT_BYTES = 512 * 1024
PREVIEW_CHARS = 280

_PRIVACY = {"type": "string", "enum": ["public", "unlisted", "private"],
            "description": "`public`: listed and readable by everyone; `unlisted`: readable by whoever has "
                           "the id, never listed; `private`: the owner only (needs sign-in)."}
_CONTENT = {"type": "string", "minLength": 1, "maxLength": MAX_CONTENT_BYTES,
            "description": "1 byte to 512 KB of UTF-8 text (no NUL characters)."}
_TITLE = {"type": "string", "maxLength": 200}
_LANGUAGE = {"type": "string", "pattern": LANGUAGE_PATTERN,
             "description": "A lower-case language id for highlighting, e.g. `python`, `c++`, `plaintext`."}
_BURN = {"type": "boolean", "description": "Deleted by its first read by anyone but the owner."}
_COUNT = {"type": "integer", "minimum": 0}


def _paste_properties(*, content: bool) -> dict:
    """The fields every paste shape shares, in the order the API sends them."""
    return {
        "id": {"type": "string", "pattern": ID_PATTERN},
        "title": _TITLE,
        **({"content": {"type": "string"}} if content else {}),
        "language": _LANGUAGE,
        "privacy": _PRIVACY,
        "user_id": {"type": ["string", "null"], "format": "uuid",
                    "description": "The owner, named only to the owner: your own id on your pastes, null "
                                   "on anonymous pastes and on everyone else's (who wrote a paste is private)."},
        "created_at": DATE_TIME,
        "updated_at": {**DATE_TIME, "description": "Moves on edits only, not when views or likes are counted."},
        "expires_at": {**NULLABLE_DATE_TIME, "description": "After it the paste is gone (404); null: never."},
        "burn_after_read": _BURN,
        "views": _COUNT,
        "likes": _COUNT,
        "encrypted": {"type": "boolean", "description": "Encrypted in the author's browser: `content` is the "
                      "ciphertext `tk1.<iv>.<data>` (AES-GCM; title and language inside it), and the key is only "
                      "in the link's `#fragment`, which no server sees."},
    }


_PASTE = _paste_properties(content=True)
_ITEM = {**_paste_properties(content=False),
         "preview": {"type": "string", "maxLength": PREVIEW_CHARS,
                     "description": f"The first {PREVIEW_CHARS} characters of the content ('' when encrypted)."},
         "size": {"type": "integer", "minimum": 1, "description": "Length of the content in characters."}}
_CHANGES = {
    "content": _CONTENT,
    "title": _TITLE,
    "language": _LANGUAGE,
    "privacy": _PRIVACY,
    "expires_at": {**NULLABLE_DATE_TIME, "description": f"In the future and before {LATEST_EXPIRY_TEXT}, with a "
                                                      "time zone; null: never."},
    "burn_after_read": _BURN,
}

SCHEMAS = {
    "Paste": {"type": "object", "additionalProperties": False, "required": list(_PASTE), "properties": _PASTE},
    "NewPaste": {
        "type": "object", "additionalProperties": False, "required": list(_PASTE),
        "description": "A paste just created; `edit_token` only when its author is anonymous.",
        "properties": {**_PASTE, "edit_token": {
            "type": "string", "description": "Shown only in this response (only its hash is stored): send it "
                                             "as `X-Edit-Token` to change or delete the paste."}},
    },
    "PasteListItem": {"type": "object", "additionalProperties": False, "required": list(_ITEM),
                      "properties": _ITEM},
    "PasteList": {
        "type": "object", "additionalProperties": False, "required": ["pastes", "next_cursor"],
        "properties": {"pastes": {"type": "array", "items": ref("PasteListItem")},
                       "next_cursor": {"type": ["string", "null"],
                                       "description": "Send as `cursor` for the next page; null on the last."}},
    },
    "PasteCreate": {
        "type": "object", "additionalProperties": False, "required": ["content"],
        "description": "Only these fields; anything else (views, likes, user_id) is a 422 `unknown_field`.",
        "properties": {**_CHANGES,
                       "title": {**_TITLE, "default": ""},
                       "language": {**_LANGUAGE, "default": "plaintext"},
                       "privacy": {**_PRIVACY, "default": "public"},
                       "burn_after_read": {**_BURN, "default": False},
                       "encrypted": {"type": "boolean", "default": False,
                                     "description": "`content` is ciphertext made in the browser (`tk1.<iv>.<data>`, "
                                                    "base64url): no title or language beside it, privacy unlisted "
                                                    "(the default then) or private. Anything else is a 422."}},
    },
    "PasteUpdate": {
        "type": "object", "additionalProperties": False, "minProperties": 1,
        "description": "The fields to change; the others keep their value. Views, likes and the owner are "
                       "never writable (422 `unknown_field`).",
        "properties": _CHANGES,
    },
    "LikeResult": {
        "type": "object", "additionalProperties": False, "required": ["id", "likes", "liked", "counted"],
        "properties": {
            "id": {"type": "string", "pattern": ID_PATTERN},
            "likes": {**_COUNT, "description": "The paste's likes now."},
            "liked": {"type": "boolean", "description": "Whether the caller likes the paste now."},
            "counted": {"type": "boolean", "description": "Whether this request changed anything (one like "
                                                          "per user: liking twice counts once)."},
        },
    },
}

PASTE_ID = {"name": "paste_id", "in": "path", "required": True, "schema": {"type": "string", "pattern": ID_PATTERN},
            "description": "Any other shape is a 404 like a missing paste."}
EDIT_TOKEN = {"name": "X-Edit-Token", "in": "header", "required": False, "schema": {"type": "string"},
              "description": "The edit token of an anonymous paste, instead of signing in. A wrong token, or "
                             "one sent for a paste with an owner, is a 403."}
LIST_PARAMETERS = [
    {"name": "scope", "in": "query", "schema": {"type": "string", "enum": ["recent", "mine"], "default": "recent"},
     "description": "`recent`: public pastes (not burn-after-read); `mine`: all of the caller's (sign-in "
                    "needed)."},
    {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 100, "default": 10}},
    {"name": "cursor", "in": "query", "schema": {"type": "string"},
     "description": "The `next_cursor` of the previous page."},
]
NOT_FOUND = {404: ["not_found"]}
REFUSED = {403: ["forbidden"], 404: ["not_found"]}
SIGNED_IN_ONLY = SIGNED_IN_OR_API_TOKEN
PASTE_LINKS = links_to("paste_id", "$response.body#/id", "getPaste", "getPasteRaw", "updatePaste", "deletePaste",
                       "likePaste", "unlikePaste", "duplicatePaste")
TOKEN_OPTIONAL = WITH_API_TOKEN

PATHS = {
    "/api/pastes": {
        "post": operation(
            "createPaste", "pastes", "Create a paste",
            {"201": json_response("The new paste; an anonymous author also gets its edit token, this once.",
                                  ref("NewPaste"), RATE_LIMIT_HEADERS, PASTE_LINKS),
             **error_responses(JSON_BODY, DATA_OPTIONAL_TOKEN, RATE_LIMITED, DATABASE)},
            description="Signed in, the caller owns the paste. Anonymous authors are rate-limited per IP, "
                        "cannot make private pastes (422) and change or delete theirs with the edit token.",
            body=json_body("PasteCreate"), security=TOKEN_OPTIONAL),
        "get": operation(
            "listPastes", "pastes", "Recent public pastes, or mine; newest first",
            {"200": json_response("A page of pastes, without their content.", ref("PasteList")),
             **error_responses(DATA_SIGNED_IN, RATE_LIMITED, DATABASE, {422: ["invalid_input"]})},
            description="10 per page by default (SPEC §9); expired pastes never appear. Without a token "
                        "`scope=mine` is a 401.",
            parameters=LIST_PARAMETERS, security=TOKEN_OPTIONAL),
    },
    "/api/pastes/{paste_id}": {
        "get": operation(
            "getPaste", "pastes", "Read a paste (counts a view)",
            {"200": json_response("The paste, its views including this one.", ref("Paste")),
             **error_responses(DATA_OPTIONAL_TOKEN, RATE_LIMITED, DATABASE, NOT_FOUND)},
            description="Unlisted pastes are readable by id. Missing, expired and other people's private "
                        "pastes are the same 404. A burn-after-read paste is deleted by this read unless "
                        "the caller owns it.",
            parameters=[PASTE_ID], security=TOKEN_OPTIONAL),
        "patch": operation(
            "updatePaste", "pastes", "Change a paste",
            {"200": json_response("The changed paste.", ref("Paste")),
             **error_responses(JSON_BODY, DATA_SIGNED_IN, RATE_LIMITED, REFUSED, DATABASE)},
            description="By its owner, or with `X-Edit-Token` for an anonymous paste. Someone else's "
                        "paste is a 403 when they can read it, else a 404 (private pastes stay secret).",
            body=json_body("PasteUpdate"), parameters=[PASTE_ID, EDIT_TOKEN], security=TOKEN_OPTIONAL),
        "delete": operation(
            "deletePaste", "pastes", "Delete a paste",
            {"204": {"description": "Deleted."},
             **error_responses(DATA_SIGNED_IN, RATE_LIMITED, REFUSED, DATABASE)},
            description="Only the owner deletes an owned paste (403 'You are not authorized to delete this "
                        "paste.', SPEC §5); an anonymous one needs its `X-Edit-Token`.",
            parameters=[PASTE_ID, EDIT_TOKEN], security=TOKEN_OPTIONAL),
    },
    "/api/pastes/{paste_id}/raw": {"get": operation(
        "getPasteRaw", "pastes", "A paste's content as plain text (counts a view)",
        {"200": {"description": "The content, UTF-8, as `text/plain` with `X-Content-Type-Options: nosniff` and a "
                                "sandboxing CSP: never rendered as HTML, whatever it holds. For an encrypted paste, "
                                "its ciphertext.",
                 "headers": header_refs({"Cache-Control": "NoStore"}),
                 "content": {"text/plain": {"schema": {"type": "string"}}}},
         **error_responses(DATA_OPTIONAL_TOKEN, RATE_LIMITED, DATABASE, NOT_FOUND)},
        description="As `getPaste`, views and burn-after-read included; errors are JSON.",
        parameters=[PASTE_ID], security=TOKEN_OPTIONAL)},
    "/api/pastes/{paste_id}/like": {
        "post": operation(
            "likePaste", "pastes", "Like a paste (once per user)",
            {"200": json_response("The likes now.", ref("LikeResult")),
             **error_responses(DATA_SIGNED_IN, RATE_LIMITED, DATABASE, NOT_FOUND)},
            parameters=[PASTE_ID], security=SIGNED_IN_ONLY),
        "delete": operation(
            "unlikePaste", "pastes", "Take my like back",
            {"200": json_response("The likes now.", ref("LikeResult")),
             **error_responses(DATA_SIGNED_IN, RATE_LIMITED, DATABASE, NOT_FOUND)},
            parameters=[PASTE_ID], security=SIGNED_IN_ONLY),
    },
    "/api/pastes/{paste_id}/duplicate": {"post": operation(
        "duplicatePaste", "pastes", "Copy a paste I can read",
        {"201": json_response("The copy: title + ' (Copy)', views and likes 0, owned by the caller (an "
                              "anonymous caller gets its edit token).", ref("NewPaste"), RATE_LIMIT_HEADERS,
                              PASTE_LINKS),
         **error_responses(DATA_OPTIONAL_TOKEN, RATE_LIMITED, DATABASE, NOT_FOUND)},
        description="SPEC §4. Other people's burn-after-read pastes are 404: copying would read them "
                    "without burning. Anonymous callers are rate-limited per IP.",
        parameters=[PASTE_ID], security=TOKEN_OPTIONAL)},
}
