"""Passkeys (WebAuthn): registering one to an account, and signing in with it.

Both ceremonies are py_webauthn's. The server makes the options with a fresh challenge, kept in
``furuba_challenges`` under a random ceremony id for :data:`CHALLENGE_SECONDS` and used once
(taken out of the table whether the answer verifies or not); the browser asks its authenticator;
the server verifies the answer against that challenge, the site and, to sign in, the public key
and sign count it stored when the passkey was registered.

The relying party is the site as the browser sees it: its RP ID is the host name the request
came to, its origin the scheme, host and port. A browser refuses an IP address as an RP ID, so a
site opened by number gets a sentence saying to open it by name.

>>> site_of("http", "localhost:8000")
Site(rp_id='localhost', origin='http://localhost:8000')
>>> site_of("https", "Furuba.Example")
Site(rp_id='furuba.example', origin='https://furuba.example')
>>> site_of("http", "127.0.0.1:8000")
Traceback (most recent call last):
...
ValueError: passkeys work only on a site opened by its name (such as localhost), not by an IP address
"""

from __future__ import annotations

import ipaddress
import json
import secrets
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    base64url_to_bytes,
    parse_authentication_credential_json,
    parse_registration_credential_json,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from furuba.server.accounts.store import Account
from furuba.server.models import AccountRow, ChallengeRow, PasskeyRow
from furuba.text import N_, _

CHALLENGE_SECONDS = 300.0
"""How long a ceremony's challenge may be answered."""
RP_NAME = "furuba"
REGISTER, SIGN_IN = "register", "signin"
NOT_VERIFIED = N_("the passkey's answer could not be verified: try again")


class PasskeyError(Exception):
    """A ceremony's answer that does not verify; its message is one sentence for a person."""


@dataclass(frozen=True)
class Site:
    """The relying party: what the browser's authenticator binds a passkey to."""

    rp_id: str
    origin: str


@dataclass(frozen=True)
class NewPasskey:
    """A verified registration, ready to store."""

    credential_id: str
    public_key: bytes
    sign_count: int
    transports: list[str]


@dataclass(frozen=True)
class StoredPasskey:
    """What signing in with a passkey checks its answer against."""

    credential_id: str
    account_id: int
    public_key: bytes
    sign_count: int


def site_of(scheme: str, netloc: str) -> Site:
    """The relying party of a request to ``scheme://netloc``; :class:`ValueError` when the host
    cannot be one (an IP address, or no host)."""
    host = urlsplit(f"//{netloc}").hostname or ""
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if host:
            return Site(host, f"{scheme}://{netloc.lower()}")
    raise ValueError(_("passkeys work only on a site opened by its name (such as "
                       "localhost), not by an IP address"))


def options_json(options: Any) -> dict[str, Any]:
    """The options as the browser's JSON form (byte strings in base64url)."""
    out: dict[str, Any] = json.loads(options_to_json(options))
    return out


def registration_options(site: Site, account: Account, known: list[str]) -> tuple[bytes, dict[str, Any]]:
    """A new passkey's options for ``account`` (a discoverable credential, so that signing in
    needs no name); the passkeys it has already (``known``) are not made twice."""
    options = generate_registration_options(
        rp_id=site.rp_id, rp_name=RP_NAME, user_name=account.name,
        user_id=base64url_to_bytes(account.user_handle), user_display_name=account.name,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, require_resident_key=True,
            user_verification=UserVerificationRequirement.PREFERRED),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(c)) for c in known])
    return options.challenge, options_json(options)


def signin_options(site: Site) -> tuple[bytes, dict[str, Any]]:
    """Sign-in options: any passkey of this site (no list of credentials: the browser offers the
    ones it has, and the answer names its account)."""
    options = generate_authentication_options(
        rp_id=site.rp_id, allow_credentials=[],
        user_verification=UserVerificationRequirement.PREFERRED)
    return options.challenge, options_json(options)


def verify_new(site: Site, challenge: bytes, credential: dict[str, Any]) -> NewPasskey:
    """The passkey a registration's answer makes; :class:`PasskeyError` unless it verifies."""
    try:
        parsed = parse_registration_credential_json(credential)
        done = verify_registration_response(credential=parsed, expected_challenge=challenge,
                                            expected_rp_id=site.rp_id, expected_origin=site.origin)
    except (WebAuthnException, ValueError, TypeError) as exc:
        raise PasskeyError(_(NOT_VERIFIED)) from exc
    transports = [t.value for t in parsed.response.transports or []]
    return NewPasskey(parsed.id, done.credential_public_key, done.sign_count, transports)


def credential_id_of(credential: dict[str, Any]) -> str:
    """The id a sign-in's answer names; :class:`PasskeyError` when it is not an answer."""
    try:
        return parse_authentication_credential_json(credential).id
    except (WebAuthnException, ValueError, TypeError) as exc:
        raise PasskeyError(_(NOT_VERIFIED)) from exc


def verify_use(site: Site, challenge: bytes, credential: dict[str, Any], stored: StoredPasskey,
               user_handle: str) -> int:
    """The passkey's new sign count after a sign-in's answer; :class:`PasskeyError` unless the
    answer verifies with the stored key and belongs to the account (``user_handle``)."""
    response = credential.get("response")
    handle = response.get("userHandle") if isinstance(response, dict) else None
    if handle and handle != user_handle:
        raise PasskeyError(_(NOT_VERIFIED))
    try:
        done = verify_authentication_response(
            credential=credential, expected_challenge=challenge, expected_rp_id=site.rp_id,
            expected_origin=site.origin, credential_public_key=stored.public_key,
            credential_current_sign_count=stored.sign_count)
    except (WebAuthnException, ValueError, TypeError) as exc:
        raise PasskeyError(_(NOT_VERIFIED)) from exc
    return int(done.new_sign_count)


def count_passkeys(s: Session, account_id: int) -> int:
    """How many passkeys sign in to the account."""
    return int(s.scalar(select(func.count()).select_from(PasskeyRow)
                        .where(PasskeyRow.account_id == account_id)) or 0)


class PasskeyStore:
    """The passkeys' and ceremonies' queries (static methods taking a session)."""

    @staticmethod
    def start_ceremony(s: Session, kind: str, account_id: int | None, challenge: bytes) -> str:
        """Keep a challenge for :data:`CHALLENGE_SECONDS` (and drop those that expired); its
        ceremony id."""
        now = time.time()
        s.execute(delete(ChallengeRow).where(ChallengeRow.expires_at <= now))
        ceremony = secrets.token_urlsafe(24)
        s.add(ChallengeRow(id=ceremony, kind=kind, account_id=account_id, challenge=challenge,
                           expires_at=now + CHALLENGE_SECONDS))
        return ceremony

    @staticmethod
    def take_challenge(s: Session, ceremony: str, kind: str,
                       account_id: int | None) -> bytes | None:
        """The challenge of a ceremony under way of this kind and account, removed so that it
        is used once (``None``: no such ceremony, or it expired)."""
        row = s.get(ChallengeRow, ceremony)
        if row is None:
            return None
        s.delete(row)
        if row.kind != kind or row.account_id != account_id or row.expires_at <= time.time():
            return None
        return row.challenge

    @staticmethod
    def credential_ids(s: Session, account_id: int) -> list[str]:
        return list(s.scalars(select(PasskeyRow.credential_id)
                              .where(PasskeyRow.account_id == account_id)))

    @staticmethod
    def add(s: Session, account_id: int, key: NewPasskey, name: str) -> bool:
        """Store a verified passkey; ``False`` when that credential is stored already."""
        if s.get(PasskeyRow, key.credential_id) is not None:
            return False
        s.add(PasskeyRow(credential_id=key.credential_id, account_id=account_id,
                         public_key=key.public_key, sign_count=key.sign_count,
                         transports=key.transports, name=name, created_at=time.time(),
                         used_at=None))
        return True

    @staticmethod
    def for_sign_in(s: Session, credential_id: str) -> tuple[StoredPasskey, str] | None:
        """The passkey with this id and its account's user handle, if there is one."""
        found = s.execute(select(PasskeyRow, AccountRow.user_handle)
                          .join(AccountRow, AccountRow.id == PasskeyRow.account_id)
                          .where(PasskeyRow.credential_id == credential_id)).first()
        if found is None:
            return None
        row, handle = found
        return StoredPasskey(row.credential_id, row.account_id, row.public_key, row.sign_count), handle

    @staticmethod
    def used(s: Session, credential_id: str, sign_count: int) -> None:
        s.execute(update(PasskeyRow).where(PasskeyRow.credential_id == credential_id)
                  .values(sign_count=sign_count, used_at=time.time()))

    @staticmethod
    def listing(s: Session, account_id: int) -> list[dict[str, Any]]:
        """The account's passkeys, oldest first: id, name, when added and last used."""
        rows = s.scalars(select(PasskeyRow).where(PasskeyRow.account_id == account_id)
                         .order_by(PasskeyRow.created_at))
        return [{"id": r.credential_id, "name": r.name, "created_at": r.created_at,
                 "used_at": r.used_at} for r in rows]

    @staticmethod
    def remove(s: Session, account_id: int, credential_id: str) -> bool:
        """Remove one of the account's passkeys; ``False`` when it has no such passkey."""
        done = s.execute(delete(PasskeyRow).where(PasskeyRow.account_id == account_id,
                                                  PasskeyRow.credential_id == credential_id))
        return bool(getattr(done, "rowcount", 0))
