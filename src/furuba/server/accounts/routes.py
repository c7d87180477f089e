"""``/api/accounts``, ``/api/session`` and ``/api/me``: signing up, in and out, the password,
signing out everywhere, deleting an account, and keeping a guest's seats.

Wrong credentials answer ``401`` with one sentence whether or not the name exists, after the
same work (see :func:`furuba.server.accounts.passwords.verify`). A sign-in is throttled as its
browser's device cookie says (:mod:`furuba.server.accounts.devices`). Failed and throttled
sign-ins and refused passwords are security events in the log (never with the password)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import IntegrityError

from furuba.server.accounts import passwords
from furuba.server.accounts.bodies import BindSeats, Confirm, Credentials, Me, NewPassword
from furuba.server.accounts.devices import hold_unknown, known_device
from furuba.server.accounts.ends import Why
from furuba.server.accounts.names import WeakPasswordError, account_name, check_password, name_key
from furuba.server.accounts.passkey_routes import add_passkeys
from furuba.server.accounts.sessions import (
    clear_session,
    is_secure,
    secret_hash,
    session_secret,
)
from furuba.server.accounts.signed import account_of, describe, required_account, start_session
from furuba.server.accounts.store import Account, AccountStore
from furuba.server.logs import security_event
from furuba.server.moderation.checks import refuse_banned
from furuba.server.routing import client_address, hub_of, limits_of, throttle
from furuba.text import N_, _

WRONG = N_("wrong name or password")
WRONG_PASSWORD = N_("the password is wrong")


def add_accounts(router: APIRouter) -> None:
    """The account routes, passkeys' included."""
    add_passkeys(router)

    @router.post("/api/accounts", status_code=201)
    async def sign_up(body: Credentials, request: Request) -> JSONResponse:
        await throttle(request, limits_of(request).signups, client_address(request), N_("new accounts"))
        try:
            name, key = account_name(body.name)
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None
        strong_enough(request, body.password, name, "sign_up")
        hashed = await asyncio.to_thread(passwords.hash_password, body.password)
        try:
            account = await hub_of(request).db.run(AccountStore.create, name, key, hashed)
        except IntegrityError:   # another process made the same name at the same moment
            account = None
        if account is None:
            raise HTTPException(409, _("the name “{name}” is taken: choose another").format(
                name=name))
        return await start_session(request, account, 201)

    @router.post("/api/session")
    async def sign_in(body: Credentials, request: Request) -> JSONResponse:
        key = name_key(" ".join(body.name.split()))[:64]
        device = await known_device(request, key)
        if device is None:
            await hold_unknown(request, key)
        db = hub_of(request).db
        found = await db.run(AccountStore.for_sign_in, key)
        if device is not None and (found is None or found[0].id != device.account_id):
            device = None     # a token of an account since deleted, whose name was taken again
            await hold_unknown(request, key)
        stored = found[1] if found is not None else None
        if not await asyncio.to_thread(passwords.verify, stored, body.password) or found is None:
            security_event("signin_failed", name=key, address=client_address(request),
                           via="password", device="known" if device is not None else "unknown")
            raise HTTPException(401, _(WRONG))
        account, stored_hash = found
        await refuse_banned(db, account.id)
        if passwords.needs_rehash(stored_hash):
            rehashed = await asyncio.to_thread(passwords.hash_password, body.password)
            await db.run(AccountStore.set_password, account.id, rehashed)
        return await start_session(request, account, 200, device)

    @router.delete("/api/session", status_code=204)
    async def sign_out(request: Request) -> Response:
        secret = session_secret(request)
        if secret is not None:
            hub = hub_of(request)
            account = await account_of(request)
            await hub.db.run(AccountStore.end_session, secret_hash(secret))
            if account is not None:   # this session's sockets and streams close
                await hub.end_connections(account.id, [secret_hash(secret)], why=Why.SIGN_OUT)
        response = Response(status_code=204)
        clear_session(response, is_secure(request))
        return response

    @router.get("/api/me")
    async def me(request: Request) -> Me:
        account = await account_of(request)
        secret = session_secret(request)
        if account is None or secret is None:
            return Me(signed_in=False)
        return await describe(request, account, secret)

    @router.post("/api/me/password", status_code=204)
    async def change_password(body: NewPassword, request: Request) -> Response:
        account = await required_account(request)
        await check_own_password(request, account, body.current)
        strong_enough(request, body.new, account.name, "password_change")
        hashed = await asyncio.to_thread(passwords.hash_password, body.new)
        db = hub_of(request).db
        await db.run(AccountStore.set_password, account.id, hashed)
        secret = session_secret(request)
        kept = secret_hash(secret) if secret is not None else None
        ended = await db.run(AccountStore.end_sessions, account.id, kept)
        security_event(Why.PASSWORD, account=account.id, address=client_address(request),
                       sessions_ended=ended)
        await hub_of(request).end_connections(account.id, keep=kept, why=Why.PASSWORD)
        return Response(status_code=204)

    @router.delete("/api/me/sessions")
    async def sign_out_everywhere(request: Request) -> JSONResponse:
        account = await required_account(request)
        hub = hub_of(request)
        ended = await hub.db.run(AccountStore.end_sessions, account.id, None)
        security_event(Why.EVERYWHERE, account=account.id, address=client_address(request),
                       sessions_ended=ended)
        await hub.end_connections(account.id, why=Why.EVERYWHERE)
        response = JSONResponse({"ended": ended})
        clear_session(response, is_secure(request))
        return response

    @router.delete("/api/me", status_code=204)
    async def delete_account(body: Confirm, request: Request) -> Response:
        account = await required_account(request)
        await check_own_password(request, account, body.password)
        await hub_of(request).accounts_deleted(account)
        security_event(Why.DELETED, account=account.id, address=client_address(request))
        response = Response(status_code=204)
        clear_session(response, is_secure(request))
        return response

    @router.post("/api/me/seats")
    async def keep_seats(body: BindSeats, request: Request) -> dict[str, Any]:
        account = await required_account(request)
        hub = hub_of(request)
        kept: list[dict[str, Any]] = []
        for entry in body.seats:
            kept.extend({"table": entry.table, "seat": seat}
                        for seat in await hub.bind_seats(entry.table, entry.token, account))
        return {"kept": kept}


async def check_own_password(request: Request, account: Account, password: str) -> None:
    """``401`` unless ``password`` is the account's (attempts throttled like sign-ins)."""
    await throttle(request, limits_of(request).account_signins, f"id:{account.id}",
                   N_("password attempts"), N_("for this account"))
    stored = await hub_of(request).db.run(AccountStore.password_hash, account.id)
    if not await asyncio.to_thread(passwords.verify, stored, password):
        security_event("signin_failed", name=name_key(account.name), account=account.id,
                       address=client_address(request), via="password_check")
        raise HTTPException(401, _(WRONG_PASSWORD))


def strong_enough(request: Request, password: str, name: str, via: str) -> None:
    """``400`` with the reason when ``password`` is too weak for the account ``name``
    (:func:`~furuba.server.accounts.names.check_password`; logged, without the password)."""
    try:
        check_password(password, name)
    except WeakPasswordError as exc:
        security_event("password_refused", name=name_key(name), address=client_address(request),
                       via=via, reason=exc.reason)
        raise HTTPException(400, str(exc)) from None
