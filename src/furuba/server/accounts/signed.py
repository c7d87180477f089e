"""Who is signed in: the account of a request's (or a WebSocket's) session cookie."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fastapi import HTTPException
from starlette.requests import HTTPConnection

from furuba.server.accounts.sessions import SESSION_DAYS, same_origin, secret_hash, session_secret
from furuba.server.accounts.store import Account, AccountStore

if TYPE_CHECKING:
    from furuba.server.hub import Hub

SESSION_TTL = SESSION_DAYS * 86400.0
NOT_SIGNED_IN = "sign in first"


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
        raise HTTPException(401, NOT_SIGNED_IN)
    return account
