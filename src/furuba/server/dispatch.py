"""What each client message does at its table, whichever process its socket is on.

The process that drives a table runs :func:`handle` for its own sockets (``ws.py``) and for sockets
other processes relay to it (:mod:`furuba.server.cluster.remote`): the same code, in the order the
client sent them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from furuba.server import chat, hints, moves, presence
from furuba.server import messages as m
from furuba.server.conn import Conn
from furuba.server.errors import RoomError
from furuba.text import _

if TYPE_CHECKING:
    from furuba.server.hub import Hub
    from furuba.server.rooms import Room


def error(code: str, message: str, ref: str | None = None) -> m.ErrorMsg:
    return m.ErrorMsg(code=code, message=message, ref=ref)


async def handle(msg: m.ClientMessage, conn: Conn, room: Room, hub: Hub) -> None:
    """Do what one (valid) client message asks."""
    if isinstance(msg, m.Act):
        await moves.act(room, conn, msg)
    elif isinstance(msg, m.Chat):
        await chat.say(room, conn, msg.text)
    elif isinstance(msg, m.Answer):
        await moves.write(room, conn, msg)
    elif isinstance(msg, m.Hint):
        await hints.hint(conn, room, msg.seat, hub)
    elif isinstance(msg, m.Reclaim):
        await presence.reclaim(room, conn, msg.seat)
    elif isinstance(msg, m.Rematch):
        await hub.rematch(room, conn)
    elif isinstance(msg, m.Undo):
        await moves.take_back(room, conn, msg)
    elif isinstance(msg, m.Sync):
        await presence.sync(room, conn, msg.last_seq)
    elif isinstance(msg, m.Ping):
        conn.send_model(m.Pong())
    elif isinstance(msg, m.Hello):
        raise RoomError("already_hello", _("hello was already said on this connection"))


async def handle_reporting(msg: m.ClientMessage, conn: Conn, room: Room, hub: Hub) -> None:
    """:func:`handle`, a refusal sent back to ``conn`` as an ``error`` naming the message."""
    try:
        await handle(msg, conn, room, hub)
    except RoomError as exc:
        conn.send_model(error(exc.code, exc.message, msg.type))
