"""A software authenticator for the tests: a P-256 key, "none" attestation, and the registration and
assertion responses in the JSON form browsers (and supabase-js) send. Chromium's virtual authenticator
does the same in the Playwright test; this one lets pytest drive the ceremony without a browser."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import struct

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

from local_auth.json_types import JsonObject

AAGUID = bytes(range(16))


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


class SoftwareAuthenticator:
    def __init__(self, origin: str, rp_id: str = "localhost"):
        self.origin, self.rp_id = origin, rp_id
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = os.urandom(16)
        self.sign_count = 0
        self.user_handle = ""  # a discoverable credential keeps the user handle it was created for
        self.verifies_user = True  # False: a key that only tests presence (no PIN, no biometrics)

    def _client_data(self, kind: str, challenge: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": self.origin, "crossOrigin": False}).encode()

    def _auth_data(self, flags: int, attested: bytes = b"") -> bytes:
        self.sign_count += 1
        return (
            hashlib.sha256(self.rp_id.encode()).digest()
            + bytes([flags])
            + struct.pack(">I", self.sign_count)
            + attested
        )

    def _flags(self, flags: int) -> int:
        return flags | 0x04 if self.verifies_user else flags

    def create(self, options: JsonObject) -> JsonObject:
        """navigator.credentials.create() for these publicKey options."""
        numbers = self.key.public_key().public_numbers()
        cose = cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})
        attested = AAGUID + struct.pack(">H", len(self.credential_id)) + self.credential_id + cose
        auth_data = self._auth_data(self._flags(0x41), attested)  # user present (verified), attested data
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client_data = self._client_data("webauthn.create", options["challenge"])
        self.user_handle = (options.get("user") or {}).get("id", "")
        return {
            "id": b64url(self.credential_id),
            "rawId": b64url(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data),
                "attestationObject": b64url(attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        }

    def get(self, options: JsonObject, user_handle: str = "") -> JsonObject:
        """navigator.credentials.get() for these publicKey options (a passkey names its user)."""
        user_handle = user_handle or self.user_handle
        auth_data = self._auth_data(self._flags(0x01))
        client_data = self._client_data("webauthn.get", options["challenge"])
        signature = self.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64url(self.credential_id),
            "rawId": b64url(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data),
                "authenticatorData": b64url(auth_data),
                "signature": b64url(signature),
                "userHandle": user_handle,
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        }
