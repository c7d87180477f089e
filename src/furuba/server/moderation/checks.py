"""The checks the rest of the server calls: seats kept apart by blocks, sign-in refused to a
banned account, and a ban's effect on live tables (the banned player's seats go to bots).

A banned player's seats are *barred*: a bot plays them, as it plays a zombie seat, and neither
their account nor their seat tokens hold them again (see :meth:`furuba.server.seats.Seats.holding`),
so reconnecting does not take a seat back.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from fastapi import HTTPException

from furuba.server.accounts.ends import Why
from furuba.server.errors import RoomError
from furuba.server.logs import security_event
from furuba.server.moderation.blocks import kept_apart
from furuba.server.moderation.store import is_banned
from furuba.server.presence import make_zombie
from furuba.server.storage import OPEN_STATUSES
from furuba.text import N_, _

if TYPE_CHECKING:
    from furuba.server.database import Database
    from furuba.server.hub import Hub
    from furuba.server.rooms import Room

log = logging.getLogger("furuba.server")
CLOSE_BANNED = 4403
BANNED_CLOSE_REASON = "this account is banned"
KEPT_APART = N_("you cannot take a seat at this table: choose another")
"""A join refused by a block: it says no more than needed."""
BANNED = N_("this account is banned: it cannot sign in")
BAN_MESSAGE = "moderation"
"""The kind of the cluster message that tells every process about a ban."""


async def seat_refusal(db: Database, table_id: str, account_id: int | None) -> None:
    """:class:`RoomError` (``kept_apart``) when a block keeps ``account_id`` from someone
    seated at ``table_id``."""
    if account_id is None or len(table_id) > 64:
        return
    if await db.run(kept_apart, account_id, table_id):
        raise RoomError("kept_apart", _(KEPT_APART))


async def refuse_banned(db: Database, account_id: int) -> None:
    """``403`` when ``account_id`` is banned (sign-in, once its password was right)."""
    if await db.run(is_banned, account_id):
        security_event("signin_banned", level=logging.WARNING, account=account_id)
        raise HTTPException(403, _(BANNED))


async def bar_account(room: Room, account_id: int) -> list[int]:
    """Hand ``account_id``'s seats at ``room`` to bots for good and close its sockets there;
    the seats barred."""
    async with room.lock:
        barred = [s for s in room.seats if s.account_id == account_id and s.kind == "human"]
        if not barred or room.status not in OPEN_STATUSES:
            return []
        numbers = {s.seat for s in barred}
        for seat in barred:
            seat.barred = True
            if not seat.zombie:
                make_zombie(room, seat.seat)
        for conn in list(room.conns):
            if conn.account_id == account_id or numbers & set(conn.seats):
                conn.close(CLOSE_BANNED, BANNED_CLOSE_REASON)
        return sorted(numbers)


async def bar_here(hub: Hub, account_id: int) -> int:
    """Bar ``account_id``'s seats at every table this process drives; how many tables."""
    count = 0
    for room in list(hub.rooms.values()):
        if any(s.account_id == account_id for s in room.seats) \
                and await bar_account(room, account_id):
            count += 1
    return count


async def enforce_ban(hub: Hub, account_id: int) -> None:
    """The live half of a ban: every process hands the account's seats to bots (this one at
    once; the others through Redis) and ends its connections."""
    await hub.end_connections(account_id, why=Why.BANNED)
    if hub.cluster is not None:
        hub.cluster.link.broadcast({"k": BAN_MESSAGE, "ban": account_id})
    else:
        await bar_here(hub, account_id)
