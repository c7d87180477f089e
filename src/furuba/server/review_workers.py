"""Game reviews computed in worker processes, away from the event loop and its interpreter lock.

A review is a pure-Python search of every decision of a finished game: a few seconds of a core.
On a thread beside the event loop it would hold the interpreter lock against every table of the
process, and each move's answer would wait for it (``benchmarks/review_load.py`` measures by how
much; ``docs/PERFORMANCE.md`` has the figures). So the search runs in a pool of worker processes
(``review_workers``, one by default), made when the first review starts, with a ``forkserver``
context where the platform has one (else ``spawn``: never ``fork``, which would copy a process
that runs threads), and at a lower priority (``nice`` 10) than the server, so that a busy machine
serves its players first.

What goes to a worker is plain data: the game record as JSON (what the review replays anyway),
the seat and the budgets; what comes back is the review as JSON. While it runs, the worker puts
its process id and its progress into one queue of the pool, which the event loop reads without
blocking while it waits for the result. A worker that dies — killed, or out of memory — breaks
its pool (:class:`~concurrent.futures.process.BrokenProcessPool`): the review it ran fails with
:data:`DIED` (as does any other review the same pool was computing then: a broken pool ends all
its workers), and the next review gets a new pool. At shutdown the workers are told to stop at
their next report, then the pool is shut down.

``review_workers = 0`` keeps the search on a thread of the server's process, as before (also
the fallback where processes cannot be made).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import queue
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import BaseContext
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Event
from typing import Any

from furuba.text import N_

__all__ = ["DIED", "NICE", "ReviewWorkers", "Stopped", "Unavailable", "WorkerDiedError"]

log = logging.getLogger("furuba.server")
NICE = 10
"""How much lower a review's worker process runs than the server."""
REPORT_SECONDS = 0.05
"""A worker reports its progress at most this often; the loop looks for reports as often."""
DIED = N_("its worker process ended before it finished (stopped, or out of memory)")
"""Why a review failed whose worker process died (said inside "the analysis failed (…)")."""
Message = tuple[int, str, float]
"""What a worker puts in its pool's queue: ``(job, "pid" or "progress", value)``."""


class Stopped(Exception):  # noqa: N818 - a signal, not an error
    """The analysis was stopped (the server is shutting down)."""


class WorkerDiedError(Exception):
    """The worker process of a review ended before it answered (the message is :data:`DIED`)."""


class Unavailable(Exception):  # noqa: N818 - a state, not an error
    """Worker processes cannot be made here: compute on a thread instead."""


# -- in the worker process ----------------------------------------------------------------------
_channel: Queue[Message] | None = None
_stop: Event | None = None


def _start_worker(channel: Queue[Message], stop: Event) -> None:
    """A new worker: keep its pool's queue and stop flag, and lower its priority."""
    global _channel, _stop
    _channel, _stop = channel, stop
    with contextlib.suppress(AttributeError, OSError):   # not a Unix: the same priority
        os.nice(NICE)


def compute(job: int, record: dict[str, Any], seat: int, sims: int,
            playouts: int) -> dict[str, Any]:
    """The review of ``seat`` in the finished game ``record`` (JSON), as JSON (in a worker).

    Made as the server keeps it (:func:`~furuba.review.kept.review_json`).
    """
    from furuba.core.record import GameRecord
    from furuba.review.kept import review_json

    channel, stop = _channel, _stop
    last = 0.0
    if channel is not None:
        channel.put((job, "pid", float(os.getpid())))

    def progress(done: float) -> None:
        nonlocal last
        if stop is not None and stop.is_set():
            raise Stopped
        now = time.monotonic()
        if channel is not None and (now - last >= REPORT_SECONDS or done >= 1.0):
            last = now
            channel.put((job, "progress", done))

    return review_json(GameRecord.from_json(record), seat, sims=sims, playouts=playouts,
                       progress=progress)


# -- in the server ------------------------------------------------------------------------------
def context() -> BaseContext:
    """``forkserver`` where the platform has it, else ``spawn``.

    >>> context().get_start_method() in ("forkserver", "spawn")
    True
    """
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


class Pool:
    """One process pool with its queue of reports and its stop flag (replaced whole when a
    worker dies)."""

    def __init__(self, workers: int) -> None:
        ctx = context()
        self.channel: Queue[Message] = ctx.Queue()
        self.stop = ctx.Event()
        self.executor = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_start_worker,
                                            initargs=(self.channel, self.stop))

    def close(self) -> None:
        """Tell the workers to stop at their next report, and let the pool end."""
        self.stop.set()
        self.executor.shutdown(wait=False, cancel_futures=True)


class ReviewWorkers:
    """The server's review workers: :meth:`run` one review in a worker process."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError("review workers must be at least 1 (0 means on a thread)")
        self.workers = workers
        self._pool: Pool | None = None
        self._jobs = itertools.count(1)
        self._listeners: dict[int, Callable[[str, float], None]] = {}
        self.unavailable = False
        """Set once making processes failed here: reviews then run on a thread."""

    def pool(self) -> Pool:
        """The pool, made on first use (:class:`Unavailable` where processes cannot be made)."""
        if self.unavailable:
            raise Unavailable
        if self._pool is None:
            try:
                self._pool = Pool(self.workers)
            except (OSError, ImportError, NotImplementedError, ValueError):
                log.warning("review worker processes cannot be made here: reviews run on a "
                            "thread", exc_info=True)
                self.unavailable = True
                raise Unavailable from None
        return self._pool

    async def run(self, record: dict[str, Any], seat: int, sims: int, playouts: int,
                  report: Callable[[str, float], None]) -> dict[str, Any]:
        """The review as JSON, computed in a worker; ``report(kind, value)`` hears the worker's
        ``"pid"`` and its ``"progress"`` meanwhile. Raises :class:`WorkerDiedError` when the worker
        ended first, :class:`Unavailable` where there can be no workers."""
        pool = self.pool()
        job = next(self._jobs)
        self._listeners[job] = report
        try:    # on a thread: the first jobs start the pool's processes, which takes a while
            future = await asyncio.to_thread(pool.executor.submit, compute, job, record, seat,
                                             sims, playouts)
        except (BrokenProcessPool, RuntimeError):   # broken by another job a moment ago
            self._listeners.pop(job, None)
            self._drop(pool)
            raise WorkerDiedError(DIED) from None
        except OSError:
            self._listeners.pop(job, None)
            self._drop(pool)
            self.unavailable = True
            log.warning("review worker processes cannot be started here: reviews run on a "
                        "thread", exc_info=True)
            raise Unavailable from None
        waiting = asyncio.wrap_future(future)
        try:
            while True:
                done, _ = await asyncio.wait({waiting}, timeout=REPORT_SECONDS)
                self._hear(pool)
                if done:
                    return waiting.result()
        except BrokenProcessPool:
            self._drop(pool)
            raise WorkerDiedError(DIED) from None
        except asyncio.CancelledError:
            future.cancel()
            raise
        finally:
            self._listeners.pop(job, None)

    def _hear(self, pool: Pool) -> None:
        """Pass on every report waiting in ``pool``'s queue (never blocks)."""
        while True:
            try:
                job, kind, value = pool.channel.get_nowait()
            except (queue.Empty, OSError, ValueError, EOFError):
                return
            listener = self._listeners.get(job)
            if listener is not None:
                listener(kind, value)

    def _drop(self, pool: Pool) -> None:
        """Forget a broken pool (the next review makes a new one)."""
        if self._pool is pool:
            self._pool = None
            log.warning("a review worker process ended unexpectedly; its pool is replaced")
            with contextlib.suppress(Exception):
                pool.close()

    async def close(self, timeout: float = 5.0) -> None:
        """Stop the workers (at their next report) and wait, at most ``timeout``, for them."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        pool.stop.set()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.to_thread(pool.executor.shutdown, wait=True,
                                                     cancel_futures=True), timeout)
