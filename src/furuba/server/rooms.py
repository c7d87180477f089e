"""A table in memory: its game, seats, connections and numbered events.

The :class:`Room` alone changes a table. Every change happens under the room's lock, is written to
the database first (actions, answers, chat, seat claims), then numbered and sent: each connection
gets only the views of the seats it holds (a spectator the public view). States are never changed
in place — an action applies to a clone that replaces the current state once stored — so the
states kept beside recent events stay as they were, for clients that reconnect.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from furuba.core.errors import FurubaError, IllegalActionError
from furuba.core.protocol import State
from furuba.core.record import GameRecord
from furuba.server import messages as m
from furuba.server.storage import Database, SeatData, Storage, TableData
from furuba.server.tables import TITLES, new_state
from furuba.server.throttle import TokenBucket

if TYPE_CHECKING:
    from furuba.server.config import ServerConfig

log = logging.getLogger("furuba.server")
_conn_ids = itertools.count(1)


class RoomError(Exception):
    """A refusal sent to one client as an ``error`` message (nothing changed)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Seat:
    """A seat at the table, as the room keeps it."""

    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    zombie: bool = False
    connections: int = 0
    gone_since: float | None = None
    """Loop time at which the seat's last connection closed (grace period)."""

    @property
    def claimed(self) -> bool:
        return self.kind == "bot" or self.token_hash is not None


class Conn:
    """The server's half of one WebSocket: the seats it holds and its queue of outgoing frames."""

    def __init__(self, seats: tuple[int, ...], config: ServerConfig, now: float) -> None:
        self.id = next(_conn_ids)
        self.seats = seats
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.bucket = TokenBucket(config.rate_per_second, config.burst, now)
        self.max_outbox = config.max_outbox
        self.dropped = 0
        self.last_throttle_notice = -1e9
        self.closing = False
        self.hinting = False
        self.close_code = 1000
        self.close_reason = ""

    def send(self, text: str) -> None:
        """Queue a frame; a client that cannot keep up is disconnected (it will resync)."""
        if self.closing:
            return
        if self.outbox.qsize() >= self.max_outbox:
            self.close(1013, "too many unsent messages; reconnect")
            return
        self.outbox.put_nowait(text)

    def send_model(self, message: BaseModel) -> None:
        self.send(m.dump(message))

    def close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = True
            self.close_code = code
            self.close_reason = reason
            self.outbox.put_nowait(None)


@dataclass(frozen=True, slots=True)
class LogMark:
    """Where a viewer's log ended at one state version: what the next log delta continues."""

    length: int = 0
    """How many entries the log held."""
    public: int = 0
    """The number ``n`` of its last public entry (0: none yet)."""
    tail: tuple[Any, ...] = ()
    """The (private) entries after that public entry: a client holding the log holds them."""

    def extend(self, fresh: list[Any]) -> LogMark:
        """The mark after ``fresh``: the log after public entry :attr:`public`, whose first
        entries are :attr:`tail` (see :meth:`furuba.core.protocol.State.view`)."""
        for i in range(len(fresh) - 1, -1, -1):
            entry = fresh[i]
            if isinstance(entry, dict) and "n" in entry:
                return LogMark(self.length + len(fresh) - len(self.tail), int(entry["n"]),
                               tuple(fresh[i + 1:]))
        return LogMark(self.length + len(fresh) - len(self.tail), self.public, tuple(fresh))


def _pop_log(view: dict[str, Any]) -> list[Any]:
    """Take the log out of a view (the view is sent without it)."""
    entries = view.pop("log", [])
    return entries if isinstance(entries, list) else []


@dataclass
class Recent:
    """A recent event, kept so that a reconnecting client can get what it missed."""

    seq: int
    body: dict[str, Any]
    state: State
    version: int
    """The state (and its version) current right after this event."""
    with_views: bool = False
    with_table: bool = False
    actor: int | None = None
    action: m.LegalAction | None = None
    """The action's name: sent only to connections holding ``actor``'s seat."""


@dataclass
class Room:
    """One table (see the module docstring)."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    settings: dict[str, Any]
    status: str
    seats: list[Seat]
    state: State
    record: GameRecord
    db: Database
    config: ServerConfig
    seq: int = 0
    rematch_of: str | None = None
    rematch: str | None = None
    ready: bool = False
    answers: list[tuple[int, int, str, int]] = field(default_factory=list)
    chat: deque[m.ChatLine] = field(default_factory=deque)
    epoch: str = field(default_factory=lambda: secrets.token_hex(4))
    version: int = 0
    state_seq: int = 0
    """``seq`` of the last action: an ``act`` that has not seen it is stale."""
    conns: set[Conn] = field(default_factory=set)
    recent: deque[Recent] = field(default_factory=deque)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    turn_since: float = 0.0
    """Loop time at which the current decision began (bot delay and turn timer count from it)."""
    logs: dict[int | None, dict[int, LogMark]] = field(default_factory=dict)
    """Per viewer, per state version: where that view's log ended, for log deltas."""
    hint_cache: dict[int, tuple[int, str, list[Any]]] = field(default_factory=dict)
    """Per seat: (state version, who, suggestions) of the last hint, for the same position."""
    closed: bool = False
    task: asyncio.Task[None] | None = None

    # -- building ---------------------------------------------------------------------------
    @classmethod
    def from_data(cls, data: TableData, db: Database, config: ServerConfig) -> Room:
        """Rebuild a table from what the database holds: replay options + seed + actions, with
        the True Friends answers written where they were."""
        state = new_state(data.game, data.options, data.seed)
        answers = list(data.answers)
        pending = deque(answers)
        actions: list[int] = []
        for idx, (_seat, action, _by) in enumerate(data.actions):
            while pending and pending[0][0] == idx:
                _write_answer(state, pending.popleft())
            state.apply(action)
            actions.append(action)
        while pending:
            _write_answer(state, pending.popleft())
        seats = [Seat(s.seat, s.kind, s.bot, s.name, s.token_hash) for s in data.seats]
        room = cls(id=data.id, game=data.game, options=dict(data.options), seed=data.seed,
                   settings=dict(data.settings), status=data.status, seats=seats, state=state,
                   record=GameRecord(data.game, dict(data.options), data.seed, actions), db=db,
                   config=config, seq=data.seq, rematch_of=data.rematch_of, rematch=data.rematch,
                   ready=data.ready, answers=answers)
        room.chat.extend(m.ChatLine(seq=q, seat=s, name=n, text=t, at=int(at * 1000))
                         for q, s, n, t, at in data.chat[-config.chat_history:])
        room.state_seq = room.seq
        if room.status == "finished" and not state.is_terminal():  # pragma: no cover - defensive
            log.error("table %s is marked finished but its record does not end", room.id)
        return room

    def start(self) -> None:
        """Start the task that plays bots and runs timers (needs a running loop)."""
        from furuba.server.driver import drive

        now = asyncio.get_running_loop().time()
        self.turn_since = now
        for seat in self.seats:
            if seat.kind == "human" and seat.claimed and seat.connections == 0:
                seat.gone_since = now
        self.remember(self.seq, {"kind": "start"})
        if self.task is None and self.status != "finished":
            self.task = asyncio.get_running_loop().create_task(drive(self), name=f"room-{self.id}")

    async def stop(self) -> None:
        self.closed = True
        self.wake.set()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        for conn in list(self.conns):
            conn.close(1012, "the server is restarting")

    # -- public description -----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.state.current_player if self.status == "playing" else None

    def result(self) -> m.Result | None:
        if not self.state.is_terminal():
            return None
        returns = self.state.returns()
        return m.Result(returns=returns, scores=self.state.scores(),
                        winners=[p for p, r in enumerate(returns) if r > 0])

    def table_out(self) -> m.TableOut:
        """The table's public description (no secret in it)."""
        return m.TableOut(
            id=self.id, game=self.game, title=TITLES.get(self.game, self.game),
            players=self.state.num_players, options=dict(self.options), status=self.status,
            seats=[m.SeatOut(seat=s.seat, kind=s.kind, bot=s.bot, name=s.name,
                             claimed=s.claimed, connected=s.kind == "bot" or s.connections > 0,
                             zombie=s.zombie) for s in self.seats],
            settings=m.Settings(**self.settings), seq=self.seq, current_player=self.current_player,
            result=self.result(), rematch=self.rematch, rematch_of=self.rematch_of,
            url=f"/t/{self.id}",
            replay_url=f"/replay/{self.id}" if self.status == "finished" else None)

    def humans_connected(self) -> bool:
        return any(s.kind == "human" and s.connections > 0 for s in self.seats)

    def has_humans(self) -> bool:
        return any(s.kind == "human" for s in self.seats)

    def active(self) -> bool:
        """Whether zombies and turn timers run: a human is here, or the table has none."""
        return self.humans_connected() or not self.has_humans()

    def timer(self, now: float | None = None) -> m.Timer | None:
        """The clock a player should see: the turn timer, else the soonest grace period."""
        if self.status != "playing":
            return None
        now = asyncio.get_running_loop().time() if now is None else now
        turn = self.settings.get("turn_seconds")
        p = self.state.current_player
        seat = self.seats[p] if 0 <= p < len(self.seats) else None
        if turn and seat is not None and seat.kind == "human" and not seat.zombie and self.active():
            return m.Timer(seat=p, kind="turn", ms_left=max(0, int((self.turn_since + turn - now) * 1000)))
        grace = self.settings.get("grace_seconds")
        if grace is None:
            return None
        waiting = [(s.gone_since + grace, s.seat) for s in self.seats
                   if s.kind == "human" and s.claimed and not s.zombie and s.connections == 0
                   and s.gone_since is not None]
        if not waiting:
            return None
        due, seat_no = min(waiting)
        return m.Timer(seat=seat_no, kind="grace", ms_left=max(0, int((due - now) * 1000)))

    # -- seats and tokens -------------------------------------------------------------------
    def seats_for(self, hashes: Iterable[str]) -> tuple[list[int], int]:
        """The seats whose tokens have these hashes, and how many hashes matched none."""
        from furuba.server.security import same_hash

        held: list[int] = []
        bad = 0
        for h in hashes:
            match = [s.seat for s in self.seats if same_hash(s.token_hash, h)]
            if match:
                held.extend(x for x in match if x not in held)
            else:
                bad += 1
        return sorted(held), bad

    def pick_seat(self, conn: Conn, wanted: int | None) -> int:
        """The seat a message acts for: the one named, the connection's only one, or the one of
        its seats that must decide now."""
        if not conn.seats:
            raise RoomError("not_seated", "you hold no seat at this table (you are watching)")
        if wanted is not None:
            if wanted not in conn.seats:
                raise RoomError("not_seated", f"you do not hold seat {wanted}")
            return wanted
        if len(conn.seats) == 1:
            return conn.seats[0]
        current = self.state.current_player
        if current in conn.seats:
            return current
        raise RoomError("not_seated", "say which of your seats (field 'seat')")

    # -- views ------------------------------------------------------------------------------
    def view_entry(self, seat: int | None, state: State, version: int,
                   base: tuple[State, int] | None) -> m.ViewEntry:
        """``seat``'s view of ``state`` with its log as a delta from ``base`` (``None``: whole).

        The game renders only the log after the last public entry ``base``'s log held
        (``view(seat, log_from=k)``); the private entries at the head of that tail that the client
        already holds are skipped, so the delta is exactly what was appended since ``base``. At
        the end of the game the whole log is sent again (everything becomes public).
        """
        prev = None
        if base is not None and not state.is_terminal():
            prev = self._mark_of(seat, *base)
        view: dict[str, Any] | None = None
        start, entries, mark = 0, [], LogMark()
        if prev is not None:
            view = state.view(seat, log_from=prev.public)
            fresh = _pop_log(view)
            skip = len(prev.tail)
            if tuple(fresh[:skip]) == prev.tail:
                start, entries, mark = prev.length, fresh[skip:], prev.extend(fresh)
            else:  # pragma: no cover - a viewer's log only grows until the game is over
                view = None
        if view is None:
            view = state.view(seat)
            entries = _pop_log(view)
            mark = LogMark().extend(entries)
        self._keep_mark(seat, version, mark)
        legal: list[m.LegalAction] = []
        if seat is not None and self.status == "playing" and state.current_player == seat \
                and version == self.version:
            legal = [m.LegalAction(id=a, name=state.action_to_string(a)) for a in state.legal_actions()]
        return m.ViewEntry(seat=seat, view=view, log=m.LogDelta(start=start, entries=entries),
                           legal=legal)

    def _mark_of(self, seat: int | None, state: State, version: int) -> LogMark:
        """Where ``seat``'s log ended at ``version`` (rendered whole when no longer known)."""
        mark = self.logs.get(seat, {}).get(version)
        if mark is None:
            mark = LogMark().extend(_pop_log(state.view(seat)))
            self._keep_mark(seat, version, mark)
        return mark

    def _keep_mark(self, seat: int | None, version: int, mark: LogMark) -> None:
        """Remember a log mark; a viewer keeps as many as a resend can reach back."""
        marks = self.logs.setdefault(seat, {})
        marks[version] = mark
        while len(marks) > self.config.resend_limit + 2:
            del marks[next(iter(marks))]

    def _keys(self, conn: Conn) -> list[int | None]:
        return list(conn.seats) if conn.seats else [None]

    # -- events -----------------------------------------------------------------------------
    def remember(self, seq: int, body: dict[str, Any], **extra: Any) -> Recent:
        entry = Recent(seq=seq, body=body, state=self.state, version=self.version, **extra)
        self.recent.append(entry)
        while len(self.recent) > self.config.event_buffer:
            self.recent.popleft()
        return entry

    def publish(self, body: dict[str, Any], *, views: bool = False, table: bool = False,
                actor: int | None = None, action: m.LegalAction | None = None,
                base: tuple[State, int] | None = None, seq: int | None = None) -> None:
        """Number an event (unless ``seq`` was already taken for it) and send it to everyone."""
        if seq is None:
            self.seq += 1
            seq = self.seq
        entry = self.remember(seq, body, with_views=views, with_table=table, actor=actor,
                              action=action)
        cache: dict[int | None, m.ViewEntry] = {}
        texts: dict[tuple[int, ...], str] = {}
        for conn in list(self.conns):
            text = texts.get(conn.seats)
            if text is None:
                text = m.dump_event(self._event_message(entry, conn.seats, cache, base))
                texts[conn.seats] = text
            conn.send(text)

    def _event_message(self, entry: Recent, seats: tuple[int, ...],
                       cache: dict[int | None, m.ViewEntry] | None,
                       base: tuple[State, int] | None) -> m.Event:
        body = dict(entry.body)
        if entry.action is not None and entry.actor in seats:
            body["action"] = entry.action.model_dump()
        msg = m.Event(seq=entry.seq, event=body)
        if entry.with_views:
            keys: list[int | None] = list(seats) if seats else [None]
            out = []
            for key in keys:
                view = cache.get(key) if cache is not None else None
                if view is None:
                    view = self.view_entry(key, entry.state, entry.version, base)
                    if cache is not None:
                        cache[key] = view
                out.append(view)
            msg.views = out
            status = "finished" if entry.state.is_terminal() else "playing"
            msg.status = status
            msg.current_player = entry.state.current_player if status == "playing" else None
            msg.timer = self.timer() if entry.version == self.version else None
        if entry.with_table:
            msg.table = self.table_out()
            msg.timer = self.timer()
        return msg

    def snapshot(self, conn: Conn) -> m.Snapshot:
        return m.Snapshot(seq=self.seq, epoch=self.epoch, table=self.table_out(),
                          views=[self.view_entry(k, self.state, self.version, None)
                                 for k in self._keys(conn)],
                          chat=list(self.chat), timer=self.timer())

    def resend(self, conn: Conn, last_seq: int) -> bool:
        """Send ``conn`` the events after ``last_seq``; ``False`` when they are no longer kept."""
        if last_seq > self.seq or self.seq - last_seq > self.config.resend_limit:
            return False
        kept = {e.seq: e for e in self.recent}
        base_event = kept.get(last_seq)
        if base_event is None:
            return False
        missed = [e for e in self.recent if e.seq > last_seq]
        if len(missed) != self.seq - last_seq:
            return False
        base: tuple[State, int] = (base_event.state, base_event.version)
        for entry in missed:
            conn.send(m.dump_event(self._event_message(entry, conn.seats, None, base)))
            if entry.with_views:
                base = (entry.state, entry.version)
        return True

    # -- connections ------------------------------------------------------------------------
    async def attach(self, conn: Conn, bad_tokens: int, last_seq: int | None,
                     epoch: str | None) -> None:
        """Greet a new connection: ``welcome``, then a snapshot or the events it missed."""
        async with self.lock:
            self.conns.add(conn)
            resync = "snapshot"
            if last_seq is not None and epoch == self.epoch:
                resync = "none" if last_seq == self.seq else "events"
            returned = []
            for seat_no in conn.seats:
                seat = self.seats[seat_no]
                seat.connections += 1
                seat.gone_since = None
                if seat.connections == 1:
                    returned.append(seat_no)
                if seat.zombie:
                    seat.zombie = False
                    self._new_decision()
            welcome = m.Welcome(table_id=self.id, seats=list(conn.seats), bad_tokens=bad_tokens,
                                epoch=self.epoch, seq=self.seq, resync=resync)
            if resync == "events":
                probe = Conn(conn.seats, self.config, 0.0)
                if not self.resend(probe, last_seq or 0):
                    welcome.resync = "snapshot"
                    resync = "snapshot"
                conn.send_model(welcome)
                if resync == "events":
                    while not probe.outbox.empty():
                        text = probe.outbox.get_nowait()
                        if text is not None:
                            conn.send(text)
            else:
                conn.send_model(welcome)
            if resync == "snapshot":
                conn.send_model(self.snapshot(conn))
            if returned:
                self.publish({"kind": "table", "reason": "connect", "seat": returned[0]}, table=True)
            self.wake.set()

    async def detach(self, conn: Conn) -> None:
        async with self.lock:
            if conn not in self.conns:
                return
            self.conns.discard(conn)
            now = asyncio.get_running_loop().time()
            left = []
            for seat_no in conn.seats:
                seat = self.seats[seat_no]
                seat.connections = max(0, seat.connections - 1)
                if seat.connections == 0:
                    seat.gone_since = now
                    left.append(seat_no)
            if left and self.status != "finished":
                self.publish({"kind": "table", "reason": "disconnect", "seat": left[0]}, table=True)
            self.wake.set()

    async def sync(self, conn: Conn, last_seq: int) -> None:
        """A client saw a gap: the missed events, or a snapshot."""
        async with self.lock:
            if not self.resend(conn, last_seq):
                conn.send_model(self.snapshot(conn))

    # -- changes ----------------------------------------------------------------------------
    def _new_decision(self) -> None:
        self.turn_since = asyncio.get_running_loop().time()

    async def commit_action(self, seat: int, action: int, by: str) -> None:
        """Store, then apply and announce ``action`` for ``seat`` (the lock is held)."""
        if self.state.current_player != seat:
            raise RoomError("not_your_turn", "it is not this seat's turn")
        if action not in self.state.legal_actions():
            raise RoomError("illegal", f"action {action} is not legal now")
        name = self.state.action_to_string(action)
        new = self.state.clone()
        new.apply(action)
        idx = len(self.record.actions)
        seq = self.seq + 1
        finished = record = None
        if new.is_terminal():
            returns = new.returns()
            finished = {"returns": returns, "scores": new.scores(),
                        "winners": [p for p, r in enumerate(returns) if r > 0]}
            record = {**self.record.to_json(), "actions": [*self.record.actions, action],
                      "answers": [list(a[:3]) for a in self.answers]}
        try:
            await self.db.run(Storage.append_action, self.id, idx, seq, seat, action, by,
                              finished, record)
        except Exception:
            log.exception("table %s: could not store action %s", self.id, idx)
            raise RoomError("server_error", "the server could not save the action; it was not taken") \
                from None
        base = (self.state, self.version)
        self.record.actions.append(action)
        self.state = new
        self.version += 1
        self.seq = seq
        self.state_seq = seq
        if finished is not None:
            self.status = "finished"
        self._new_decision()
        self.publish({"kind": "action", "player": seat, "by": by}, views=True, actor=seat,
                     action=m.LegalAction(id=action, name=name), base=base, seq=seq)
        self.wake.set()

    async def act(self, conn: Conn, msg: m.Act) -> None:
        async with self.lock:
            if self.status != "playing":
                raise RoomError("not_playing", "the game is over" if self.status == "finished"
                                else "the table is waiting for its players")
            seat = self.pick_seat(conn, msg.seat)
            if msg.seq_seen > self.seq:
                raise RoomError("bad_message", f"seq_seen {msg.seq_seen} is ahead of the table ({self.seq})")
            if seat != self.state.current_player:
                raise RoomError("not_your_turn", f"it is player {self.state.current_player}'s turn, "
                                                 f"not seat {seat}'s")
            if msg.seq_seen < self.state_seq:
                raise RoomError("stale", f"the position changed at event {self.state_seq}, after "
                                         f"the {msg.seq_seen} you saw; look again and decide")
            action = self._resolve(msg.action)
            if self.seats[seat].zombie:
                self._reclaim(seat)
            await self.commit_action(seat, action, "human")

    def _resolve(self, wanted: int | str) -> int:
        legal = self.state.legal_actions()
        if isinstance(wanted, int):
            if wanted in legal:
                return wanted
            raise RoomError("illegal", f"action {wanted} is not legal now")
        try:
            action = self.state.string_to_action(wanted)
        except (FurubaError, ValueError, KeyError, IndexError):
            raise RoomError("illegal", f"no action is called {wanted[:80]!r}") from None
        if action not in legal:
            raise RoomError("illegal", f"{wanted[:80]!r} is not legal now")
        return action

    def _reclaim(self, seat: int) -> None:
        self.seats[seat].zombie = False
        self._new_decision()
        self.publish({"kind": "table", "reason": "reclaim", "seat": seat}, table=True)

    async def reclaim(self, conn: Conn, wanted: int | None) -> None:
        async with self.lock:
            seat = self.pick_seat(conn, wanted)
            if self.seats[seat].zombie:
                self._reclaim(seat)
                self.wake.set()

    async def make_zombie(self, seat: int) -> None:
        """The lock is held: a bot plays ``seat`` from now on."""
        self.seats[seat].zombie = True
        self.publish({"kind": "table", "reason": "zombie", "seat": seat}, table=True)
        self.wake.set()

    async def answer(self, conn: Conn, msg: m.Answer) -> None:
        async with self.lock:
            seat = self.pick_seat(conn, msg.seat)
            if not hasattr(self.state, "write_answer"):
                raise RoomError("not_allowed", "this game has no True Friends journal")
            new = self.state.clone()
            try:
                new.write_answer(seat, msg.text)
            except IllegalActionError as exc:
                code = "not_allowed" if "not on" in str(exc) else "bad_answer"
                raise RoomError(code, str(exc)) from None
            text = _answer_of(new, seat)
            after = len(self.record.actions)
            seq = self.seq + 1
            try:
                await self.db.run(Storage.append_answer, self.id, after, seq, seat, text)
            except Exception:
                log.exception("table %s: could not store an answer", self.id)
                raise RoomError("server_error", "the server could not save the answer") from None
            base = (self.state, self.version)
            self.answers.append((after, seat, text, seq))
            self.state = new
            self.version += 1
            self.seq = seq
            self.publish({"kind": "answer", "player": seat}, views=True, base=base, seq=seq)

    async def say(self, conn: Conn, text: str) -> None:
        from furuba.server.security import clean_chat

        async with self.lock:
            if not self.settings.get("chat", True):
                raise RoomError("not_allowed", "chat is off at this table")
            try:
                clean = clean_chat(text, self.config.chat_max_chars)
            except ValueError as exc:
                raise RoomError("bad_chat", str(exc)) from None
            seat = conn.seats[0] if conn.seats else None
            name = (self.seats[seat].name or f"Player {seat + 1}") if seat is not None else "Spectator"
            seq = self.seq + 1
            now = time.time()
            try:
                await self.db.run(Storage.append_chat, self.id, seq, seat, name, clean, now)
            except Exception:
                log.exception("table %s: could not store a chat line", self.id)
                raise RoomError("server_error", "the server could not save the message") from None
            line = m.ChatLine(seq=seq, seat=seat, name=name, text=clean, at=int(now * 1000))
            self.chat.append(line)
            while len(self.chat) > self.config.chat_history:
                self.chat.popleft()
            self.seq = seq
            self.publish({"kind": "chat", **line.model_dump(exclude={"seq"})}, seq=seq)

    async def claim(self, seat_no: int, name: str, token_hash: str) -> None:
        """Give a free human seat to ``name``; the table starts when it was the last one."""
        async with self.lock:
            if not 0 <= seat_no < len(self.seats):
                raise RoomError("bad_seat", f"there is no seat {seat_no} (seats are 0 to "
                                            f"{len(self.seats) - 1})")
            seat = self.seats[seat_no]
            if seat.kind != "human":
                raise RoomError("taken", f"seat {seat_no} is a bot's")
            if seat.claimed:
                raise RoomError("taken", f"seat {seat_no} is already taken")
            last = all(s.claimed for s in self.seats if s is not seat)
            status = "playing" if last and self.status == "waiting" else None
            ok = await self.db.run(Storage.claim_seat, self.id, seat_no, name, token_hash, status)
            if not ok:
                raise RoomError("taken", f"seat {seat_no} is already taken")
            seat.name = name
            seat.token_hash = token_hash
            seat.gone_since = asyncio.get_running_loop().time()
            if status is not None:
                self.status = status
                self._new_decision()
                self.publish({"kind": "table", "reason": "start", "seat": seat_no}, table=True)
            else:
                self.publish({"kind": "table", "reason": "join", "seat": seat_no}, table=True)
            self.wake.set()

    def seat_data(self) -> list[SeatData]:
        return [SeatData(s.seat, s.kind, s.bot, s.name, s.token_hash) for s in self.seats]


def _answer_of(state: Any, seat: int) -> str:
    for who, _kind, text in reversed(state.journal):
        if who == seat:
            return str(text)
    return ""  # pragma: no cover - write_answer succeeded, so there is one


def _write_answer(state: State, answer: tuple[int, int, str, int]) -> None:
    _after, seat, text, _seq = answer
    try:
        state.write_answer(seat, text)  # type: ignore[attr-defined]
    except (FurubaError, AttributeError):  # pragma: no cover - stored answers were accepted once
        log.warning("an answer of seat %s no longer applies", seat)
