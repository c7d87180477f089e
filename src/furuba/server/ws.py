"""The WebSocket endpoint: one connection's life, from ``hello`` to close.

Every frame is size-checked, throttled (token bucket), parsed into a pydantic message and handed
to the room; a refusal becomes an ``error`` frame for this connection only. Outgoing frames go
through the connection's own queue and sender task, so a slow client never holds up a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from starlette.websockets import WebSocket, WebSocketDisconnect

from furuba.server import chat, hints, moves, presence
from furuba.server import messages as m
from furuba.server.conn import Conn
from furuba.server.errors import RoomError
from furuba.server.security import token_hash

if TYPE_CHECKING:
    from furuba.server.hub import Hub
    from furuba.server.rooms import Room

log = logging.getLogger("furuba.server")
CLOSE_NO_TABLE = 4404
CLOSE_NO_HELLO = 4408
CLOSE_FLOOD = 1008


class ClosedError(Exception):
    """The client went away."""


async def receive_text(ws: WebSocket) -> str | None:
    """The next text frame (``None`` for a binary one); :class:`ClosedError` when the socket closed."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise ClosedError
    text = message.get("text")
    return text if isinstance(text, str) else None


def error(code: str, message: str, ref: str | None = None) -> m.ErrorMsg:
    return m.ErrorMsg(code=code, message=message, ref=ref)


async def table_socket(ws: WebSocket, table_id: str, hub: Hub) -> None:
    """Serve one WebSocket of table ``table_id``."""
    room = await hub.get(table_id)
    await ws.accept()
    if room is None:
        await ws.send_text(m.dump(error("no_table", "there is no such table")))
        await ws.close(CLOSE_NO_TABLE, "no such table")
        return
    config = hub.config
    loop = asyncio.get_running_loop()
    try:
        hello = await asyncio.wait_for(_await_hello(ws, config.max_message_bytes), config.hello_timeout)
    except TimeoutError:
        await ws.close(CLOSE_NO_HELLO, "no hello")
        return
    except (ClosedError, WebSocketDisconnect):
        return
    seats, bad = room.seats.holding(token_hash(t) for t in hello.tokens)
    conn = Conn(tuple(seats), config, loop.time())
    sender = loop.create_task(_send_loop(ws, conn), name=f"send-{conn.id}")
    await presence.attach(room, conn, bad, hello.last_seq, hello.epoch)
    try:
        await _receive_loop(ws, conn, room, hub)
    except (ClosedError, WebSocketDisconnect):
        pass
    finally:
        await presence.detach(room, conn)
        hub.forget_if_idle(room)
        conn.close(1000, "bye")
        with contextlib.suppress(asyncio.TimeoutError, Exception):
            await asyncio.wait_for(sender, 2.0)
        sender.cancel()


async def _await_hello(ws: WebSocket, limit: int) -> m.Hello:
    while True:
        text = await receive_text(ws)
        if text is None or len(text) > limit:
            await ws.send_text(m.dump(error("bad_message", "say hello first (a small JSON text frame)")))
            continue
        try:
            msg = m.parse_client(text)
        except ValueError as exc:
            await ws.send_text(m.dump(error("bad_message", str(exc))))
            continue
        if isinstance(msg, m.Hello):
            return msg
        await ws.send_text(m.dump(error("hello_first", "the first message must be hello", msg.type)))


async def _send_loop(ws: WebSocket, conn: Conn) -> None:
    try:
        while True:
            text = await conn.outbox.get()
            if text is None:
                if conn.close_code != 1000:
                    await ws.close(conn.close_code, conn.close_reason)
                return
            await ws.send_text(text)
    except Exception:  # the socket is gone; the receive loop notices
        conn.closing = True
        with contextlib.suppress(Exception):
            await ws.close(1011)


async def _receive_loop(ws: WebSocket, conn: Conn, room: Room, hub: Hub) -> None:
    config = hub.config
    loop = asyncio.get_running_loop()
    while not conn.closing:
        text = await receive_text(ws)
        now = loop.time()
        if not conn.bucket.take(now):
            conn.dropped += 1
            if conn.dropped > config.flood_close_after:
                conn.close(CLOSE_FLOOD, "too many messages")
                return
            if now - conn.last_throttle_notice >= 1.0:
                conn.last_throttle_notice = now
                conn.send_model(error("throttled", "too many messages: slow down; this one was dropped"))
            continue
        if text is None:
            conn.send_model(error("bad_message", "binary frames are not accepted; send JSON text"))
            continue
        if len(text) > config.max_message_bytes or len(text.encode()) > config.max_message_bytes:
            conn.send_model(error("too_large", f"a message has at most {config.max_message_bytes} bytes"))
            continue
        try:
            msg = m.parse_client(text)
        except ValueError as exc:
            conn.send_model(error("bad_message", str(exc)))
            continue
        try:
            await handle(msg, conn, room, hub)
        except RoomError as exc:
            conn.send_model(error(exc.code, exc.message, msg.type))


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
    elif isinstance(msg, m.Sync):
        await presence.sync(room, conn, msg.last_seq)
    elif isinstance(msg, m.Ping):
        conn.send_model(m.Pong())
    elif isinstance(msg, m.Hello):
        raise RoomError("already_hello", "hello was already said on this connection")
