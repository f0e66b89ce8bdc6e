"""Pastes: create, list, read (counting views), raw text, edit, delete, like, duplicate.

Who may do what is decided in SQL: RLS for owners, SECURITY DEFINER functions for reads by id
(unlisted pastes, burn-after-read) and for anonymous authors holding their edit token."""

from __future__ import annotations

import base64
import json
import re
import threading
import time
from collections.abc import Mapping
from datetime import datetime
from functools import wraps
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from flask.typing import ResponseReturnValue

from ..auth import request_claims, require_claims
from ..contract.operations import NoContent, RouteOptions, Routes, ViewFunction, WithStatus
from ..contract.responses import (
    DATA_OPTIONAL_TOKEN,
    DATA_SIGNED_IN,
    DATABASE,
    JSON_BODY,
    RATE_LIMIT_HEADERS,
    RATE_LIMITED,
    SIGNED_IN_OR_API_TOKEN,
    WITH_API_TOKEN,
    header_refs,
    json_response,
    links_to,
)
from ..db import DictConnection, only_row, rls_transaction
from ..errors import ApiError
from .models.pastes import PASTE_ID as PASTE_ID_PATTERN
from .models.pastes import LikeResult, NewPaste, Paste, PasteCreate, PasteList, PasteListQuery, PasteUpdate
from .rows import assignments, changes_of
from .writes import ANONYMOUS_WRITES

bp = Blueprint("pastes", __name__, url_prefix="/api")
routes = Routes(bp, "pastes")

FIELDS = tuple(PasteUpdate.model_fields)
# Encrypted in the browser (AES-GCM, the key only in the link's fragment): the server gets the
# envelope `tk1.<iv>.<ciphertext>` and the flag, and SQL refuses anything else under the flag.
ENVELOPE = r"tk1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}"
PASTE_FIELDS = (
    "id",
    "title",
    "content",
    "language",
    "privacy",
    "user_id",
    "created_at",
    "updated_at",
    "expires_at",
    "burn_after_read",
    "views",
    "likes",
    "encrypted",
)
# An owner's edit returns their row: RLS made sure it is theirs, and user_id is not selectable
# (who wrote a paste is private), so the owner is the caller.
OWNER_RETURNING = ", ".join("(select auth.uid()) as user_id" if name == "user_id" else name for name in PASTE_FIELDS)
EDIT_TOKEN_HEADER = "X-Edit-Token"
NOT_FOUND = "No paste has this id, or it has expired"
# The table's id check; anything else (a NUL byte, which psycopg cannot even send) is no paste.
PASTE_ID = re.compile(PASTE_ID_PATTERN)
# Edit tokens are URL-safe base64; a header of another shape matches no paste (SQL hashes '').
EDIT_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,128}")
PASTE_ID_PARAMETER = {
    "paste_id": {
        "schema": {"type": "string", "pattern": f"^{PASTE_ID_PATTERN}$"},
        "description": "Any other shape is a 404 like a missing paste.",
    }
}
EDIT_TOKEN_PARAMETER = {
    "name": EDIT_TOKEN_HEADER,
    "in": "header",
    "required": False,
    "schema": {"type": "string"},
    "description": "The edit token of an anonymous paste, instead of signing in. A wrong token, "
    "or one sent for a paste with an owner, is a 403.",
}
PASTE_LINKS = links_to(
    "paste_id",
    "$response.body#/id",
    "getPaste",
    "getPasteRaw",
    "updatePaste",
    "deletePaste",
    "likePaste",
    "unlikePaste",
    "duplicatePaste",
)
NOT_FOUND_ERRORS = (DATA_OPTIONAL_TOKEN, RATE_LIMITED, DATABASE, {404: ["not_found"]})
REFUSED = {403: ["forbidden"], 404: ["not_found"]}
CREATE = (
    "select public.create_paste(%(content)s, %(title)s, %(language)s, coalesce(%(privacy)s, 'public'),"
    " %(expires_at)s, %(burn_after_read)s) as paste"
)
CREATE_ENCRYPTED = (
    "select public.create_encrypted_paste(%(content)s, coalesce(%(privacy)s, 'unlisted'), %(expires_at)s,"
    " %(burn_after_read)s) as paste"
)


def _paste(row: Mapping[str, Any]) -> dict[str, Any]:
    """A paste in the documented field order (SQL functions return jsonb, whose keys are unordered)."""
    return {key: row[key] for key in (*PASTE_FIELDS, "edit_token") if key in row}


def _invalid(field: str, problem: str) -> ApiError:
    return ApiError(422, "invalid_input", f"{field} {problem}")


def _check_encrypted(body: PasteCreate) -> None:
    """An encrypted paste: the envelope and the options the server still enforces, nothing readable."""
    readable = [name for name in ("title", "language") if getattr(body, name) not in (None, "", "plaintext")]
    if readable:
        raise _invalid(readable[0], "must stay inside the ciphertext of an encrypted paste")
    if not re.fullmatch(ENVELOPE, body.content):
        raise _invalid("content", "must be the ciphertext your browser made (tk1.<iv>.<data>, base64url)")
    if body.privacy == "public":
        raise _invalid("privacy", "must be unlisted or private for an encrypted paste: only its link carries the key")


@routes.post(
    "/pastes",
    "createPaste",
    body=PasteCreate,
    security=WITH_API_TOKEN,
    before=(ANONYMOUS_WRITES,),
    answers={
        201: json_response(
            "The new paste; an anonymous author also gets its edit token, this once.",
            NewPaste,
            RATE_LIMIT_HEADERS,
            PASTE_LINKS,
        )
    },
    errors=(JSON_BODY, DATA_OPTIONAL_TOKEN, RATE_LIMITED, DATABASE),
)
def create_paste(body: PasteCreate) -> WithStatus:
    """Create a paste

    Signed in, the caller owns the paste. Anonymous authors are rate-limited per IP, cannot make
    private pastes (422) and change or delete theirs with the edit token."""
    claims = request_claims()
    if body.encrypted:
        _check_encrypted(body)
    with rls_transaction(claims) as conn:
        created = only_row(
            conn.execute(CREATE_ENCRYPTED if body.encrypted else CREATE, body.model_dump(include=set(FIELDS)))
        )["paste"]
    return jsonify(_paste(created)), 201


# --- Listing --------------------------------------------------------------------------------
def _cursor_after(raw: str | None) -> tuple[datetime, str] | None:
    if not raw:
        return None
    try:
        created_at, paste_id = json.loads(base64.urlsafe_b64decode(raw.encode() + b"==="))
        if not isinstance(paste_id, str) or not PASTE_ID.fullmatch(paste_id):
            raise ValueError(paste_id)
        return datetime.fromisoformat(created_at), paste_id
    except (ValueError, TypeError):
        raise _invalid("cursor", "is not a cursor this API returned") from None


def _cursor_for(row: Mapping[str, Any]) -> str:
    raw = json.dumps([row["created_at"].isoformat(), row["id"]]).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


_last_purge = {"at": 0.0}
_purge_lock = threading.Lock()


def _purge_expired_now_and_then() -> None:
    """Expired pastes are never returned anyway; this keeps them from piling up where pg_cron is absent."""
    with _purge_lock:
        if time.monotonic() - _last_purge["at"] < current_app.config["PURGE_INTERVAL"]:
            return
        _last_purge["at"] = time.monotonic()
    # service_role: purging is housekeeping, not something the caller asked for.
    with rls_transaction(None, role="service_role") as conn:
        conn.execute("select public.purge_expired()")


@routes.get(
    "/pastes",
    "listPastes",
    query=PasteListQuery,
    security=WITH_API_TOKEN,
    answers={200: json_response("A page of pastes, without their content.", PasteList)},
    errors=(DATA_SIGNED_IN, RATE_LIMITED, DATABASE, {422: ["invalid_input"]}),
)
def list_pastes(query: PasteListQuery) -> Response:
    """Recent public pastes, or mine; newest first

    10 per page by default (SPEC §9); expired pastes never appear. Without a token `scope=mine` is
    a 401."""
    scope, limit = query.scope, query.limit
    claims = require_claims() if scope == "mine" else request_claims()
    after = _cursor_after(query.cursor)
    _purge_expired_now_and_then()
    before_created_at, before_id = after or (None, None)
    # list_pastes names an owner only to that owner (SQL decides what each list holds).
    with rls_transaction(claims, read_only=True) as conn:
        rows = conn.execute(
            "select * from public.list_pastes(%s, %s, %s, %s)", (scope, limit + 1, before_created_at, before_id)
        ).fetchall()
    more = len(rows) > limit
    rows = rows[:limit]
    return jsonify(pastes=rows, next_cursor=_cursor_for(rows[-1]) if more else None)


# --- One paste ------------------------------------------------------------------------------
def _known_shape(paste_id: str) -> None:
    """An id the table could not hold is a missing paste (and never reaches psycopg)."""
    if not PASTE_ID.fullmatch(paste_id):
        raise ApiError(404, "not_found", NOT_FOUND)


def _of_known_shape(view: ViewFunction) -> ViewFunction:
    """A body is read only for an id the table could hold."""

    @wraps(view)
    def checked(paste_id: str, **kwargs: object) -> ResponseReturnValue:
        _known_shape(paste_id)
        return view(paste_id=paste_id, **kwargs)

    return checked


def _view(paste_id: str) -> dict[str, Any]:
    _known_shape(paste_id)
    with rls_transaction(request_claims()) as conn:
        paste: dict[str, Any] | None = only_row(conn.execute("select public.view_paste(%s) as paste", (paste_id,)))[
            "paste"
        ]
    if paste is None:
        raise ApiError(404, "not_found", NOT_FOUND)
    return paste


@routes.get(
    "/pastes/<paste_id>",
    "getPaste",
    path=PASTE_ID_PARAMETER,
    security=WITH_API_TOKEN,
    answers={200: json_response("The paste, its views including this one.", Paste)},
    errors=NOT_FOUND_ERRORS,
)
def read_paste(paste_id: str) -> Response:
    """Read a paste (counts a view)

    Unlisted pastes are readable by id. Missing, expired and other people's private pastes are the
    same 404. A burn-after-read paste is deleted by this read unless the caller owns it."""
    return jsonify(_paste(_view(paste_id)))


@routes.get(
    "/pastes/<paste_id>/raw",
    "getPasteRaw",
    path=PASTE_ID_PARAMETER,
    security=WITH_API_TOKEN,
    answers={
        200: {
            "description": "The content, UTF-8, as `text/plain` with `X-Content-Type-Options: nosniff` and a sandboxing "
            "CSP: never rendered as HTML, whatever it holds. For an encrypted paste, its ciphertext.",
            "headers": header_refs({"Cache-Control": "NoStore"}),
            "content": {"text/plain": {"schema": {"type": "string"}}},
        }
    },
    errors=NOT_FOUND_ERRORS,
)
def read_raw(paste_id: str) -> Response:
    """A paste's content as plain text (counts a view)

    As `getPaste`, views and burn-after-read included; errors are JSON."""
    paste = _view(paste_id)
    return Response(paste["content"], mimetype="text/plain", headers={"Cache-Control": "no-store"})


def _edit_token() -> str | None:
    token = (request.headers.get(EDIT_TOKEN_HEADER) or "").strip()
    if not token:
        return None
    return token if EDIT_TOKEN.fullmatch(token) else ""


def _refused(conn: DictConnection, paste_id: str, action: str) -> ApiError:
    """Nothing changed: 403 if the caller can see the paste, else 404 (private ones stay secret)."""
    visible = conn.execute("select 1 from public.pastes where id = %s", (paste_id,)).fetchone()
    if visible:
        return ApiError(403, "forbidden", f"You are not authorized to {action} this paste.")
    return ApiError(404, "not_found", NOT_FOUND)


@routes.patch(
    "/pastes/<paste_id>",
    "updatePaste",
    body=PasteUpdate,
    path=PASTE_ID_PARAMETER,
    parameters=(EDIT_TOKEN_PARAMETER,),
    security=WITH_API_TOKEN,
    before=(_of_known_shape,),
    answers={200: json_response("The changed paste.", Paste)},
    errors=(JSON_BODY, DATA_SIGNED_IN, RATE_LIMITED, REFUSED, DATABASE),
)
def update_paste(paste_id: str, body: PasteUpdate) -> Response:
    """Change a paste

    By its owner, or with `X-Edit-Token` for an anonymous paste. Someone else's paste is a 403 when
    they can read it, else a 404 (private pastes stay secret)."""
    changes = changes_of(body)
    token = _edit_token()
    if token is not None:
        as_json = {k: (v.isoformat() if isinstance(v, datetime) else v) for k, v in changes.items()}
        with rls_transaction(request_claims()) as conn:
            paste = only_row(
                conn.execute(
                    "select public.update_paste_with_token(%s, %s, %s::jsonb) as paste",
                    (paste_id, token, json.dumps(as_json)),
                )
            )["paste"]
        return jsonify(_paste(paste))
    claims = require_claims()
    with rls_transaction(claims) as conn:
        row = conn.execute(
            f"update public.pastes set {assignments(changes)} where id = %(paste_id)s returning {OWNER_RETURNING}",
            {**changes, "paste_id": paste_id},
        ).fetchone()
        if row is None:
            raise _refused(conn, paste_id, "change")
    return jsonify(_paste(row))


@routes.delete(
    "/pastes/<paste_id>",
    "deletePaste",
    path=PASTE_ID_PARAMETER,
    parameters=(EDIT_TOKEN_PARAMETER,),
    security=WITH_API_TOKEN,
    answers={204: {"description": "Deleted."}},
    errors=(DATA_SIGNED_IN, RATE_LIMITED, REFUSED, DATABASE),
)
def delete_paste(paste_id: str) -> NoContent:
    """Delete a paste

    Only the owner deletes an owned paste (403 'You are not authorized to delete this paste.', SPEC
    §5); an anonymous one needs its `X-Edit-Token`."""
    _known_shape(paste_id)
    token = _edit_token()
    if token is not None:
        with rls_transaction(request_claims()) as conn:
            conn.execute("select public.delete_paste_with_token(%s, %s)", (paste_id, token))
        return "", 204
    claims = require_claims()
    with rls_transaction(claims) as conn:
        if conn.execute("delete from public.pastes where id = %s returning id", (paste_id,)).fetchone() is None:
            raise _refused(conn, paste_id, "delete")
    return "", 204


def _set_like(paste_id: str, liked: bool) -> Response:
    claims = require_claims()
    _known_shape(paste_id)
    with rls_transaction(claims) as conn:
        function = "like_paste" if liked else "unlike_paste"
        result = only_row(conn.execute(f"select public.{function}(%s) as r", (paste_id,)))["r"]
    return jsonify(id=paste_id, likes=result["likes"], liked=result["liked"], counted=result["counted"])


LIKE: RouteOptions = {  # like and unlike alike
    "path": PASTE_ID_PARAMETER,
    "security": SIGNED_IN_OR_API_TOKEN,
    "answers": {200: json_response("The likes now.", LikeResult)},
    "errors": (DATA_SIGNED_IN, RATE_LIMITED, DATABASE, {404: ["not_found"]}),
}


@routes.post("/pastes/<paste_id>/like", "likePaste", **LIKE)
def like(paste_id: str) -> Response:
    """Like a paste (once per user)"""
    return _set_like(paste_id, True)


@routes.delete("/pastes/<paste_id>/like", "unlikePaste", **LIKE)
def unlike(paste_id: str) -> Response:
    """Take my like back"""
    return _set_like(paste_id, False)


@routes.post(
    "/pastes/<paste_id>/duplicate",
    "duplicatePaste",
    path=PASTE_ID_PARAMETER,
    security=WITH_API_TOKEN,
    before=(ANONYMOUS_WRITES,),
    errors=NOT_FOUND_ERRORS,
    answers={
        201: json_response(
            "The copy: title + ' (Copy)', views and likes 0, owned by the caller (an "
            "anonymous caller gets its edit token).",
            NewPaste,
            RATE_LIMIT_HEADERS,
            PASTE_LINKS,
        )
    },
)
def duplicate(paste_id: str) -> WithStatus:
    """Copy a paste I can read

    SPEC §4. Other people's burn-after-read pastes are 404: copying would read them without
    burning. Anonymous callers are rate-limited per IP."""
    _known_shape(paste_id)
    with rls_transaction(request_claims()) as conn:
        copy = only_row(conn.execute("select public.duplicate_paste(%s) as paste", (paste_id,)))["paste"]
    return jsonify(_paste(copy)), 201
