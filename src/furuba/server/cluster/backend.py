"""Where a hub's tables are: in this process alone (:class:`Alone`), or among several processes
(:class:`~furuba.server.cluster.node.Cluster`).

The hub has one code path: it asks its backend where a table is, tells it of tables made,
opened and dropped, and sends it the requests about a table (:mod:`~furuba.server.cluster.calls`).
One process is a cluster of one: every table is here, its writes are never fenced, and the
news of one table's change or one session's end reaches every feed and socket at once.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Protocol, TypeVar

from furuba.server.errors import RoomError
from furuba.server.storage import Storage
from furuba.text import _

if TYPE_CHECKING:
    from furuba.server.accounts.ends import End
    from furuba.server.cluster.calls import Call
    from furuba.server.cluster.remote import RemoteTable
    from furuba.server.hub import Hub
    from furuba.server.rooms import Room, Store

T = TypeVar("T")


class Backend(Protocol):
    """What the hub asks of where its tables are."""

    async def locate(self, table_id: str) -> Room | RemoteTable | None:
        """The table here (opened if needed), where it is driven, or ``None``: no such table."""
        ...

    async def call(self, table_id: str, request: Call[T]) -> T:
        """``request``'s answer from the process driving ``table_id`` (:class:`RoomError`
        ``no_table`` when there is none)."""
        ...

    def store(self, table_id: str) -> Store:
        """Where the table ``table_id`` opened here writes."""
        ...

    def adopt(self, room: Room) -> None:
        """``room`` was opened here."""
        ...

    async def created(self, table_id: str) -> None:
        """The table ``table_id`` was just made here (stored): this process drives it."""
        ...

    def released(self, room: Room) -> None:
        """A finished table nobody watches was dropped here."""
        ...

    def nudge_feeds(self, lobby: bool, turns: bool) -> None:
        """The lobby's or some players' turns changed: every feed looks again."""
        ...

    def end_connections(self, end: End) -> None:
        """Sessions ended: the other processes close their connections too (this one's are the
        hub's to close)."""
        ...


class Alone:
    """One process on its own: every table is here (a cluster of one)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._loading: dict[str, asyncio.Lock] = {}

    async def locate(self, table_id: str) -> Room | None:
        """The table, loaded from the database if needed (one load at a time per table)."""
        hub = self.hub
        room = hub.rooms.get(table_id)
        if room is not None:
            return room
        if len(table_id) > 64:
            return None
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            room = hub.rooms.get(table_id)
            if room is None:
                data = await hub.db.run(Storage.load_table, table_id, hub.config.chat_history)
                if data is None:
                    self._loading.pop(table_id, None)
                    return None
                room = hub.open(data)
        self._loading.pop(table_id, None)
        return room

    async def call(self, table_id: str, request: Call[T]) -> T:
        """``request`` at the table, here; a finished table loaded for it is forgotten again."""
        room = await self.locate(table_id)
        if room is None:
            raise RoomError("no_table", _("there is no such table"))
        try:
            return await request.run(room)
        finally:
            self.hub.forget_if_idle(room)

    def store(self, table_id: str) -> Store:
        del table_id   # no other process writes: nothing to fence
        return self.hub.db

    def adopt(self, room: Room) -> None:
        del room

    async def created(self, table_id: str) -> None:
        del table_id

    def released(self, room: Room) -> None:
        del room

    def nudge_feeds(self, lobby: bool, turns: bool) -> None:
        self.hub.feeds.nudge(lobby, turns)

    def end_connections(self, end: End) -> None:
        del end
