"""The WebAuthn side of passkeys, checked by py_webauthn (no hand-written crypto here): the options a
browser needs for navigator.credentials.create()/get(), and the verification of what it answers.

As upstream's getPasskeyWebAuthn (internal/api/passkey_webauthn.go): the relying party is the
server's (GOTRUE_WEBAUTHN_RP_*), credentials are discoverable (resident key required), no
attestation, and sign-in lists no credentials (the authenticator offers the user's own). Stricter
than upstream, which only prefers it: user verification (PIN, biometrics) is required, since a
passkey stands in for both the password and the second factor. A sign count that does not grow is
refused as py_webauthn reports it (a cloned authenticator); upstream only notes it."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import InvalidJSONStructure, WebAuthnException
from webauthn.helpers.structs import (
    AttestationConveyancePreference,
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)
from webauthn.registration.verify_registration_response import VerifiedRegistration

from .db import Row
from .errors import AuthError, bad_request
from .json_types import JsonObject
from .passkey_config import PasskeySettings
from .timeutil import iso


def verification_failed(reason: str = "") -> AuthError:
    return bad_request(
        "webauthn_verification_failed", "Credential verification failed" + (f": {reason}" if reason else "")
    )


def invalid_response() -> AuthError:
    return bad_request("webauthn_verification_failed", "Invalid credential response")


def _session_data(
    options: JsonObject, rp: PasskeySettings, expires: datetime, user_id: str = "", allowed: list[str] | None = None
) -> JsonObject:
    """What the challenge row keeps, in go-webauthn's SessionData field names."""
    return {
        "challenge": options["challenge"],
        "rpId": rp.rp_id,
        "user_id": user_id,
        "allowed_credentials": allowed or [],
        "expires": iso(expires),
        "userVerification": "required",
    }


def registration(
    rp: PasskeySettings, user: Row, existing: list[bytes], expires: datetime
) -> tuple[JsonObject, JsonObject]:
    """(the creation options for the browser, the session data) for a signed-in user."""
    name = user["email"] or user["phone"] or ""
    display = (user["raw_user_meta_data"] or {}).get("name")
    options = generate_registration_options(
        rp_id=rp.rp_id,
        rp_name=rp.rp_display_name or rp.rp_id,
        user_id=str(user["id"]).encode(),  # the user handle an assertion names the user by
        user_name=name,
        user_display_name=display if isinstance(display, str) and display else name,
        timeout=int(rp.challenge_expiry * 1000),
        attestation=AttestationConveyancePreference.NONE,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            require_resident_key=True,
            user_verification=UserVerificationRequirement.REQUIRED,
        ),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=raw) for raw in existing],
    )
    public_key = json.loads(options_to_json(options))
    return public_key, _session_data(
        public_key, rp, expires, public_key["user"]["id"], [bytes_to_base64url(raw) for raw in existing]
    )


def authentication(rp: PasskeySettings, expires: datetime) -> tuple[JsonObject, JsonObject]:
    """(the request options, the session data) for a discoverable sign-in: no user, no credential list."""
    options = generate_authentication_options(
        rp_id=rp.rp_id, timeout=int(rp.challenge_expiry * 1000), user_verification=UserVerificationRequirement.REQUIRED
    )
    public_key = json.loads(options_to_json(options))
    return public_key, _session_data(public_key, rp, expires)


def expiry(rp: PasskeySettings, start: datetime) -> datetime:
    return start + timedelta(seconds=rp.challenge_expiry)


def verify_created(rp: PasskeySettings, session: Row, credential: JsonObject) -> VerifiedRegistration:
    """py_webauthn's VerifiedRegistration of a navigator.credentials.create() answer."""
    try:
        return verify_registration_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(session["challenge"]),
            expected_rp_id=rp.rp_id,
            expected_origin=rp.rp_origins,
            require_user_verification=True,
        )
    except InvalidJSONStructure:  # upstream's parse failure, in its words
        raise invalid_response() from None
    except WebAuthnException as exc:  # parsed, but it does not verify: say why
        raise verification_failed(str(exc)) from None
    except (KeyError, TypeError, ValueError, AttributeError):  # a response of the wrong shape
        raise invalid_response() from None


def user_handle(credential: JsonObject) -> str:
    """The user id a discoverable assertion names (the user handle set at registration)."""
    response = credential.get("response") if isinstance(credential, dict) else None
    handle = response.get("userHandle") if isinstance(response, dict) else None
    if not isinstance(handle, str) or not handle:
        raise verification_failed("the assertion names no user (not a discoverable credential)")
    try:
        return base64url_to_bytes(handle).decode()
    except (ValueError, UnicodeDecodeError):
        raise invalid_response() from None


def raw_id(credential: JsonObject) -> bytes:
    value = credential.get("rawId") or credential.get("id") if isinstance(credential, dict) else None
    if not isinstance(value, str) or not value:
        raise invalid_response()
    try:
        return base64url_to_bytes(value)
    except ValueError:
        raise invalid_response() from None


def verify_asserted(rp: PasskeySettings, session: Row, credential: JsonObject, stored: Row) -> int:
    """Checks a navigator.credentials.get() answer against the stored passkey; the new sign count."""
    try:
        checked = verify_authentication_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(session["challenge"]),
            expected_rp_id=rp.rp_id,
            expected_origin=rp.rp_origins,
            credential_public_key=bytes(stored["public_key"]),
            credential_current_sign_count=stored["sign_count"],
            require_user_verification=True,
        )
    except InvalidJSONStructure:  # upstream's parse failure, in its words
        raise invalid_response() from None
    except WebAuthnException as exc:  # parsed, but it does not verify: say why
        raise verification_failed(str(exc)) from None
    except (KeyError, TypeError, ValueError, AttributeError):
        raise invalid_response() from None
    return checked.new_sign_count
