"""Chat at a table: lines cleaned, stored with their event number, then sent to everyone.

The room keeps the latest lines (``ServerConfig.chat_history``) for snapshots; the database keeps
them all.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from furuba.server import messages as m
from furuba.server.conn import Conn
from furuba.server.errors import RoomError
from furuba.server.security import clean_chat
from furuba.server.storage import Storage

if TYPE_CHECKING:
    from furuba.server.rooms import Room

log = logging.getLogger("furuba.server")


def speaker(room: Room, conn: Conn) -> tuple[int | None, str]:
    """Who speaks for ``conn``: its first seat and that seat's name, or a spectator."""
    if not conn.seats:
        return None, "Spectator"
    seat = conn.seats[0]
    return seat, room.seats[seat].name or f"Player {seat + 1}"


async def say(room: Room, conn: Conn, text: str) -> None:
    """A chat line from ``conn``."""
    async with room.lock:
        if not room.settings.get("chat", True):
            raise RoomError("not_allowed", "chat is off at this table")
        try:
            clean = clean_chat(text, room.config.chat_max_chars)
        except ValueError as exc:
            raise RoomError("bad_chat", str(exc)) from None
        seat, name = speaker(room, conn)
        seq = room.seq + 1
        now = time.time()
        try:
            await room.db.run(Storage.append_chat, room.id, seq, seat, name, clean, now)
        except Exception:
            log.exception("table %s: could not store a chat line", room.id)
            raise RoomError("server_error", "the server could not save the message") from None
        line = m.ChatLine(seq=seq, seat=seat, name=name, text=clean, at=int(now * 1000))
        room.chat.append(line)
        room.fanout.seq = seq
        room.fanout.publish({"kind": "chat", **line.model_dump(exclude={"seq"})}, seq=seq)
