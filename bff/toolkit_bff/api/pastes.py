"""Pastes: create, list, read (counting views), raw text, edit, delete, like, duplicate.

Who may do what is decided in SQL: RLS for owners, SECURITY DEFINER functions for reads by id
(unlisted pastes, burn-after-read) and for anonymous authors holding their edit token."""
from __future__ import annotations

import base64
import json
import re
import threading
import time
from datetime import datetime

from flask import Blueprint, Response, current_app, jsonify, request

from ..auth import request_claims, require_claims
from ..db import rls_transaction
from ..errors import ApiError
from ..extensions import limiter
from . import body
from .writes import anonymous_write_limit, is_anonymous

bp = Blueprint("pastes", __name__)

FIELDS = ("content", "title", "language", "privacy", "expires_at", "burn_after_read")
# Encrypted in the browser (AES-GCM, the key only in the link's fragment): the server gets the
# envelope `tk1.<iv>.<ciphertext>` and the flag, and SQL refuses anything else under the flag.
CREATE_FIELDS = (*FIELDS, "encrypted")
ENVELOPE = r"tk1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}"
MAX_CONTENT_BYTES = 512 * 1024  # the table's check constraint
PASTE_FIELDS = ("id", "title", "content", "language", "privacy", "user_id", "created_at", "updated_at", "expires_at",
                "burn_after_read", "views", "likes", "encrypted")
# An owner's edit returns their row: RLS made sure it is theirs, and user_id is not selectable
# (who wrote a paste is private), so the owner is the caller.
OWNER_RETURNING = ", ".join("(select auth.uid()) as user_id" if name == "user_id" else name for name in PASTE_FIELDS)
EDIT_TOKEN_HEADER = "X-Edit-Token"
NOT_FOUND = "No paste has this id, or it has expired"
# The table's id check; anything else (a NUL byte, which psycopg cannot even send) is no paste.
PASTE_ID = re.compile(r"[A-Za-z0-9]{6,32}")
# Edit tokens are URL-safe base64; a header of another shape matches no paste (SQL hashes '').
EDIT_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,128}")


def _fields(data: dict, *, creating: bool) -> dict:
    values = {
        # Measured in bytes below, with a message in KB; this bound only stops absurd bodies early.
        "content": body.text(data, "content", max_length=4 * MAX_CONTENT_BYTES, required=creating),
        "title": body.text(data, "title", max_length=200),
        "language": body.text(data, "language", max_length=32, pattern=r"[a-z0-9][a-z0-9+#._-]{0,31}",
                              rule="must be a lower-case language id such as python or plaintext"),
        "privacy": body.text(data, "privacy", max_length=8, pattern="public|unlisted|private",
                             rule="must be public, unlisted or private"),
        "expires_at": body.expiry(data),
        "burn_after_read": body.boolean(data, "burn_after_read"),
    }
    content = values["content"]
    if isinstance(content, str) and not content.strip():
        raise body.invalid("content", "must have some text: a paste of only spaces or blank lines is empty")
    if isinstance(content, str) and len(content.encode()) > MAX_CONTENT_BYTES:
        raise body.invalid("content", f"is {len(content.encode()) // 1024} KB; a paste holds at most {MAX_CONTENT_BYTES // 1024} KB of text")
    return {name: value for name, value in values.items() if value is not body.MISSING}


def _paste(row: dict) -> dict:
    """A paste in the documented field order (SQL functions return jsonb, whose keys are unordered)."""
    return {key: row[key] for key in (*PASTE_FIELDS, "edit_token") if key in row}


def _encrypted_fields(data: dict) -> dict:
    """An encrypted paste: the envelope and the options the server still enforces, nothing readable."""
    readable = [name for name in ("title", "language") if data.get(name) not in (None, "", "plaintext")]
    if readable:
        raise body.invalid(readable[0], "must stay inside the ciphertext of an encrypted paste")
    values = _fields({k: v for k, v in data.items() if k not in ("encrypted", "title", "language")}, creating=True)
    if not re.fullmatch(ENVELOPE, values["content"]):
        raise body.invalid("content", "must be the ciphertext your browser made (tk1.<iv>.<data>, base64url)")
    if values.get("privacy", "unlisted") == "public":
        raise body.invalid("privacy", "must be unlisted or private for an encrypted paste: only its link carries the key")
    return values


@bp.post("/pastes")
@limiter.limit(anonymous_write_limit, exempt_when=lambda: not is_anonymous(), override_defaults=False)
def create_paste():
    claims = request_claims()
    data = body.json_object(CREATE_FIELDS)
    if body.boolean(data, "encrypted") is True:
        values = _encrypted_fields(data)
        with rls_transaction(claims) as conn:
            created = conn.execute(
                "select public.create_encrypted_paste(%(content)s, coalesce(%(privacy)s, 'unlisted'), %(expires_at)s,"
                " coalesce(%(burn_after_read)s, false)) as paste",
                {name: values.get(name) for name in FIELDS}).fetchone()["paste"]
        return jsonify(_paste(created)), 201
    values = _fields({k: v for k, v in data.items() if k != "encrypted"}, creating=True)
    with rls_transaction(claims) as conn:
        created = conn.execute(
            "select public.create_paste(%(content)s, coalesce(%(title)s, ''), coalesce(%(language)s, 'plaintext'),"
            " coalesce(%(privacy)s, 'public'), %(expires_at)s, coalesce(%(burn_after_read)s, false)) as paste",
            {name: values.get(name) for name in FIELDS}).fetchone()["paste"]
    return jsonify(_paste(created)), 201


# --- Listing --------------------------------------------------------------------------------
MAX_CURSOR_LENGTH = 200  # ours are about 70 characters; a longer one is not ours


def _cursor_after(raw: str | None) -> tuple[datetime, str] | None:
    if not raw:
        return None
    if len(raw) > MAX_CURSOR_LENGTH:
        raise body.invalid("cursor", "is not a cursor this API returned")
    try:
        created_at, paste_id = json.loads(base64.urlsafe_b64decode(raw.encode() + b"==="))
        if not isinstance(paste_id, str) or not PASTE_ID.fullmatch(paste_id):
            raise ValueError(paste_id)
        return datetime.fromisoformat(created_at), paste_id
    except (ValueError, TypeError):
        raise body.invalid("cursor", "is not a cursor this API returned") from None


def _cursor_for(row: dict) -> str:
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


@bp.get("/pastes")
def list_pastes():
    scope = request.args.get("scope", "recent")
    if scope not in ("recent", "mine"):
        raise body.invalid("scope", "must be recent or mine")
    claims = require_claims() if scope == "mine" else request_claims()
    limit = body.query_int("limit", 10, low=1, high=100)  # SPEC §9: 10 recent pastes by default
    after = _cursor_after(request.args.get("cursor"))
    _purge_expired_now_and_then()
    before_created_at, before_id = after or (None, None)
    # list_pastes names an owner only to that owner (SQL decides what each list holds).
    with rls_transaction(claims, read_only=True) as conn:
        rows = conn.execute("select * from public.list_pastes(%s, %s, %s, %s)",
                            (scope, limit + 1, before_created_at, before_id)).fetchall()
    more = len(rows) > limit
    rows = rows[:limit]
    return jsonify(pastes=rows, next_cursor=_cursor_for(rows[-1]) if more else None)


# --- One paste ------------------------------------------------------------------------------
def _known_shape(paste_id: str) -> None:
    """An id the table could not hold is a missing paste (and never reaches psycopg)."""
    if not PASTE_ID.fullmatch(paste_id):
        raise ApiError(404, "not_found", NOT_FOUND)


def _view(paste_id: str) -> dict:
    _known_shape(paste_id)
    with rls_transaction(request_claims()) as conn:
        paste = conn.execute("select public.view_paste(%s) as paste", (paste_id,)).fetchone()["paste"]
    if paste is None:
        raise ApiError(404, "not_found", NOT_FOUND)
    return paste


@bp.get("/pastes/<paste_id>")
def read_paste(paste_id):
    return jsonify(_paste(_view(paste_id)))


@bp.get("/pastes/<paste_id>/raw")
def read_raw(paste_id):
    paste = _view(paste_id)
    return Response(paste["content"], mimetype="text/plain", headers={"Cache-Control": "no-store"})


def _edit_token() -> str | None:
    token = (request.headers.get(EDIT_TOKEN_HEADER) or "").strip()
    if not token:
        return None
    return token if EDIT_TOKEN.fullmatch(token) else ""


def _refused(conn, paste_id: str, action: str) -> ApiError:
    """Nothing changed: 403 if the caller can see the paste, else 404 (private ones stay secret)."""
    visible = conn.execute("select 1 from public.pastes where id = %s", (paste_id,)).fetchone()
    if visible:
        return ApiError(403, "forbidden", f"You are not authorized to {action} this paste.")
    return ApiError(404, "not_found", NOT_FOUND)


@bp.patch("/pastes/<paste_id>")
def update_paste(paste_id):
    _known_shape(paste_id)
    changes = _fields(body.json_object(FIELDS), creating=False)
    if not changes:
        raise ApiError(422, "invalid_input", f"Send at least one of: {', '.join(FIELDS)}")
    token = _edit_token()
    if token is not None:
        as_json = {k: (v.isoformat() if isinstance(v, datetime) else v) for k, v in changes.items()}
        with rls_transaction(request_claims()) as conn:
            paste = conn.execute("select public.update_paste_with_token(%s, %s, %s::jsonb) as paste",
                                 (paste_id, token, json.dumps(as_json))).fetchone()["paste"]
        return jsonify(_paste(paste))
    claims = require_claims()
    assignments = ", ".join(f"{name} = %({name})s" for name in changes)  # names from FIELDS only
    with rls_transaction(claims) as conn:
        row = conn.execute(f"update public.pastes set {assignments} where id = %(paste_id)s"
                           f" returning {OWNER_RETURNING}", {**changes, "paste_id": paste_id}).fetchone()
        if row is None:
            raise _refused(conn, paste_id, "change")
    return jsonify(_paste(row))


@bp.delete("/pastes/<paste_id>")
def delete_paste(paste_id):
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


def _set_like(paste_id: str, liked: bool):
    claims = require_claims()
    _known_shape(paste_id)
    with rls_transaction(claims) as conn:
        function = "like_paste" if liked else "unlike_paste"
        result = conn.execute(f"select public.{function}(%s) as r", (paste_id,)).fetchone()["r"]
    return jsonify(id=paste_id, likes=result["likes"], liked=result["liked"], counted=result["counted"])


@bp.post("/pastes/<paste_id>/like")
def like(paste_id):
    return _set_like(paste_id, True)


@bp.delete("/pastes/<paste_id>/like")
def unlike(paste_id):
    return _set_like(paste_id, False)


@bp.post("/pastes/<paste_id>/duplicate")
@limiter.limit(anonymous_write_limit, exempt_when=lambda: not is_anonymous(), override_defaults=False)
def duplicate(paste_id):
    _known_shape(paste_id)
    with rls_transaction(request_claims()) as conn:
        copy = conn.execute("select public.duplicate_paste(%s) as paste", (paste_id,)).fetchone()["paste"]
    return jsonify(_paste(copy)), 201
