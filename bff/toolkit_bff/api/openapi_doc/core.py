"""/api/health, /api/me and /api/openapi.json."""
from __future__ import annotations

from .common import DATABASE, DATE_TIME, JSON_BODY, DATA_SIGNED_IN, UUID, error_responses, json_body, json_response, operation, ref

NICKNAME = "^[a-z0-9_]{3,32}$"

SCHEMAS = {
    "Health": {
        "type": "object", "required": ["status", "version", "checks"], "additionalProperties": False,
        "properties": {
            "status": {"type": "string", "enum": ["ok", "degraded"]},
            "version": {"type": "string", "description": "The BFF's version."},
            "checks": {"type": "object", "required": ["database", "auth"], "additionalProperties": False,
                       "properties": {
                           "database": {"type": "string", "enum": ["ok", "unreachable"]},
                           "auth": {"type": "string", "enum": ["ok", "unreachable", "not_configured"],
                                    "description": "Supabase Auth's /health, when TOOLKIT_AUTH_URL is set."},
                           # The replica checks (toolkit_bff/replica_checks.py), each only where it applies.
                           "rate_limit_store": {"type": "string", "enum": ["ok", "unreachable"],
                                                "description": "Redis, when it is the rate limits' store; "
                                                               "unreachable does not make the BFF degraded."},
                           "jwt_secret": {"type": "string", "enum": ["ok", "mismatch", "unknown"],
                                          "description": "Whether TOOLKIT_JWT_SECRET is the deployment's (it signed "
                                                         "the service-role key and Auth accepts that key)."},
                           "migrations": {"type": "string", "enum": ["ok", "behind", "unknown"],
                                          "description": "Whether the database has the migrations this BFF's code "
                                                         "expects."}}},
        },
    },
    "Profile": {
        "type": "object", "additionalProperties": False,
        "required": ["id", "nickname", "email", "full_name", "bio", "avatar_url", "location", "role",
                     "created_at", "updated_at"],
        "properties": {
            "id": UUID,
            "nickname": {"type": ["string", "null"], "pattern": NICKNAME},
            "email": {"type": ["string", "null"]},
            "full_name": {"type": "string", "maxLength": 100},
            "bio": {"type": "string", "maxLength": 500},
            "avatar_url": {"type": ["string", "null"], "pattern": "^https://"},
            "location": {"type": ["string", "null"], "maxLength": 100},
            "role": {"type": "string", "enum": ["user", "admin"], "description": "Mirrors admin status; never writable."},
            "created_at": DATE_TIME, "updated_at": DATE_TIME,
        },
    },
    "ProfileUpdate": {
        "type": "object", "additionalProperties": False, "minProperties": 1,
        "description": "Only these fields; anything else (role, id, email) is a 422 `unknown_field`.",
        "properties": {
            "nickname": {"type": "string", "pattern": NICKNAME, "description": "Unique; 409 when taken."},
            "full_name": {"type": "string", "maxLength": 100},
            "bio": {"type": "string", "maxLength": 500},
            "location": {"type": ["string", "null"], "maxLength": 100},
            "avatar_url": {"type": ["string", "null"], "maxLength": 2048, "pattern": "^https://"},
        },
    },
    "Me": {
        "type": "object", "required": ["user", "profile", "is_admin"], "additionalProperties": False,
        "properties": {
            "user": {
                "type": "object", "required": ["id", "email", "role"], "additionalProperties": False,
                "description": "The caller as Postgres sees them inside the request's RLS transaction.",
                "properties": {
                    "id": {**UUID, "description": "The token's `sub` (the auth user id)."},
                    "email": {"type": ["string", "null"], "description": "The token's `email` claim."},
                    "role": {"type": "string", "enum": ["authenticated"],
                             "description": "The database role the request ran as."},
                }},
            "profile": {"oneOf": [ref("Profile"), {"type": "null"}]},
            "is_admin": {"type": "boolean", "description": "`is_admin(auth.uid())`, decided in SQL."},
        },
    },
    "ProfileResult": {
        "type": "object", "required": ["profile"], "additionalProperties": False,
        "properties": {"profile": ref("Profile")},
    },
    "OpenApiDocument": {
        "type": "object", "required": ["openapi", "info", "paths"],
        "properties": {"openapi": {"type": "string", "pattern": r"^3\.1\.\d+$"}},
        "description": "This document.",
    },
}

PATHS = {
    "/api/health": {"get": operation(
        "getHealth", "system", "Is the BFF up, and can it reach the database?",
        {"200": json_response("Up, database reachable.", ref("Health")),
         "503": json_response("Up, but the database or Auth is unreachable, the JWT secret is not the "
                              "deployment's or the database lacks migrations (`status` is `degraded`; the "
                              "body is the health report, not an Error).", ref("Health")),
         **error_responses()})},
    "/api/me": {"get": operation(
        "getMe", "account", "Who the verified caller is",
        {"200": json_response("The caller.", ref("Me")),
         **error_responses(DATA_SIGNED_IN, DATABASE)},
        description="Verifies the bearer token and reads the caller back from inside a transaction "
                    "that carries their role and claims, as row-level security sees them.",
        security=[{"bearerAuth": []}]),
        "delete": operation(
            "deleteMe", "account", "Delete my account",
            {"204": {"description": "Deleted: the user, their sessions, identities and factors, and (by "
                                    "foreign key) their profile row, short links, pastes and likes."},
             **error_responses(DATA_SIGNED_IN, {404: ["not_found"], 503: ["auth_admin_unavailable"]})},
            description="Asks Auth's admin API (`DELETE /admin/users/{id}` with the service-role key, which "
                        "only the BFF holds) to delete the caller. 404 when Auth no longer knows them; 503 "
                        "`auth_admin_unavailable` when TOOLKIT_AUTH_URL or TOOLKIT_SERVICE_ROLE_KEY is unset, "
                        "Auth is unreachable or refuses.",
            security=[{"bearerAuth": []}])},
    "/api/me/profile": {"patch": operation(
        "updateMyProfile", "account", "Change my profile",
        {"200": json_response("The updated profile.", ref("ProfileResult")),
         **error_responses(JSON_BODY, DATA_SIGNED_IN, DATABASE, {404: ["not_found"], 409: ["conflict"]})},
        description="Nickname (3–32 of `[a-z0-9_]`, unique), full name, bio (≤ 500), location, avatar URL "
                    "(https only). Row-level security and column privileges make `role`, `id` and `email` "
                    "unwritable whatever the BFF sends.",
        body=json_body("ProfileUpdate"), security=[{"bearerAuth": []}])},
    "/api/openapi.json": {"get": operation(
        "getOpenApiDocument", "system", "This OpenAPI document",
        {"200": json_response("The OpenAPI 3.1 document describing every endpoint.", ref("OpenApiDocument")),
         **error_responses()},
        description="The single source of the API contract; the app's types are generated from it "
                    "(openapi-typescript).")},
}
