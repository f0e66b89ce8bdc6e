"""/api/links (short links). /s/{code} itself is the redirect service's (bff/toolkit_redirect/), not the BFF's."""
from __future__ import annotations

from ..body import LATEST_EXPIRY_TEXT, MAX_OFFSET
from .common import (DATABASE, DATE_TIME, JSON_BODY, NULLABLE_DATE_TIME, DATA_OPTIONAL_TOKEN, PAGE_GATE,
                     RATE_LIMITED, DATA_SIGNED_IN, SIGNED_IN_OR_API_TOKEN, UUID, WITH_API_TOKEN, error_responses,
                     json_body, json_response, links_to, operation, page_of, ref)

CODE = {"type": "string", "pattern": "^[A-Za-z0-9_-]{3,64}$"}
PAGING = [
    {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 200, "default": 50}},
    {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET, "default": 0}},
]

SCHEMAS = {
    "ShortLink": {
        "type": "object", "additionalProperties": False,
        "required": ["id", "short_code", "short_url", "original_url", "clicks", "max_clicks", "expires_at",
                     "created_at", "protected", "status"],
        "properties": {
            "id": UUID,
            "short_code": {**CODE, "description": "7 characters without look-alikes, or the chosen alias."},
            "short_url": {"type": "string", "description": "The public address: `{origin}/s/{short_code}`."},
            "original_url": {"type": "string", "pattern": "^https?://"},
            "clicks": {"type": "integer", "minimum": 0},
            "max_clicks": {"type": ["integer", "null"], "minimum": 1},
            "expires_at": NULLABLE_DATE_TIME,
            "created_at": DATE_TIME,
            "protected": {"type": "boolean", "description": "Asks visitors for a password (the hash is never sent)."},
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
            "password": {"type": ["string", "null"], "minLength": 8, "maxLength": 256,
                         "description": "Visitors must enter it on the redirect service's page before the link "
                                        "leads on (the click is counted then). Stored as an argon2id hash only. "
                                        "422 `password_too_weak` when shorter than 8 characters or one of the "
                                        "10,000 most common passwords (compared without case)."},
        },
    },
    "ShortLinkList": page_of("links", "ShortLink"),
    "LinkStats": {
        "type": "object", "additionalProperties": False,
        "required": ["link_id", "short_code", "short_url", "original_url", "protected", "days", "total_clicks", "daily",
                     "referrers", "browsers", "devices"],
        "description": "Counted clicks only: bots, link previews and HEAD requests are never counted.",
        "properties": {
            "link_id": UUID,
            "short_code": CODE,
            "short_url": {"type": "string", "description": "The public address: `{origin}/s/{short_code}` (its QR code)."},
            "original_url": {"type": "string", "pattern": "^https?://"},
            "protected": {"type": "boolean"},
            "days": {"type": "integer", "minimum": 1, "maximum": 366},
            "total_clicks": {"type": "integer", "minimum": 0, "description": "Every click since the link was made."},
            "daily": {"type": "array", "description": "Every UTC day of the period, oldest first, zeros included.",
                      "items": {"type": "object", "additionalProperties": False, "required": ["day", "clicks"],
                                "properties": {"day": {"type": "string", "format": "date"},
                                               "clicks": {"type": "integer", "minimum": 0}}}},
            "referrers": {"type": "array", "maxItems": 10, "description": "Top referrer hosts of the period "
                          "(null: none sent, e.g. typed or from an app).",
                          "items": {"type": "object", "additionalProperties": False, "required": ["host", "clicks"],
                                    "properties": {"host": {"type": ["string", "null"]},
                                                   "clicks": {"type": "integer", "minimum": 1}}}},
            "browsers": {"type": "array", "items": {
                "type": "object", "additionalProperties": False, "required": ["browser", "clicks"],
                "properties": {"browser": {"type": "string", "enum": ["chrome", "edge", "firefox", "safari", "opera",
                                                                        "samsung", "other"]},
                               "clicks": {"type": "integer", "minimum": 1}}}},
            "devices": {"type": "array", "items": {
                "type": "object", "additionalProperties": False, "required": ["device", "clicks"],
                "properties": {"device": {"type": "string", "enum": ["desktop", "mobile", "tablet", "other"]},
                               "clicks": {"type": "integer", "minimum": 1}}}},
        },
    },
    "ResolvedLink": {
        "type": "object", "additionalProperties": False, "required": ["short_code", "url"],
        "properties": {"short_code": {"type": "string"}, "url": {"type": "string", "pattern": "^https?://"}},
    },
}

LINK_ID = {"name": "link_id", "in": "path", "required": True, "schema": UUID}
CODE_PARAM = {"name": "code", "in": "path", "required": True, "schema": {"type": "string"}}

STATS_DAYS = {"name": "days", "in": "query",
              "schema": {"type": "integer", "minimum": 1, "maximum": 366, "default": 30}}

PATHS = {
    "/api/links": {
        "post": operation(
            "createLink", "links", "Shorten a URL",
            {"201": json_response("The new link.", ref("ShortLink"), links={
                **links_to("link_id", "$response.body#/id", "getLinkStats", "deleteLink"),
                **links_to("code", "$response.body#/short_code", "resolveLink")}),
             **error_responses(JSON_BODY, DATA_OPTIONAL_TOKEN, RATE_LIMITED, DATABASE, PAGE_GATE,
                               {409: ["conflict"], 422: ["password_too_weak"]})},
            description="Signed in or not; anonymous callers are rate-limited per IP and own nothing "
                        "(they cannot list or delete the link later).",
            body=json_body("ShortLinkCreate"), security=WITH_API_TOKEN),
        "get": operation(
            "listMyLinks", "links", "My links, newest first, with their clicks",
            {"200": json_response("A page of my links.", ref("ShortLinkList")),
             **error_responses(DATA_SIGNED_IN, RATE_LIMITED, DATABASE, {422: ["invalid_input"]})},
            parameters=PAGING, security=SIGNED_IN_OR_API_TOKEN),
    },
    "/api/links/{link_id}": {"delete": operation(
        "deleteLink", "links", "Delete one of my links",
        {"204": {"description": "Deleted."},
         **error_responses(DATA_SIGNED_IN, RATE_LIMITED, DATABASE, {404: ["not_found"]})},
        description="Someone else's link answers 404 like a missing one: nothing leaks.",
        parameters=[LINK_ID], security=SIGNED_IN_OR_API_TOKEN)},
    "/api/links/{link_id}/stats": {"get": operation(
        "getLinkStats", "links", "Clicks per day, referrer hosts, browsers and devices of my link",
        {"200": json_response("The link's statistics for the last `days` days.", ref("LinkStats")),
         **error_responses(DATA_SIGNED_IN, RATE_LIMITED, DATABASE,
                           {403: ["aal2_required"], 404: ["not_found"], 422: ["invalid_input"]})},
        description="The owner's, or any link's for an admin's own session at `aal2` (an admin at `aal1` gets 403 "
                    "`aal2_required`; an admin's API token is no admin); someone else's link answers 404 like a "
                    "missing one. "
                    "Kept by the redirect service's batched click counting, so the last fraction of a second "
                    "may not be in yet.",
        parameters=[LINK_ID, STATS_DAYS], security=SIGNED_IN_OR_API_TOKEN)},
    "/api/links/resolve/{code}": {"get": operation(
        "resolveLink", "links", "Where a short code leads (counts a click)",
        {"200": json_response("The destination.", ref("ResolvedLink")),
         **error_responses(DATA_OPTIONAL_TOKEN, RATE_LIMITED, DATABASE,
                           {403: ["password_required"], 404: ["not_found"], 410: ["link_expired", "link_exhausted"]})},
        description="For the app's /s screen: 404 for no such link, 410 `link_expired` or `link_exhausted` for a "
                    "dead one (the screen says which on the home page), 403 `password_required` for a protected "
                    "one, whose destination only the redirect service's password page gives.",
        parameters=[CODE_PARAM], security=WITH_API_TOKEN)},
}
