"""Storage: SQLAlchemy 2 models and the one thread that talks to the database.

Tables: ``furuba_tables`` (a table's game, options, seed, settings, status, last event number),
``furuba_seats``, ``furuba_actions`` (the append-only game log: one row per accepted action, with
its event number), ``furuba_answers`` (True Friends answers, with the number of actions before
them), ``furuba_chat`` and ``furuba_games`` (finished games: result and record).

SQLite (the default, in WAL mode) and PostgreSQL (``postgresql+psycopg://…``) are both supported.
All database work runs on one thread (:class:`Database`), which commits the writes that arrive
together in one transaction (group commit), so that the event loop never waits on disk.

The writes made for every event (an action, a chat line, an answer, a new event number) skip the
ORM: they are collected per transaction (:class:`PendingWrites`) and written with prepared Core
statements, one ``executemany`` per kind, the table's event number once per table — before any
other query of the same transaction and before its commit, so nothing can tell the difference
but the time it takes.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

T = TypeVar("T")
MAX_BATCH = 128
CHECKPOINT_SECONDS = 2.0
"""How often SQLite's write-ahead log is copied back into the database file (off the write path)."""


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "furuba_tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    ready: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[float] = mapped_column()
    updated_at: Mapped[float] = mapped_column()


class SeatRow(Base):
    __tablename__ = "furuba_seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("furuba_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(Base):
    __tablename__ = "furuba_actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("furuba_tables.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    by: Mapped[str] = mapped_column(String(8))
    at: Mapped[float] = mapped_column()


class AnswerRow(Base):
    __tablename__ = "furuba_answers"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("furuba_tables.id"), index=True)
    after: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)


class ChatRow(Base):
    __tablename__ = "furuba_chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("furuba_tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column()


class GameRow(Base):
    __tablename__ = "furuba_games"
    table_id: Mapped[str] = mapped_column(ForeignKey("furuba_tables.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    finished_at: Mapped[float] = mapped_column()
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)


# -- the writes of every event, without the ORM --------------------------------------------------
_TABLES = Base.metadata.tables[TableRow.__tablename__]
INSERT_ACTION = insert(Base.metadata.tables[ActionRow.__tablename__])
INSERT_ANSWER = insert(Base.metadata.tables[AnswerRow.__tablename__])
INSERT_CHAT = insert(Base.metadata.tables[ChatRow.__tablename__])
SET_SEQ = update(_TABLES).where(_TABLES.c.id == bindparam("row_id")).values(seq=bindparam("new_seq"))
SET_SEQ_AT = (update(_TABLES).where(_TABLES.c.id == bindparam("row_id"))
              .values(seq=bindparam("new_seq"), updated_at=bindparam("new_at")))
_PENDING = "furuba_pending"


class PendingWrites:
    """Rows to insert and tables' new event numbers, collected during one transaction.

    Applying them in one go is the same as having run them in order: rows of one kind keep their
    order, and a table's event number and time of change are the last ones set.
    """

    __slots__ = ("rows", "tables")

    def __init__(self) -> None:
        self.rows: dict[Any, list[dict[str, Any]]] = {}
        self.tables: dict[str, dict[str, Any]] = {}

    @staticmethod
    def of(s: Session) -> PendingWrites:
        """The pending writes of ``s``'s transaction (created on first use)."""
        pending: PendingWrites | None = s.info.get(_PENDING)
        if pending is None:
            pending = s.info[_PENDING] = PendingWrites()
        return pending

    def insert(self, statement: Any, row: dict[str, Any]) -> None:
        self.rows.setdefault(statement, []).append(row)

    def set_seq(self, table_id: str, seq: int, at: float | None = None) -> None:
        values = self.tables.setdefault(table_id, {"row_id": table_id})
        values["new_seq"] = seq
        if at is not None:
            values["new_at"] = at


def flush_writes(s: Session) -> None:
    """Write ``s``'s pending writes now (before another query, and before the commit)."""
    pending: PendingWrites | None = s.info.pop(_PENDING, None)
    if pending is None:
        return
    s.flush()
    conn = s.connection()
    for statement, rows in pending.rows.items():
        conn.execute(statement, rows)
    with_time = [v for v in pending.tables.values() if "new_at" in v]
    seq_only = [v for v in pending.tables.values() if "new_at" not in v]
    if with_time:
        conn.execute(SET_SEQ_AT, with_time)
    if seq_only:
        conn.execute(SET_SEQ, seq_only)


# -- plain values handed to the rest of the server ---------------------------------------------
@dataclass
class SeatData:
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None


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
    actions: list[tuple[int, int, str]] = field(default_factory=list)
    """(seat, action, by) in order."""
    answers: list[tuple[int, int, str, int]] = field(default_factory=list)
    """(after, seat, text, seq) in order."""
    chat: list[tuple[int, int | None, str, str, float]] = field(default_factory=list)
    """The latest chat lines: (seq, seat, name, text, at), oldest first."""


# -- engine ------------------------------------------------------------------------------------
def make_engine(url: str) -> Engine:
    """An engine for ``url``; a SQLite file gets WAL mode and its folder is created."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        db = parsed.database
        if db and db != ":memory:" and not db.startswith("file:"):
            Path(db).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA wal_autocheckpoint=0")   # the checkpoint thread does it
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


class Storage:
    """The queries. Every method takes an open :class:`Session` inside a transaction."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        Base.metadata.create_all(engine)

    # writes -------------------------------------------------------------------------------
    @staticmethod
    def create_table(s: Session, t: TableData) -> None:
        now = time.time()
        s.add(TableRow(id=t.id, game=t.game, options=t.options, seed=t.seed, settings=t.settings,
                       status=t.status, seq=t.seq, rematch_of=t.rematch_of, ready=t.ready,
                       created_at=now, updated_at=now))
        s.flush()
        for seat in t.seats:
            s.add(SeatRow(table_id=t.id, seat=seat.seat, kind=seat.kind, bot=seat.bot,
                          name=seat.name, token_hash=seat.token_hash))

    @staticmethod
    def claim_seat(s: Session, table_id: str, seat: int, name: str, token_hash: str,
                   status: str | None) -> bool:
        """Claim a free human seat; ``False`` when someone was faster."""
        done = s.execute(update(SeatRow).where(
            SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.kind == "human",
            SeatRow.token_hash.is_(None)).values(name=name, token_hash=token_hash))
        if getattr(done, "rowcount", 0) != 1:
            return False
        if status is not None:
            s.execute(update(TableRow).where(TableRow.id == table_id)
                      .values(status=status, updated_at=time.time()))
        return True

    @staticmethod
    def append_action(s: Session, table_id: str, idx: int, seq: int, seat: int, action: int,
                      by: str, finished: dict[str, Any] | None = None,
                      record: dict[str, Any] | None = None) -> None:
        """Append one action to the log (and close the game when it ended)."""
        now = time.time()
        pending = PendingWrites.of(s)
        pending.insert(INSERT_ACTION, {"table_id": table_id, "idx": idx, "seq": seq, "seat": seat,
                                       "action": action, "by": by, "at": now})
        pending.set_seq(table_id, seq, now)
        if finished is not None:
            flush_writes(s)
            s.add(GameRow(table_id=table_id, game=str((record or {}).get("game", "")),
                          finished_at=now, result=finished, record=record or {}))
            s.execute(update(TableRow).where(TableRow.id == table_id).values(status="finished"))

    @staticmethod
    def append_answer(s: Session, table_id: str, after: int, seq: int, seat: int, text: str) -> None:
        pending = PendingWrites.of(s)
        pending.insert(INSERT_ANSWER, {"table_id": table_id, "after": after, "seq": seq,
                                       "seat": seat, "text": text})
        pending.set_seq(table_id, seq)

    @staticmethod
    def append_chat(s: Session, table_id: str, seq: int, seat: int | None, name: str, text: str,
                    at: float) -> None:
        pending = PendingWrites.of(s)
        pending.insert(INSERT_CHAT, {"table_id": table_id, "seq": seq, "seat": seat, "name": name,
                                     "text": text, "at": at})
        pending.set_seq(table_id, seq)

    @staticmethod
    def set_seq(s: Session, table_id: str, seq: int) -> None:
        PendingWrites.of(s).set_seq(table_id, seq)

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
        seats = [SeatData(r.seat, r.kind, r.bot, r.name, r.token_hash) for r in s.scalars(
            select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat))]
        actions = [(r.seat, r.action, r.by) for r in s.scalars(
            select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.idx))]
        answers = [(r.after, r.seat, r.text, r.seq) for r in s.scalars(
            select(AnswerRow).where(AnswerRow.table_id == table_id).order_by(AnswerRow.id))]
        chat = [(r.seq, r.seat, r.name, r.text, r.at) for r in s.scalars(
            select(ChatRow).where(ChatRow.table_id == table_id)
            .order_by(ChatRow.id.desc()).limit(chat_lines))]
        chat.reverse()
        return TableData(id=row.id, game=row.game, options=dict(row.options), seed=int(row.seed),
                         settings=dict(row.settings), status=row.status, seq=row.seq, seats=seats,
                         rematch_of=row.rematch_of, rematch=row.rematch, ready=row.ready,
                         actions=actions, answers=answers, chat=chat)

    @staticmethod
    def open_table_ids(s: Session) -> list[str]:
        """Tables not finished, oldest first."""
        return list(s.scalars(select(TableRow.id).where(TableRow.status != "finished")
                              .order_by(TableRow.created_at)))

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
"""The calls that only add pending writes (see :class:`PendingWrites`)."""


class Database:
    """One thread that runs every database call, committing queued writes together.

    ``await db.run(fn, *args)`` runs ``fn(session, *args)`` on the thread inside a transaction
    and returns its result once committed. Calls that arrive while a transaction is being written
    join the next one; if a batch fails, its calls are retried one by one so that only the faulty
    call raises.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.storage = Storage(self.engine)
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name="furuba-db", daemon=True)
        self._thread.start()
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.engine.dialect.name == "sqlite":
            self._checkpointer = threading.Thread(target=self._checkpoints, name="furuba-wal",
                                                  daemon=True)
            self._checkpointer.start()

    def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(session, *args)`` now, on the calling thread (start-up and shutdown only)."""
        with Session(self.engine) as s, s.begin():
            result = fn(s, *args)
            flush_writes(s)
            return result

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(session, *args)`` on the database thread; the result once committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put((fn, args, future, loop))
        return await future

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=10)
            self._checkpoint("TRUNCATE")
        self.engine.dispose()

    def _checkpoints(self) -> None:
        """Checkpoint SQLite's log now and then, on this thread and its own connection.

        An automatic checkpoint would run inside some commit and fsync the database file there,
        holding up every action behind it; a passive checkpoint here never blocks a writer.
        """
        while not self._stop.wait(CHECKPOINT_SECONDS):
            self._checkpoint("PASSIVE")

    def _checkpoint(self, mode: str) -> None:
        try:
            with self.engine.connect() as conn:
                conn.exec_driver_sql(f"PRAGMA wal_checkpoint({mode})")
        except Exception:  # a busy database: the next round will do
            pass

    # the thread ---------------------------------------------------------------------------
    def _work(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[Any]) -> None:
        results: list[Any] = []
        try:
            with Session(self.engine) as s, s.begin():
                for fn, args, _future, _loop in batch:
                    if fn not in DEFERRED:
                        flush_writes(s)   # what it reads or writes comes after the pending writes
                    results.append(fn(s, *args))
                flush_writes(s)
        except Exception:
            if len(batch) == 1:
                fn, args, future, loop = batch[0]
                self._fail(future, loop)
                return
            for one in batch:
                self._commit([one])
            return
        for (_fn, _args, future, loop), result in zip(batch, results, strict=True):
            loop.call_soon_threadsafe(_resolve, future, result)

    @staticmethod
    def _fail(future: asyncio.Future[Any], loop: asyncio.AbstractEventLoop) -> None:
        import sys

        exc = sys.exc_info()[1] or RuntimeError("database error")
        loop.call_soon_threadsafe(_reject, future, exc)


def _resolve(future: asyncio.Future[Any], result: Any) -> None:
    if not future.done():
        future.set_result(result)


def _reject(future: asyncio.Future[Any], exc: BaseException) -> None:
    if not future.done():
        future.set_exception(exc)
