"""/api/pages (the disabled-pages map) and the admin endpoints."""
from __future__ import annotations

from ..body import MAX_OFFSET
from .common import (DATABASE, DATE_TIME, JSON_BODY, DATA_OPTIONAL_TOKEN, DATA_SIGNED_IN, UUID, error_responses,
                     json_body, json_response, operation, page_of, ref)
from ...spec_constants import PAGE_KEYS as SPEC_PAGE_KEYS

PAGE_KEYS = list(SPEC_PAGE_KEYS)

PAGE_STATE = {
    "type": "object", "additionalProperties": False, "required": ["is_disabled", "disable_reason", "updated_at"],
    "properties": {"is_disabled": {"type": "boolean"}, "disable_reason": {"type": "string", "maxLength": 500},
                   "updated_at": DATE_TIME},
}

SCHEMAS = {
    "Pages": {
        "type": "object", "additionalProperties": False, "required": ["pages"],
        "properties": {"pages": {"type": "object", "required": PAGE_KEYS, "additionalProperties": False,
                                 "properties": {key: PAGE_STATE for key in PAGE_KEYS}}},
    },
    "PageUpdate": {
        "type": "object", "additionalProperties": False, "required": ["is_disabled"],
        "properties": {"is_disabled": {"type": "boolean"},
                       "disable_reason": {"type": ["string", "null"], "maxLength": 500}},
    },
    "PageState": {
        "type": "object", "additionalProperties": False,
        "required": ["page_key", "is_disabled", "disable_reason", "updated_at"],
        "properties": {"page_key": {"type": "string", "enum": PAGE_KEYS}, **PAGE_STATE["properties"]},
    },
    "AdminUser": {
        "type": "object", "additionalProperties": False,
        "required": ["id", "email", "nickname", "created_at", "last_sign_in_at", "is_admin"],
        "properties": {"id": UUID, "email": {"type": ["string", "null"]}, "nickname": {"type": ["string", "null"]},
                       "created_at": {"type": ["string", "null"], "format": "date-time"},
                       "last_sign_in_at": {"type": ["string", "null"], "format": "date-time"},
                       "is_admin": {"type": "boolean"}},
    },
    "AdminUserList": page_of("users", "AdminUser"),
    "ModeratedPaste": {
        "type": "object", "additionalProperties": False,
        "required": ["id", "title", "language", "excerpt", "author_email", "created_at", "expires_at",
                     "burn_after_read", "views", "likes"],
        "properties": {"id": {"type": "string"}, "title": {"type": "string"}, "language": {"type": "string"},
                       "excerpt": {"type": ["string", "null"], "maxLength": 200,
                                   "description": "The first 200 characters; null for burn-after-read pastes."},
                       "author_email": {"type": ["string", "null"], "description": "null when anonymous."},
                       "created_at": DATE_TIME, "expires_at": {"type": ["string", "null"], "format": "date-time"},
                       "burn_after_read": {"type": "boolean"},
                       "views": {"type": "integer", "minimum": 0}, "likes": {"type": "integer", "minimum": 0}},
    },
    "ModeratedLink": {
        "type": "object", "additionalProperties": False,
        "required": ["short_code", "original_url", "owner_email", "created_at", "expires_at", "clicks", "max_clicks"],
        "properties": {"short_code": {"type": "string"}, "original_url": {"type": "string"},
                       "owner_email": {"type": ["string", "null"], "description": "null when anonymous."},
                       "created_at": DATE_TIME, "expires_at": {"type": ["string", "null"], "format": "date-time"},
                       "clicks": {"type": "integer", "minimum": 0},
                       "max_clicks": {"type": ["integer", "null"], "minimum": 1}},
    },
    "ModeratedPasteList": page_of("pastes", "ModeratedPaste"),
    "ModeratedLinkList": page_of("links", "ModeratedLink"),
    "AdminStatus": {
        "type": "object", "additionalProperties": False, "required": ["user_id", "is_admin"],
        "properties": {"user_id": UUID, "is_admin": {"type": "boolean"}},
    },
}

USER_ID = {"name": "user_id", "in": "path", "required": True, "schema": UUID}
ADMIN_ONLY = {403: ["forbidden"]}


def _status_change(operation_id: str, summary: str, description: str, extra: dict) -> dict:
    return operation(operation_id, "admin", summary,
                     {"200": json_response("The user's admin status afterwards.", ref("AdminStatus")),
                      **error_responses(DATA_SIGNED_IN, ADMIN_ONLY, DATABASE, {404: ["not_found"]}, extra)},
                     description=description, parameters=[USER_ID], security=[{"bearerAuth": []}])


def _paging(matches: str, high: int = 100, default: int = 20) -> list[dict]:
    return [{"name": "q", "in": "query", "description": f"Matches {matches} (literally).",
             "schema": {"type": "string", "maxLength": 200}},
            {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": high, "default": default}},
            {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET, "default": 0}}]


def _moderation(what: str, function: str, list_id: str, list_schema: str, matches: str, delete_id: str,
                key: dict) -> dict:
    return {
        "list": {"get": operation(
            list_id, "admin", f"Recent {what}, newest first",
            {"200": json_response(f"A page of {what}.", ref(list_schema)),
             **error_responses(DATA_SIGNED_IN, ADMIN_ONLY, DATABASE, {422: ["invalid_input"]})},
            description=f"Through {function}(), which refuses non-admins.",
            parameters=_paging(matches), security=[{"bearerAuth": []}])},
        "item": {"delete": operation(
            delete_id, "admin", f"Delete one of the {what} (moderation)",
            {"204": {"description": "Deleted for everyone."},
             **error_responses(DATA_SIGNED_IN, ADMIN_ONLY, DATABASE, {404: ["not_found"]})},
            parameters=[key], security=[{"bearerAuth": []}])},
    }


_PASTES = _moderation("public pastes", "admin_recent_pastes", "listModeratedPastes", "ModeratedPasteList", "the id or title",
                      "deleteModeratedPaste", {"name": "paste_id", "in": "path", "required": True,
                                               "schema": {"type": "string"}})
_LINKS = _moderation("short links", "admin_recent_short_links", "listModeratedLinks", "ModeratedLinkList", "the code or the target URL",
                     "deleteModeratedLink", {"name": "code", "in": "path", "required": True,
                                             "schema": {"type": "string"}})

PATHS = {
    "/api/pages": {"get": operation(
        "getPages", "pages", "The disabled-pages map",
        {"200": json_response("Every page key with its state; cacheable for 10 s.", ref("Pages")),
         **error_responses(DATA_OPTIONAL_TOKEN, DATABASE)},
        security=[{}, {"bearerAuth": []}])},
    "/api/admin/pages/{page_key}": {"put": operation(
        "updatePage", "admin", "Disable or enable a page",
        {"200": json_response("The page's new state (who and when are recorded by the database).",
                              ref("PageState")),
         **error_responses(JSON_BODY, DATA_SIGNED_IN, ADMIN_ONLY, DATABASE, {404: ["not_found"]})},
        parameters=[{"name": "page_key", "in": "path", "required": True,
                     "schema": {"type": "string", "enum": PAGE_KEYS}}],
        body=json_body("PageUpdate"), security=[{"bearerAuth": []}])},
    "/api/admin/users": {"get": operation(
        "listUsers", "admin", "Users, newest first",
        {"200": json_response("A page of users.", ref("AdminUserList")),
         **error_responses(DATA_SIGNED_IN, ADMIN_ONLY, DATABASE, {422: ["invalid_input"]})},
        description="Read by the SQL function admin_list_users, which refuses non-admins.",
        parameters=_paging("e-mail or nickname", high=200, default=50), security=[{"bearerAuth": []}])},
    "/api/admin/pastes": _PASTES["list"],
    "/api/admin/pastes/{paste_id}": _PASTES["item"],
    "/api/admin/links": _LINKS["list"],
    "/api/admin/links/{code}": _LINKS["item"],
    "/api/admin/users/{user_id}/admin": {
        "post": _status_change("grantAdmin", "Make a user an administrator",
                               "Through grant_admin(): admins only, never yourself.", {}),
        "delete": _status_change("revokeAdmin", "Take administrator rights away",
                                 "Through revoke_admin(): admins only; the last admin stays (409).",
                                 {409: ["conflict"]}),
    },
}
