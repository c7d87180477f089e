"""The one thread that talks to the database, committing the writes that arrive together.

All database work runs on one thread (:class:`Database`), which commits the writes that arrive
together in one transaction (group commit), so that the event loop never waits on disk.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from time import perf_counter
from typing import Any, TypeVar

from sqlalchemy.orm import Session

from furuba.server.logs import process_name
from furuba.server.metrics import Metrics
from furuba.server.models import make_engine
from furuba.server.storage import DEFERRED, PendingWrites, Storage, flush_writes

T = TypeVar("T")
MAX_BATCH = 128
CHECKPOINT_SECONDS = 2.0
"""How often SQLite's write-ahead log is copied back into the database file (off the write path)."""


class Database:
    """One thread that runs every database call, committing queued writes together.

    ``await db.run(fn, *args)`` runs ``fn(session, *args)`` on the thread inside a transaction
    and returns its result once committed (a call of ``storage.DEFERRED`` is given the
    transaction's ``PendingWrites`` instead of the session). Calls that arrive while a
    transaction is being written join the next one; if a batch fails, its calls are retried one
    by one so that only the faulty call raises. Each call's time goes to ``metrics``
    (:meth:`Metrics.db_call`), under the name of the function (``Storage.append_action``).
    """

    def __init__(self, url: str, metrics: Metrics | None = None) -> None:
        self.url = url
        self.metrics = metrics if metrics is not None else Metrics(process_name())
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
        start = perf_counter()
        try:
            with Session(self.engine) as s, s.begin():
                result = _apply(s, fn, args)
                flush_writes(s)
                return result
        finally:
            self.metrics.db_call(_name(fn), perf_counter() - start)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(session, *args)`` on the database thread; the result once committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        start = perf_counter()
        self._queue.put((fn, args, future, loop))
        try:
            return await future
        finally:
            self.metrics.db_call(_name(fn), perf_counter() - start)

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
            if all(fn in DEFERRED for fn, _args, _future, _loop in batch):
                # Only the writes of events: no session, a Core transaction (a third the cost).
                pending = PendingWrites()
                results = [fn(pending, *args) for fn, args, _future, _loop in batch]
                with self.engine.begin() as conn:
                    pending.write(conn)
            else:
                with Session(self.engine) as s, s.begin():
                    for fn, args, _future, _loop in batch:
                        if fn not in DEFERRED:
                            flush_writes(s)   # what it reads or writes comes after the writes
                        results.append(_apply(s, fn, args))
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


def _apply(s: Session, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
    """``fn(s, *args)``, or for a call of :data:`~furuba.server.storage.DEFERRED` ``fn(the
    transaction's pending writes, *args)``."""
    return fn(PendingWrites.of(s), *args) if fn in DEFERRED else fn(s, *args)


def _resolve(future: asyncio.Future[Any], result: Any) -> None:
    if not future.done():
        future.set_result(result)


def _reject(future: asyncio.Future[Any], exc: BaseException) -> None:
    if not future.done():
        future.set_exception(exc)


def _name(fn: Callable[..., Any]) -> str:
    """The name a database call is measured under (``Storage.append_action``)."""
    return getattr(fn, "__qualname__", None) or type(fn).__name__
