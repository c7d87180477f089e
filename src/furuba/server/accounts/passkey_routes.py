"""``/api/passkeys`` and ``/api/me/passkeys``: adding a passkey to an account, signing in with
one, and listing and removing an account's passkeys.

Each ceremony is two requests: its options (with a ``ceremony`` id) and the browser's answer
with that id. An answer that does not verify is ``401`` with one sentence, and its ceremony is
spent all the same. Signing in with a passkey is throttled per address like a password sign-in
from an unknown device: every attempt needs new options, and the options are what is counted. It
gives the browser its device cookie (:mod:`.devices`) as a password sign-in does.
"""

from __future__ import annotations

import asyncio
import json
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr
from sqlalchemy.exc import IntegrityError

from furuba.server.accounts.devices import hold_unknown
from furuba.server.accounts.passkeys import (
    REGISTER,
    SIGN_IN,
    PasskeyError,
    PasskeyStore,
    Site,
    credential_id_of,
    registration_options,
    signin_options,
    site_of,
    verify_new,
    verify_use,
)
from furuba.server.accounts.signed import required_account, start_session
from furuba.server.accounts.store import AccountStore
from furuba.server.logs import security_event
from furuba.server.moderation.checks import refuse_banned
from furuba.server.routing import client_address, hub_of
from furuba.tables.names import clean_name
from furuba.text import N_, _

CREDENTIAL_MAX = 16_000
"""The longest answer read, in characters of JSON."""
DEFAULT_NAME = "Passkey"
SPENT = N_("this passkey request has expired or was already used: start again")
UNKNOWN = N_("this passkey does not sign in to any account here (it may have been removed)")
TAKEN = N_("this passkey is already added to an account")


class PasskeyAnswer(BaseModel):
    """``POST /api/passkeys/signin``: the browser's answer to sign-in options."""

    model_config = ConfigDict(extra="forbid", strict=True)
    ceremony: Annotated[StrictStr, Field(max_length=64, description=N_(
        "the ceremony id that came with the options"))]
    credential: Annotated[dict[str, Any], Field(description=N_(
        "the browser's answer (a PublicKeyCredential in its JSON form)"))]


class NewPasskey(PasskeyAnswer):
    """``POST /api/passkeys/register``: the answer to registration options, and a name."""

    name: Annotated[StrictStr | None, Field(default=None, max_length=200, description=N_(
        "a name for the passkey, such as “my phone”"))] = None


def site_or_400(request: Request) -> Site:
    """The relying party of this request, else ``400`` saying why there is none."""
    try:
        return site_of(request.url.scheme, request.url.netloc)
    except ValueError as exc:
        raise HTTPException(400, str(exc)) from None


def answer_of(body: PasskeyAnswer) -> dict[str, Any]:
    """The answer, unless it is too long to be one (``400``)."""
    if len(json.dumps(body.credential)) > CREDENTIAL_MAX:
        raise HTTPException(400, _("credential must be at most {credential_max} characters "
                                   "of JSON").format(credential_max=CREDENTIAL_MAX))
    return body.credential


def passkey_name(text: str | None) -> str:
    """The name a new passkey is listed under (``400`` when unusable)."""
    if text is None or not text.strip():
        return DEFAULT_NAME
    try:
        return clean_name(text)
    except ValueError as exc:
        raise HTTPException(400, _("the passkey's name: {exc}").format(exc=exc)) from None


def add_passkeys(router: APIRouter) -> None:
    """The passkey routes."""
    add_registration(router)
    add_sign_in(router)

    @router.get("/api/me/passkeys")
    async def list_passkeys(request: Request) -> dict[str, Any]:
        account = await required_account(request)
        return {"passkeys": await hub_of(request).db.run(PasskeyStore.listing, account.id)}

    @router.delete("/api/me/passkeys/{passkey_id}", status_code=204)
    async def remove_passkey(passkey_id: str, request: Request) -> Response:
        account = await required_account(request)
        if not await hub_of(request).db.run(PasskeyStore.remove, account.id, passkey_id):
            raise HTTPException(404, _("you have no such passkey"))
        return Response(status_code=204)


def add_registration(router: APIRouter) -> None:
    """Adding a passkey to the signed-in account."""

    @router.post("/api/passkeys/register/options")
    async def register_options(request: Request) -> dict[str, Any]:
        account = await required_account(request)
        site = site_or_400(request)
        db = hub_of(request).db
        known = await db.run(PasskeyStore.credential_ids, account.id)
        challenge, options = registration_options(site, account, known)
        ceremony = await db.run(PasskeyStore.start_ceremony, REGISTER, account.id, challenge)
        return {"ceremony": ceremony, "options": options}

    @router.post("/api/passkeys/register", status_code=201)
    async def register(body: NewPasskey, request: Request) -> dict[str, Any]:
        account = await required_account(request)
        site = site_or_400(request)
        name, credential = passkey_name(body.name), answer_of(body)
        db = hub_of(request).db
        challenge = await db.run(PasskeyStore.take_challenge, body.ceremony, REGISTER, account.id)
        if challenge is None:
            raise HTTPException(401, _(SPENT))
        try:
            key = await asyncio.to_thread(verify_new, site, challenge, credential)
        except PasskeyError as exc:
            raise HTTPException(401, str(exc)) from None
        try:
            added = await db.run(PasskeyStore.add, account.id, key, name)
        except IntegrityError:      # the same passkey, added at the same moment elsewhere
            added = False
        if not added:
            raise HTTPException(409, _(TAKEN))
        return {"id": key.credential_id, "name": name}


def add_sign_in(router: APIRouter) -> None:
    """Signing in with a passkey: a new session, as a password sign-in makes."""

    @router.post("/api/passkeys/signin/options")
    async def sign_in_options(request: Request) -> dict[str, Any]:
        await hold_unknown(request, None, via="passkey")
        site = site_or_400(request)
        challenge, options = signin_options(site)
        ceremony = await hub_of(request).db.run(PasskeyStore.start_ceremony, SIGN_IN, None,
                                                challenge)
        return {"ceremony": ceremony, "options": options}

    @router.post("/api/passkeys/signin")
    async def sign_in(body: PasskeyAnswer, request: Request) -> JSONResponse:
        site = site_or_400(request)
        credential = answer_of(body)
        db = hub_of(request).db
        challenge = await db.run(PasskeyStore.take_challenge, body.ceremony, SIGN_IN, None)
        if challenge is None:
            raise HTTPException(401, _(SPENT))
        try:
            found = await db.run(PasskeyStore.for_sign_in, credential_id_of(credential))
            if found is None:
                raise PasskeyError(_(UNKNOWN))
            stored, handle = found
            count = await asyncio.to_thread(verify_use, site, challenge, credential, stored, handle)
        except PasskeyError as exc:
            security_event("signin_failed", address=client_address(request), via="passkey")
            raise HTTPException(401, str(exc)) from None
        await db.run(PasskeyStore.used, stored.credential_id, count)
        account = await db.run(AccountStore.by_id, stored.account_id)
        if account is None:
            raise HTTPException(401, _(UNKNOWN))
        await refuse_banned(db, account.id)
        return await start_session(request, account, 200)
