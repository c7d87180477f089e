"""Who is signed in — the account of a request's (or a WebSocket's) session cookie — and
signing a browser in (a password or a passkey, the same way)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fastapi import HTTPException, Request
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection

from furuba.server.accounts.bodies import Me
from furuba.server.accounts.devices import Device, remember
from furuba.server.accounts.passkeys import count_passkeys
from furuba.server.accounts.sessions import (
    SESSION_DAYS,
    csrf_token,
    is_secure,
    new_secret,
    same_origin,
    secret_hash,
    session_secret,
    set_session,
)
from furuba.server.accounts.store import Account, AccountStore
from furuba.server.routing import hub_of
from furuba.text import N_, _

if TYPE_CHECKING:
    from furuba.server.hub import Hub

SESSION_TTL = SESSION_DAYS * 86400.0
NOT_SIGNED_IN = N_("sign in first")


async def account_of(conn: HTTPConnection) -> Account | None:
    """The account signed in on this request (``None``: a guest, or a session that ended).

    A WebSocket's cookie counts only when the socket was opened by this site's own pages (its
    ``Origin``), so that no other site can open a socket in a signed-in player's name."""
    secret = session_secret(conn)
    if secret is None:
        return None
    if conn.scope["type"] == "websocket":
        origin = conn.headers.get("origin")
        if origin is not None and not same_origin(origin, conn.headers.get("host", "")):
            return None
    hub: Hub = conn.app.state.hub
    return await hub.db.run(AccountStore.session_account, secret_hash(secret), SESSION_TTL)


async def required_account(conn: HTTPConnection) -> Account:
    """The signed-in account, else ``401``."""
    account = await account_of(conn)
    if account is None:
        raise HTTPException(401, _(NOT_SIGNED_IN))
    return account


async def describe(request: Request, account: Account, secret: str) -> Me:
    keys = await hub_of(request).db.run(count_passkeys, account.id)
    return Me(signed_in=True, name=account.name, created_at=account.created_at,
              csrf=csrf_token(secret), passkeys=keys)


async def start_session(request: Request, account: Account, status: int,
                        device: Device | None = None) -> JSONResponse:
    """Sign ``account`` in on this browser: a new session (the one the browser had ends), and
    the browser's device cookie (:func:`~furuba.server.accounts.devices.remember`: ``device`` is
    the known device the sign-in was judged by, if it was). The sockets and event streams the
    old session opened are closed, in every process."""
    secret = new_secret()
    old = secret_hash(found) if (found := session_secret(request)) is not None else None
    hub = hub_of(request)
    ended = await hub.db.run(AccountStore.start_session, account.id, secret_hash(secret),
                             SESSION_TTL, old)
    if ended is not None and old is not None:
        await hub.end_connections(ended, [old])
    me = await describe(request, account, secret)
    response = JSONResponse(me.model_dump(), status_code=status)
    set_session(response, secret, is_secure(request))
    remember(request, response, account, device)
    return response
