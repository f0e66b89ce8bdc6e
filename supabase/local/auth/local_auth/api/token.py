"""POST /token: grant_type password, refresh_token, pkce, and id_token and web3 (no provider can be enabled)."""

from __future__ import annotations

from typing import NoReturn

from flask import Blueprint, Response, jsonify, request

from .. import audit, db, phone_flows, pkce, sessions, users
from ..config import current_settings
from ..errors import AuthError, OAuthError, bad_request, not_found, unprocessable
from ..json_types import JsonObject
from ..passwords import check_password, check_strength
from ..ratelimit import limit
from ..request_context import body, text
from .providers import web3_grant

bp = Blueprint("token", __name__)

INVALID_LOGIN = "Invalid login credentials"
# Issuers upstream ties to its built-in OIDC providers (all disabled here).
ID_TOKEN_ISSUERS = {
    "apple": "https://appleid.apple.com",
    "google": "https://accounts.google.com",
    "facebook": "https://www.facebook.com",
    "kakao": "https://kauth.kakao.com",
    "snapchat": "https://accounts.snapchat.com",
    "keycloak": "",
    "azure": "https://login.microsoftonline.com/common/v2.0",
    "vercel_marketplace": "https://marketplace.vercel.com",
}


@bp.post("/token")
def token() -> Response:
    grant = request.args.get("grant_type", "")
    if grant == "web3":  # its own limiter, and refused before the body is read
        web3_grant()
    params = body()  # read before anything parses the body as a form
    handlers = {
        "password": password_grant,
        "refresh_token": refresh_grant,
        "pkce": pkce_grant,
        "id_token": id_token_grant,
    }
    if grant not in handlers:
        raise bad_request("invalid_credentials", "unsupported_grant_type")
    limit("token_refresh" if grant == "refresh_token" else "token")
    return handlers[grant](params)


def password_grant(params: JsonObject) -> Response:
    settings = current_settings()
    email, phone, password = text(params, "email"), text(params, "phone"), text(params, "password")
    if email and phone:
        raise bad_request("validation_failed", "Only an email address or phone number should be provided on login.")
    if phone:
        if settings.sms.configured:
            return phone_flows.password_sign_in(phone, password, INVALID_LOGIN)
        raise unprocessable("phone_provider_disabled", "Phone logins are disabled")
    if not email:
        raise bad_request("validation_failed", "missing email or phone")
    if not settings.email_enabled:
        raise unprocessable("email_provider_disabled", "Email logins are disabled")
    with db.transaction() as conn:
        user = users.find_by_email(conn, email, settings.jwt_aud)
    if user is None or not user["encrypted_password"]:
        raise bad_request("invalid_credentials", INVALID_LOGIN)
    if users.is_banned(user):
        raise bad_request("user_banned", "User is banned")
    if not check_password(password, user["encrypted_password"]):
        raise bad_request("invalid_credentials", INVALID_LOGIN)
    weak = None
    try:
        check_strength(settings, password)
    except AuthError as err:  # a valid but weak password signs in and is reported, as upstream does
        weak = err.extra.get("weak_password")
    if not users.is_confirmed(user) and not settings.allow_unverified_email_sign_ins:
        raise bad_request("email_not_confirmed", "Email not confirmed")
    with db.transaction() as conn:
        audit.log(conn, user, "login", {"provider": "email"})
        response = sessions.issue(conn, user, "password")
    response["weak_password"] = weak  # null unless the password no longer meets the rules
    return jsonify(response)


def refresh_grant(params: JsonObject) -> Response:
    with db.transaction() as conn:
        return jsonify(sessions.refresh(conn, text(params, "refresh_token")))


def pkce_grant(params: JsonObject) -> Response:
    settings = current_settings()
    auth_code, verifier = text(params, "auth_code"), text(params, "code_verifier")
    if not auth_code or not verifier:
        raise bad_request("validation_failed", "invalid request: both auth code and code verifier should be non-empty")
    with db.transaction() as conn:
        # Taken at once: a second exchange of the same code waits for this one and finds nothing. A
        # refused exchange (expired, wrong verifier) rolls back, and the flow state is there again.
        flow = conn.execute("delete from auth.flow_state where auth_code = %s returning *", (auth_code,)).fetchone()
        if flow is None or flow["user_id"] is None:
            raise not_found("flow_state_not_found", "invalid flow state, no valid flow state found")
        if pkce.is_expired(flow, settings.flow_state_expiry):
            raise unprocessable("flow_state_expired", "invalid flow state, flow state has expired")
        user = users.find_by_id(conn, flow["user_id"])
        if user is None:
            raise not_found("user_not_found", "User not found")
        if not pkce.verifier_matches(flow, verifier):
            raise bad_request("bad_code_verifier", "code challenge does not match previously saved code verifier")
        audit.log(conn, user, "login", {"provider_type": flow["provider_type"]})
        method = "email/signup" if flow["authentication_method"].endswith("signup") else flow["authentication_method"]
        response = sessions.issue(conn, user, method)
    return jsonify(response)


def id_token_grant(params: JsonObject) -> NoReturn:
    if not text(params, "id_token"):
        raise OAuthError("invalid request", "id_token required")
    provider, issuer = text(params, "provider"), text(params, "issuer")
    if not provider and not (text(params, "client_id") and issuer):
        raise OAuthError("invalid request", "provider or client_id and issuer required")
    for name, known_issuer in ID_TOKEN_ISSUERS.items():
        if provider == name or (issuer and issuer == known_issuer):
            raise bad_request("provider_disabled", f'Provider (issuer "{known_issuer}") is not enabled')
    if issuer in (ID_TOKEN_ISSUERS["apple"], ID_TOKEN_ISSUERS["google"]):
        raise bad_request("provider_disabled", f'Provider (issuer "{issuer}") is not enabled')
    raise bad_request("validation_failed", f'Custom OIDC provider "{provider}" not allowed')
