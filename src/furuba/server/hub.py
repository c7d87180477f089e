"""All tables of one server: creating them, finding them, rebuilding them after a restart.

At start-up :meth:`Hub.recover` rebuilds every unfinished table from the database (options, seed,
actions and True Friends answers replayed) and starts its task; finished tables are loaded when
someone asks for them and forgotten again when their last watcher leaves.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING

from furuba.core.protocol import State
from furuba.server import messages as m
from furuba.server.rooms import Conn, Room, RoomError
from furuba.server.security import clean_name, new_seed, new_table_id, new_token, token_hash
from furuba.server.storage import Database, SeatData, Storage, TableData
from furuba.server.tables import new_state, table_spec

if TYPE_CHECKING:
    from furuba.server.config import ServerConfig

log = logging.getLogger("furuba.server")
REPLAY_CACHE = 16
"""Finished games whose replay positions are kept in memory."""
READY_SEATS = ["human", "greedy", "greedy", "greedy"]


class Hub:
    """The tables of this server, by id."""

    def __init__(self, db: Database, config: ServerConfig) -> None:
        self.db = db
        self.config = config
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._replays: OrderedDict[str, list[State]] = OrderedDict()

    # -- start and stop ---------------------------------------------------------------------
    def recover(self) -> int:
        """Rebuild and start every unfinished table (call with the loop running)."""
        ids = self.db.call(Storage.open_table_ids)
        for table_id in ids:
            data = self.db.call(Storage.load_table, table_id, self.config.chat_history)
            if data is None:  # pragma: no cover - listed a moment ago
                continue
            try:
                room = Room.from_data(data, self.db, self.config)
            except Exception:
                log.exception("table %s cannot be rebuilt; it stays closed", table_id)
                continue
            self.rooms[room.id] = room
            room.start()
        return len(ids)

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            await room.stop()

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
                room = Room.from_data(data, self.db, self.config)
                self.rooms[table_id] = room
                room.start()
        self._loading.pop(table_id, None)
        return room

    def forget_if_idle(self, room: Room) -> None:
        """Drop a finished table nobody watches (the database keeps it)."""
        if room.status == "finished" and not room.conns and self.rooms.get(room.id) is room:
            del self.rooms[room.id]

    # -- creating ---------------------------------------------------------------------------
    async def create(self, req: m.CreateTable, ready: bool = False) -> Room:
        """A new table (``OptionsError`` for a bad request)."""
        spec = table_spec(req, self.config.default_grace_seconds, self.config.default_turn_seconds)
        status = "waiting" if any(s.kind == "human" for s in spec.seats) else "playing"
        data = TableData(id=new_table_id(), game=spec.game, options=spec.options, seed=spec.seed,
                         settings=spec.settings, status=status, seq=0, seats=spec.seats, ready=ready)
        await self.db.run(Storage.create_table, data)
        room = Room.from_data(data, self.db, self.config)
        self.rooms[room.id] = room
        room.start()
        return room

    async def ensure_ready_table(self) -> Room:
        """The table against bots that ``make run`` offers: an open one, or a new one."""
        table_id = await self.db.run(Storage.ready_table_id)
        if table_id is not None:
            room = await self.get(table_id)
            if room is not None:
                return room
        return await self.create(m.CreateTable(game="zodiac", seats=READY_SEATS), ready=True)

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
        await room.claim(seat, clean, token_hash(token))
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
                seats = [SeatData(s.seat, s.kind, s.bot, s.name, s.token_hash) for s in room.seats]
                status = "playing" if all(s.kind == "bot" or s.token_hash for s in seats) else "waiting"
                data = TableData(id=new_table_id(), game=room.game, options=dict(room.options),
                                 seed=new_seed(), settings=dict(room.settings), status=status, seq=0,
                                 seats=seats, rematch_of=room.id)
                await self.db.run(Storage.link_rematch, room.id, data)
                new = Room.from_data(data, self.db, self.config)
                self.rooms[new.id] = new
                new.start()
                room.rematch = new.id
                room.publish({"kind": "rematch", "table_id": new.id, "url": f"/t/{new.id}"})
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
            if room.status != "finished":
                raise RoomError("not_over", "the game is not over: its record stays secret until then")
            states = self._replays.get(table_id)
            if states is None:
                states = replay_positions(room)
                self._replays[table_id] = states
                while len(self._replays) > REPLAY_CACHE:
                    self._replays.popitem(last=False)
            self._replays.move_to_end(table_id)
            return room, states
        finally:
            self.forget_if_idle(room)


def replay_positions(room: Room) -> list[State]:
    """Every position of a finished game (after 0, 1, … actions), answers written where they were."""
    state = new_state(room.game, room.options, room.seed)
    actions = room.record.actions
    out: list[State] = []
    for idx in range(len(actions) + 1):
        for after, seat, text, _seq in room.answers:
            if after == idx:
                state.write_answer(seat, text)  # type: ignore[attr-defined]
        out.append(state.clone())
        if idx < len(actions):
            state.apply(actions[idx])
    return out
