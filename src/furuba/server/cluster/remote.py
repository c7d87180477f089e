"""Sockets relayed between processes: a client on one process, its table driven by another.

The process holding the socket (the *host*) keeps the socket, its throttle and its outgoing queue,
and relays: ``attach`` (the seats' token hashes — never the tokens — and where the client was),
every valid client message as its text, and ``detach``. The process driving the table (the
*owner*) stands a :class:`RemoteConn` for it at the table — to the table it is a connection like
any other — and every frame the table sends that connection travels back to the host, which queues
it on the socket. So a process only ever receives the frames of the sockets it holds: the views of
the seats those clients hold, or the public view; never another seat's hidden cards.

The owner handles one relayed connection's messages one after the other, in the order the client
sent them, exactly as for a socket of its own (:func:`furuba.server.dispatch.handle`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from furuba import i18n
from furuba.server import dispatch, presence
from furuba.server import messages as m
from furuba.server.cluster.link import Link, Message
from furuba.server.conn import Conn
from furuba.server.moderation.chat_filter import identify
from furuba.text import N_

if TYPE_CHECKING:
    from furuba.server.config import ServerConfig
    from furuba.server.hub import Hub
    from furuba.server.rooms import Room

log = logging.getLogger("furuba.server")
CLOSE_MOVED = 1012
MOVED = N_("the table moved to another server process; reconnect")
"""Why a socket is closed (the reason of its close frame, in English: it has at most 123 bytes)
and, said in the client's language, why a call was not taken."""
LOST_TOUCH = "the server process driving the table lost touch with this one; reconnect"
"""Why a relayed socket is closed when the owner took its host process for gone (in English, as
the reason of a close frame)."""


@dataclass(frozen=True)
class RemoteTable:
    """A table driven by another process: its id and that process's node name."""

    id: str
    owner: str


class RemoteConn(Conn):
    """At the owner: a connection whose socket is on process ``host``."""

    relayed = True

    def __init__(self, link: Link, host: str, remote_id: int, seats: tuple[int, ...],
                 config: ServerConfig, now: float, address: str) -> None:
        super().__init__(seats, config, now, address)
        self.link = link
        self.host = host
        self.remote_id = remote_id
        self.jobs: asyncio.Queue[str | None] = asyncio.Queue()
        """Client messages (their text) to handle in order; ``None``: the socket closed."""
        self.task: asyncio.Task[None] | None = None

    def send(self, text: str) -> None:
        if not self.closing:
            self.link.post_frame(self.host, self.remote_id, text)

    def close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = True
            self.close_code, self.close_reason = code, reason
            self.link.post(self.host, {"k": "close", "c": self.remote_id, "code": code,
                                       "reason": reason})
            self.jobs.put_nowait(None)


async def serve_remote(room: Room, conn: RemoteConn, hub: Hub, bad_tokens: int,
                       last_seq: int | None, epoch: str | None, language: str | None = None) -> None:
    """At the owner: a relayed connection's life, from its ``attach`` to its ``detach``; what is
    said to it alone (its refusals) is said in its socket's ``language``."""
    i18n.choose(language)
    try:
        await identify(conn, conn.account_id, room)
        if not await presence.attach(room, conn, bad_tokens, last_seq, epoch):
            return   # a spectator of a sealed table: refused, its socket closed by the host
        while True:
            text = await conn.jobs.get()
            if text is None:
                break
            try:
                msg = m.parse_client(text)
            except ValueError as exc:  # the host checked it; a newer host may say more
                conn.send_model(dispatch.error("bad_message", str(exc)))
                continue
            await dispatch.handle_reporting(msg, conn, room, hub)
    finally:
        await presence.detach(room, conn)
        hub.forget_if_idle(room)


class Relay:
    """At the host: one socket's messages to the owner of its table."""

    def __init__(self, link: Link, target: RemoteTable, conn: Conn,
                 on_close: Callable[[Relay], None]) -> None:
        self.link = link
        self.target = target
        self.conn = conn
        self.on_close = on_close

    def attach(self, hashes: list[str], last_seq: int | None, epoch: str | None,
               account_id: int | None = None) -> None:
        self.link.post(self.target.owner, {
            "k": "attach", "tbl": self.target.id, "host": self.link.node, "c": self.conn.id,
            "hashes": hashes, "last_seq": last_seq, "epoch": epoch, "addr": self.conn.address,
            "acct": account_id, "lang": i18n.current()})

    async def forward(self, msg: m.ClientMessage, text: str) -> None:
        """A valid client message: answered here (``ping``) or sent on to the owner."""
        if isinstance(msg, m.Ping):
            self.conn.send_model(m.Pong())
            return
        self.link.post(self.target.owner, {"k": "msg", "tbl": self.target.id,
                                           "host": self.link.node, "c": self.conn.id, "t": text})

    def close(self) -> None:
        """The socket closed: tell the owner, and forget the relay."""
        self.link.post(self.target.owner, {"k": "detach", "tbl": self.target.id,
                                           "host": self.link.node, "c": self.conn.id})
        self.on_close(self)


class Remotes:
    """The owner's side: relayed connections by (host, id), and the messages that reach them."""

    def __init__(self, hub: Hub, link: Link) -> None:
        self.hub = hub
        self.link = link
        self.conns: dict[tuple[str, int], RemoteConn] = {}

    def attach(self, message: Message, room: Room | None) -> None:
        host, remote_id = message["host"], message["c"]
        if room is None:
            self.link.post(host, {"k": "close", "c": remote_id, "code": CLOSE_MOVED, "reason": MOVED})
            return
        account = message.get("acct")
        seats, bad = room.seats.holding(message.get("hashes") or [],
                                        int(account) if account is not None else None)
        loop = asyncio.get_running_loop()
        conn = RemoteConn(self.link, host, remote_id, tuple(seats), self.hub.config, loop.time(),
                          str(message.get("addr") or ""))
        conn.account_id = int(account) if account is not None else None
        old = self.conns.pop((host, remote_id), None)
        if old is not None:
            old.jobs.put_nowait(None)
        self.conns[(host, remote_id)] = conn
        conn.task = loop.create_task(
            serve_remote(room, conn, self.hub, bad, message.get("last_seq"), message.get("epoch"),
                         message.get("lang")),
            name=f"remote-{host}-{remote_id}")
        conn.task.add_done_callback(lambda _t: self._gone(host, remote_id, conn))

    def _gone(self, host: str, remote_id: int, conn: RemoteConn) -> None:
        if self.conns.get((host, remote_id)) is conn:
            del self.conns[(host, remote_id)]

    def message(self, message: Message) -> None:
        conn = self.conns.get((message["host"], message["c"]))
        if conn is None:
            self.link.post(message["host"], {"k": "close", "c": message["c"], "code": CLOSE_MOVED,
                                             "reason": MOVED})
            return
        conn.jobs.put_nowait(message["t"])

    def detach(self, message: Message) -> None:
        conn = self.conns.get((message["host"], message["c"]))
        if conn is not None:
            conn.closing = True
            conn.jobs.put_nowait(None)

    def hosts_gone(self, alive: set[str]) -> None:
        """Detach every connection whose host process is no longer alive, and tell the host to
        close the socket: a host that was only paused (its heartbeat late) runs again with the
        socket still open, and its client must reconnect and catch up rather than wait, unserved,
        for frames that will never come."""
        for conn in list(self.conns.values()):
            if conn.host not in alive:
                conn.close(CLOSE_MOVED, LOST_TOUCH)

    async def close_all(self) -> None:
        for conn in list(self.conns.values()):
            conn.close(CLOSE_MOVED, MOVED)
        for conn in list(self.conns.values()):
            if conn.task is not None:
                conn.task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await conn.task
        self.conns.clear()
