"""The live feeds of one server process: the lobby, and each signed-in player's turns.

Pages listen with Server-Sent Events (``routes.py``). One task per process polls the database
while anyone listens — one query for the lobby, one for the turns of every listening account —
every :data:`POLL_SECONDS`, and sooner when a table changed what they show (:meth:`Feeds.nudge`:
called by this process's tables, and by the others' over Redis), at most every
:data:`MIN_GAP_SECONDS`.
The database is the only truth: a table driven by another process, or a player whose page is on
another process, is seen all the same, and a page that reconnects misses nothing it must know
(it gets the whole lobby, and the turns it has, first).

Each listener has a bounded queue; one that does not read is dropped (its page reconnects).

An account's stream also carries the friends' challenges it received (``friends/``) and the
tables tournaments paired for it that are not over (``tournaments/``: an arena seats its players
again as soon as their tables end, wherever their pages are), read with its turns; opening one
tells who is online (:class:`~furuba.server.friends.online.Online`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from furuba.server.friends.challenges import received_by
from furuba.server.friends.online import Online
from furuba.server.lobby import queries
from furuba.server.protocol.streams import (
    Challenge,
    ChallengesEvent,
    LobbyEvent,
    PairedTable,
    StreamEvent,
    TournamentTablesEvent,
    TurnsEvent,
)
from furuba.server.tournaments.store import tables_ready

if TYPE_CHECKING:
    from furuba.server.database import Database

log = logging.getLogger("furuba.server")
POLL_SECONDS = 1.0
MIN_GAP_SECONDS = 0.05
"""Nudges closer together than this are read by one poll."""
TOURNAMENT_HOURS = 2.0
"""How long a live tournament's table may be under way and still be told of."""
QUEUE = 64
"""Events a listener may fall behind by before it is dropped."""


@dataclass(eq=False)
class Listener:
    """One page listening: the lobby's, or an account's."""

    account_id: int | None
    queue: asyncio.Queue[StreamEvent | None] = field(
        default_factory=lambda: asyncio.Queue(QUEUE))
    seen: set[tuple[str, float]] = field(default_factory=set)
    """(table, decision start) of the turns already told."""
    told: bool = False
    """Whether this listener has had its first list of turns."""
    challenges: list[Challenge] = field(default_factory=list)
    """The friends' challenges last told (none is told until there is one)."""
    tournament_tables: list[PairedTable] = field(default_factory=list)
    """The tournament tables waiting for this account last told (none until there is one)."""

    def put(self, event: StreamEvent) -> bool:
        try:
            self.queue.put_nowait(event)
        except asyncio.QueueFull:
            return False
        return True

    def end(self) -> None:
        """End this listener's stream now (its session ended), even when its queue is full."""
        if self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait(None)


class Feeds:
    """The lobby and turn listeners of this process, and the task that feeds them."""

    def __init__(self, db: Database, poll_seconds: float = POLL_SECONDS) -> None:
        self.db = db
        self.poll_seconds = poll_seconds
        self.lobby_listeners: set[Listener] = set()
        self.turn_listeners: set[Listener] = set()
        self._lobby: LobbyEvent | None = None
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._want_lobby = self._want_turns = True
        self.online = Online.of(db)
        """Who has a page open on this process (``friends/online.py``)."""

    def nudge(self, lobby: bool = True, turns: bool = True) -> None:
        """The lobby, or someone's turns, may have changed: look soon rather than at the next
        poll."""
        self._want_lobby = self._want_lobby or lobby
        self._want_turns = self._want_turns or turns
        self._wake.set()

    @contextlib.asynccontextmanager
    async def listen(self, account_id: int | None) -> AsyncIterator[Listener]:
        """Listen to the lobby (``account_id`` ``None``) or to an account's turns."""
        listener = Listener(account_id)
        group = self.lobby_listeners if account_id is None else self.turn_listeners
        if account_id is None and self._lobby is not None:
            listener.put(self._lobby)
        group.add(listener)
        if account_id is not None:
            self.online.page(account_id, +1)
        self._ensure_task()
        self.nudge()
        try:
            yield listener
        finally:
            group.discard(listener)
            if account_id is not None:
                self.online.page(account_id, -1)

    def _ensure_task(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="feeds")

    async def close(self) -> None:
        for listener in [*self.lobby_listeners, *self.turn_listeners]:
            with contextlib.suppress(asyncio.QueueFull):
                listener.queue.put_nowait(None)
        await self.online.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while self.lobby_listeners or self.turn_listeners:
            self._wake.clear()
            lobby, turns = self._want_lobby, self._want_turns
            self._want_lobby = self._want_turns = False
            try:
                await self.poll(lobby, turns)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the lobby feed could not read the database; trying again")
            await asyncio.sleep(MIN_GAP_SECONDS)
            try:
                await asyncio.wait_for(self._wake.wait(), self.poll_seconds)
            except TimeoutError:
                self._want_lobby = self._want_turns = True   # the periodic look at everything
        self._lobby = None

    async def poll(self, lobby: bool = True, turns: bool = True) -> None:
        """Read the lobby and the listening accounts' turns (those asked for); tell whoever must
        know."""
        if lobby and self.lobby_listeners:
            lobby_now = LobbyEvent(tables=await self.db.run(queries.lobby))
            if lobby_now != self._lobby:
                self._lobby = lobby_now
                self._send(self.lobby_listeners, lobby_now)
        if turns and self.turn_listeners:
            accounts = sorted({x.account_id for x in self.turn_listeners
                               if x.account_id is not None})
            found = await self.db.run(queries.turns, accounts)
            offers = await self.db.run(received_by, accounts)
            ready = await self.db.run(tables_ready, accounts, time.time() - TOURNAMENT_HOURS * 3600)
            for listener in list(self.turn_listeners):
                mine = found.get(listener.account_id or 0, [])
                now = set(mine)
                if listener.told and now == listener.seen:
                    continue
                # The first list is the state of things; later ones also say what is new.
                new = [t for t, at in mine if (t, at) not in listener.seen] if listener.told else []
                listener.seen, listener.told = now, True
                ok = listener.put(TurnsEvent(tables=sorted(t for t, _ in mine), new=new))
                if not ok:
                    self._drop(self.turn_listeners, listener)
            for listener in list(self.turn_listeners):
                offered = offers.get(listener.account_id or 0, [])
                if offered != listener.challenges:
                    listener.challenges = offered
                    if not listener.put(ChallengesEvent(challenges=offered)):
                        self._drop(self.turn_listeners, listener)
                paired = ready.get(listener.account_id or 0, [])
                if paired != listener.tournament_tables:
                    listener.tournament_tables = paired
                    if not listener.put(TournamentTablesEvent(tables=paired)):
                        self._drop(self.turn_listeners, listener)

    def _send(self, group: set[Listener], event: StreamEvent) -> None:
        for listener in list(group):
            if not listener.put(event):
                self._drop(group, listener)

    @staticmethod
    def _drop(group: set[Listener], listener: Listener) -> None:
        group.discard(listener)
        with contextlib.suppress(asyncio.QueueEmpty):
            listener.queue.get_nowait()
        listener.queue.put_nowait(None)
