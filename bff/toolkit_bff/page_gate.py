"""Disabled pages, enforced by the server (SPEC §3, §4): while an admin has a page disabled, the
endpoints that serve only that page answer 403 `page_disabled` to everyone but admins. The app's
overlay only spares visitors the trip; a caller who skips the app meets the same refusal.

The check runs before the view (so before an upload is read, a job slot taken or a job forked):
one small query while the page is enabled; the token is verified and `is_admin()` asked, under the
caller's claims, only once the page turns out to be disabled. The database being down answers
503 `database_unavailable`, as everywhere else in the BFF."""

from __future__ import annotations

from flask import Flask, request

from .auth import request_claims
from .db import run_once
from .errors import ApiError
from .spec_constants import DISABLED_PAGE_MESSAGE as DEFAULT_MESSAGE

# What only one page uses. Left open on purpose: the OCR languages (metadata a page may show before
# any job), listing and deleting one's own links and following short links (existing links keep
# working), and the tools without a page key (image metadata, translator). dashboard has no endpoint
# of its own.
PAGE_OF_BLUEPRINT = {
    "tools_convert": "file-converter",
    "tools_qr": "qr-code-generator",
    "tools_username": "username-checker",
    "tools_pdf": "pdf-editor",
    "tools_color_picker": "image-color-picker",
}
PAGE_OF_ENDPOINT = {
    "tools_ocr.ocr": "image-to-text",
    "tools_ocr.searchable": "image-to-text",
    "links.create_link": "url-shortener",
}


def page_of_endpoint(endpoint: str | None) -> str | None:
    """The page key whose disabling closes this endpoint, or None for a shared or ungated one."""
    if endpoint is None:
        return None
    return PAGE_OF_ENDPOINT.get(endpoint) or PAGE_OF_BLUEPRINT.get(endpoint.partition(".")[0])


def refuse_if_page_disabled(page_key: str) -> None:
    """403 page_disabled (the admin's reason, else SPEC's sentence) unless the page is enabled or
    the caller is an admin (with aal2 once they have a verified factor: `is_admin()`)."""
    rows = run_once(
        "select disable_reason from public.page_settings where page_key = {page_key} and is_disabled",
        {"page_key": page_key},
    )
    if not rows:
        return
    claims = request_claims()  # a forged or expired token is refused here (401), as anywhere
    if claims is not None and run_once("select public.is_admin() as ok", {}, claims=claims)[0]["ok"]:
        return  # SPEC: admins keep using disabled pages
    raise ApiError(403, "page_disabled", (rows[0]["disable_reason"] or "").strip() or DEFAULT_MESSAGE)


def _gate_disabled_pages() -> None:
    if request.method == "OPTIONS":  # a CORS preflight carries no token and does nothing
        return
    page_key = page_of_endpoint(request.endpoint)
    if page_key is not None:
        refuse_if_page_disabled(page_key)


def init_page_gate(app: Flask) -> None:
    # An app-wide hook runs after the rate limiter's and before any blueprint's own checks.
    app.before_request(_gate_disabled_pages)
