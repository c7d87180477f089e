"""One server process among several: which tables it drives, and how it reaches the others.

Each table is driven by exactly one process at a time — its bots, clocks, seat claims and every
change — the one holding the table's lease (:mod:`~furuba.server.cluster.leases`). Any process
accepts any socket and any request: for a table it drives it serves them itself; for a table
another process drives it relays sockets (:mod:`~furuba.server.cluster.remote`) and forwards
requests as calls over Redis (:mod:`~furuba.server.cluster.link`). A table nobody drives — new to
this process, or its owner gone — is taken by the first process that needs it, or by the sweep
every process runs a few times a second over the open tables, each taking about its fair share.

What a new owner needs is in the database (the table's record, replayed) and, for continuity, in
Redis: the table's event number, its epoch and when the current decision began
(``furuba:t:<table>``), written after every event. A client that reconnects to the new owner with
the ``last_seq`` and ``epoch`` it had therefore needs nothing re-sent, and bots and turn timers
carry on from where they were.

On SIGTERM a process hands its tables over (:meth:`Cluster.handover`): it stops driving them,
releases their leases, tells every process (which take them at once), and closes its sockets and
relays with 1012, so their clients reconnect, to any process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from furuba import i18n
from furuba.server.accounts.ends import End
from furuba.server.cluster.calls import Call, decode
from furuba.server.cluster.keeper import Keeper
from furuba.server.cluster.leases import Fenced, Leases
from furuba.server.cluster.link import PREFIX, Link, Message
from furuba.server.cluster.rates import SharedBuckets
from furuba.server.cluster.remote import CLOSE_MOVED, MOVED, Relay, Remotes, RemoteTable
from furuba.server.conn import Conn
from furuba.server.errors import RoomError
from furuba.server.moderation.checks import BAN_MESSAGE, bar_here
from furuba.server.storage import Storage
from furuba.text import _

if TYPE_CHECKING:
    from furuba.server.hub import Hub
    from furuba.server.rooms import Room, Store

log = logging.getLogger("furuba.server")
T = TypeVar("T")
OPEN = PREFIX + "open"
"""The set of unfinished tables' ids."""
PROCESSES = PREFIX + "procs"
"""Hash: node → the time (ms since the epoch) until which it counts as alive."""
FULL_LOOK_SECONDS = 5.0
"""How often every open table's lease is checked even when no process was seen to go (the
cheap checks look only when a process stops beating or releases its tables)."""
CALL_SECONDS = 3.0
NUDGE_SECONDS = 0.05
"""Feed nudges within this long go to the other processes as one message."""
"""How long a call waits for the process that drives a table."""


def table_key(table_id: str) -> str:
    return f"{PREFIX}t:{table_id}"


class Cluster:
    """This process's part in a group of processes sharing one database and one Redis: the
    hub's backend (:class:`~furuba.server.cluster.backend.Backend`) then."""

    def __init__(self, hub: Hub, url: str, name: str,
                 on_round_trip: Callable[[float], None] | None = None,
                 on_takeover: Callable[[], None] | None = None) -> None:
        self.hub = hub
        self.config = hub.config
        self.name = name
        self.node = f"{self.name}.{secrets.token_hex(3)}"
        """This incarnation's name on Redis (a restarted process is a new node)."""
        self.link = Link(url, self.node, self._on_message, self._on_frame, on_round_trip)
        self.leases = Leases(self.link.redis, self.node, self.config.lease_seconds)
        self.keeper = Keeper(url, self.leases, self.node, PROCESSES, self.config.renew_seconds,
                             self._on_beat)
        """Renews the leases and beats the heart from a thread: a busy loop keeps its tables."""
        self.remotes = Remotes(hub, self.link)
        self.rates = SharedBuckets(self.link.redis)
        """The HTTP limits per client address, counted for all processes together."""
        self.relays: dict[int, Relay] = {}
        self.alive: set[str] = {self.node}
        self.on_takeover = on_takeover
        self.draining = False
        self._look_for_orphans = True
        self._look_until = 0.0
        self._next_full_look = 0.0
        self._sweep_now = asyncio.Event()
        self._nudge = (False, False)
        self._nudge_due = False
        self._tasks: list[asyncio.Task[None]] = []
        self._claiming: dict[str, asyncio.Task[Room | None]] = {}
        self._background: set[asyncio.Task[Any]] = set()

    # -- start and stop ---------------------------------------------------------------------
    async def start(self) -> None:
        """Join the group: listen, list the unfinished tables for the sweep, start it."""
        await self.link.start()
        self.alive, _lost = await asyncio.to_thread(self.keeper.beat)
        ids = await self.hub.db.run(Storage.open_table_ids)
        if ids:
            await self.link.redis.sadd(OPEN, *ids)
        loop = asyncio.get_running_loop()
        self.keeper.start(loop)
        self._tasks = [loop.create_task(self._sweeps(), name="cluster-sweep")]

    async def handover(self) -> None:
        """Stop driving every table, release them for the others, close every socket (1012)."""
        if self.draining:
            return
        self.draining = True
        rooms = list(self.hub.rooms.values())
        for room in rooms:
            room.halt()
        for room in rooms:
            async with room.lock:
                self.keep(room)
        await self.link.flush()
        await self.leases.release([r.id for r in rooms])
        await asyncio.to_thread(self.keeper.stop)   # no more heartbeats: this process is going
        self.link.broadcast({"k": "released", "tbl": [r.id for r in rooms]})
        for relay in list(self.relays.values()):
            relay.conn.close(CLOSE_MOVED, MOVED)
        await self.hub.close(reason=MOVED)
        await self.link.redis.hdel(PROCESSES, self.node)
        await self.link.flush()

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for task in list(self._background):
            task.cancel()
        await self.remotes.close_all()
        with contextlib.suppress(Exception):
            await self.leases.release(list(self.leases.deadlines))
        with contextlib.suppress(Exception):
            await self.link.flush(0.5)
        await self.link.close()
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.keeper.stop)

    async def ping(self) -> float:
        """Redis's round trip, in seconds."""
        return await self.link.ping()

    # -- where a table is -------------------------------------------------------------------
    def owns(self, table_id: str) -> bool:
        return self.leases.valid(table_id)

    def store(self, table_id: str) -> Store:
        """Where a table opened here writes: its writes stop once this process may no longer
        drive it."""
        return Fenced(self.hub.db, lambda: self.owns(table_id))

    async def locate(self, table_id: str) -> Room | RemoteTable | None:
        """The table here (taken now if nobody drives it), where it is, or ``None``."""
        if len(table_id) > 64:
            return None
        for _attempt in range(3):
            room = self.hub.rooms.get(table_id)
            if room is not None and self.owns(table_id):
                return room
            owner = (await self.leases.owners([table_id]))[0]
            if owner is not None and owner != self.node:
                return RemoteTable(table_id, owner)
            if owner == self.node:
                await asyncio.sleep(0.02)  # being loaded here a moment ago
                continue
            if self.draining:
                raise RoomError("moved", _(MOVED))
            if not await self.hub.exists(table_id):
                return None   # asked for an id no table has: no lease taken, nothing loaded
            found = await self.take(table_id)
            if found is not None:
                return found
        raise RoomError("busy", _("the table is changing hands between server processes; "
                                  "try again"))

    async def take(self, table_id: str) -> Room | None:
        """Claim ``table_id`` and open it here (``None``: another process has it, or no such
        table). Concurrent takes of one table share one attempt."""
        task = self._claiming.get(table_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._take(table_id))
            self._claiming[table_id] = task
            task.add_done_callback(lambda _t: self._claiming.pop(table_id, None))
        return await asyncio.shield(task)

    async def _take(self, table_id: str) -> Room | None:
        if not await self.leases.claim(table_id):
            return None
        try:
            kept = {str(k): str(v) for k, v in
                    (await self.link.redis.hgetall(table_key(table_id))).items()}
            room = await self.hub.open_claimed(table_id, kept)
        except Exception:
            await self.leases.release([table_id])
            raise
        if room is None:
            await self.leases.release([table_id])
            await self.link.redis.srem(OPEN, table_id)
        return room

    async def created(self, table_id: str) -> None:
        """A table was just made here: this process drives it."""
        if not await self.leases.claim(table_id):  # pragma: no cover - a fresh random id
            raise RoomError("server_error", _("a new table's id is already in use"))
        await self.link.redis.sadd(OPEN, table_id)

    def adopt(self, room: Room) -> None:
        """A table opened here: record its number and clock in Redis after every event."""
        room.fanout.follow(lambda: self.keep(room))
        self.keep(room)

    def keep(self, room: Room) -> None:
        """Write where ``room`` is (epoch, event number, decision start) for a next owner."""
        loop_now = asyncio.get_running_loop().time()
        self.link.keep(table_key(room.id), {
            "epoch": room.epoch, "seq": room.seq,
            "turn_at": time.time() - (loop_now - room.turn_since)})

    def released(self, room: Room) -> None:
        """A finished table nobody watches was dropped here: let its lease go."""
        self._spawn(self.leases.release([room.id]))

    # -- calls ------------------------------------------------------------------------------
    async def call(self, table_id: str, request: Call[T]) -> T:
        """``request``'s answer from the process driving ``table_id`` (wherever it is, this one
        included)."""
        for _attempt in range(3):
            where = await self.locate(table_id)
            if where is None:
                raise RoomError("no_table", _("there is no such table"))
            if not isinstance(where, RemoteTable):
                return await request.run(where)
            try:
                message = {"op": request.op, "tbl": table_id, "args": request.args()}
                return request.load(await self.link.call(where.owner, message, CALL_SECONDS))
            except TimeoutError:
                continue
            except RoomError as exc:
                if exc.code != "moved":
                    raise
        raise RoomError("busy", _("the server process driving this table does not answer; "
                                  "try again in a moment"))

    async def _answer(self, message: Message) -> None:
        room = self.hub.rooms.get(message.get("tbl", ""))
        if room is None or not self.owns(room.id) or self.draining:
            self.link.reply(message, error=RoomError("moved", _(MOVED)))
            return
        try:
            with i18n.speaking(message.get("lang")):   # refusals in the caller's language
                request = decode(message["op"], message.get("args") or {})
                value = request.dump(await request.run(room))
        except RoomError as exc:
            self.link.reply(message, error=exc)
        except Exception:
            log.exception("table %s: call %s failed", room.id, message.get("op"))
            self.link.reply(message, error=RoomError("server_error", _("the call failed")))
        else:
            self.link.reply(message, value)

    # -- relays -----------------------------------------------------------------------------
    def relay(self, target: RemoteTable, conn: Conn, hashes: list[str], last_seq: int | None,
              epoch: str | None, account_id: int | None = None) -> Relay:
        """Relay ``conn``'s socket to the process driving ``target`` (its seats: those of the
        token ``hashes``, and those of the signed-in ``account_id``)."""
        relay = Relay(self.link, target, conn, self._relay_closed)
        self.relays[conn.id] = relay
        relay.attach(hashes, last_seq, epoch, account_id)
        return relay

    def _relay_closed(self, relay: Relay) -> None:
        self.relays.pop(relay.conn.id, None)

    def nudge_feeds(self, lobby: bool, turns: bool) -> None:
        """Tell every process's lobby and turn feeds to look again (changes within
        :data:`NUDGE_SECONDS` go as one message)."""
        self._nudge = (self._nudge[0] or lobby, self._nudge[1] or turns)
        if not self._nudge_due:
            self._nudge_due = True
            asyncio.get_running_loop().call_later(NUDGE_SECONDS, self._send_nudge)

    def _send_nudge(self) -> None:
        lobby, turns = self._nudge
        self._nudge, self._nudge_due = (False, False), False
        self.link.broadcast({"k": "nudge", "lobby": lobby, "turns": turns})

    def end_connections(self, end: End) -> None:
        """Sessions ended: every other process closes the connections they opened (see
        :meth:`furuba.server.hub.Hub.end_connections`)."""
        self.link.broadcast({**end.message(), "k": "ends", "from": self.node})

    # -- messages from other processes ------------------------------------------------------
    def _on_frame(self, conn_id: int, text: str) -> None:
        relay = self.relays.get(conn_id)
        if relay is not None:
            relay.conn.send(text)

    def _on_message(self, message: Message) -> None:
        kind = message.get("k")
        if kind == "out":
            relay = self.relays.get(message["c"])
            if relay is not None:
                relay.conn.send(message["t"])
        elif kind == "close":
            relay = self.relays.get(message["c"])
            if relay is not None:
                relay.conn.close(int(message["code"]), str(message["reason"]))
        elif kind == "attach":
            room = self.hub.rooms.get(message["tbl"])
            owned = room is not None and self.owns(room.id) and not self.draining and not room.closed
            self.remotes.attach(message, room if owned else None)
        elif kind == "msg":
            self.remotes.message(message)
        elif kind == "detach":
            self.remotes.detach(message)
        elif kind == "call":
            self._spawn(self._answer(message))
        elif kind == "nudge":
            self.hub.feeds.nudge(bool(message.get("lobby")), bool(message.get("turns")))
        elif kind == "ends":
            if message.get("from") != self.node:   # this process closed its own already
                self._spawn(self.hub.connections_ended(End.from_message(message)))
        elif kind == BAN_MESSAGE:   # a ban: the account's seats here go to bots
            self._spawn(bar_here(self.hub, int(message["ban"])))
        elif kind == "released":
            self._look_for_orphans = True
            self._sweep_now.set()

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # -- the sweep --------------------------------------------------------------------------
    async def _sweeps(self) -> None:
        every = self.config.renew_seconds
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._sweep_now.wait(), every)
            self._sweep_now.clear()
            if self.draining:
                return
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the cluster sweep failed; trying again")

    def _on_beat(self, alive: set[str], lost: list[str]) -> None:
        """What the keeper found (on the loop): the processes alive, the tables whose lease was
        lost — dropped here."""
        self.keeper.loop_alive()   # this callback ran: the loop is not stuck
        if self.draining:
            return
        if self.alive - alive:
            self._look_for_orphans = True   # a process stopped beating: its tables need a driver
            self._sweep_now.set()
        self.alive = alive
        for table_id in lost:
            log.warning("table %s: lost its lease; another process drives it now", table_id)
            self._spawn(self.hub.drop(table_id))

    async def sweep(self) -> None:
        """Notice processes gone and tables moved; take a fair share of the tables nobody
        drives."""
        self.remotes.hosts_gone(self.alive)
        await self._check_relays()
        now = time.monotonic()
        if self._look_for_orphans:
            # Look on every sweep until the leases of a process that went have surely lapsed.
            self._look_for_orphans = False
            self._look_until = now + 2 * self.config.lease_seconds
        if now < self._look_until or now >= self._next_full_look:
            self._next_full_look = now + FULL_LOOK_SECONDS
            await self._take_orphans()
        finished = [r.id for r in self.hub.rooms.values() if r.status != "playing"
                    and r.status != "waiting"]
        if finished:
            await self.link.redis.srem(OPEN, *finished)

    async def _check_relays(self) -> None:
        by_table: dict[str, list[Relay]] = {}
        for relay in self.relays.values():
            by_table.setdefault(relay.target.id, []).append(relay)
        if not by_table:
            return
        tables = list(by_table)
        for table_id, owner in zip(tables, await self.leases.owners(tables), strict=True):
            for relay in by_table[table_id]:
                if owner != relay.target.owner or relay.target.owner not in self.alive:
                    relay.conn.close(CLOSE_MOVED, MOVED)

    async def _take_orphans(self) -> None:
        open_ids = sorted(str(t) for t in await self.link.redis.smembers(OPEN))
        if not open_ids:
            return
        owners = await self.leases.owners(open_ids)
        orphans = [t for t, owner in zip(open_ids, owners, strict=True)
                   if owner is None or owner not in self.alive]
        if not orphans:
            return
        share = math.ceil(len(open_ids) / max(1, len(self.alive)))
        room_for = max(1, share - len(self.hub.rooms))
        random.shuffle(orphans)
        await asyncio.gather(*(self._take_over(t) for t in orphans[:room_for]))

    async def _take_over(self, table_id: str) -> None:
        try:
            taken = await self.take(table_id)
        except Exception:
            log.exception("table %s: could not be taken over", table_id)
            return
        if taken is not None:
            log.info("table %s: taken over", table_id)
            if self.on_takeover is not None:
                self.on_takeover()

