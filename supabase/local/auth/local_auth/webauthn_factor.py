"""WebAuthn factors (GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED / _VERIFY_ENABLED), as v2.186.0's
enrollWebAuthnFactor, challengeWebAuthnFactor and verifyWebAuthnFactor in internal/api/mfa.go answer
them: the relying party comes with each request (`webauthn: {rpId, rpOrigins}`), a challenge of an
unverified factor asks the browser to create a credential and one of a verified factor to sign with
it; the attestation and assertion are checked by py_webauthn (no hand-written crypto here).

Where upstream fails unhandled (a 500 for an empty RP id, an origin it refuses, or an attestation or
assertion that does not verify), this answers 400 validation_failed: bad input is never a 500."""

from __future__ import annotations

import base64
import json
import uuid
from datetime import timedelta
from urllib.parse import urlsplit

from psycopg.types.json import Jsonb
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
    PublicKeyCredentialCreationOptions,
    PublicKeyCredentialDescriptor,
    PublicKeyCredentialRequestOptions,
)
from webauthn.registration.verify_registration_response import VerifiedRegistration

from .db import Conn, Id, Row
from .errors import AuthError, bad_request
from .json_types import JsonObject
from .timeutil import iso, now

TIMEOUT_MS = 300_000  # the challenge's own lifetime (GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION's default)


def _invalid(msg: str) -> AuthError:
    return bad_request("validation_failed", msg)


def _bad_json(name: str, expected: str, value: object) -> AuthError:
    kind = (
        "string"
        if isinstance(value, str)
        else "array"
        if isinstance(value, list)
        else "object"
        if isinstance(value, dict)
        else "number"
        if isinstance(value, (int, float))
        else "bool"
    )
    return bad_request(
        "bad_json",
        f"Could not parse request body as JSON: json: cannot unmarshal {kind} into Go"
        f" struct field WebAuthnParams.webauthn.{name} of type {expected}",
    )


def params_of(body: JsonObject) -> JsonObject | None:
    """The `webauthn` object of a challenge or verify body, typed as Go would decode it."""
    value = body.get("webauthn")
    if value is None:
        return None
    if not isinstance(value, dict):
        raise bad_request(
            "bad_json",
            "Could not parse request body as JSON: json: cannot unmarshal "
            "into Go struct field .webauthn of type api.WebAuthnParams",
        )
    for name in ("rpId", "type"):
        if value.get(name) is not None and not isinstance(value[name], str):
            raise _bad_json(name, "string", value[name])
    origins = value.get("rpOrigins")
    if origins is not None and (not isinstance(origins, list) or not all(isinstance(o, str) for o in origins)):
        raise _bad_json("rpOrigins", "[]string", origins)
    return value


def relying_party(params: JsonObject | None) -> tuple[str, list[str]]:
    """Upstream's WebAuthnParams.ToConfig: an RP id and https origins (http only for localhost)."""
    if params is None:
        raise _invalid("web_authn config required")
    rp_id, origins = params.get("rpId") or "", params.get("rpOrigins") or []
    if not rp_id:
        raise _invalid("webAuthn RP ID cannot be empty")
    if not origins:
        raise _invalid("webAuthn RP Origins cannot be empty")
    refused = [o for o in origins if not _allowed_origin(o)]
    if refused:
        raise _invalid("invalid RP origins: " + ", ".join(refused))
    return rp_id, origins


def _allowed_origin(origin: str) -> bool:
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return bool(parts.netloc) and (
        parts.scheme == "https" or (parts.scheme == "http" and parts.hostname == "localhost")
    )


def _credentials_of(conn: Conn, user_id: Id, *, except_factor: Id | None = None) -> list[JsonObject]:
    rows = conn.execute(
        "select id, web_authn_credential from auth.mfa_factors where user_id = %s and"
        " factor_type = 'webauthn' and web_authn_credential is not null",
        (user_id,),
    ).fetchall()
    return [row["web_authn_credential"] for row in rows if row["id"] != except_factor]


def _descriptor(credential: JsonObject) -> PublicKeyCredentialDescriptor:
    return PublicKeyCredentialDescriptor(id=base64.b64decode(credential["id"]))


def challenge_options(conn: Conn, user: Row, factor: Row, params: JsonObject | None) -> tuple[JsonObject, JsonObject]:
    """(the `webauthn` object of the answer, the session data kept on the challenge)."""
    rp_id, origins = relying_party(params)
    options: PublicKeyCredentialRequestOptions | PublicKeyCredentialCreationOptions
    if factor["status"] == "verified":
        kind = "request"
        options = generate_authentication_options(
            rp_id=rp_id, timeout=TIMEOUT_MS, allow_credentials=[_descriptor(factor["web_authn_credential"])]
        )
    else:
        kind = "create"
        name = user["email"] or user["phone"] or str(user["id"])
        options = generate_registration_options(
            rp_id=rp_id,
            rp_name=rp_id,
            user_id=str(user["id"]).encode(),
            user_name=name,
            user_display_name=name,
            timeout=TIMEOUT_MS,
            exclude_credentials=[_descriptor(c) for c in _credentials_of(conn, user["id"])],
        )
    public_key = json.loads(options_to_json(options))
    session = {
        "type": kind,
        "challenge": public_key["challenge"],
        "rp_id": rp_id,
        "rp_origins": origins,
        "user_id": bytes_to_base64url(str(user["id"]).encode()),
        "expires": iso(now() + timedelta(milliseconds=TIMEOUT_MS)),
        "userVerification": "preferred",
    }
    return {"type": kind, "credential_options": {"publicKey": public_key}}, session


def check_response(factor: Row, challenge: Row, params: JsonObject | None) -> JsonObject:
    """Verify the browser's credential against the challenge; returns the factor's columns to store."""
    if params is None:
        raise _invalid("WebAuthn config required")
    kind = params.get("type") or ""
    if kind not in ("create", "request"):
        raise _invalid("WebAuthn type must be create or request")
    if params.get("credential_response") is None:
        raise _invalid("credential_response required")
    rp_id, origins = relying_party(params)
    session = challenge["web_authn_session_data"] or {}
    if session.get("type") != kind or session.get("rp_id") != rp_id:
        raise _invalid("Invalid credential_response")
    expected = base64url_to_bytes(session["challenge"])
    try:
        if kind == "create":
            verified = verify_registration_response(
                credential=params["credential_response"],
                expected_challenge=expected,
                expected_rp_id=rp_id,
                expected_origin=origins,
            )
            return _registered(verified)
        stored = factor["web_authn_credential"] or {}
        response_id = (
            params["credential_response"].get("id") if isinstance(params["credential_response"], dict) else None
        )
        if not stored or response_id != bytes_to_base64url(base64.b64decode(stored["id"])):
            raise _invalid("Invalid credential_response")
        checked = verify_authentication_response(
            credential=params["credential_response"],
            expected_challenge=expected,
            expected_rp_id=rp_id,
            expected_origin=origins,
            credential_public_key=base64.b64decode(stored["publicKey"]),
            credential_current_sign_count=stored.get("authenticator", {}).get("signCount", 0),
        )
    except InvalidJSONStructure:  # upstream's parse failure, in its words
        raise _invalid("Invalid credential_response") from None
    except WebAuthnException as exc:  # parsed, but it does not verify: say why
        raise _invalid(f"Invalid credential_response: {exc}") from None
    except (KeyError, TypeError, ValueError, AttributeError):  # a response of the wrong shape
        raise _invalid("Invalid credential_response") from None
    credential = dict(stored)
    credential["authenticator"] = dict(stored.get("authenticator") or {}) | {"signCount": checked.new_sign_count}
    return {"web_authn_credential": credential}


def _registered(verified: VerifiedRegistration) -> JsonObject:
    """The credential as upstream stores go-webauthn's Credential (bytes as standard base64)."""

    def encode(raw: bytes) -> str:
        return base64.b64encode(raw).decode()

    aaguid = uuid.UUID(verified.aaguid) if verified.aaguid else None
    credential: JsonObject = {
        "id": encode(verified.credential_id),
        "publicKey": encode(verified.credential_public_key),
        "attestationType": verified.fmt.value if hasattr(verified.fmt, "value") else str(verified.fmt),
        "transport": [],
        "flags": {
            "userPresent": True,
            "userVerified": bool(verified.user_verified),
            "backupEligible": verified.credential_backed_up is not None,
            "backupState": bool(verified.credential_backed_up),
        },
        "authenticator": {
            "AAGUID": encode(aaguid.bytes) if aaguid else "",
            "signCount": verified.sign_count,
            "cloneWarning": False,
            "attachment": "",
        },
    }
    return {"web_authn_credential": credential, "web_authn_aaguid": aaguid}


def store(conn: Conn, factor: Row, challenge: Row, kind: str, columns: JsonObject, response: object) -> None:
    """The factor's credential (and AAGUID) and its last challenge, as upstream's SaveWebAuthnCredential
    and UpdateLastWebAuthnChallenge keep them."""
    last = {
        "challenge": {
            "id": str(challenge["id"]),
            "factor_id": str(challenge["factor_id"]),
            "created_at": iso(challenge["created_at"]),
            "ip_address": challenge["ip"],
            "web_authn_session_data": challenge["web_authn_session_data"],
        },
        "type": kind,
        "credential_response": response,
    }
    values = {name: Jsonb(value) if isinstance(value, dict) else value for name, value in columns.items()}
    assignments = ", ".join(f"{name} = %({name})s" for name in values)  # names from this module only
    conn.execute(
        f"update auth.mfa_factors set {assignments}, last_webauthn_challenge_data = %(last)s,"
        " updated_at = %(now)s where id = %(id)s",
        values | {"last": Jsonb(last), "now": now(), "id": factor["id"]},
    )
