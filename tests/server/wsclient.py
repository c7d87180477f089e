"""An asyncio client of one table that follows the documented client algorithm (docs/WEB-API.md,
"Client algorithm"), for the deployment tests and the load benchmark.

It says ``hello`` with its tokens (and, when reconnecting, the ``last_seq`` and ``epoch`` it had),
replaces everything on a ``snapshot``, applies events in order, asks for what it missed with
``sync`` on a gap, ignores (and counts) an event it already applied, and reconnects whenever the
socket closes. It counts what a player would suffer: events applied twice (``duplicated``; the
algorithm ignores them, so these are events the server sent twice), events never received in a
gap that was seen (``lost``; a gap answered with a snapshot, or never answered), snapshots and
reconnections.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from .frames import checked_frame

FINAL_CLOSES = {4404, 4425, 1008}
"""Close codes after which reconnecting is pointless: no such table, a spectator of a sealed table
whose game is not over, flooding."""
SYNC_RETRY = 2.0
"""Seconds before a ``sync`` that got no answer is sent again."""


@dataclass
class Applied:
    """One event a client applied."""

    epoch: str
    seq: int
    kind: str
    at: float
    """``time.monotonic()`` when it arrived."""


@dataclass
class TableClient:
    """One WebSocket of table ``table_id`` holding ``tokens``, reconnecting to ``ws_base``."""

    ws_base: str
    table_id: str
    tokens: list[str] = field(default_factory=list)
    reconnect_for: float = 30.0
    """Seconds to keep trying to reconnect after the socket closed."""
    on_event: Callable[[TableClient, dict[str, Any], float], None] | None = None
    """Called with every event applied (and when it arrived)."""
    local_address: str | None = None
    """The address to connect from (a loopback address of its own: another player's machine)."""
    ws: ClientConnection | None = None
    epoch: str | None = None
    seq: int | None = None
    seats: list[int] = field(default_factory=list)
    status: str = ""
    current: int | None = None
    legal: dict[int | None, list[dict[str, Any]]] = field(default_factory=dict)
    table: dict[str, Any] | None = None
    applied: list[Applied] = field(default_factory=list)
    duplicated: int = 0
    lost: int = 0
    gaps: int = 0
    snapshots: list[tuple[str, int]] = field(default_factory=list)
    """The epoch and seq of every snapshot received."""
    reconnects: int = 0
    close_codes: list[int | None] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    missing: set[int] = field(default_factory=set)
    """Seqs of a gap seen in this epoch, not received yet."""
    sync_sent: float | None = None
    finished: bool = False
    follow_routes: bool = False
    """Whether a relayed socket moves to the process that drives the table when ``welcome`` names
    its ``route`` (a new socket with ``?via=``, then the old one closes)."""
    via: str | None = None
    """The route this client's sockets ask for (dropped when a socket to it cannot be opened)."""
    routed: int = 0
    """Times this client moved to a direct socket."""

    @property
    def url(self) -> str:
        via = f"?via={self.via}" if self.via else ""
        return f"{self.ws_base}/ws/tables/{self.table_id}{via}"

    async def connect(self) -> None:
        """Open the socket and say hello (with what the client had, when it had anything)."""
        self.ws = await self._open()
        self.sync_sent = None

    async def _open(self) -> ClientConnection:
        local: dict[str, Any] = {"local_addr": (self.local_address, 0)} if self.local_address else {}
        ws = await connect(self.url, open_timeout=10, compression=None, max_size=None, **local)
        hello: dict[str, Any] = {"type": "hello", "tokens": self.tokens}
        if self.seq is not None and self.epoch is not None:
            hello.update(last_seq=self.seq, epoch=self.epoch)
        await ws.send(json.dumps(hello))
        return ws

    async def _go_direct(self, route: str) -> dict[str, Any] | None:
        """Open a socket to ``route`` and, when it is served there directly, use it and close the
        relayed one (make before break: the seats never look empty); its ``welcome``, or ``None``
        when this client stays where it is."""
        old, self.via = self.ws, route
        try:
            ws = await self._open()
            welcome = checked_frame(str(await asyncio.wait_for(ws.recv(), 10)))
        except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError):
            self.via = None
            return None
        if welcome.get("type") != "welcome" or welcome.get("route"):
            await ws.close()   # not direct there either (the table moved on): stay relayed
            return None
        self.ws, self.sync_sent = ws, None
        self.routed += 1
        if old is not None:
            await old.close()
        return welcome

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def send(self, message: dict[str, Any]) -> bool:
        """Send ``message``; ``False`` when the socket is closed (the next ``receive`` reconnects)."""
        assert self.ws is not None, "not connected"
        try:
            await self.ws.send(json.dumps(message))
            return True
        except ConnectionClosed:
            return False

    async def receive(self, timeout: float) -> dict[str, Any] | None:
        """The next message, handled as the algorithm says (``None``: nothing within ``timeout``).

        A closed socket is reopened (and says hello again) before this returns; a table that is
        gone for good raises ``ConnectionError``."""
        assert self.ws is not None, "not connected"
        if self.sync_sent is not None and time.monotonic() - self.sync_sent > SYNC_RETRY:
            await self._sync()
        try:
            text = await asyncio.wait_for(self.ws.recv(), timeout)
        except TimeoutError:
            return None
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd is not None else None
            self.close_codes.append(code)
            if code in FINAL_CLOSES or (self.finished and code == 1000):
                raise ConnectionError(f"the socket closed with {code}") from None
            await self._reconnect()
            return None
        assert isinstance(text, str)
        msg = checked_frame(text)
        await self.handle(msg, time.monotonic())
        return msg

    async def _reconnect(self) -> None:
        deadline = time.monotonic() + self.reconnect_for
        pause = 0.05
        while True:
            try:
                await self.connect()
                self.reconnects += 1
                return
            except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError) as exc:
                self.via = None   # the process of that route is gone: any process will do
                if time.monotonic() > deadline:
                    raise ConnectionError(f"could not reconnect to {self.url}: {exc}") from exc
                await asyncio.sleep(pause)
                pause = min(1.0, pause * 2)

    async def _sync(self) -> None:
        if self.seq is not None and await self.send({"type": "sync", "last_seq": self.seq}):
            self.sync_sent = time.monotonic()

    async def handle(self, msg: dict[str, Any], now: float) -> None:
        kind = msg.get("type")
        if kind == "welcome":
            if self.follow_routes and msg.get("route"):
                msg = await self._go_direct(msg["route"]) or msg
            self.seats = list(msg["seats"])
        elif kind == "snapshot":
            self._snapshot(msg)
        elif kind == "event":
            await self._event(msg, now)
        elif kind == "error":
            self.errors.append(msg)

    def _snapshot(self, msg: dict[str, Any]) -> None:
        if msg["epoch"] == self.epoch:
            self.lost += len(self.missing)
        self.missing.clear()
        self.sync_sent = None
        self.epoch, self.seq = msg["epoch"], msg["seq"]
        self.snapshots.append((msg["epoch"], msg["seq"]))
        self.table = msg["table"]
        self.status, self.current = msg["table"]["status"], msg["table"]["current_player"]
        self.legal = {v["seat"]: v["legal"] for v in msg["views"]}
        self.finished = self.status == "finished"

    async def _event(self, msg: dict[str, Any], now: float) -> None:
        seq: int = msg["seq"]
        if self.seq is None or self.epoch is None:
            return
        if seq <= self.seq:
            self.duplicated += 1
            return
        if seq > self.seq + 1:
            fresh = set(range(self.seq + 1, seq)) - self.missing
            if fresh:
                self.gaps += 1
                self.missing |= fresh
            if self.sync_sent is None:
                await self._sync()
            return
        self.seq = seq
        self.missing.discard(seq)
        if not self.missing:
            self.sync_sent = None
        self.applied.append(Applied(self.epoch, seq, msg["event"]["kind"], now))
        if msg.get("table") is not None:
            self.table = msg["table"]
            self.status, self.current = msg["table"]["status"], msg["table"]["current_player"]
        if msg.get("views") is not None:
            self.status, self.current = msg["status"], msg.get("current_player")
            self.legal = {v["seat"]: v["legal"] for v in msg["views"]}
        self.finished = self.status == "finished"
        if self.on_event is not None:
            self.on_event(self, msg, now)

    def to_decide(self) -> int | None:
        """The seat of this client that must decide now, if any."""
        if self.status != "playing" or self.current is None:
            return None
        return self.current if self.current in self.seats and self.legal.get(self.current) else None

    def result(self) -> dict[str, Any]:
        """What this client counted."""
        return {"duplicated": self.duplicated, "lost": self.lost + len(self.missing), "gaps": self.gaps,
                "snapshots": len(self.snapshots), "reconnects": self.reconnects, "errors": len(self.errors),
                "routed": self.routed}
