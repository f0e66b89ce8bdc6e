"""The BFF's OpenAPI 3.1 document, the API's single contract (the app's types are generated from
it): every operation the routes declared (operations.py), the models they name, and what they share."""

from __future__ import annotations

from ..api.writes import WRITE_METHODS
from ..config import VERSION
from .envelope import Error
from .openapi_types import OpenApi
from .operations import OPERATIONS
from .responses import (
    HEADERS,
    MODELS,
    RATE_LIMIT_HEADERS,
    RATE_LIMITED,
    SECURITY_SCHEMES,
    error_responses,
    header_refs,
    schema_of,
)
from .schemas import component_schemas

TAGS = [
    {"name": "system", "description": "Health and this document."},
    {"name": "account", "description": "The signed-in caller, and their personal API tokens."},
    {"name": "links", "description": "Short links (created here, followed at /s/{code} through the redirect service)."},
    {"name": "pastes", "description": "Pastes: public, unlisted or private; views, likes, copies."},
    {"name": "pages", "description": "The disabled-pages map."},
    {"name": "admin", "description": "Administrators only (checked in SQL)."},
    {"name": "convert", "description": "File converter (signed-in users)."},
    {"name": "ocr", "description": "Text recognition (Tesseract)."},
    {"name": "metadata", "description": "Image metadata: read, edit, remove GPS, strip; many photos at once."},
    {"name": "pdf", "description": "PDF editor."},
    {"name": "qr", "description": "QR code generator."},
    {"name": "color", "description": "Colour picker: images the browser cannot decode (signed-in users)."},
    {"name": "username", "description": "Username checker."},
    {"name": "translate", "description": "Translator (a LibreTranslate client; signed-in users)."},
]

DESCRIPTION = """Toolkit's backend-for-frontend.

- Every error is JSON `{"error": {"code", "message"}}`; each response lists its codes in `x-error-codes`.
  Unknown routes answer 404 `not_found`, wrong methods 405 `method_not_allowed` (with `Allow`).
- A bearer token on the data API (`/api/me`, `/api/links`, `/api/pastes`, `/api/pages`, `/api/admin`)
  is checked against Auth's sessions before any work: a session signed out everywhere, or a deleted
  user, is a 401 `session_not_found`; a password-only (`aal1`) token of an account with a verified
  MFA factor is a 403 `mfa_required` on every one of them (complete the second step, then retry with
  the `aal2` token). Row-level security and SQL guards enforce the same rule underneath.
- Scripts use a personal API token (made in /account, shown once): `Authorization: Bearer tkp_…` on
  `/api/pastes` and `/api/links`, as its scopes allow; other endpoints answer it 403 `token_scope`.
  Requests with one token are rate-limited per token (429 `too_many_requests` with `Retry-After`).
- Every response carries `X-Request-Id` (the gateway's, when well-formed) and security headers.
- The tools (`/api/tools/…`) are rate-limited per client IP: over the limit is a 429
  `too_many_requests` with `Retry-After`. The converter, the translator and the colour picker's
  decoding are for signed-in users (401 `not_authenticated` otherwise); the other tools need no sign-in.
- Long jobs (searchable PDFs, redaction, batch metadata) answer as a progress stream (NDJSON): progress
  lines, then the file (base64) with a report, or an error line if they fail after starting.
- Uploads are multipart, field `file`; limits: 25 MB per file, 100 MB per request, 1000 form parts,
  512 KB per form field that is not a file, 50 megapixels, 1000 PDF pages, 60 s per job (defaults;
  over a limit is a 413 or 422 naming it). Tool options may also be sent as query parameters.
- Long PDFs come a window at a time: OCR reads at most 10 pages per request, thumbnails answer at
  most 50 pages and 8 MB; `next_pages` in the answer names the pages left for the next request.
- JSON bodies: at most 4 MB and 32 levels of nesting (400 `invalid_json`); text without NUL characters
  or lone surrogates (422 naming the field). Integers may be written `42` or `42.0`.
- A request that is not valid HTTP never reaches an endpoint: the gateway (or the server) answers it
  with the same JSON error, whatever the route — 400 `bad_request`, 408 `request_timeout`, 413
  `request_entity_too_large` (over 100 MB), 414 `uri_too_long` (over 8 KB), 431
  `request_header_fields_too_large`, 501 `not_implemented` (transfer coding), 505
  `http_version_not_supported`; 503 `service_unavailable` while the BFF is not reachable. An address
  under /api/ that leads elsewhere once decoded (`..%2F`) is a 404 `not_found`.
"""


def _limit_signed_in_writes(paths: dict[str, OpenApi]) -> None:
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
                    responses[status] = {
                        **response,
                        "headers": {**response.get("headers", {}), **header_refs(RATE_LIMIT_HEADERS)},
                    }
            # An anonymous limit may be there already: one response, the codes merged.
            codes = responses.get("429", {}).get("x-error-codes", [])
            responses["429"] = error_responses({429: [*codes, *RATE_LIMITED[429]]})["429"]
            operation["responses"] = dict(sorted(responses.items(), key=lambda entry: entry[0]))


def build_document() -> OpenApi:
    schema_of(Error)
    paths: dict[str, OpenApi] = {}
    for operation in OPERATIONS:
        paths.setdefault(operation.path, {})[operation.method.lower()] = operation.spec
    _limit_signed_in_writes(paths)
    return {
        "openapi": "3.1.1",
        "info": {"title": "Toolkit BFF", "version": VERSION, "description": DESCRIPTION},
        "tags": TAGS,
        "paths": paths,
        "components": {
            "schemas": component_schemas(list(MODELS.values())),
            "headers": HEADERS,
            "securitySchemes": SECURITY_SCHEMES,
        },
    }
