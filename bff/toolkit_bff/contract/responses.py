"""The shared parts of every operation's answers in the OpenAPI document: error responses by status
and code (`x-error-codes`), response headers, security schemes, file and JSON answers. The models
(request and answer bodies) are pydantic classes; these are the parts that are no body."""

from __future__ import annotations

from pydantic import BaseModel

from .openapi_types import ErrorGroup, OpenApi, Security

# Every model the document names, by its name (its components/schemas key).
MODELS: dict[str, type[BaseModel]] = {}

JSON = "application/json"
FORM = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"

REASONS = {
    400: "Bad request",
    401: "Not signed in, or the access token is invalid",
    403: "Not allowed (decided by row-level security or an SQL function)",
    404: "Not found",
    405: "Method not allowed",
    409: "Conflicts with the current state (taken, or the last admin)",
    410: "Gone: it existed, and no longer works",
    413: "Too large",
    415: "Unsupported media type, or a file type told from the content (not the name)",
    422: "Invalid option or input that cannot be processed",
    429: "Too many requests",
    500: "Unexpected server error",
    502: "The translation engine failed or refused us",
    503: "A service the endpoint needs is not available",
    504: "The translation engine timed out",
}


def _header(description: str, schema: OpenApi, required: bool = True) -> OpenApi:
    return {"description": description, "required": required, "schema": schema}


_COUNT = {"type": "integer", "minimum": 0}
HEADERS: dict[str, OpenApi] = {
    "ContentDisposition": _header(
        "`attachment` with the file name, ASCII `filename` and RFC 5987 `filename*`.",
        {"type": "string", "examples": ["attachment; filename=\"photo.webp\"; filename*=UTF-8''photo.webp"]},
    ),
    "XInputSize": _header("Bytes received (all uploaded files together).", _COUNT),
    "XOutputSize": _header("Bytes of this response body.", _COUNT),
    "XOutputCount": _header(
        "How many results: 1 is the file itself, more come as one ZIP.", {"type": "integer", "minimum": 1}
    ),
    "XSizeChange": _header(
        "Size change against the input, e.g. `-42.0%` (never positive: a larger result is replaced by the original).",
        {"type": "string", "pattern": r"^-?\d+\.\d%$"},
    ),
    "XQrModules": _header("Modules per side of the code, margin included.", {"type": "integer", "minimum": 21}),
    "RetryAfter": _header("Seconds to wait before trying again.", _COUNT),
    "RetryAfterWhenBusy": _header(
        "With `busy` (every job slot of the worker is taken), `insufficient_storage` "
        "(the disk is full) or `internet_unreachable`: seconds to wait before trying "
        "again.",
        _COUNT,
        False,
    ),
    "RateLimitLimit": _header("Requests allowed in the current window (rate limits on).", _COUNT, False),
    "RateLimitRemaining": _header("Requests left in the current window.", _COUNT, False),
    "RateLimitReset": _header("When the window resets (Unix time).", _COUNT, False),
    "NoStore": _header("`no-store`: results are never cached.", {"type": "string", "const": "no-store"}),
    "NoBuffering": _header(
        "`no`: tells the gateway to pass lines through at once. nginx acts on it and removes it, "
        "so callers behind the gateway do not see it.",
        {"type": "string", "const": "no"},
        False,
    ),
}
RATE_LIMIT_HEADERS = {
    "X-RateLimit-Limit": "RateLimitLimit",
    "X-RateLimit-Remaining": "RateLimitRemaining",
    "X-RateLimit-Reset": "RateLimitReset",
}

SECURITY_SCHEMES: dict[str, OpenApi] = {
    "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "JWT",
        "description": "A Supabase Auth access token (`aud` = `authenticated`). On the data API "
        "its session must still exist, its user must not be banned (403 `user_banned`), "
        "and an account with a verified MFA factor needs an `aal2` token. Where the "
        "deployment accepts them: an anonymous sign-in's token is served as a visitor "
        "(403 `anonymous_user` where an account is needed), an OAuth client's token may "
        "only read GET /api/me (403 `client_scope` elsewhere); where it does not, they "
        "are a 401 `anonymous_user_not_accepted` / `oauth_client_not_accepted`.",
    },
    "apiToken": {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "tkp_…",
        "description": "A personal API token, made (and shown once) in /account: `Authorization: Bearer "
        "tkp_…`. It acts as its owner on /api/pastes and /api/links only, as its scopes "
        "allow (403 `token_scope` elsewhere), never as an admin, rate-limited per token "
        "(429); a revoked or expired one is a 401 `invalid_token`, one made with a "
        "password alone before its owner turned on two-step verification a 401 "
        "`token_reissue_required`, a banned owner's a 403 `user_banned`.",
    },
}
# Operations a personal API token may call: as anonymous, signed in, or with a token.
WITH_API_TOKEN: Security = [{}, {"bearerAuth": []}, {"apiToken": []}]
SIGNED_IN_OR_API_TOKEN: Security = [{"bearerAuth": []}, {"apiToken": []}]
SESSION_ONLY: Security = [{"bearerAuth": []}]  # a signed-in session; no API token
ANONYMOUS_OR_SESSION: Security = [{}, {"bearerAuth": []}]  # no API token either


def ref(name: str) -> OpenApi:
    return {"$ref": f"#/components/schemas/{name}"}


def schema_of(model: type[BaseModel] | OpenApi) -> OpenApi:
    """A model's place in the document (every model used is listed there once), or a schema as it is."""
    if isinstance(model, dict):
        return model
    MODELS[model.__name__] = model
    return ref(model.__name__)


def header_refs(headers: dict[str, str]) -> OpenApi:
    return {name: {"$ref": f"#/components/headers/{component}"} for name, component in headers.items()}


# --- Error responses: each group maps a status to the error codes that cause it. --------------
UPLOAD: ErrorGroup = {
    400: ["file_missing"],
    413: ["file_too_large", "request_entity_too_large"],
    415: ["unsupported_file_type"],
    422: ["empty_file", "too_many_files"],
}
OPTIONS: ErrorGroup = {422: ["invalid_option"]}
IMAGE: ErrorGroup = {422: ["invalid_image", "image_too_large"]}
PDF: ErrorGroup = {
    422: ["invalid_option", "invalid_pdf", "pdf_password_required", "pdf_wrong_password", "too_many_pages"]
}
PAGES: ErrorGroup = {422: ["invalid_page_range"]}
JOB: ErrorGroup = {422: ["job_timeout"]}
# Every outbound or long tool holds a job slot (jobs/slots.py): its worker's (503 `busy` when all
# are taken) and its client's share (429 `too_many_jobs`), both with Retry-After.
JOB_SLOT: ErrorGroup = {429: ["too_many_jobs"], 503: ["busy"]}
# Every POST of the file tools runs as a bounded job (jobs/child_jobs.py): its limits and caps.
# A disk too full for the job's files (jobs/scratch.py) is a 503 `insufficient_storage` with Retry-After.
JOB_RUN: ErrorGroup = {
    413: ["output_too_large"],
    422: ["job_timeout", "job_memory_limit", "job_cpu_limit", "job_failed"],
    **JOB_SLOT,
}
DISK_FULL: ErrorGroup = {503: ["insufficient_storage"]}
JOB_TAGS = {"convert", "ocr", "metadata", "pdf", "qr", "color"}
PROGRAM_MISSING: ErrorGroup = {503: ["tool_unavailable"]}
BODY_TOO_LARGE: ErrorGroup = {413: ["request_entity_too_large"]}
RATE_LIMITED: ErrorGroup = {429: ["too_many_requests"]}
# Data API bodies (api/body.py): JSON objects with known fields only.
JSON_BODY: ErrorGroup = {
    400: ["invalid_json"],
    413: ["request_entity_too_large"],
    415: ["unsupported_media_type"],
    422: ["unknown_field", "invalid_input"],
}
# A token is verified locally; ES256/RS256 ones may need Auth's key set (503 when unreachable). A
# personal API token (tkp_…) is looked up in the database and opens only the areas of its scopes (one
# made at aal1 before its owner turned on two-step verification must be made again; a banned owner's
# is refused). What each kind of credential reaches (credentials.py): an OAuth client's token only
# GET /api/me, an anonymous sign-in what a visitor may; a deployment that does not accept them says so.
CREDENTIAL: ErrorGroup = {
    401: ["invalid_token", "token_reissue_required", "anonymous_user_not_accepted", "oauth_client_not_accepted"],
    403: ["token_scope", "client_scope", "user_banned"],
    503: ["auth_unavailable"],
}
SIGNED_IN: ErrorGroup = {
    401: ["not_authenticated", *CREDENTIAL[401]],
    403: [*CREDENTIAL[403], "anonymous_user"],
    503: CREDENTIAL[503],
}
OPTIONAL_TOKEN: ErrorGroup = CREDENTIAL
# The data API (me, links, pastes, pages, admin) also asks the database about a token's session
# before any work (auth.check_session): signed out everywhere or deleted is a 401
# `session_not_found`; a password-only (aal1) token of an account with a verified factor a 403
# `mfa_required`, a banned user's token a 403 `user_banned`, whatever the endpoint.
SESSION: ErrorGroup = {401: ["session_not_found"], 403: ["mfa_required", "user_banned"], 503: ["database_unavailable"]}


def merged(*groups: ErrorGroup) -> ErrorGroup:
    """The groups as one: each status's codes in order, each once."""
    codes_by_status: ErrorGroup = {}
    for group in groups:
        for status, codes in group.items():
            codes_by_status.setdefault(status, []).extend(c for c in codes if c not in codes_by_status[status])
    return codes_by_status


DATA_SIGNED_IN = merged(SIGNED_IN, SESSION)
DATA_OPTIONAL_TOKEN = merged(OPTIONAL_TOKEN, SESSION)
DATABASE: ErrorGroup = {503: ["database_unavailable"]}
# An endpoint of a page an admin can disable (page_gate.py): 403 for everyone but admins while it is
# disabled, the message being the admin's reason. The setting is read first (503 when the database is
# down); only on a disabled page is the token verified, to let admins through.
PAGE_GATE: ErrorGroup = {
    401: CREDENTIAL[401],
    403: ["page_disabled", *CREDENTIAL[403]],
    503: ["database_unavailable", "auth_unavailable"],
}


def error_responses(*groups: ErrorGroup) -> OpenApi:
    """One response per status, its codes merged from the groups; every operation may answer 500."""
    codes_by_status = merged(*groups, {500: ["internal_error"]})
    responses: OpenApi = {}
    for status in sorted(codes_by_status):
        codes = codes_by_status[status]
        response: OpenApi = {
            "description": f"{REASONS[status]}. Codes: {', '.join(f'`{c}`' for c in codes)}.",
            "x-error-codes": codes,
            "content": {JSON: {"schema": ref("Error")}},
        }
        if status == 429:
            response["headers"] = header_refs({"Retry-After": "RetryAfter"})
        elif status == 503 and {"busy", "internet_unreachable"} & set(codes):
            response["headers"] = header_refs({"Retry-After": "RetryAfterWhenBusy"})
        responses[str(status)] = response
    return responses


# --- Success responses. ----------------------------------------------------------------------
def json_response(
    description: str,
    model: type[BaseModel] | OpenApi,
    headers: dict[str, str] | None = None,
    links: OpenApi | None = None,
    media_type: str = JSON,
) -> OpenApi:
    response: OpenApi = {"description": description, "content": {media_type: {"schema": schema_of(model)}}}
    if headers:
        response["headers"] = header_refs(headers)
    if links:
        response["links"] = links
    return response


def links_to(parameter: str, expression: str, *operation_ids: str) -> OpenApi:
    """OpenAPI links: what a client (or a stateful fuzzer) can do next with a value of this answer."""
    return {
        operation_id[0].upper() + operation_id[1:]: {"operationId": operation_id, "parameters": {parameter: expression}}
        for operation_id in operation_ids
    }


FILE_HEADERS = {
    "Content-Disposition": "ContentDisposition",
    "X-Input-Size": "XInputSize",
    "X-Output-Size": "XOutputSize",
}
RESULTS_HEADERS = {**FILE_HEADERS, "X-Output-Count": "XOutputCount"}


def file_response(description: str, media_types: list[str], headers: dict[str, str] | None = None) -> OpenApi:
    """A binary body: OpenAPI 3.1 describes it by media type alone, with no schema."""
    return {
        "description": description,
        "headers": header_refs(headers or FILE_HEADERS),
        "content": {media_type: {} for media_type in media_types},
    }
