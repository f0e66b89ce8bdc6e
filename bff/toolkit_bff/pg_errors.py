"""Postgres errors as HTTP errors. Postgres decides who may do what; this only translates.

Messages raised by our SQL functions are written for people and passed on; generic ones (a
permission or constraint message naming tables) are replaced so no schema detail leaks."""

from __future__ import annotations

import logging

import psycopg

from .errors import ApiError

log = logging.getLogger(__name__)

# SQLSTATE → (status, code, message or None to pass the database's own message on).
_BY_STATE = {
    "42501": (403, "forbidden", None),  # insufficient_privilege (also RAISE … errcode 42501)
    "P0002": (404, "not_found", None),  # no_data_found, raised by our functions
    "23505": (409, "conflict", None),  # unique_violation
    "23503": (404, "not_found", "A referenced row does not exist"),
    "23502": (422, "invalid_input", None),
    "23514": (422, "invalid_input", None),  # check_violation
    "22023": (422, "invalid_input", None),  # invalid_parameter_value, raised by our functions
    "57014": (503, "database_timeout", "The database took too long to answer"),
}

# Refusals our SQL raises as 42501 with a stable code as the hint (require_mfa_satisfied,
# require_credential, api_token_claims, short_link_stats): the code and status the caller gets.
_HINTED_REFUSALS = {
    "mfa_required": 403,
    "aal2_required": 403,
    "token_scope": 403,
    "client_scope": 403,
    "anonymous_user": 403,
    "user_banned": 403,
    "session_not_found": 401,
    "token_reissue_required": 401,
}

_GENERIC = {
    "42501": "You are not allowed to do this",
    "23505": "This value is already taken",
}


def _message(exc: psycopg.Error, state: str) -> str:
    diag = exc.diag
    primary = diag.message_primary or "The request could not be completed"
    if state == "42501" and primary.startswith("permission denied"):
        return _GENERIC[state]
    if state == "23505" and primary.startswith("duplicate key"):
        # e.g. profile_nickname_key → "This nickname is already taken"
        name = (diag.constraint_name or "").removeprefix(f"{diag.table_name}_").removesuffix("_key")
        return f"This {name.replace('_', ' ')} is already taken" if name else _GENERIC[state]
    if state == "23514":
        return f"A value is not allowed ({diag.constraint_name or 'check'})"
    if state == "23502":
        return f"{diag.column_name or 'A value'} is required"
    return primary


def api_error_for(exc: psycopg.Error) -> ApiError:
    state = exc.sqlstate or ""
    if not state and isinstance(exc, psycopg.DataError):  # refused by the driver, e.g. a NUL in text
        return ApiError(
            422, "invalid_input", "The request holds a value the database cannot store (e.g. a NUL character)"
        )
    if state.startswith("PT") and state[2:].isdigit():  # PostgREST's convention: PT409 → HTTP 409
        status = int(state[2:])
        code = {400: "bad_request", 403: "forbidden", 404: "not_found", 409: "conflict"}.get(status, "error")
        return ApiError(status, code, exc.diag.message_primary or "Request refused")
    hint = exc.diag.message_hint
    if state == "42501" and hint in _HINTED_REFUSALS:
        return ApiError(_HINTED_REFUSALS[hint], hint, exc.diag.message_primary or "You are not allowed to do this")
    if state in _BY_STATE:
        status, code, message = _BY_STATE[state]
        return ApiError(status, code, message or _message(exc, state))
    if state.startswith("22"):  # any other data exception: bad date, number, text representation
        return ApiError(422, "invalid_input", exc.diag.message_primary or "Invalid input")
    log.error("unmapped database error %s: %s", state, exc.diag.message_primary)
    return ApiError(500, "internal_error", "The database could not complete the request")
