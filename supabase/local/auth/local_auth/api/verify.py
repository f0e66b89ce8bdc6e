"""GET /verify (the link in a mail: always a 303, tokens or errors in the fragment, `?code=` for
PKCE) and POST /verify (JSON: token_hash, or e-mail + OTP). The other e-mail endpoints are in
mail_requests.py and mail_admin.py and share this blueprint."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import jwt
from flask import Blueprint, Response, jsonify, request

from .. import db, otp, phone_flows, pkce, redirects, sessions, verification
from ..config import current_settings
from ..db import Conn, Row
from ..errors import AuthError, bad_request, forbidden, unprocessable
from ..json_types import JsonObject
from ..ratelimit import check_account, count_failure, limit
from ..request_context import body, text
from .signup import validate_email

bp = Blueprint("verify", __name__)
_E164 = re.compile(r"^[1-9][0-9]{1,14}$")

SINGLE_CONFIRMATION = "Confirmation link accepted. Please proceed to confirm link sent to the other email"
# The OAuth error names upstream puts in `error` for these statuses.
OAUTH_ERRORS = {
    400: "invalid_request",
    401: "unauthorized_client",
    403: "access_denied",
    500: "server_error",
    503: "temporarily_unavailable",
}
# Flow-state methods for a PKCE link of each type (upstream's ParseAuthenticationMethod).
PKCE_METHODS = {
    "signup": "email/signup",
    "invite": "invite",
    "recovery": "recovery",
    "magiclink": "magiclink",
    "email_change": "email_change",
}


def _encode(pairs: JsonObject) -> str:
    """Go's url.Values.Encode: keys sorted, spaces as '+'."""
    return urlencode(sorted(pairs.items()))


def _with_query(url: str, extra: JsonObject) -> str:
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query, keep_blank_values=True)) | extra
    return urlunsplit(parts._replace(query=_encode(query) if query else ""))


def _see_other(url: str) -> Response:
    # Go's http.Redirect body, which upstream answers with.
    response = Response(
        f'<a href="{html.escape(url)}">See Other</a>.\n\n', status=303, content_type="text/html; charset=utf-8"
    )
    response.headers["Location"] = url
    return response


def _apply(conn: Conn, vtype: str, user: Row, hashed: str) -> Row | None:
    """Apply a checked token; None means an e-mail change still waits for its other link."""
    if vtype in ("signup", "invite"):
        return verification.confirm_signup(conn, user)
    if vtype in ("recovery", "magiclink"):
        return verification.consume_recovery(conn, user)
    return verification.advance_email_change(conn, user, hashed)


def _session_headers(response: Response, user: Row, tokens: JsonObject) -> Response:
    claims = jwt.decode(tokens["access_token"], options={"verify_signature": False})
    response.headers["Sb-Auth-User-Id"] = str(user["id"])
    response.headers["Sb-Auth-Session-Id"] = claims.get("session_id", "")
    return response


@bp.get("/verify")
def verify_get() -> Response:
    limit("verify")
    token, vtype = request.values.get("token", ""), request.values.get("type", "")
    redirect_to = redirects.referrer()
    if not vtype:
        raise bad_request("validation_failed", "Verify requires a verification type")
    if not token:
        raise bad_request("validation_failed", "Verify requires a token or a token hash")
    is_pkce = token.startswith(otp.PKCE_PREFIX)
    if is_pkce and vtype not in PKCE_METHODS:
        raise AuthError(500, "unexpected_failure", "Unexpected failure, please check server logs for more information")
    user: Row | None
    try:
        with db.transaction() as conn:
            user, vtype = verification.by_token_hash(conn, vtype, token)
            user = _apply(conn, vtype, user, token)
            if user is None:
                extra = {"message": SINGLE_CONFIRMATION} if is_pkce else {}
                target = _with_query(redirect_to, extra) if extra or urlsplit(redirect_to).query else redirect_to
                return _see_other(target + "#" + _encode({"message": SINGLE_CONFIRMATION, "sb": ""}))
            if is_pkce:
                code = pkce.issue_auth_code(conn, user["id"], PKCE_METHODS[vtype])
                if code is None:
                    raise bad_request(
                        "flow_state_not_found",
                        "No associated flow state found. 422: No valid flow state found for user.",
                    )
                return _see_other(_with_query(redirect_to, {"code": code}))
            tokens = sessions.issue(conn, user, "otp")
    except AuthError as err:
        return _see_other(_error_url(err, redirect_to, is_pkce))
    fragment = {
        "access_token": tokens["access_token"],
        "expires_at": str(tokens["expires_at"]),
        "expires_in": str(tokens["expires_in"]),
        "refresh_token": tokens["refresh_token"],
        "sb": "",
        "token_type": tokens["token_type"],
        "type": vtype,
    }
    return _session_headers(_see_other(redirect_to + "#" + _encode(fragment)), user, tokens)


def _error_url(err: AuthError, redirect_to: str, is_pkce: bool) -> str:
    fields = {"error_code": err.error_code, "error_description": err.msg}
    if err.status in OAUTH_ERRORS:
        fields["error"] = OAUTH_ERRORS[err.status]
    target = _with_query(redirect_to, fields) if is_pkce else redirect_to
    target = target.split("#", 1)[0]
    return target + "#" + _encode(fields | {"sb": ""})


def _by_email_and_code(conn: Conn, vtype: str, email: str, hashed: str) -> tuple[Row, str]:
    """An e-mail OTP, with the address's failed attempts limited (ratelimit.py)."""
    check_account("verify_account", email)
    try:
        return verification.by_email_and_code(conn, vtype, email, hashed)
    except AuthError as err:
        if err.error_code == "otp_expired":
            count_failure("verify_account", email)
        raise


@bp.post("/verify")
def verify_post() -> Response:
    limit("verify")
    params = body()
    vtype, token, hashed = text(params, "type"), text(params, "token"), text(params, "token_hash")
    email, phone = text(params, "email"), text(params, "phone")
    if not vtype:
        raise bad_request("validation_failed", "Verify requires a verification type")
    if bool(token) == bool(hashed):
        raise bad_request("validation_failed", "Verify requires either a token or a token hash")
    if token:
        if phone and not email:
            if not _E164.match(phone.replace(" ", "").lstrip("+")):
                raise bad_request("validation_failed", "Invalid phone number format (E.164 required)")
            if vtype == "sms" and current_settings().sms.configured:
                tokens = phone_flows.verify_code(phone, token)
                return _session_headers(jsonify(tokens), tokens["user"], tokens)
            # Without an SMS provider no user can hold a phone code (and phone changes are not built).
            raise forbidden("otp_expired", verification.TOKEN_INVALID)
        if not email or phone:
            raise bad_request("validation_failed", "Only an email address or phone number should be provided on verify")
        try:
            email = validate_email(email)
        except AuthError:
            raise unprocessable("validation_failed", "Invalid email format") from None
        hashed = otp.token_hash(email, token)
    elif email or phone or text(params, "redirect_to"):
        raise bad_request("validation_failed", "Only the token_hash and type should be provided")
    user: Row | None
    with db.transaction() as conn:
        if token:
            if vtype not in verification.EMAIL_TYPES:  # upstream finds no token to compare with
                raise forbidden("otp_expired", verification.TOKEN_INVALID)
            user, vtype = _by_email_and_code(conn, vtype, email, hashed)
        else:
            user, vtype = verification.by_token_hash(conn, vtype, hashed)
        user = _apply(conn, vtype, user, hashed)
        if user is None:
            return jsonify({"msg": SINGLE_CONFIRMATION, "code": "200"})
        tokens = sessions.issue(conn, user, "otp")
    return _session_headers(jsonify(tokens), user, tokens)
