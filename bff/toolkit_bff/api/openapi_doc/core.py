"""/api/health, /api/me and /api/openapi.json."""
from __future__ import annotations

from .common import error_responses, json_response, operation, ref

SCHEMAS = {
    "Health": {
        "type": "object", "required": ["status", "version", "checks"], "additionalProperties": False,
        "properties": {
            "status": {"type": "string", "enum": ["ok", "degraded"]},
            "version": {"type": "string", "description": "The BFF's version."},
            "checks": {"type": "object", "required": ["database"], "additionalProperties": False,
                       "properties": {"database": {"type": "string", "enum": ["ok", "unreachable"]}}},
        },
    },
    "Me": {
        "type": "object", "required": ["user"], "additionalProperties": False,
        "properties": {"user": {
            "type": "object", "required": ["id", "email", "role"], "additionalProperties": False,
            "description": "The caller as Postgres sees them inside the request's RLS transaction.",
            "properties": {
                "id": {"type": "string", "description": "The token's `sub` (the auth user id)."},
                "email": {"type": ["string", "null"], "description": "The token's `email` claim."},
                "role": {"type": "string", "enum": ["authenticated"],
                         "description": "The database role the request ran as."},
            }}},
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
         "503": json_response("Up, but the database is unreachable (`status` is `degraded`; the body "
                              "is the health report, not an Error).", ref("Health")),
         **error_responses()})},
    "/api/me": {"get": operation(
        "getMe", "account", "Who the verified caller is",
        {"200": json_response("The caller.", ref("Me")),
         **error_responses({401: ["not_authenticated", "invalid_token"], 503: ["database_unavailable"]})},
        description="Verifies the bearer token and reads the caller back from inside a transaction "
                    "that carries their role and claims, as row-level security sees them.",
        security=[{"bearerAuth": []}])},
    "/api/openapi.json": {"get": operation(
        "getOpenApiDocument", "system", "This OpenAPI document",
        {"200": json_response("The OpenAPI 3.1 document describing every endpoint.", ref("OpenApiDocument")),
         **error_responses()},
        description="The single source of the API contract; the app's types are generated from it "
                    "(openapi-typescript).")},
}
