"""/api/links (short links). /s/{code} itself is the redirect service's (bff/toolkit_redirect/), not the BFF's."""
from __future__ import annotations

from ..body import LATEST_EXPIRY_TEXT, MAX_OFFSET
from .common import (DATABASE, DATE_TIME, JSON_BODY, NULLABLE_DATE_TIME, DATA_OPTIONAL_TOKEN, PAGE_GATE,
                     RATE_LIMITED, DATA_SIGNED_IN, UUID, error_responses, json_body, json_response, links_to,
                     operation, page_of, ref)

CODE = {"type": "string", "pattern": "^[A-Za-z0-9_-]{3,64}$"}
PAGING = [
    {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 200, "default": 50}},
    {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET, "default": 0}},
]

SCHEMAS = {
    "ShortLink": {
        "type": "object", "additionalProperties": False,
        "required": ["id", "short_code", "short_url", "original_url", "clicks", "max_clicks", "expires_at",
                     "created_at", "status"],
        "properties": {
            "id": UUID,
            "short_code": {**CODE, "description": "7 characters without look-alikes, or the chosen alias."},
            "short_url": {"type": "string", "description": "The public address: `{origin}/s/{short_code}`."},
            "original_url": {"type": "string", "pattern": "^https?://"},
            "clicks": {"type": "integer", "minimum": 0},
            "max_clicks": {"type": ["integer", "null"], "minimum": 1},
            "expires_at": NULLABLE_DATE_TIME,
            "created_at": DATE_TIME,
            "status": {"type": "string", "enum": ["active", "expired", "exhausted"]},
        },
    },
    "ShortLinkCreate": {
        "type": "object", "additionalProperties": False, "required": ["url"],
        "properties": {
            "url": {"type": "string", "maxLength": 2048,
                    "description": "http or https; without a scheme, https:// is added (SPEC §5). Links to "
                                   "our own /s/ are refused."},
            "alias": {"type": ["string", "null"], "pattern": "^[A-Za-z0-9_-]{3,64}$",
                      "description": "A custom code; reserved words (api, s, admin, login, …) are refused; "
                                     "409 when taken."},
            "expires_at": {**NULLABLE_DATE_TIME, "description": f"In the future and before {LATEST_EXPIRY_TEXT}, "
                                                              "with a time zone."},
            "max_clicks": {"type": ["integer", "null"], "minimum": 1,
                           "description": "The link stops working after this many clicks."},
        },
    },
    "ShortLinkList": page_of("links", "ShortLink"),
    "ResolvedLink": {
        "type": "object", "additionalProperties": False, "required": ["short_code", "url"],
        "properties": {"short_code": {"type": "string"}, "url": {"type": "string", "pattern": "^https?://"}},
    },
}

LINK_ID = {"name": "link_id", "in": "path", "required": True, "schema": UUID}
CODE_PARAM = {"name": "code", "in": "path", "required": True, "schema": {"type": "string"}}

PATHS = {
    "/api/links": {
        "post": operation(
            "createLink", "links", "Shorten a URL",
            {"201": json_response("The new link.", ref("ShortLink"), links={
                **links_to("link_id", "$response.body#/id", "deleteLink"),
                **links_to("code", "$response.body#/short_code", "resolveLink")}),
             **error_responses(JSON_BODY, DATA_OPTIONAL_TOKEN, RATE_LIMITED, DATABASE, PAGE_GATE,
                               {409: ["conflict"]})},
            description="Signed in or not; anonymous callers are rate-limited per IP and own nothing "
                        "(they cannot list or delete the link later).",
            body=json_body("ShortLinkCreate"), security=[{}, {"bearerAuth": []}]),
        "get": operation(
            "listMyLinks", "links", "My links, newest first, with their clicks",
            {"200": json_response("A page of my links.", ref("ShortLinkList")),
             **error_responses(DATA_SIGNED_IN, DATABASE, {422: ["invalid_input"]})},
            parameters=PAGING, security=[{"bearerAuth": []}]),
    },
    "/api/links/{link_id}": {"delete": operation(
        "deleteLink", "links", "Delete one of my links",
        {"204": {"description": "Deleted."},
         **error_responses(DATA_SIGNED_IN, DATABASE, {404: ["not_found"]})},
        description="Someone else's link answers 404 like a missing one: nothing leaks.",
        parameters=[LINK_ID], security=[{"bearerAuth": []}])},
    "/api/links/resolve/{code}": {"get": operation(
        "resolveLink", "links", "Where a short code leads (counts a click)",
        {"200": json_response("The destination.", ref("ResolvedLink")),
         **error_responses(DATA_OPTIONAL_TOKEN, DATABASE, {404: ["not_found"]})},
        description="For the app's /s screen; unknown, expired and exhausted links are 404.",
        parameters=[CODE_PARAM], security=[{}, {"bearerAuth": []}])},
}
