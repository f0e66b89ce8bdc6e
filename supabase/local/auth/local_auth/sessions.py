"""Sessions, refresh tokens and access tokens, as the official server issues and rotates them.

Refresh tokens are 12 random alphanumerics in auth.refresh_tokens (upstream's algorithm version 1):
each refresh revokes the token and issues its child; reusing the parent of the active token returns
that same child; reusing an older token within the reuse interval issues a fresh child; later reuse
revokes every token of the session (refresh_token_already_used)."""

from __future__ import annotations

import re
import secrets
import string
import time
import uuid

from flask import g, request

from . import audit
from .config import current_settings
from .db import CommitWithError, Conn, Id, Row
from .errors import OAuthError, bad_request
from .json_types import JsonObject
from .jwt_keys import current_keys
from .timeutil import now
from .users import find_by_id, is_banned, sorted_map, touch

_ALPHANUMERIC = string.ascii_lowercase + string.digits  # upstream: 12 of [a-z0-9]
_REFRESH_TOKEN = re.compile(r"^[a-z0-9]{12}$")
AAL2_METHODS = {"totp", "mfa/phone", "mfa/webauthn"}


def _refresh_token_string() -> str:
    return "".join(secrets.choice(_ALPHANUMERIC) for _ in range(12))


def _insert_refresh_token(conn: Conn, user_id: Id, session_id: Id, parent: str | None) -> str:
    token = _refresh_token_string()
    stamp = now()
    conn.execute(
        "insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at,"
        " parent, session_id) values ('00000000-0000-0000-0000-000000000000', %s, %s, false, %s, %s, %s, %s)",
        (token, str(user_id), stamp, stamp, parent, session_id),
    )
    return token


def add_amr_claim(conn: Conn, session_id: Id, method: str) -> None:
    stamp = now()
    conn.execute(
        "insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)"
        " values (%s, %s, %s, %s, %s) on conflict on constraint"
        " mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = excluded.updated_at",
        (uuid.uuid4(), session_id, stamp, stamp, method),
    )


def swap_refresh_token(conn: Conn, user_id: Id, session_id: Id, token_row: Row) -> str:
    """Revoke `token_row` and issue its child (upstream's GrantRefreshTokenSwap, used by MFA verify)."""
    conn.execute(
        "update auth.refresh_tokens set revoked = true, updated_at = %s where id = %s", (now(), token_row["id"])
    )
    return _insert_refresh_token(conn, user_id, session_id, token_row["token"])


def aal_and_amr(conn: Conn, session_id: Id) -> tuple[str, list[JsonObject]]:
    # In the order the claims were made: the stable sort by whole seconds below then keeps password
    # before totp when both fall in the same second, as upstream's tokens show.
    rows = conn.execute(
        "select authentication_method, updated_at from auth.mfa_amr_claims"
        " where session_id = %s order by created_at, id",
        (session_id,),
    ).fetchall()
    aal = "aal2" if any(r["authentication_method"] in AAL2_METHODS for r in rows) else "aal1"
    amr = [{"method": r["authentication_method"], "timestamp": int(r["updated_at"].timestamp())} for r in rows]
    amr.sort(key=lambda entry: entry["timestamp"], reverse=True)
    return aal, amr


def access_token(conn: Conn, user: Row, session_id: Id) -> tuple[str, int]:
    settings = current_settings()
    aal, amr = aal_and_amr(conn, session_id)
    # A session made by the OAuth 2.1 server names its client and scopes in every access token.
    oauth = conn.execute("select oauth_client_id, scopes from auth.sessions where id = %s", (session_id,)).fetchone()
    issued = int(time.time())
    expires = issued + settings.jwt_exp
    claims: JsonObject = {"iss": settings.jwt_issuer} if settings.jwt_issuer else {}
    claims |= {
        "sub": str(user["id"]),
        "aud": user["aud"],
        "exp": expires,
        "iat": issued,
        "email": user["email"] or "",
        "phone": user["phone"] or "",
        "app_metadata": sorted_map(user["raw_app_meta_data"] or {}),
        "user_metadata": sorted_map(user["raw_user_meta_data"] or {}),
        "role": user["role"],
        "aal": aal,
        "amr": amr,
        "session_id": str(session_id),
        "is_anonymous": bool(user["is_anonymous"]),
    }
    if oauth and oauth["oauth_client_id"]:
        claims["client_id"] = str(oauth["oauth_client_id"])
    if oauth and oauth["scopes"]:
        claims["scope"] = oauth["scopes"]
    return current_keys().sign(claims), expires


def token_response(conn: Conn, user: Row, session_id: Id, refresh_token: str) -> JsonObject:
    from .users import user_json

    token, expires = access_token(conn, user, session_id)
    settings = current_settings()
    # Upstream's diagnostic headers on token answers (added to the response in create_app).
    g.sb_auth_headers = g.get("sb_auth_headers", {}) | {
        "Sb-Auth-User-Id": str(user["id"]),
        "Sb-Auth-Session-Id": str(session_id),
        "Sb-Auth-Refresh-Token-Prefix": refresh_token[:5],
    }
    return {
        "access_token": token,
        "token_type": "bearer",
        "expires_in": settings.jwt_exp,
        "expires_at": expires,
        "refresh_token": refresh_token,
        "user": user_json(conn, user),
    }


def issue(
    conn: Conn,
    user: Row,
    method: str,
    *,
    factor_id: Id | None = None,
    oauth_client_id: Id | None = None,
    scopes: str | None = None,
) -> JsonObject:
    """A new session for `user` signed in by `method`; returns the token response."""
    stamp = now()
    session_id = uuid.uuid4()
    conn.execute(
        "insert into auth.sessions (id, user_id, created_at, updated_at, factor_id, aal, user_agent, ip,"
        " oauth_client_id, scopes) values (%s, %s, %s, %s, %s, 'aal1', %s, %s, %s, %s)",
        (
            session_id,
            user["id"],
            stamp,
            stamp,
            factor_id,
            request.headers.get("User-Agent") or None,
            audit.client_ip() or None,
            oauth_client_id,
            scopes,
        ),
    )
    refresh = _insert_refresh_token(conn, user["id"], session_id, None)
    user = touch(conn, user["id"], last_sign_in_at=stamp)
    add_amr_claim(conn, session_id, method)
    return token_response(conn, user, session_id, refresh)


def refresh(conn: Conn, token: str, client_id: Id | None = None) -> JsonObject:
    """Rotate `token`; `client_id` is the OAuth client authenticated at /oauth/token, which must be the
    session's own (and absent for sessions no OAuth client made), as upstream's RefreshTokenGrant."""
    settings = current_settings()
    if not _REFRESH_TOKEN.match(token or ""):
        raise bad_request("validation_failed", "Refresh token is not valid")
    row = conn.execute("select * from auth.refresh_tokens where token = %s for update", (token,)).fetchone()
    if row is None:
        raise bad_request("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
    user = find_by_id(conn, row["user_id"])
    if user is None:
        raise bad_request("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
    if is_banned(user):
        raise bad_request("user_banned", "Invalid Refresh Token: User Banned")
    session = None
    if row["session_id"] is not None:
        session = conn.execute("select * from auth.sessions where id = %s for update", (row["session_id"],)).fetchone()
    g.sb_auth_headers = {"Sb-Auth-User-Id": str(user["id"])}
    if session is None:
        raise bad_request("session_not_found", "Invalid Refresh Token: No Valid Session Found")
    g.sb_auth_headers["Sb-Auth-Session-Id"] = str(session["id"])
    if session["not_after"] is not None and session["not_after"] < now():
        raise bad_request("session_expired", "Invalid Refresh Token: Session Expired")
    if session["oauth_client_id"] is not None:
        if client_id is None:
            raise OAuthError("invalid_client", "Client authentication required for OAuth session")
        if str(client_id) != str(session["oauth_client_id"]):
            raise OAuthError("invalid_client", "Client does not match the session's OAuth client")
    elif client_id is not None:
        raise OAuthError("invalid_client", "Client authentication not allowed for non-OAuth session")

    issued = None
    if row["revoked"]:
        active = conn.execute(
            "select * from auth.refresh_tokens where session_id = %s and revoked is false order by id desc limit 1",
            (session["id"],),
        ).fetchone()
        if active is not None and active["parent"] == row["token"]:
            # The client lost the answer to its last refresh: hand it the same child again.
            issued = active["token"]
        elif (now() - row["updated_at"]).total_seconds() > settings.refresh_token_reuse_interval:
            if settings.refresh_token_rotation:
                conn.execute(
                    "update auth.refresh_tokens set revoked = true, updated_at = now()"
                    " where session_id = %s and revoked = false",
                    (session["id"],),
                )
            raise CommitWithError(bad_request("refresh_token_already_used", "Invalid Refresh Token: Already Used"))
    audit.log(conn, user, "token_refreshed")
    if issued is None:
        audit.log(conn, user, "token_revoked")
        conn.execute("update auth.refresh_tokens set revoked = true, updated_at = %s where id = %s", (now(), row["id"]))
        issued = _insert_refresh_token(conn, user["id"], session["id"], row["token"])
        g.sb_auth_headers["Sb-Auth-Refresh-Token-Reuse"] = "false"
        user = touch(conn, user["id"], last_sign_in_at=now())
    conn.execute(
        "update auth.sessions set refreshed_at = %s, updated_at = %s, user_agent = %s, ip = %s where id = %s",
        (
            now().replace(tzinfo=None),
            now(),
            request.headers.get("User-Agent") or None,
            audit.client_ip() or None,
            session["id"],
        ),
    )
    return token_response(conn, user, session["id"], issued)


def logout(conn: Conn, user: Row, session_id: Id | None, scope: str) -> None:
    """global: every session of the user; local: this one; others: all but this one."""
    audit.log(conn, user, "logout")
    if session_id is None:
        scope = "global"
    if scope == "local":
        conn.execute("delete from auth.sessions where id = %s", (session_id,))
    elif scope == "others":
        conn.execute("delete from auth.sessions where user_id = %s and id <> %s", (user["id"], session_id))
    else:  # refresh tokens go with their sessions (on delete cascade)
        conn.execute("delete from auth.sessions where user_id = %s", (user["id"],))
