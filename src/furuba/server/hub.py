"""All tables of one server: creating them, finding them, rebuilding them after a restart.

At start-up :meth:`Hub.recover` rebuilds every unfinished table from the database (its record —
options, seed, actions and written inputs — replayed) and starts its task; finished tables are
loaded when someone asks for them and forgotten again when their last watcher leaves.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from furuba import games
from furuba.core.protocol import State
from furuba.server import driver, presence
from furuba.server.bodies import CreateTable
from furuba.server.conn import Conn
from furuba.server.database import Database
from furuba.server.errors import RoomError
from furuba.server.replays import Replays
from furuba.server.rooms import Room, room_from_data
from furuba.server.security import clean_name, new_seed, new_table_id, new_token, token_hash
from furuba.server.storage import Storage, TableData
from furuba.server.tables import table_spec

if TYPE_CHECKING:
    from furuba.server.config import ServerConfig

log = logging.getLogger("furuba.server")


class Hub:
    """The tables of this server, by id."""

    def __init__(self, db: Database, config: ServerConfig) -> None:
        self.db = db
        self.config = config
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.replays = Replays()

    # -- start and stop ---------------------------------------------------------------------
    def recover(self) -> int:
        """Rebuild and start every unfinished table (call with the loop running)."""
        ids = self.db.call(Storage.open_table_ids)
        for table_id in ids:
            data = self.db.call(Storage.load_table, table_id, self.config.chat_history)
            if data is None:  # pragma: no cover - listed a moment ago
                continue
            try:
                room = room_from_data(data, self.db, self.config)
            except Exception:
                log.exception("table %s cannot be rebuilt; it stays closed", table_id)
                continue
            self._open(room)
        return len(ids)

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            await room.stop()

    def _open(self, room: Room) -> Room:
        self.rooms[room.id] = room
        driver.start(room)
        return room

    # -- finding ----------------------------------------------------------------------------
    async def get(self, table_id: str) -> Room | None:
        """The table ``table_id`` (loaded from the database if needed), or ``None``."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        if len(table_id) > 64:
            return None
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            room = self.rooms.get(table_id)
            if room is None:
                data = await self.db.run(Storage.load_table, table_id, self.config.chat_history)
                if data is None:
                    self._loading.pop(table_id, None)
                    return None
                room = self._open(room_from_data(data, self.db, self.config))
        self._loading.pop(table_id, None)
        return room

    def forget_if_idle(self, room: Room) -> None:
        """Drop a finished table nobody watches (the database keeps it)."""
        if room.status == "finished" and not room.conns and self.rooms.get(room.id) is room:
            del self.rooms[room.id]

    # -- creating ---------------------------------------------------------------------------
    async def create(self, req: CreateTable, ready: bool = False) -> Room:
        """A new table (``OptionsError`` for a bad request)."""
        spec = table_spec(req, self.config.default_grace_seconds, self.config.default_turn_seconds)
        status = "waiting" if any(s.kind == "human" for s in spec.seats) else "playing"
        data = TableData(id=new_table_id(), game=spec.game, options=spec.options, seed=spec.seed,
                         settings=spec.settings, status=status, seq=0, seats=spec.seats, ready=ready)
        await self.db.run(Storage.create_table, data)
        return self._open(room_from_data(data, self.db, self.config))

    async def ensure_ready_table(self) -> Room:
        """The table against bots that ``make run`` offers: an open one, or a new one (of
        ``ServerConfig.ready_game``, else the first registered game, with its default seats)."""
        table_id = await self.db.run(Storage.ready_table_id)
        if table_id is not None:
            room = await self.get(table_id)
            if room is not None:
                return room
        game = self.config.ready_game or games.names()[0]
        return await self.create(CreateTable(game=game), ready=True)

    async def join(self, table_id: str, seat: int, name: str) -> tuple[Room, str]:
        """Claim ``seat``: the room and the new seat token."""
        room = await self.get(table_id)
        if room is None:
            raise RoomError("no_table", "there is no such table")
        try:
            clean = clean_name(name)
        except ValueError as exc:
            raise RoomError("bad_name", str(exc)) from None
        token = new_token()
        await presence.claim(room, seat, clean, token_hash(token))
        return room, token

    async def rematch(self, room: Room, conn: Conn) -> Room:
        """The same table again, new deal, same seats (tokens keep working); made once."""
        async with room.lock:
            if room.status != "finished":
                raise RoomError("not_allowed", "a rematch can start once the game is over")
            if not conn.seats:
                raise RoomError("not_seated", "only players can ask for a rematch")
            if room.rematch is not None:
                existing = room.rematch
            else:
                seats = room.seats.data()
                status = "playing" if all(s.kind == "bot" or s.token_hash for s in seats) \
                    else "waiting"
                data = TableData(id=new_table_id(), game=room.game, options=dict(room.options),
                                 seed=new_seed(), settings=dict(room.settings), status=status,
                                 seq=0, seats=seats, rematch_of=room.id)
                await self.db.run(Storage.link_rematch, room.id, data)
                new = self._open(room_from_data(data, self.db, self.config))
                room.rematch = new.id
                room.fanout.publish({"kind": "rematch", "table_id": new.id,
                                     "url": f"/t/{new.id}"})
                return new
        found = await self.get(existing)
        if found is None:  # pragma: no cover - the rematch row exists
            raise RoomError("server_error", "the rematch table is missing")
        return found

    # -- replays ----------------------------------------------------------------------------
    async def replay_states(self, table_id: str) -> tuple[Room, list[State]]:
        """A finished game and its positions, from the deal to the end."""
        room = await self.get(table_id)
        if room is None:
            raise RoomError("no_table", "there is no such table")
        try:
            return room, self.replays.positions(room)
        finally:
            self.forget_if_idle(room)
