"""A software passkey for the tests: what a platform authenticator and a browser answer to
WebAuthn options (ES256 keys, "none" attestation), so that the server's ceremonies run end to end
without a browser — and so that forged answers can be made on purpose.

>>> key = SoftPasskey()
>>> answer = key.register({"challenge": "AAAA", "rp": {"id": "localhost"},
...                        "user": {"id": "dXNlcg"}}, "http://localhost:8000")
>>> sorted(answer["response"]), answer["id"] == answer["rawId"] == key.credential_id
(['attestationObject', 'clientDataJSON', 'transports'], True)
"""

from __future__ import annotations

import hashlib
import json
import secrets
import struct
from typing import Any

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn.helpers import bytes_to_base64url, encode_cbor

UP, UV, AT = 0x01, 0x04, 0x40
"""Authenticator data flags: user present, user verified, attested credential data included."""


class SoftPasskey:
    """One discoverable ES256 credential; ``sign_count`` goes up by one at every use."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.raw_id = secrets.token_bytes(16)
        self.credential_id = bytes_to_base64url(self.raw_id)
        self.sign_count = 0
        self.user_handle = ""

    def cose_key(self) -> bytes:
        """The public key as COSE (EC2, P-256, ES256)."""
        numbers = self.key.public_key().public_numbers()
        return encode_cbor({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"),
                            -3: numbers.y.to_bytes(32, "big")})

    def register(self, options: dict[str, Any], origin: str) -> dict[str, Any]:
        """The answer to ``navigator.credentials.create`` with these options, from ``origin``."""
        self.user_handle = options["user"]["id"]
        client_data = client_data_json("webauthn.create", options["challenge"], origin)
        attested = b"\0" * 16 + struct.pack(">H", len(self.raw_id)) + self.raw_id + self.cose_key()
        auth_data = authenticator_data(options["rp"]["id"], UP | UV | AT, self.sign_count) + attested
        attestation = encode_cbor({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {"id": self.credential_id, "rawId": self.credential_id, "type": "public-key",
                "response": {"clientDataJSON": bytes_to_base64url(client_data),
                             "attestationObject": bytes_to_base64url(attestation),
                             "transports": ["internal"]},
                "clientExtensionResults": {}}

    def sign_in(self, options: dict[str, Any], origin: str, *,
                signer: ec.EllipticCurvePrivateKey | None = None) -> dict[str, Any]:
        """The answer to ``navigator.credentials.get`` (signed by ``signer``, to forge one)."""
        self.sign_count += 1
        client_data = client_data_json("webauthn.get", options["challenge"], origin)
        auth_data = authenticator_data(options["rpId"], UP | UV, self.sign_count)
        signed = auth_data + hashlib.sha256(client_data).digest()
        signature = (signer or self.key).sign(signed, ec.ECDSA(hashes.SHA256()))
        return {"id": self.credential_id, "rawId": self.credential_id, "type": "public-key",
                "response": {"clientDataJSON": bytes_to_base64url(client_data),
                             "authenticatorData": bytes_to_base64url(auth_data),
                             "signature": bytes_to_base64url(signature),
                             "userHandle": self.user_handle},
                "clientExtensionResults": {}}


def client_data_json(kind: str, challenge: str, origin: str) -> bytes:
    return json.dumps({"type": kind, "challenge": challenge, "origin": origin,
                       "crossOrigin": False}).encode()


def authenticator_data(rp_id: str, flags: int, sign_count: int) -> bytes:
    return hashlib.sha256(rp_id.encode()).digest() + bytes([flags]) + struct.pack(">I", sign_count)
