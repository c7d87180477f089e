"""Storage: the queries, and the plain values they hand to the rest of the server.

Every query is a static method of :class:`Storage` that takes an open session inside a
transaction; :class:`~furuba.server.database.Database` runs them on its thread.

The writes made for every event (an action, a chat line, a written input, a new event number,
the end of a game) skip the ORM: the calls that make them (:data:`DEFERRED`) take the
transaction's :class:`PendingWrites` instead of a session, and the writes are made with prepared
Core statements, one ``executemany`` per kind, the table's event number once per table — before
any other query of the same transaction and before its commit, so nothing can tell the
difference but the time it takes. A transaction of such calls only needs no session at all
(:meth:`PendingWrites.write` on a Core connection), which is most of them: an ORM session costs
three times the writes of an action.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from sqlalchemy import Connection, Engine, bindparam, delete, func, insert, select, update
from sqlalchemy.orm import Session

from furuba.server import schema
from furuba.server.editors.uploads import register_stored
from furuba.server.friends.models import ReservationRow
from furuba.server.models import (
    ActionRow,
    AnswerRow,
    Base,
    ChatRow,
    GameRow,
    SeatRow,
    TableRow,
)

# -- the writes of every event, without the ORM --------------------------------------------------
_TABLES = Base.metadata.tables[TableRow.__tablename__]
INSERT_ACTION = insert(Base.metadata.tables[ActionRow.__tablename__])
INSERT_ANSWER = insert(Base.metadata.tables[AnswerRow.__tablename__])
INSERT_CHAT = insert(Base.metadata.tables[ChatRow.__tablename__])
INSERT_GAME = insert(Base.metadata.tables[GameRow.__tablename__])
SET_FINISHED = (update(_TABLES).where(_TABLES.c.id == bindparam("row_id"))
                .values(status="finished"))
SET_SEQ = update(_TABLES).where(_TABLES.c.id == bindparam("row_id")).values(seq=bindparam("new_seq"))
SET_SEQ_AT = (update(_TABLES).where(_TABLES.c.id == bindparam("row_id"))
              .values(seq=bindparam("new_seq"), updated_at=bindparam("new_at"),
                      current=bindparam("new_current")))
_PENDING = "furuba_pending"
OPEN_STATUSES = ("waiting", "playing")
"""The statuses of a table that is not over: rebuilt at start-up, counted against its creator."""
ABANDONED = "abandoned"
"""The status of a table that nobody played for too long (``ServerConfig.abandon_seconds``)."""


class PendingWrites:
    """Rows to insert, tables' new event numbers and games that ended, collected during one
    transaction.

    Applying them in one go is the same as having run them in order: rows of one kind keep their
    order, and a table's event number and time of change are the last ones set.
    """

    __slots__ = ("finished", "rows", "tables")

    def __init__(self) -> None:
        self.rows: dict[Any, list[dict[str, Any]]] = {}
        self.tables: dict[str, dict[str, Any]] = {}
        self.finished: list[dict[str, Any]] = []

    @staticmethod
    def of(s: Session) -> PendingWrites:
        """The pending writes of ``s``'s transaction (created on first use)."""
        pending: PendingWrites | None = s.info.get(_PENDING)
        if pending is None:
            pending = s.info[_PENDING] = PendingWrites()
        return pending

    def insert(self, statement: Any, row: dict[str, Any]) -> None:
        self.rows.setdefault(statement, []).append(row)

    def set_seq(self, table_id: str, seq: int, at: float | None = None,
                current: int | None = None) -> None:
        """A table's new event number (and, after an action, its time and the seat that must
        decide now)."""
        values = self.tables.setdefault(table_id, {"row_id": table_id})
        values["new_seq"] = seq
        if at is not None:
            values["new_at"] = at
            values["new_current"] = current

    def finish(self, table_id: str) -> None:
        """The table's game is over (its status becomes ``finished``)."""
        self.finished.append({"row_id": table_id})

    def write(self, conn: Connection) -> None:
        """Make the writes on ``conn`` (inside its transaction)."""
        for statement, rows in self.rows.items():
            conn.execute(statement, rows)
        with_time = [v for v in self.tables.values() if "new_at" in v]
        seq_only = [v for v in self.tables.values() if "new_at" not in v]
        if with_time:
            conn.execute(SET_SEQ_AT, with_time)
        if seq_only:
            conn.execute(SET_SEQ, seq_only)
        if self.finished:
            conn.execute(SET_FINISHED, self.finished)


def flush_writes(s: Session) -> None:
    """Write ``s``'s pending writes now (before another query, and before the commit)."""
    pending: PendingWrites | None = s.info.pop(_PENDING, None)
    if pending is None:
        return
    s.flush()
    pending.write(s.connection())


# -- plain values handed to the rest of the server ---------------------------------------------
@dataclass
class SeatData:
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    account_id: int | None = None
    """The account holding the seat (``None``: a guest's, or a bot's)."""


class StoredInput(NamedTuple):
    """A written input as stored: after how many actions, by which seat, which input
    (``""``: the game's first), its text and its event number."""

    after: int
    seat: int
    name: str
    text: str
    seq: int


@dataclass
class TableData:
    """Everything stored about one table: enough to rebuild it exactly."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    settings: dict[str, Any]
    status: str
    seq: int
    seats: list[SeatData]
    rematch_of: str | None = None
    rematch: str | None = None
    ready: bool = False
    creator: str | None = None
    """The hash of the creating address (``security.address_hash``), if kept."""
    creator_account: int | None = None
    """The account that created the table, when signed in."""
    offline_id: str | None = None
    """The offline game the table was uploaded from (:mod:`furuba.server.offline_uploads`)."""
    created_at: float = 0.0
    """Wall-clock time the table was made (``0.0``: not made yet)."""
    turn_at: float = 0.0
    """Wall-clock time of the table's last action or start: where the current decision began."""
    actions: list[tuple[int, int, str]] = field(default_factory=list)
    """(seat, action, by) in order."""
    written: list[StoredInput] = field(default_factory=list)
    """The written inputs in order."""
    chat: list[tuple[int, int | None, str, str, float]] = field(default_factory=list)
    """The latest chat lines: (seq, seat, name, text, at), oldest first."""

    @property
    def answers(self) -> list[tuple[int, int, str, int]]:
        """The written inputs as (after, seat, text, seq), without their names."""
        return [(w.after, w.seat, w.text, w.seq) for w in self.written]


class Storage:
    """The queries. Every method takes an open :class:`Session` inside a transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        schema.upgrade(engine)

    # writes -------------------------------------------------------------------------------
    @staticmethod
    def create_table(s: Session, t: TableData) -> None:
        now = time.time()
        s.add(TableRow(id=t.id, game=t.game, options=t.options, seed=t.seed, settings=t.settings,
                       status=t.status, seq=t.seq, rematch_of=t.rematch_of, ready=t.ready,
                       created_at=now, updated_at=now, creator=t.creator,
                       creator_account=t.creator_account, offline_id=t.offline_id,
                       public=bool(t.settings.get("public")), rated=bool(t.settings.get("rated"))))
        s.flush()
        for seat in t.seats:
            s.add(SeatRow(table_id=t.id, seat=seat.seat, kind=seat.kind, bot=seat.bot,
                          name=seat.name, token_hash=seat.token_hash, account_id=seat.account_id))

    @staticmethod
    def claim_seat(s: Session, table_id: str, seat: int, name: str, token_hash: str,
                   status: str | None, account_id: int | None = None,
                   current: int | None = None) -> bool:
        """Claim a free human seat (for an account, if signed in); ``False`` when someone was
        faster, or the seat is kept for another account (a friend's challenge,
        ``friends/challenges.py``). ``status``: the table's new one (``playing`` when it was the
        last seat, and then ``current`` is the seat that decides first)."""
        kept = select(ReservationRow.account_id).where(ReservationRow.table_id == table_id,
                                                       ReservationRow.seat == seat)
        if account_id is not None:
            kept = kept.where(ReservationRow.account_id != account_id)
        done = s.execute(update(SeatRow).where(
            SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.kind == "human",
            SeatRow.token_hash.is_(None), ~kept.exists())
                         .values(name=name, token_hash=token_hash, account_id=account_id))
        if getattr(done, "rowcount", 0) != 1:
            return False
        if status is not None:
            s.execute(update(TableRow).where(TableRow.id == table_id)
                      .values(status=status, updated_at=time.time(), current=current))
        return True

    @staticmethod
    def fill_seats(s: Session, table_id: str, bots: list[tuple[int, str, str]],
                   current: int | None) -> bool:
        """Bots take the seats nobody claimed — ``(seat, bot spec, name)`` each — and the table
        starts; ``False`` when it was not waiting any more."""
        started = s.execute(update(TableRow).where(TableRow.id == table_id,
                                                   TableRow.status == "waiting")
                            .values(status="playing", updated_at=time.time(), current=current))
        if getattr(started, "rowcount", 0) != 1:
            return False
        for seat, bot, name in bots:
            s.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                      .values(kind="bot", bot=bot, name=name))
        return True

    @staticmethod
    def set_current(s: Session, table_id: str, current: int | None) -> None:
        """The seat that must decide now (a table that starts as it is made)."""
        s.execute(update(TableRow).where(TableRow.id == table_id).values(current=current))

    @staticmethod
    def bind_seats(s: Session, table_id: str, seats: list[int], account_id: int,
                   name: str) -> None:
        """Keep ``seats`` (a guest's, until now) under an account, named as the account is."""
        s.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat.in_(seats),
                                        SeatRow.account_id.is_(None))
                  .values(account_id=account_id, name=name))

    @staticmethod
    def append_action(w: PendingWrites, table_id: str, idx: int, seq: int, seat: int,
                      action: int, by: str, finished: dict[str, Any] | None = None,
                      record: dict[str, Any] | None = None, current: int | None = None) -> None:
        """Append one action to the log (and close the game when it ended); ``current``: the
        seat that must decide after it."""
        now = time.time()
        w.insert(INSERT_ACTION, {"table_id": table_id, "idx": idx, "seq": seq, "seat": seat,
                                 "action": action, "by": by, "at": now})
        w.set_seq(table_id, seq, now, current)
        if finished is not None:
            w.insert(INSERT_GAME, {"table_id": table_id, "game": str((record or {}).get("game", "")),
                                   "finished_at": now, "result": finished, "record": record or {}})
            w.finish(table_id)

    @staticmethod
    def undo_action(s: Session, table_id: str, idx: int, seq: int, current: int) -> bool:
        """Take back action ``idx``, the last of the table's log: its row is deleted, the
        table's event number becomes ``seq`` and ``current`` the seat that must decide;
        ``False`` (nothing changed) when ``idx`` is not the last action stored."""
        stored = s.scalar(select(func.max(ActionRow.idx)).where(ActionRow.table_id == table_id))
        if stored != idx:
            return False
        s.execute(delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.idx == idx))
        s.execute(update(TableRow).where(TableRow.id == table_id)
                  .values(seq=seq, updated_at=time.time(), current=current))
        return True

    @staticmethod
    def append_answer(w: PendingWrites, table_id: str, after: int, seq: int, seat: int,
                      text: str, name: str = "") -> None:
        """Append a written input ``name`` (``""``: the game's first) after ``after`` actions."""
        w.insert(INSERT_ANSWER, {"table_id": table_id, "after": after, "seq": seq,
                                 "seat": seat, "text": text, "name": name})
        w.set_seq(table_id, seq)

    @staticmethod
    def append_chat(w: PendingWrites, table_id: str, seq: int, seat: int | None, name: str,
                    text: str, at: float) -> None:
        w.insert(INSERT_CHAT, {"table_id": table_id, "seq": seq, "seat": seat, "name": name,
                               "text": text, "at": at})
        w.set_seq(table_id, seq)

    @staticmethod
    def set_seq(w: PendingWrites, table_id: str, seq: int) -> None:
        w.set_seq(table_id, seq)

    @staticmethod
    def set_creator(s: Session, table_id: str, creator: str) -> None:
        """Keep the hash of the address that created ``table_id``."""
        s.execute(update(TableRow).where(TableRow.id == table_id).values(creator=creator))

    @staticmethod
    def forfeit_table(s: Session, table_id: str, result: dict[str, Any],
                      record: dict[str, Any]) -> bool:
        """End a table whose game was lost on time (a late correspondence move): abandoned, with
        its game kept as every ended game is (``result`` and the ``record`` so far), so that
        profiles, ratings and everything counted from games find it once; ``False`` when the
        table was over already (nothing changed)."""
        if not Storage.abandon_table(s, table_id):
            return False
        s.add(GameRow(table_id=table_id, game=str(record.get("game", "")),
                      finished_at=time.time(), result=result, record=record))
        return True

    @staticmethod
    def abandon_table(s: Session, table_id: str) -> bool:
        """Mark a table that is not over as abandoned; ``False`` when it was over already."""
        done = s.execute(update(TableRow).where(TableRow.id == table_id,
                                                TableRow.status.in_(OPEN_STATUSES))
                         .values(status=ABANDONED, updated_at=time.time()))
        return getattr(done, "rowcount", 0) == 1

    @staticmethod
    def link_rematch(s: Session, old: str, new: TableData) -> None:
        Storage.create_table(s, new)
        s.execute(update(TableRow).where(TableRow.id == old).values(rematch=new.id))

    # reads --------------------------------------------------------------------------------
    @staticmethod
    def load_table(s: Session, table_id: str, chat_lines: int = 50) -> TableData | None:
        row = s.get(TableRow, table_id)
        if row is None:
            return None
        seats = [SeatData(r.seat, r.kind, r.bot, r.name, r.token_hash, r.account_id) for r in s.scalars(
            select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat))]
        actions = [(r.seat, r.action, r.by) for r in s.scalars(
            select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.idx))]
        written = [StoredInput(r.after, r.seat, r.name or "", r.text, r.seq) for r in s.scalars(
            select(AnswerRow).where(AnswerRow.table_id == table_id).order_by(AnswerRow.id))]
        chat = [(r.seq, r.seat, r.name, r.text, r.at) for r in s.scalars(
            select(ChatRow).where(ChatRow.table_id == table_id)
            .order_by(ChatRow.id.desc()).limit(chat_lines))]
        chat.reverse()
        register_stored(s, row.game, row.options)   # a file the table was started from
        return TableData(id=row.id, game=row.game, options=dict(row.options), seed=int(row.seed),
                         settings=dict(row.settings), status=row.status, seq=row.seq, seats=seats,
                         rematch_of=row.rematch_of, rematch=row.rematch, ready=row.ready,
                         creator=row.creator, created_at=row.created_at, turn_at=row.updated_at,
                         actions=actions, written=written, chat=chat)

    @staticmethod
    def open_table_ids(s: Session) -> list[str]:
        """Tables not over (waiting or playing: neither finished nor abandoned), oldest first."""
        return list(s.scalars(select(TableRow.id).where(TableRow.status.in_(OPEN_STATUSES))
                              .order_by(TableRow.created_at)))

    @staticmethod
    def count_open_tables(s: Session, creator: str) -> int:
        """How many tables not over the address hashed as ``creator`` created."""
        return int(s.scalar(select(func.count()).select_from(TableRow).where(
            TableRow.creator == creator, TableRow.status.in_(OPEN_STATUSES))) or 0)

    @staticmethod
    def ready_table_id(s: Session) -> str | None:
        """The newest table made for ``make run`` that still waits for its player."""
        return s.scalars(select(TableRow.id).where(TableRow.ready.is_(True),
                                                   TableRow.status == "waiting")
                         .order_by(TableRow.created_at.desc()).limit(1)).first()

    @staticmethod
    def count_tables(s: Session) -> int:
        return int(s.scalar(select(func.count()).select_from(TableRow)) or 0)


DEFERRED = frozenset({Storage.append_action, Storage.append_answer, Storage.append_chat,
                      Storage.set_seq})
"""The calls that only add pending writes: each takes the transaction's :class:`PendingWrites`
where the others take its session."""
