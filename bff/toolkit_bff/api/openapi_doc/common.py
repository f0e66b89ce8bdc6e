"""Shared parts of the OpenAPI document (Error schema, headers, security scheme) and the helpers
that keep each operation short: error responses by status and code, file responses, multipart
bodies and form fields. Plain dicts, so the document needs no extra runtime dependency."""
from __future__ import annotations

from ..writes import WRITE_METHODS

JSON = "application/json"
FORM = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"
MAX_OPTION_LENGTH = 2000  # jobs/options.py: the default cap on every text option

REASONS = {
    400: "Bad request", 401: "Not signed in, or the access token is invalid",
    403: "Not allowed (decided by row-level security or an SQL function)", 404: "Not found",
    405: "Method not allowed", 409: "Conflicts with the current state (taken, or the last admin)",
    410: "Gone: it existed, and no longer works",
    413: "Too large", 415: "Unsupported media type, or a file type told from the content (not the name)",
    422: "Invalid option or input that cannot be processed", 429: "Too many requests",
    500: "Unexpected server error", 502: "The translation engine failed or refused us",
    503: "A service the endpoint needs is not available", 504: "The translation engine timed out",
}

SCHEMAS = {
    "Error": {
        "type": "object", "required": ["error"], "additionalProperties": False,
        "description": "Every error the BFF sends, whatever the status.",
        "properties": {"error": {
            "type": "object", "required": ["code", "message"], "additionalProperties": False,
            "properties": {
                "code": {"type": "string", "description": "Stable, machine-readable; listed per "
                         "response in `x-error-codes`.", "examples": ["invalid_option"]},
                "message": {"type": "string", "description": "For people; names the limit or option."},
            }}},
    },
}


def _header(description: str, schema: dict, required: bool = True) -> dict:
    return {"description": description, "required": required, "schema": schema}


_COUNT = {"type": "integer", "minimum": 0}
HEADERS = {
    "ContentDisposition": _header(
        "`attachment` with the file name, ASCII `filename` and RFC 5987 `filename*`.",
        {"type": "string", "examples": ["attachment; filename=\"photo.webp\"; filename*=UTF-8''photo.webp"]}),
    "XInputSize": _header("Bytes received (all uploaded files together).", _COUNT),
    "XOutputSize": _header("Bytes of this response body.", _COUNT),
    "XOutputCount": _header("How many results: 1 is the file itself, more come as one ZIP.",
                            {"type": "integer", "minimum": 1}),
    "XSizeChange": _header("Size change against the input, e.g. `-42.0%` (never positive: a "
                           "larger result is replaced by the original).",
                           {"type": "string", "pattern": r"^-?\d+\.\d%$"}),
    "XQrModules": _header("Modules per side of the code, margin included.", {"type": "integer", "minimum": 21}),
    "RetryAfter": _header("Seconds to wait before trying again.", _COUNT),
    "RetryAfterWhenBusy": _header("With `busy` (every job slot of the worker is taken), `insufficient_storage` "
                                  "(the disk is full) or `internet_unreachable`: seconds to wait before trying "
                                  "again.", _COUNT, False),
    "RateLimitLimit": _header("Requests allowed in the current window (rate limits on).", _COUNT, False),
    "RateLimitRemaining": _header("Requests left in the current window.", _COUNT, False),
    "RateLimitReset": _header("When the window resets (Unix time).", _COUNT, False),
}
RATE_LIMIT_HEADERS = {"X-RateLimit-Limit": "RateLimitLimit", "X-RateLimit-Remaining": "RateLimitRemaining",
                      "X-RateLimit-Reset": "RateLimitReset"}

SECURITY_SCHEMES = {
    "bearerAuth": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT",
                   "description": "A Supabase Auth access token (`aud` = `authenticated`). On the data API "
                                  "its session must still exist, its user must not be banned (403 `user_banned`), "
                                  "and an account with a verified MFA factor needs an `aal2` token. Where the "
                                  "deployment accepts them: an anonymous sign-in's token is served as a visitor "
                                  "(403 `anonymous_user` where an account is needed), an OAuth client's token may "
                                  "only read GET /api/me (403 `client_scope` elsewhere); where it does not, they "
                                  "are a 401 `anonymous_user_not_accepted` / `oauth_client_not_accepted`."},
    "apiToken": {"type": "http", "scheme": "bearer", "bearerFormat": "tkp_…",
                 "description": "A personal API token, made (and shown once) in /account: `Authorization: Bearer "
                                "tkp_…`. It acts as its owner on /api/pastes and /api/links only, as its scopes "
                                "allow (403 `token_scope` elsewhere), never as an admin, rate-limited per token "
                                "(429); a revoked or expired one is a 401 `invalid_token`, one made with a "
                                "password alone before its owner turned on two-step verification a 401 "
                                "`token_reissue_required`, a banned owner's a 403 `user_banned`."},
}
# Operations a personal API token may call: as anonymous, signed in, or with a token.
WITH_API_TOKEN = [{}, {"bearerAuth": []}, {"apiToken": []}]
SIGNED_IN_OR_API_TOKEN = [{"bearerAuth": []}, {"apiToken": []}]


UUID = {"type": "string", "format": "uuid"}
DATE_TIME = {"type": "string", "format": "date-time"}
NULLABLE_DATE_TIME = {"type": ["string", "null"], "format": "date-time"}


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def page_of(key: str, item: str) -> dict:
    """One page of a list: the rows under `key`, and the paging the BFF answers with."""
    return {
        "type": "object", "additionalProperties": False, "required": [key, "total", "limit", "offset"],
        "properties": {key: {"type": "array", "items": ref(item)}, "total": {"type": "integer", "minimum": 0},
                       "limit": {"type": "integer"}, "offset": {"type": "integer"}},
    }


def header_refs(headers: dict[str, str]) -> dict:
    return {name: {"$ref": f"#/components/headers/{component}"} for name, component in headers.items()}


# --- Error responses: each group maps a status to the error codes that cause it. --------------
UPLOAD = {400: ["file_missing"], 413: ["file_too_large", "request_entity_too_large"],
          415: ["unsupported_file_type"], 422: ["empty_file", "too_many_files"]}
OPTIONS = {422: ["invalid_option"]}
IMAGE = {422: ["invalid_image", "image_too_large"]}
PDF = {422: ["invalid_option", "invalid_pdf", "pdf_password_required", "pdf_wrong_password",
             "too_many_pages"]}
PAGES = {422: ["invalid_page_range"]}
JOB = {422: ["job_timeout"]}
# Every outbound or long tool holds a job slot (jobs/slots.py): its worker's (503 `busy` when all
# are taken) and its client's share (429 `too_many_jobs`), both with Retry-After.
JOB_SLOT = {429: ["too_many_jobs"], 503: ["busy"]}
# Every POST of the file tools runs as a bounded job (jobs/child_jobs.py): its limits and caps.
# A disk too full for the job's files (jobs/scratch.py) is a 503 `insufficient_storage` with Retry-After.
JOB_RUN = {413: ["output_too_large"], 422: ["job_timeout", "job_memory_limit", "job_cpu_limit", "job_failed"],
           **JOB_SLOT}
DISK_FULL = {503: ["insufficient_storage"]}
JOB_TAGS = {"convert", "ocr", "metadata", "pdf", "qr", "color"}
PROGRAM_MISSING = {503: ["tool_unavailable"]}
BODY_TOO_LARGE = {413: ["request_entity_too_large"]}
RATE_LIMITED = {429: ["too_many_requests"]}
# Data API bodies (api/body.py): JSON objects with known fields only.
JSON_BODY = {400: ["invalid_json"], 413: ["request_entity_too_large"], 415: ["unsupported_media_type"],
             422: ["unknown_field", "invalid_input"]}
# A token is verified locally; ES256/RS256 ones may need Auth's key set (503 when unreachable). A
# personal API token (tkp_…) is looked up in the database and opens only the areas of its scopes (one
# made at aal1 before its owner turned on two-step verification must be made again; a banned owner's
# is refused). What each kind of credential reaches (credentials.py): an OAuth client's token only
# GET /api/me, an anonymous sign-in what a visitor may; a deployment that does not accept them says so.
CREDENTIAL = {401: ["invalid_token", "token_reissue_required", "anonymous_user_not_accepted",
                    "oauth_client_not_accepted"],
              403: ["token_scope", "client_scope", "user_banned"], 503: ["auth_unavailable"]}
SIGNED_IN = {401: ["not_authenticated", *CREDENTIAL[401]], 403: [*CREDENTIAL[403], "anonymous_user"],
             503: CREDENTIAL[503]}
OPTIONAL_TOKEN = CREDENTIAL
# The data API (me, links, pastes, pages, admin) also asks the database about a token's session
# before any work (auth.check_session): signed out everywhere or deleted is a 401
# `session_not_found`; a password-only (aal1) token of an account with a verified factor a 403
# `mfa_required`, a banned user's token a 403 `user_banned`, whatever the endpoint.
SESSION = {401: ["session_not_found"], 403: ["mfa_required", "user_banned"], 503: ["database_unavailable"]}
DATA_SIGNED_IN = {status: [*SIGNED_IN.get(status, []), *SESSION.get(status, [])] for status in {**SIGNED_IN, **SESSION}}
DATA_OPTIONAL_TOKEN = {status: [*OPTIONAL_TOKEN.get(status, []), *SESSION.get(status, [])]
                       for status in {**OPTIONAL_TOKEN, **SESSION}}
DATABASE = {503: ["database_unavailable"]}
# An endpoint of a page an admin can disable (page_gate.py): 403 for everyone but admins while it is
# disabled, the message being the admin's reason. The setting is read first (503 when the database is
# down); only on a disabled page is the token verified, to let admins through.
PAGE_GATE = {401: CREDENTIAL[401], 403: ["page_disabled", *CREDENTIAL[403]], 503: ["database_unavailable", "auth_unavailable"]}


def error_responses(*groups: dict[int, list[str]]) -> dict:
    """One response per status, its codes merged from the groups; every operation may answer 500."""
    merged: dict[int, list[str]] = {}
    for group in (*groups, {500: ["internal_error"]}):
        for status, codes in group.items():
            merged.setdefault(status, []).extend(c for c in codes if c not in merged[status])
    responses = {}
    for status in sorted(merged):
        codes = merged[status]
        response = {"description": f"{REASONS[status]}. Codes: {', '.join(f'`{c}`' for c in codes)}.",
                    "x-error-codes": codes, "content": {JSON: {"schema": ref("Error")}}}
        if status == 429:
            response["headers"] = header_refs({"Retry-After": "RetryAfter"})
        elif status == 503 and {"busy", "internet_unreachable"} & set(codes):
            response["headers"] = header_refs({"Retry-After": "RetryAfterWhenBusy"})
        responses[str(status)] = response
    return responses


def limit_signed_in_writes(paths: dict) -> None:
    """The data API's writes are rate-limited per signed-in user (api/__init__.py, writes.py): each
    write a token may make can answer 429 with Retry-After, and its answers carry the limit headers."""
    for path, item in paths.items():
        if path.startswith("/api/tools/"):  # limited per client IP, documented by tool_operation
            continue
        for method, operation in item.items():
            if method.upper() not in WRITE_METHODS or {"bearerAuth": []} not in operation.get("security", []):
                continue
            responses = operation["responses"]
            for status, response in list(responses.items()):
                if status.startswith("2"):  # a copy: response objects may be shared between operations
                    responses[status] = {**response, "headers": {**response.get("headers", {}),
                                                                 **header_refs(RATE_LIMIT_HEADERS)}}
            limited = error_responses(RATE_LIMITED)["429"]
            if "429" in responses:  # an anonymous limit is there already: one response, the codes merged
                codes = responses["429"]["x-error-codes"]
                limited = {**limited, "x-error-codes": codes + [c for c in limited["x-error-codes"] if c not in codes]}
                limited["description"] = f"{REASONS[429]}. Codes: {', '.join(f'`{c}`' for c in limited['x-error-codes'])}."
            responses["429"] = limited
            operation["responses"] = dict(sorted(responses.items(), key=lambda entry: entry[0]))


# --- Success responses. ----------------------------------------------------------------------
def json_response(description: str, schema: dict, headers: dict[str, str] | None = None,
                  links: dict | None = None) -> dict:
    response = {"description": description, "content": {JSON: {"schema": schema}}}
    if headers:
        response["headers"] = header_refs(headers)
    if links:
        response["links"] = links
    return response


def links_to(parameter: str, expression: str, *operation_ids: str) -> dict:
    """OpenAPI links: what a client (or a stateful fuzzer) can do next with a value of this answer."""
    return {operation_id[0].upper() + operation_id[1:]: {"operationId": operation_id,
                                                          "parameters": {parameter: expression}}
            for operation_id in operation_ids}


FILE_HEADERS = {"Content-Disposition": "ContentDisposition", "X-Input-Size": "XInputSize",
                "X-Output-Size": "XOutputSize"}
RESULTS_HEADERS = {**FILE_HEADERS, "X-Output-Count": "XOutputCount"}


def file_response(description: str, media_types: list[str], headers: dict[str, str] | None = None) -> dict:
    """A binary body: OpenAPI 3.1 describes it by media type alone, with no schema."""
    return {"description": description, "headers": header_refs(headers or FILE_HEADERS),
            "content": {media_type: {} for media_type in media_types}}


# --- Request bodies and their fields. --------------------------------------------------------
FILE = {"type": "string", "contentMediaType": "application/octet-stream"}


def upload_body(fields: dict | None = None, *, many: bool = False, required: tuple[str, ...] = (),
                file_description: str = "The file; its type is told from its content.") -> dict:
    """Multipart with field `file` (repeated when many). Options may also come as query parameters,
    since the tools read Flask's request.values (form and query together)."""
    if many:
        file_schema = {"type": "array", "items": FILE, "minItems": 1, "maxItems": 100,
                       "description": file_description + " Repeat the field for several files (at most 100)."}
    else:
        file_schema = {**FILE, "description": file_description}
    schema = {"type": "object", "required": ["file", *required],
              "properties": {"file": file_schema, **(fields or {})}}
    return {"required": True, "content": {MULTIPART: {"schema": schema}}}


def json_body(schema_name: str) -> dict:
    return {"required": True, "content": {JSON: {"schema": ref(schema_name)}}}


def json_or_form_body(schema_name: str) -> dict:
    """The same fields as a JSON object or as form fields."""
    schema = ref(schema_name)
    return {"required": True, "content": {JSON: {"schema": schema}, FORM: {"schema": schema},
                                          MULTIPART: {"schema": schema}}}


def _field(schema: dict, description: str, default) -> dict:
    schema["description"] = description
    if default is not None:
        schema["default"] = default
    return schema


def text(description: str, *, max_length: int = MAX_OPTION_LENGTH, default: str | None = None,
         **extra) -> dict:
    return _field({"type": "string", "maxLength": max_length, **extra}, description, default)


def integer(description: str, low: int, high: int, default: int | None = None) -> dict:
    return _field({"type": "integer", "minimum": low, "maximum": high}, description, default)


def number(description: str, low: float, high: float, default: float | None = None) -> dict:
    return _field({"type": "number", "minimum": low, "maximum": high}, description, default)


def flag(description: str, default: bool) -> dict:
    return _field({"type": "boolean"}, description + " `true`/`false` (also 1/0, yes/no, on/off).",
                  default)


def choice(description: str, values: list[str], default: str | None = None) -> dict:
    return _field({"type": "string", "enum": list(values)}, description + " Case-insensitive.", default)


PASSWORD = text("Password of an encrypted PDF.", max_length=256)
PAGES_FIELD = text("Pages, 1-based: `1-3,5,8-` or `all`.", default="all")


def page_window(what: str, limit: str) -> dict:
    """The fields of an answer that covers only the first pages asked for (jobs/paging.py)."""
    return {
        "page_count": {"type": "integer", "minimum": 1, "description": "Pages in the document (1 for an image)."},
        "next_pages": {"type": ["string", "null"], "pattern": r"^\d+(-\d+)?(,\d+(-\d+)?)*$",
                       "description": f"One request {what} at most {limit}; these are the pages asked for that "
                                      "remain, to send as `pages` in the next request. null when none remain."},
    }


# --- Operations. -----------------------------------------------------------------------------
def operation(operation_id: str, tag: str, summary: str, responses: dict, *, description: str | None = None,
              body: dict | None = None, parameters: list | None = None, security: list | None = None) -> dict:
    op = {"operationId": operation_id, "tags": [tag], "summary": summary}
    if description:
        op["description"] = description
    if parameters:
        op["parameters"] = parameters
    if body:
        op["requestBody"] = body
    if security is not None:
        op["security"] = security
    op["responses"] = responses
    return op


def tool_operation(operation_id: str, tag: str, summary: str, success: dict, *errors: dict,
                   status: int = 200, **options) -> dict:
    """A /api/tools operation: rate-limited per client IP, so its answers carry the limit headers
    and any of them may be a 429; POSTs may also meet the 100 MB request limit."""
    success = {**success, "headers": {**success.get("headers", {}), **header_refs(RATE_LIMIT_HEADERS)}}
    groups = (RATE_LIMITED, *errors) + ((BODY_TOO_LARGE,) if options.get("body") else ())
    if tag in JOB_TAGS and options.get("body"):
        groups += (JOB_RUN, DISK_FULL)
    return operation(operation_id, tag, summary, {str(status): success, **error_responses(*groups)},
                     **options)
