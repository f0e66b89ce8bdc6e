"""Who is calling: the Bearer token's claims, its user and session (upstream's requireAuthentication
and requireAdmin), and the request body parsed as upstream parses it."""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass

import jwt
from flask import g, request

from . import db
from .config import current_settings
from .db import Id, Row
from .errors import AuthError, bad_request, forbidden
from .json_types import JsonObject
from .jwt_keys import current_keys

_BEARER = re.compile(r"^(?:B|b)earer (\S+$)")


@dataclass
class Caller:
    claims: JsonObject
    user: Row
    session: Row | None

    @property
    def session_id(self) -> Id | None:
        return self.session["id"] if self.session else None


def _bearer_claims() -> JsonObject:
    match = _BEARER.match(request.headers.get("Authorization", ""))
    if not match:
        raise AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token")
    try:
        return current_keys().verify(match.group(1))
    except jwt.InvalidTokenError as exc:
        raise forbidden("bad_jwt", f"invalid JWT: unable to parse or verify signature, {_describe(exc)}") from exc


def _describe(exc: jwt.InvalidTokenError) -> str:
    if isinstance(exc, jwt.ExpiredSignatureError):
        return "token has invalid claims: token is expired"
    if isinstance(exc, jwt.InvalidSignatureError):
        return "token signature is invalid: signature is invalid"
    if isinstance(exc, jwt.DecodeError):
        return "token is malformed: could not base64 decode header"
    return str(exc)


def require_user() -> Caller:
    """The signed-in caller with their user row and session (403s as upstream when missing)."""
    if "caller" in g:
        caller: Caller = g.caller  # set below, earlier in this request
        return caller
    claims = _bearer_claims()
    subject = claims.get("sub") or ""
    if not subject:
        raise forbidden("bad_jwt", "invalid claim: missing sub claim")
    try:
        uuid.UUID(subject)
    except ValueError:
        raise bad_request("bad_jwt", "invalid claim: sub claim must be a UUID") from None
    with db.transaction() as conn:
        user = conn.execute("select * from auth.users where id = %s", (subject,)).fetchone()
        if user is None:
            raise forbidden("user_not_found", "User from sub claim in JWT does not exist")
        session = None
        session_id = claims.get("session_id") or ""
        if session_id and session_id != "00000000-0000-0000-0000-000000000000":
            try:
                uuid.UUID(session_id)
            except ValueError:
                raise forbidden("bad_jwt", "invalid claim: session_id claim must be a UUID") from None
            session = conn.execute("select * from auth.sessions where id = %s", (session_id,)).fetchone()
            if session is None:
                raise forbidden("session_not_found", "Session from session_id claim in JWT does not exist")
    g.caller = caller = Caller(claims, user, session)
    return caller


def refuse_oauth_client(caller: Caller) -> None:
    """Stricter than upstream (v2.186.0 lets any token do it): a token an OAuth client holds — its
    `client_id` claim, or a session of the OAuth server — cannot change how the account signs in
    (password, e-mail, phone, factors, linked identities). What a user grants a third-party app is
    access to data, never the keys to the account. Answered as upstream answers an anonymous user."""
    if caller.claims.get("client_id") or (caller.session is not None and caller.session.get("oauth_client_id")):
        raise forbidden("no_authorization", "OAuth client not allowed to perform these actions")


def require_admin() -> JsonObject:
    """Claims of a token whose role is one of GOTRUE_JWT_ADMIN_ROLES (the service-role key)."""
    claims = _bearer_claims()
    if claims.get("role") not in current_settings().jwt_admin_roles:
        raise forbidden("not_admin", "User not allowed")
    return claims


def admin_actor(claims: JsonObject) -> Row:
    """The pseudo-user upstream records in the audit log for admin calls."""
    return {
        "id": claims.get("sub") or "00000000-0000-0000-0000-000000000000",
        "email": claims.get("role", ""),
        "raw_user_meta_data": {},
    }


def body() -> JsonObject:
    """The JSON body (an empty body is `{}`); bad JSON answers bad_json like upstream."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        raise bad_request("bad_json", "Could not parse request body as JSON: unexpected end of JSON input")
    try:
        value = json.loads(raw)
    except ValueError as exc:
        raise bad_request("bad_json", f"Could not parse request body as JSON: {exc}") from exc
    if not isinstance(value, dict):
        raise bad_request(
            "bad_json",
            "Could not parse request body as JSON: json: cannot unmarshal "
            f"{go_type(value)} into Go value of type object",
        )
    return value


def go_type(value: object) -> str:
    """The JSON type as Go's decoder names it in its errors ("string", not Python's "str")."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (int, float)):
        return "number"
    return "array" if isinstance(value, list) else "object"


def text(params: JsonObject, name: str, *, struct: str = "") -> str:
    value = params.get(name, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise bad_request(
            "bad_json",
            f"Could not parse request body as JSON: json: cannot unmarshal "
            f"{go_type(value)} into Go struct field {struct}.{name} of type string",
        )
    return value


def json_object(params: JsonObject, name: str, *, struct: str = "") -> JsonObject | None:
    value = params.get(name)
    if value is not None and not isinstance(value, dict):
        raise bad_request(
            "bad_json",
            f"Could not parse request body as JSON: json: cannot unmarshal "
            f"{go_type(value)} into Go struct field {struct}.{name} of type map[string]interface {{}}",
        )
    return value
