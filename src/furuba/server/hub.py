"""All tables of one server: creating them, finding them, rebuilding them after a restart.

At start-up :meth:`Hub.recover` rebuilds every unfinished table from the database (its record —
options, seed, actions and written inputs — replayed) and starts its task; finished tables are
loaded when someone asks for them and forgotten again when their last watcher leaves.

The hub has one code path whether it is alone or one of several processes sharing the database:
its :attr:`Hub.backend` (:mod:`furuba.server.cluster.backend`) decides. Alone, every table is
here; among several (``hub.cluster``, see :mod:`furuba.server.cluster`), the hub holds only the
tables this process drives, :meth:`Hub.locate` says where any other one is, and the requests about
it (:meth:`Hub.describe`, :meth:`Hub.catalog`, :meth:`Hub.join`, :meth:`Hub.bind_seats`: typed
values of :mod:`furuba.server.cluster.calls`) go to the process that drives it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.orm import Session

from furuba import games
from furuba.core.protocol import State
from furuba.server import driver, presence
from furuba.server import messages as m
from furuba.server.accounts.ends import End, Holders, Why
from furuba.server.accounts.store import Account, AccountStore
from furuba.server.bodies import CreateTable
from furuba.server.cluster.backend import Alone, Backend
from furuba.server.cluster.calls import Bind, Call, Catalog, Describe, Join
from furuba.server.cluster.remote import RemoteTable
from furuba.server.conn import Conn
from furuba.server.database import Database
from furuba.server.errors import RoomError
from furuba.server.lessons import after_lessons
from furuba.server.lobby.feeds import Feeds
from furuba.server.models import TableRow
from furuba.server.protocol.events import RematchEvent
from furuba.server.replays import Replays
from furuba.server.rooms import Room, room_from_data
from furuba.server.security import new_seed, new_table_id, new_token, token_hash
from furuba.server.storage import OPEN_STATUSES, Storage, TableData
from furuba.server.tables import table_spec
from furuba.tables.names import clean_name
from furuba.text import _

if TYPE_CHECKING:
    from furuba.server.cluster.node import Cluster
    from furuba.server.config import ServerConfig

log = logging.getLogger("furuba.server")
T = TypeVar("T")


def table_exists(s: Session, table_id: str) -> bool:
    """Is there a table ``table_id`` in the database?"""
    return s.get(TableRow, table_id) is not None


class Hub:
    """The tables of this server, by id."""

    def __init__(self, db: Database, config: ServerConfig) -> None:
        self.db = db
        self.config = config
        self.metrics = db.metrics
        self.rooms: dict[str, Room] = {}
        self.replays = Replays()
        self._cluster: Cluster | None = None
        self.backend: Backend = Alone(self)
        """Where the tables are: this process alone, or its :attr:`cluster`."""
        self.feeds = Feeds(db)
        """The lobby's and the players' live feeds (``lobby/feeds.py``)."""
        self.ends = Holders()
        """The sockets and event streams of this process opened under a session
        (``accounts/ends.py``): :meth:`end_connections` closes them."""

    @property
    def cluster(self) -> Cluster | None:
        """Set when this process is one of several (``--redis-url``): it is then the
        :attr:`backend`."""
        return self._cluster

    @cluster.setter
    def cluster(self, cluster: Cluster | None) -> None:
        self._cluster = cluster
        self.backend = Alone(self) if cluster is None else cluster

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

    async def close(self, reason: str = "the server is restarting") -> None:
        await self.feeds.close()
        for room in list(self.rooms.values()):
            await room.stop(reason)

    def _open(self, room: Room) -> Room:
        self.rooms[room.id] = room
        room.report_changes(self.changed)
        driver.start(room)
        self.backend.adopt(room)
        return room

    def open(self, data: TableData) -> Room:
        """Rebuild the table ``data`` here and start driving it (its writes go where the
        backend says: among several processes, they stop once this one may no longer drive
        it)."""
        return self._open(room_from_data(data, self.backend.store(data.id), self.config))

    # -- where a table is -------------------------------------------------------------------
    async def locate(self, table_id: str) -> Room | RemoteTable | None:
        """The table, here, or where it is driven (several processes), or ``None``."""
        return await self.backend.locate(table_id)

    async def ask(self, table_id: str, request: Call[T]) -> T | None:
        """``request``'s answer from the process driving ``table_id`` (this one included), or
        ``None`` when there is no such table."""
        try:
            return await self.backend.call(table_id, request)
        except RoomError as exc:
            if exc.code == "no_table":
                return None
            raise

    async def exists(self, table_id: str) -> bool:
        return await self.db.run(table_exists, table_id)

    async def open_claimed(self, table_id: str, kept: dict[str, str]) -> Room | None:
        """Open a table whose lease this process just took: from its record, continuing the
        event numbers, epoch and clock another process left in ``kept`` (when they are not
        behind the database)."""
        data = await self.db.run(Storage.load_table, table_id, self.config.chat_history)
        if data is None:
            return None
        room = room_from_data(data, self.backend.store(data.id), self.config)
        if kept.get("epoch") and int(kept.get("seq", -1)) >= data.seq:
            room.continue_events(kept["epoch"], int(kept["seq"]))
        self._open(room)
        if kept.get("turn_at"):
            room.decision_began_at(float(kept["turn_at"]))
        return room

    async def drop(self, table_id: str) -> None:
        """Another process drives ``table_id`` now: stop it here, its sockets reconnect."""
        room = self.rooms.pop(table_id, None)
        if room is not None:
            await room.stop("the table moved to another server process; reconnect")

    async def describe(self, table_id: str) -> m.TableOut | None:
        """``GET /api/tables/{id}``: the table's public description."""
        return await self.ask(table_id, Describe())

    async def catalog(self, table_id: str) -> dict[str, Any] | None:
        """The game's static components at this table (public)."""
        return await self.ask(table_id, Catalog())

    # -- finding ----------------------------------------------------------------------------
    async def get(self, table_id: str) -> Room | None:
        """The table ``table_id`` (loaded from the database if needed), or ``None``."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        if len(table_id) > 64:
            return None
        found = await self.backend.locate(table_id)
        return found if isinstance(found, Room) else None

    def forget_if_idle(self, room: Room) -> None:
        """Drop a finished table nobody watches (the database keeps it)."""
        if room.status not in OPEN_STATUSES and not room.conns and self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            self.backend.released(room)

    # -- creating ---------------------------------------------------------------------------
    async def create(self, req: CreateTable, ready: bool = False, creator: str | None = None,
                     settings: Mapping[str, Any] | None = None,
                     creator_account: int | None = None) -> Room:
        """A new table (``OptionsError`` for a bad request); ``creator``: the hash of its
        creator's address (see :func:`furuba.server.security.address_hash`);
        ``creator_account``: its account, when signed in."""
        spec = table_spec(req, self.config.default_grace_seconds, self.config.default_turn_seconds)
        spec.settings.update(settings or {})   # the server's own settings (a tutorial's)
        status = "waiting" if any(s.kind == "human" for s in spec.seats) else "playing"
        data = TableData(id=new_table_id(), game=spec.game, options=spec.options, seed=spec.seed,
                         settings=spec.settings, status=status, seq=0, seats=spec.seats, ready=ready,
                         creator=creator, creator_account=creator_account)
        await self.db.run(Storage.create_table, data)
        await self.backend.created(data.id)
        room = self.open(data)
        if status == "playing":
            await self.db.run(Storage.set_current, room.id, room.state.current_player)
        return room

    async def ensure_ready_table(self) -> str:
        """The id of the table against bots that ``make run`` offers: an open one, or a new one
        (of ``ServerConfig.ready_game``, else the first registered game, for its default number
        of players: one person and ``ServerConfig.ready_bot`` bots)."""
        table_id = await self.db.run(Storage.ready_table_id)
        if table_id is not None and await self.locate(table_id) is not None:
            return table_id
        game = self.config.ready_game or games.names()[0]
        bots = [self.config.ready_bot] * (games.spec(game).players.default - 1)
        return (await self.create(CreateTable(game=game, seats=["human", *bots]), ready=True)).id

    async def join(self, table_id: str, seat: int, name: str,
                   account: Account | None = None) -> tuple[m.TableOut, str]:
        """Claim ``seat`` (as ``account``, when signed in: under its name): the table now, and
        the new seat token."""
        if account is not None:
            clean = account.name
        elif not name.strip():
            raise RoomError("bad_name", _("name is missing: a guest takes a seat under a "
                                          "name (field 'name'); a signed-in player under "
                                          "their account's"))
        else:
            try:
                clean = clean_name(name)
            except ValueError as exc:
                raise RoomError("bad_name", str(exc)) from None
        token = new_token()
        account_id = account.id if account is not None else None
        out = await self.backend.call(table_id, Join(seat=seat, name=clean,
                                                     hash=token_hash(token), account=account_id))
        return out, token

    async def rematch(self, room: Room, conn: Conn) -> str:
        """The same table again, new deal, same seats (tokens keep working); made once."""
        async with room.lock:
            if room.status != "finished":
                raise RoomError("not_allowed", _("a rematch can start once the game is over"))
            if not conn.seats:
                raise RoomError("not_seated", _("only players can ask for a rematch"))
            if room.rematch is not None:
                existing = room.rematch
            else:
                seats = room.seats.data()
                status = "playing" if all(s.kind == "bot" or s.token_hash for s in seats) \
                    else "waiting"
                data = TableData(id=new_table_id(), game=room.game, options=dict(room.options),
                                 seed=new_seed(), settings=after_lessons(room.stored_settings), status=status,
                                 seq=0, seats=seats, rematch_of=room.id)
                await self.db.run(Storage.link_rematch, room.id, data)
                await self.backend.created(data.id)
                new = self.open(data)
                room.rematched(new.id)
                room.fanout.publish(RematchEvent(table_id=new.id, url=f"/t/{new.id}"))
                return new.id
        return existing

    def changed(self, lobby: bool, turns: bool) -> None:
        """A table changed the lobby or some player's turns: every process's feeds look again
        (this one's at once; with several processes, through Redis)."""
        self.backend.nudge_feeds(lobby, turns)

    # -- accounts ---------------------------------------------------------------------------
    async def accounts_deleted(self, account: Account) -> None:
        """Delete ``account``: its connections close and its seats keep their games under
        "deleted player", at once in every process."""
        await self.db.run(AccountStore.delete, account.id)
        await self.end_connections(account.id, why=Why.DELETED)

    async def end_connections(self, account_id: int, sessions: Collection[str] | None = None, *,
                              keep: str | None = None, why: Why = Why.SIGN_OUT) -> int:
        """Close at once, in every process, the table WebSockets and event streams opened under
        sessions of ``account_id`` that ended; how many this process closed.

        ``sessions``: the ended sessions, each as the SHA-256 of its secret
        (:func:`~furuba.server.accounts.sessions.secret_hash`, as the database keeps it);
        ``None``: every session of the account. ``keep``: a session to leave open (the one that
        changed the password). ``why`` (:class:`~furuba.server.accounts.ends.Why`) names the
        reason the sockets' close frames give (close code 4401) and the security event; with
        ``Why.DELETED`` the account's seats at every process's tables are also named "deleted
        player". End the sessions in the database first: a socket checked just before is closed
        as soon as it is held. A ban calls ``end_connections(account_id, why=Why.BANNED)``.
        """
        end = End(account_id, frozenset(sessions) if sessions is not None else None, keep, why)
        self.backend.end_connections(end)
        return await self.connections_ended(end)

    async def sweep_sessions(self) -> int:
        """Close this process's connections whose session expired (or ended without anyone
        saying so); how many were closed."""
        held = self.ends.sessions()
        live = await self.db.run(AccountStore.live_sessions, sorted(held))
        closed = 0
        for session in sorted(set(held) - live):
            closed += self.ends.end(End(held[session], frozenset({session}), why=Why.EXPIRED))
        return closed

    async def sweep_sessions_every(self, seconds: float) -> None:
        """:meth:`sweep_sessions` every ``seconds``, until cancelled."""
        while True:
            await asyncio.sleep(seconds)
            try:
                await self.sweep_sessions()
            except Exception:   # the database away for a moment: the next sweep tries again
                log.exception("sweeping the expired sessions' connections failed")

    async def connections_ended(self, end: End) -> int:
        """This process's part of :meth:`end_connections` (also when another process asks)."""
        closed = self.ends.end(end)
        if end.why is Why.DELETED:
            for room in list(self.rooms.values()):
                await presence.forget_account(room, end.account_id)
        return closed

    async def bind_seats(self, table_id: str, token: str, account: Account) -> list[int]:
        """Keep the seats that ``token`` holds at ``table_id`` under ``account`` (a guest who
        signs in keeps the seats they took); the seats it holds there now (none for a table
        that is gone or a token that holds nothing)."""
        if len(table_id) > 64:
            return []
        found = await self.ask(table_id, Bind(hash=token_hash(token), account=account.id,
                                              name=account.name))
        return [] if found is None else found

    # -- replays ----------------------------------------------------------------------------
    async def replay_states(self, table_id: str) -> tuple[Room, list[State]]:
        """A finished game and its positions, from the deal to the end (a finished game never
        changes: any process reads it from the database)."""
        room = self.rooms.get(table_id)
        if room is None:   # read as stored, not opened here
            if len(table_id) > 64:
                raise RoomError("no_table", _("there is no such table"))
            data = await self.db.run(Storage.load_table, table_id, self.config.chat_history)
            if data is None:
                raise RoomError("no_table", _("there is no such table"))
            stored = room_from_data(data, self.db, self.config)
            return stored, self.replays.positions(stored)
        try:
            return room, self.replays.positions(room)
        finally:
            self.forget_if_idle(room)
