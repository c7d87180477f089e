"""A table in memory: its game, seats, connections and numbered events.

The :class:`Room` holds what a table is now and composes the pieces that each keep one concern:
its :class:`~furuba.server.seats.Seats`, its :class:`~furuba.server.fanout.Fanout` (event
numbers, connections, recent events) and its :class:`~furuba.server.logdelta.LogDeltas`. What
changes a table lives beside it, one module per concern — ``moves.py`` (actions and written
inputs), ``presence.py`` (connections, seat claims, zombies), ``chat.py`` — and ``driver.py``
runs its bots and clocks.

Every change happens under the room's lock, is written to the database first (actions, written
inputs, chat, seat claims), then numbered and sent: each connection gets only the views of the
seats it holds (a spectator the public view). States are never changed in place — an action
applies to a clone that replaces the current state once stored — so the states kept beside recent
events stay as they were, for clients that reconnect.

The room owns its state changes: its fields are read-only outside this module, and each change —
an action taken or taken back, the game started, finished or abandoned, a chat line, a rematch —
is one of its methods, named after what it means (``tests/server/test_room_boundary.py`` checks
that no other module assigns them). Its :attr:`Room.settings` are typed
(:class:`~furuba.server.messages.Settings`), read once from what the database keeps.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import InitVar, dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from furuba import games
from furuba.core.protocol import State
from furuba.core.record import GameRecord, WrittenInput
from furuba.server import messages as m
from furuba.server.conn import Conn
from furuba.server.fanout import Fanout, viewers
from furuba.server.lessons import with_lesson
from furuba.server.logdelta import LogDeltas
from furuba.server.moderation.chat_filter import visible_chat
from furuba.server.seats import Seats
from furuba.server.storage import ABANDONED, TableData
from furuba.server.undo import LastAction, refusal
from furuba.spec import GameSpec
from furuba.tables.kit import WebKit
from furuba.tables.logmarks import Viewer

if TYPE_CHECKING:
    from furuba.server.config import ServerConfig
    from furuba.server.metrics import Metrics

log = logging.getLogger("furuba.server")
T = TypeVar("T")


class Store(Protocol):
    """Where a table writes (:class:`~furuba.server.database.Database`, or a fenced one when
    several processes share it: see :class:`~furuba.server.cluster.leases.Fenced`)."""

    @property
    def metrics(self) -> Metrics: ...

    async def run(self, fn: Callable[..., T], *args: Any) -> T: ...


UNNAMED_SETTINGS: Mapping[str, Any] = MappingProxyType(
    {"turn_seconds": None, "grace_seconds": None, "chat": True, "hints": True})
"""What a stored table's settings mean when they do not name one of these (a table stored
without them: no turn timer, no grace period, chat and hints on)."""


def settings_of(stored: Mapping[str, Any]) -> m.Settings:
    """A table's settings as the database keeps them, typed.

    >>> s = settings_of({"turn_seconds": 30, "grace_seconds": 60, "chat": True, "hints": False})
    >>> s.turn_seconds, s.rated, s.pace
    (30, False, 'live')
    >>> settings_of({}).chat
    True
    """
    return m.Settings.model_validate({**UNNAMED_SETTINGS, **stored})


@dataclass(eq=False)
class Room:
    """One table (see the module docstring). Its fields are read-only outside this module:
    what changes them are its methods."""

    id: str
    game: str
    options: dict[str, Any]
    """The stored options (``players`` included), as the table was created with them."""
    seed: int
    stored_settings: Mapping[str, Any]
    """The settings as the database keeps them (a rematch's are made of them); read them typed,
    as :attr:`settings`."""
    status: str
    seats: Seats
    state: State
    record: GameRecord
    """Options + seed + actions + written inputs: what the database holds, in memory."""
    db: Store
    config: ServerConfig
    start_seq: InitVar[int] = 0
    """The number of the table's last event when it was loaded."""
    rematch_of: str | None = None
    rematch: str | None = None
    ready: bool = False
    version: int = 0
    """Bumped at every change of :attr:`state` (log marks and stale views are told by it)."""
    state_seq: int = 0
    """``seq`` of the last change of the state: an ``act`` that has not seen it is stale."""
    turn_since: float = 0.0
    """Loop time at which the current decision began (bot delay and turn timer count from it)."""
    created_at: float = 0.0
    """Wall-clock time the table was made."""
    turn_at: float = 0.0
    """Wall-clock time the current decision began, as stored (a correspondence table's clock
    goes on from it when the table is loaded again)."""
    on_change: Callable[[bool, bool], None] | None = None
    """Told ``(lobby, turns)`` when the table changed what the lobby or its players' turns show
    (the hub's :meth:`~furuba.server.hub.Hub.changed`)."""
    actors: list[tuple[int, str]] = field(default_factory=list)
    """Who took each action of :attr:`record` and how: (seat, ``human``, ``bot`` or ``zombie``)."""
    last: LastAction | None = None
    """The record's last action as an undo needs it, when known (tables with ``undo`` on)."""
    hint_cache: dict[tuple[int, str], tuple[int, str, list[Any]]] = field(default_factory=dict)
    """Per (seat, language): (state version, who, suggestions) of the last hint, for the same
    position (its reasons are words in that language)."""
    closed: bool = False
    task: asyncio.Task[None] | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    """Set whenever something changed that the table's driver may have to act on."""
    spec: GameSpec = field(init=False)
    settings: m.Settings = field(init=False)
    """The table's settings, typed (:func:`settings_of` of :attr:`stored_settings`)."""
    chat: deque[m.ChatLine] = field(init=False)
    deltas: LogDeltas = field(init=False)
    fanout: Fanout = field(init=False)

    def __post_init__(self, start_seq: int) -> None:
        self.spec = games.spec(self.game)
        self.settings = settings_of(self.stored_settings)
        self.chat = deque(maxlen=self.config.chat_history)
        self.deltas = LogDeltas(self.config.resend_limit + 2)
        self.fanout = Fanout(self, self.config, start_seq)

    # -- what every piece reads ---------------------------------------------------------------
    @property
    def seq(self) -> int:
        """The number of the table's last event."""
        return self.fanout.seq

    @property
    def epoch(self) -> str:
        return self.fanout.epoch

    @property
    def conns(self) -> set[Conn]:
        return self.fanout.conns

    @property
    def current_player(self) -> int | None:
        return self.state.current_player if self.status == "playing" else None

    def changed(self, lobby: bool) -> None:
        """The game moved on or the seats changed: the turns of the accounts sitting here may
        have, and — when ``lobby`` and the table is public — its line in the lobby."""
        if self.on_change is None:
            return
        turns = any(s.account_id is not None for s in self.seats)
        listed = lobby and self.settings.public
        if turns or listed:
            self.on_change(listed, turns)

    @property
    def correspondence(self) -> bool:
        """Players come and go over days: clocks run with nobody connected."""
        return self.settings.pace == "correspondence"

    @property
    def turn_limit(self) -> float | None:
        """Seconds a player has for a decision (``None``: no limit): the turn timer, or a
        correspondence table's hours per move."""
        hours = self.settings.move_hours
        if self.correspondence and hours:
            return float(hours) * 3600.0
        turn = self.settings.turn_seconds
        return float(turn) if turn else None

    def clocks_run(self) -> bool:
        """Whether zombies and turn timers run: a human is here, the table has none, or it is
        played by correspondence."""
        return self.correspondence or self.seats.active()

    # -- what changes the table (the lock is held) ---------------------------------------------
    def new_decision(self, now: float | None = None) -> None:
        """A decision begins now (the bot delay and the turn timer count from here); ``now``:
        the loop's time, when the caller has it."""
        self.turn_since = asyncio.get_running_loop().time() if now is None else now

    def decision_began_at(self, wall: float) -> None:
        """The current decision began at the wall-clock time ``wall`` (it went on while no
        process drove the table)."""
        self.turn_since = asyncio.get_running_loop().time() - max(0.0, time.time() - wall)

    def delay_decision(self, seconds: float) -> None:
        """Count the current decision from ``seconds`` from now (a bot's move that could not
        be stored is tried again then)."""
        self.turn_since = asyncio.get_running_loop().time() + seconds

    def start(self) -> None:
        """The game starts: every seat is taken, and the first decision begins now."""
        self.status = "playing"
        self.new_decision()
        self.turn_at = time.time()

    def abandon(self) -> None:
        """The table is over without its game (abandoned, or lost on time): stored so already."""
        self.status = ABANDONED
        self.hint_cache.clear()

    def took(self, seat: int, action: int, by: str, new: State, seq: int) -> tuple[State, int]:
        """``seat`` took ``action`` (``by``: ``human``, ``bot`` or ``zombie``), stored as event
        ``seq``: ``new`` is the state now, and the game is over when it is terminal; the state
        (and version) it was taken in is returned, the base of the views' log deltas."""
        base = (self.state, self.version)
        self.last = LastAction(len(self.record.actions), *base) if self.settings.undo else None
        self.record.actions.append(action)
        self.actors.append((seat, by))
        self._advance(new, seq)
        self.state_seq = seq
        if new.is_terminal():
            self.status = "finished"
        self.new_decision()
        return base

    def took_back(self, restored: State, seq: int) -> None:
        """The last action was taken back, stored as event ``seq``: ``restored`` (the state it
        was taken in) is the state again."""
        self.record.actions.pop()
        self.actors.pop()
        self.last = None
        self._advance(restored, seq)
        self.state_seq = seq
        self.new_decision()

    def wrote(self, written: WrittenInput, new: State, seq: int) -> tuple[State, int]:
        """A written input was stored as event ``seq``: ``new`` keeps it. It changes no rule, so
        it does not make earlier positions stale (:attr:`state_seq`). Returns the state (and
        version) before, the base of the views' log deltas."""
        base = (self.state, self.version)
        self.record.written.append(written)
        self._advance(new, seq)
        return base

    def _advance(self, new: State, seq: int) -> None:
        """``new`` (stored) becomes the state, at event ``seq``."""
        self.state = new
        self.version += 1
        self.fanout.advance_to(seq)

    def remember_last(self, last: LastAction) -> None:
        """Keep what an undo of the record's last action needs (worked out by replaying)."""
        self.last = last

    def said(self, line: m.ChatLine) -> None:
        """A chat line was stored as its event (``line.seq``): the room keeps it for snapshots."""
        self.chat.append(line)
        self.fanout.advance_to(line.seq)

    def rematched(self, table_id: str) -> None:
        """The rematch of this table is ``table_id``."""
        self.rematch = table_id

    def report_changes(self, on_change: Callable[[bool, bool], None]) -> None:
        """Tell ``on_change`` what the table changes (see :attr:`on_change`)."""
        self.on_change = on_change

    def continue_events(self, epoch: str, seq: int) -> None:
        """Go on numbering from where another process left the table (its epoch and event)."""
        self.fanout.resume(epoch, seq)

    def run(self, work: Coroutine[Any, Any, None]) -> None:
        """Start the table's task (its driver) with ``work`` (needs a running loop)."""
        self.task = asyncio.get_running_loop().create_task(work, name=f"room-{self.id}")

    def halt(self) -> None:
        """Stop driving the table: its task ends at its next look (another process will drive
        it, or the server stops)."""
        self.closed = True
        self.wake.set()

    # -- what clients get ---------------------------------------------------------------------
    def table_out(self) -> m.TableOut:
        """The table's public description (no secret in it)."""
        return m.TableOut(
            id=self.id, game=self.game, title=self.spec.title, frontend=self.spec.kit_or(WebKit()).frontend,
            players=self.state.num_players,
            options=dict(self.options), status=self.status, seats=self.seats.describe(),
            settings=self.settings, seq=self.seq, current_player=self.current_player,
            result=result_of(self.state), rematch=self.rematch, rematch_of=self.rematch_of,
            url=f"/t/{self.id}",
            replay_url=f"/replay/{self.id}" if self.status == "finished" else None)

    def timer(self, now: float | None = None) -> m.Timer | None:
        """The clock a player should see: the turn timer, else the soonest grace period."""
        if self.status != "playing":
            return None
        now = asyncio.get_running_loop().time() if now is None else now
        turn = self.turn_limit
        p = self.state.current_player
        seat = self.seats[p] if 0 <= p < len(self.seats) else None
        if turn and seat is not None and seat.kind == "human" and not seat.zombie \
                and self.clocks_run():
            return m.Timer(seat=p, kind="turn",
                           ms_left=max(0, int((self.turn_since + turn - now) * 1000)))
        grace = self.settings.grace_seconds
        waiting = self.seats.grace_deadlines(grace) if grace is not None else []
        if not waiting:
            return None
        due, seat_no = min(waiting)
        return m.Timer(seat=seat_no, kind="grace", ms_left=max(0, int((due - now) * 1000)))

    def view_entry(self, seat: Viewer, state: State, version: int,
                   base: tuple[State, int] | None) -> m.ViewEntry:
        """``seat``'s view of ``state``, its log as a delta from ``base`` (``None``: whole), and
        — when ``state`` is the current one — its legal actions as data if ``seat`` must decide,
        and whether it may take back its last action."""
        view, log = self.deltas.render(seat, state, version, base)
        view = with_lesson(self.spec, self.stored_settings, seat, state, view)
        legal: list[m.LegalAction] = []
        current = seat is not None and self.status == "playing" and version == self.version
        if current and state.current_player == seat:
            legal = [m.LegalAction.of(info) for info in state.legal_action_infos()]
        undo = current and seat is not None and self.settings.undo and refusal(self, seat) is None
        return m.ViewEntry(seat=seat, view=view, log=log, legal=legal, undo=undo)

    def snapshot(self, conn: Conn) -> m.Snapshot:
        """The whole table now, as ``conn`` may see it."""
        return m.Snapshot(seq=self.seq, epoch=self.epoch, table=self.table_out(),
                          views=[self.view_entry(k, self.state, self.version, None)
                                 for k in viewers(conn)],
                          chat=visible_chat(self, conn), timer=self.timer())

    async def stop(self, reason: str = "the server is restarting") -> None:
        """Stop the table's task and close its connections (the server is shutting down, or
        another process drives the table now)."""
        self.halt()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        for conn in list(self.conns):
            conn.close(1012, reason)


def result_of(state: State) -> m.Result | None:
    """The result of a finished game (``None`` while it is being played)."""
    if not state.is_terminal():
        return None
    returns = state.returns()
    return m.Result(returns=returns, scores=state.scores(),
                    winners=[p for p, r in enumerate(returns) if r > 0])


def record_of(data: TableData) -> GameRecord:
    """The game record of a stored table (a written input stored without its name is the
    game's first)."""
    spec = games.spec(data.game)
    first = spec.written[0].name if spec.written else ""
    return GameRecord(data.game, dict(data.options), data.seed,
                      [action for _seat, action, _by in data.actions],
                      [WrittenInput(w.after, w.seat, w.name or first, w.text) for w in data.written])


def room_from_data(data: TableData, db: Store, config: ServerConfig) -> Room:
    """Rebuild a table from what the database holds: its record replayed to where it was."""
    record = record_of(data)
    state = record.replay()
    room = Room(id=data.id, game=data.game, options=dict(data.options), seed=data.seed,
                stored_settings=MappingProxyType(dict(data.settings)), status=data.status,
                seats=Seats.from_data(data.seats), state=state, record=record, db=db,
                config=config, start_seq=data.seq, rematch_of=data.rematch_of, rematch=data.rematch,
                ready=data.ready, state_seq=data.seq, created_at=data.created_at or time.time(),
                turn_at=data.turn_at, actors=[(seat, by) for seat, _action, by in data.actions])
    room.chat.extend(m.ChatLine(seq=q, seat=s, name=n, text=t, at=int(at * 1000))
                     for q, s, n, t, at in data.chat)
    if room.status == "finished" and not state.is_terminal():  # pragma: no cover - defensive
        log.error("table %s is marked finished but its record does not end", room.id)
    return room
