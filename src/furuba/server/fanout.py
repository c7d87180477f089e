"""Numbered events: numbering, sending each connection its part, and re-sending missed events.

Every event of a table gets the next ``seq``. Each connection gets only the views of the seats it
holds (a spectator the public view), each seat's view computed once per event however many of
its connections are open, and serialised once per distinct set of seats. Recent events are kept
with the state (and its version) current right after them, so that a client that reconnects or
saw a gap gets exactly what it missed, log deltas included.
"""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from furuba.core.protocol import State
from furuba.server import messages as m
from furuba.server.conn import Conn
from furuba.server.protocol.events import Acted, EventBody, HiddenEvent
from furuba.tables.logmarks import Viewer

if TYPE_CHECKING:
    from furuba.server.config import ServerConfig


class Source(Protocol):
    """What the fan-out asks of its table (the room)."""

    @property
    def state(self) -> State: ...

    @property
    def version(self) -> int: ...

    def view_entry(self, seat: Viewer, state: State, version: int,
                   base: tuple[State, int] | None) -> m.ViewEntry:
        """``seat``'s view of ``state`` at ``version``, its log a delta from ``base``."""
        ...

    def table_out(self) -> m.TableOut: ...

    def timer(self) -> m.Timer | None: ...


@dataclass
class Recent:
    """A recent event, kept so that a reconnecting client can get what it missed."""

    seq: int
    body: EventBody
    state: State
    version: int
    """The state (and its version) current right after this event."""
    with_views: bool = False
    with_table: bool = False
    actor: int | None = None
    action: m.LegalAction | None = None
    """The action as data: sent only to connections holding ``actor``'s seat."""
    rewind: bool = False
    """The event took the game back (an undo): its views are a delta from :attr:`rebase`
    whatever the client saw before, since every client's log then extends that one."""
    rebase: tuple[State, int] | None = None
    """For a rewind: the earlier state (and its version) the log goes back to; ``None``: the
    whole log is sent."""
    hidden: frozenset[int] = frozenset()
    """Accounts whose connections get a :class:`HiddenEvent` instead (a chat line from an
    account they block; see ``moderation/``)."""


def viewers(conn: Conn) -> list[Viewer]:
    """The viewers a connection gets views for: its seats, or the spectator."""
    return list(conn.seats) if conn.seats else [None]


class Fanout:
    """A table's event numbering, connections and recent events."""

    def __init__(self, source: Source, config: ServerConfig, seq: int = 0) -> None:
        self.source = source
        self.config = config
        self.seq = seq
        self.epoch = secrets.token_hex(4)
        """The server's current incarnation of the table (see ``docs/WEB-API.md``)."""
        self.conns: set[Conn] = set()
        self.recent: deque[Recent] = deque(maxlen=config.event_buffer)
        self.after_publish: Callable[[], None] | None = None
        """Called after every event (several processes: the table's number is kept in Redis);
        set by :meth:`follow`."""

    def follow(self, after_publish: Callable[[], None]) -> None:
        """Call ``after_publish`` after every event from now on."""
        self.after_publish = after_publish

    def advance_to(self, seq: int) -> None:
        """Event ``seq`` was taken (stored with what it says): the table's last event now."""
        self.seq = seq

    def resume(self, epoch: str, seq: int) -> None:
        """Go on from another process's incarnation of the table: its epoch and last event."""
        self.epoch = epoch
        self.seq = seq

    def remember(self, seq: int, body: EventBody, **extra: Any) -> Recent:
        """Keep an event with the table's current state."""
        entry = Recent(seq=seq, body=body, state=self.source.state, version=self.source.version,
                       **extra)
        self.recent.append(entry)
        return entry

    def publish(self, body: EventBody, *, views: bool = False, table: bool = False,
                actor: int | None = None, action: m.LegalAction | None = None,
                base: tuple[State, int] | None = None, seq: int | None = None,
                rewind: bool = False, hidden: frozenset[int] = frozenset()) -> None:
        """Number an event (unless ``seq`` was already taken for it) and send it to everyone.

        ``views``: the event changed the game (it carries every viewer's view, its log a delta
        from ``base``); ``table``: it changed the seats or the status (it carries the table).
        ``rewind``: the game went back to ``base`` (an undo), also when the event is sent again.
        ``hidden``: the accounts that get the event masked (:attr:`Recent.hidden`).
        """
        if seq is None:
            self.seq += 1
            seq = self.seq
        entry = self.remember(seq, body, with_views=views, with_table=table, actor=actor,
                              action=action, rewind=rewind, rebase=base if rewind else None,
                              hidden=hidden)
        cache: dict[Viewer, m.ViewEntry] = {}
        texts: dict[tuple[tuple[int, ...], bool], str] = {}
        clock: list[m.Timer | None] = []
        for conn in list(self.conns):
            key = (conn.seats, conn.account_id in hidden)
            text = texts.get(key)
            if text is None:
                text = m.dump_event(self.message(entry, conn.seats, cache, base, key[1], clock))
                texts[key] = text
            conn.send(text)
        if self.after_publish is not None:
            self.after_publish()

    def message(self, entry: Recent, seats: tuple[int, ...],
                cache: dict[Viewer, m.ViewEntry] | None,
                base: tuple[State, int] | None, masked: bool = False,
                clock: list[m.Timer | None] | None = None) -> m.Event:
        """The event as a connection holding ``seats`` gets it (``masked``: its body hidden).
        ``clock`` keeps the room's timer once read, for the other connections of one event."""
        if entry.rewind:
            base = entry.rebase
        body: EventBody = HiddenEvent() if masked else entry.body
        if isinstance(body, Acted) and entry.action is not None and entry.actor in seats:
            body = body.model_copy(update={"action": entry.action})
        msg = m.Event(seq=entry.seq, event=body)
        if entry.with_views:
            out = []
            for key in list(seats) if seats else [None]:
                view = cache.get(key) if cache is not None else None
                if view is None:
                    view = self.source.view_entry(key, entry.state, entry.version, base)
                    if cache is not None:
                        cache[key] = view
                out.append(view)
            msg.views = out
            status = "finished" if entry.state.is_terminal() else "playing"
            msg.status = status
            msg.current_player = entry.state.current_player if status == "playing" else None
            msg.timer = self.timer(clock) if entry.version == self.source.version else None
        if entry.with_table:
            msg.table = self.source.table_out()
            msg.timer = self.timer(clock)
        return msg

    def timer(self, clock: list[m.Timer | None] | None) -> m.Timer | None:
        """The room's timer: read now, or the one ``clock`` kept, so that every connection of
        one event is told the same clock and the room's seats are walked once."""
        if clock is None:
            return self.source.timer()
        if not clock:
            clock.append(self.source.timer())
        return clock[0]

    def resend(self, conn: Conn, last_seq: int) -> bool:
        """Send ``conn`` the events after ``last_seq``; ``False`` when they are no longer kept."""
        if last_seq > self.seq or self.seq - last_seq > self.config.resend_limit:
            return False
        base_event = {e.seq: e for e in self.recent}.get(last_seq)
        if base_event is None:
            return False
        missed = [e for e in self.recent if e.seq > last_seq]
        if len(missed) != self.seq - last_seq:
            return False
        base: tuple[State, int] = (base_event.state, base_event.version)
        for entry in missed:
            conn.send(m.dump_event(self.message(entry, conn.seats, None, base,
                                                conn.account_id in entry.hidden)))
            if entry.with_views:
                base = (entry.state, entry.version)
        return True
