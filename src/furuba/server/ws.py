"""The WebSocket endpoint: one connection's life, from ``hello`` to close.

Every frame is size-checked, throttled (token bucket), parsed into a pydantic message and handed
to the room; a refusal becomes an ``error`` frame for this connection only. Outgoing frames go
through the connection's own queue and sender task, so a slow client never holds up a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from starlette.websockets import WebSocket, WebSocketDisconnect

from furuba.server import dispatch, presence
from furuba.server import messages as m
from furuba.server.accounts.ends import Signed, signed_in
from furuba.server.cluster.remote import RemoteTable
from furuba.server.conn import Conn
from furuba.server.dispatch import error
from furuba.server.logs import current_table
from furuba.server.moderation.chat_filter import identify
from furuba.server.rooms import Room
from furuba.server.security import token_hash
from furuba.text import _

if TYPE_CHECKING:
    from furuba.server.config import ServerConfig
    from furuba.server.hub import Hub

log = logging.getLogger("furuba.server")
CLOSE_NO_TABLE = 4404
CLOSE_NO_HELLO = 4408
CLOSE_FLOOD = 1008
CLOSE_TRY_AGAIN = 1013


class ClosedError(Exception):
    """The client went away."""


async def receive_text(ws: WebSocket) -> str | None:
    """The next text frame (``None`` for a binary one); :class:`ClosedError` when the socket closed."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise ClosedError
    text = message.get("text")
    return text if isinstance(text, str) else None


async def table_socket(ws: WebSocket, table_id: str, hub: Hub) -> None:
    """Serve one WebSocket of table ``table_id``: the table's own if this process drives it,
    else relayed to the process that does (several processes, see ``cluster/``)."""
    current_table.set(table_id)
    try:
        target = await hub.locate(table_id)
    except Exception as exc:  # several processes: the table is changing hands, or Redis is slow
        log.warning("could not find where table %s is driven: %s", table_id, exc)
        await ws.accept()
        await ws.send_text(m.dump(error("busy", _("the server is busy; reconnecting in a "
                                                  "moment"))))
        await ws.close(CLOSE_TRY_AGAIN, "busy: try again")
        return
    await ws.accept()
    if target is None:
        await ws.send_text(m.dump(error("no_table", _("there is no such table"))))
        await ws.close(CLOSE_NO_TABLE, "no such table")
        return
    config = hub.config
    try:
        hello = await asyncio.wait_for(_await_hello(ws, config.max_message_bytes), config.hello_timeout)
    except TimeoutError:
        await ws.close(CLOSE_NO_HELLO, "no hello")
        return
    except (ClosedError, WebSocketDisconnect):
        return
    address = ws.client.host if ws.client is not None else ""
    hashes = [token_hash(t) for t in hello.tokens]
    signed = await signed_in(ws)
    if isinstance(target, Room):
        await _serve_local(ws, target, hello, hashes, address, hub, signed)
    else:
        await _serve_relayed(ws, target, hello, hashes, address, hub, signed)


async def _serve_local(ws: WebSocket, room: Room, hello: m.Hello, hashes: list[str], address: str,
                       hub: Hub, signed: Signed | None) -> None:
    seats, bad = room.seats.holding(hashes, signed.account_id if signed is not None else None)
    conn = Conn(tuple(seats), hub.config, asyncio.get_running_loop().time(), address, signed)
    await identify(conn, signed.account_id if signed is not None else None, room)
    sender = asyncio.get_running_loop().create_task(_send_loop(ws, conn), name=f"send-{conn.id}")
    if not await presence.attach(room, conn, bad, hello.last_seq, hello.epoch):
        hub.forget_if_idle(room)
        await _finish(conn, sender)   # a spectator of a sealed table: its refusal, then the close
        return

    async def handle(msg: m.ClientMessage, _text: str) -> None:
        await dispatch.handle_reporting(msg, conn, room, hub)

    held = hub.ends.hold(signed, "socket", conn.close)   # its session's end closes it
    try:
        await _receive_loop(ws, conn, hub.config, handle)
    except (ClosedError, WebSocketDisconnect):
        pass
    finally:
        hub.ends.release(held)
        await presence.detach(room, conn)
        hub.forget_if_idle(room)
        await _finish(conn, sender)


async def _serve_relayed(ws: WebSocket, target: RemoteTable, hello: m.Hello, hashes: list[str],
                         address: str, hub: Hub, signed: Signed | None) -> None:
    conn = Conn((), hub.config, asyncio.get_running_loop().time(), address, signed)
    sender = asyncio.get_running_loop().create_task(_send_loop(ws, conn), name=f"send-{conn.id}")
    assert hub.cluster is not None
    held = hub.ends.hold(signed, "socket", conn.close)   # its session's end closes it
    relay = hub.cluster.relay(target, conn, hashes, hello.last_seq, hello.epoch,
                              signed.account_id if signed is not None else None)
    try:
        await _receive_loop(ws, conn, hub.config, relay.forward)
    except (ClosedError, WebSocketDisconnect):
        pass
    finally:
        hub.ends.release(held)
        relay.close()
        await _finish(conn, sender)


async def _finish(conn: Conn, sender: asyncio.Task[None]) -> None:
    conn.close(1000, "bye")
    with contextlib.suppress(asyncio.TimeoutError, Exception):
        await asyncio.wait_for(sender, 2.0)
    sender.cancel()


async def _await_hello(ws: WebSocket, limit: int) -> m.Hello:
    while True:
        text = await receive_text(ws)
        if text is None or len(text) > limit:
            await ws.send_text(m.dump(error("bad_message", _("say hello first (a small "
                                                             "JSON text frame)"))))
            continue
        try:
            msg = m.parse_client(text)
        except ValueError as exc:
            await ws.send_text(m.dump(error("bad_message", str(exc))))
            continue
        if isinstance(msg, m.Hello):
            return msg
        await ws.send_text(m.dump(error("hello_first", _("the first message must be hello"), msg.type)))


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


Handler = Callable[[m.ClientMessage, str], Awaitable[None]]
"""What to do with a valid client message (and its text)."""


async def _receive_loop(ws: WebSocket, conn: Conn, config: ServerConfig, handle: Handler) -> None:
    loop = asyncio.get_running_loop()
    while not conn.closing:
        text = await receive_text(ws)
        now = loop.time()
        if not conn.bucket.take(now):
            conn.dropped += 1
            if conn.dropped > config.flood_close_after:
                conn.close(CLOSE_FLOOD, "too many messages")
                return
            conn.send_model(error("throttled", _("too many messages: slow down; this one "
                                                 "was dropped"),
                                  _type_of(text)))
            continue
        if text is None:
            conn.send_model(error("bad_message", _("binary frames are not accepted; send "
                                                   "JSON text")))
            continue
        if len(text) > config.max_message_bytes or len(text.encode()) > config.max_message_bytes:
            conn.send_model(error("too_large", _("a message has at most {limit} bytes").format(
                limit=config.max_message_bytes)))
            continue
        try:
            msg = m.parse_client(text)
        except ValueError as exc:
            conn.send_model(error("bad_message", str(exc)))
            continue
        await handle(msg, text)


def _type_of(text: str | None) -> str | None:
    """The ``type`` of a dropped message, when it says one (for the ``throttled`` error's ref)."""
    if text is None or len(text) > 4096:
        return None
    try:
        found = json.loads(text)
    except ValueError:
        return None
    kind = found.get("type") if isinstance(found, dict) else None
    return kind[:20] if isinstance(kind, str) else None
