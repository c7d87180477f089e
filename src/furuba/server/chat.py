"""Chat at a table: lines cleaned, stored with their event number, then sent to everyone.

Players may chat when the table's ``chat`` setting is on; spectators too when its
``spectator_chat`` setting is. Chat is throttled per table (``table_chat_per_second``) and per
client address at each table (``chat_per_second``), whatever the number of connections that
address opens; a line over either limit is refused (``throttled``) and nothing is stored.

The room keeps the latest lines (``ServerConfig.chat_history``) for snapshots; the database keeps
them all. A muted account's lines are refused, and a line is masked for the connections of the
accounts that block its speaker (:mod:`furuba.server.moderation.chat_filter`).
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from typing import TYPE_CHECKING

from furuba.server import messages as m
from furuba.server.conn import Conn
from furuba.server.errors import RoomError, in_words
from furuba.server.moderation import chat_filter
from furuba.server.protocol.events import ChatEvent
from furuba.server.security import clean_chat
from furuba.server.storage import ABANDONED, Storage
from furuba.server.throttle import AddressBuckets, TokenBucket
from furuba.text import _

if TYPE_CHECKING:
    from furuba.server.rooms import Room

log = logging.getLogger("furuba.server")


class ChatLimits:
    """One table's chat throttles: the whole table's, and each client address's."""

    __slots__ = ("addresses", "table")

    def __init__(self, room: Room, now: float) -> None:
        config = room.config
        self.table = TokenBucket(config.table_chat_per_second, config.table_chat_burst, now)
        self.addresses = AddressBuckets(config.chat_per_second, config.chat_burst, max_keys=1000)

    def check(self, address: str, now: float) -> None:
        """Take a token for a line from ``address``; :class:`RoomError` (``throttled``) when
        the table or the address has none left (then nothing is taken)."""
        wait = self.table.wait(now)
        if wait > 0:
            raise RoomError("throttled", _("too many chat messages at this table: try "
                                           "again in {wait}").format(wait=in_words(wait)))
        wait = self.addresses.take(address, now)
        if wait > 0:
            raise RoomError("throttled", _("you are chatting too fast: try again in {wait}").format(
                wait=in_words(wait)))
        self.table.take(now)


_limits: weakref.WeakKeyDictionary[Room, ChatLimits] = weakref.WeakKeyDictionary()


def limits_of(room: Room) -> ChatLimits:
    """``room``'s chat throttles (made on first use, gone with the room)."""
    found = _limits.get(room)
    if found is None:
        found = _limits[room] = ChatLimits(room, asyncio.get_running_loop().time())
    return found

def speaker(room: Room, conn: Conn) -> tuple[int | None, str]:
    """Who speaks for ``conn``: its first seat and that seat's name, or a spectator."""
    if not conn.seats:
        return None, "Spectator"
    seat = conn.seats[0]
    return seat, room.seats[seat].name or f"Player {seat + 1}"


async def say(room: Room, conn: Conn, text: str) -> None:
    """A chat line from ``conn``."""
    async with room.lock:
        if not room.settings.chat:
            raise RoomError("not_allowed", _("chat is off at this table"))
        if room.status == ABANDONED:
            raise RoomError("not_allowed", _("this table was abandoned; start a new table "
                                             "to chat"))
        if not conn.seats and not room.settings.spectator_chat:
            raise RoomError("not_allowed", _("only players may chat at this table"))
        if conn.account_id is None and not room.config.guest_chat:
            raise RoomError("not_allowed", _("sign in to chat: on this site only players with "
                                             "an account may"))
        limits_of(room).check(conn.address, asyncio.get_running_loop().time())
        try:
            clean = clean_chat(text, room.config.chat_max_chars)
        except ValueError as exc:
            raise RoomError("bad_chat", str(exc)) from None
        hidden = await chat_filter.chat_gate(room, conn)
        seat, name = speaker(room, conn)
        seq = room.seq + 1
        now = time.time()
        try:
            await room.db.run(Storage.append_chat, room.id, seq, seat, name, clean, now)
        except RoomError:   # e.g. "busy": another process may drive the table now
            raise
        except Exception:
            log.exception("table %s: could not store a chat line", room.id)
            raise RoomError("server_error", _("the server could not save the message")) from None
        line = m.ChatLine(seq=seq, seat=seat, name=name, text=clean, at=int(now * 1000))
        room.said(line)
        chat_filter.said(room, seq, conn.account_id)
        room.fanout.publish(ChatEvent(seat=seat, name=name, text=clean, at=line.at), seq=seq,
                            hidden=hidden)
