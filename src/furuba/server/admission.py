"""Work that costs CPU (reviews, hints, file checks, measures) waits its turn, and a client can
hold only a few turns at once.

Each kind of work has one :class:`Admission`: ``running`` jobs at once in this process, at most
``waiting`` more in line, and at most ``per_address`` of one client address's jobs waiting or
running. Beyond any of these a new job is refused at once with :class:`BusyError` — ``429`` with a
``Retry-After`` for a client over its own share, ``503`` with one when the line is full for
everyone — so no client can queue work without limit, and no request waits long for a turn it
will not get. The line's length, the jobs running and each job's wait for its turn are metrics
(``furuba_work_queued``, ``furuba_work_running``, ``furuba_work_wait_seconds``, labelled ``work``).

>>> import asyncio
>>> reviews = Admission("reviews", running=1, waiting=1, per_address=1)
>>> async def two_at_once() -> str:
...     async with reviews.turn("203.0.113.7"):
...         try:
...             async with reviews.turn("203.0.113.7"):
...                 return "both"
...         except BusyError as busy:
...             return f"{busy.status} after {busy.retry_after:.0f} s"
>>> asyncio.run(two_at_once())
'429 after 10 s'
>>> reviews.queued, reviews.running
(0, 0)
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from furuba.text import N_, _

__all__ = ["Admission", "BusyError", "Place", "WorkObserver"]


class BusyError(Exception):
    """A job refused before it started: ``status`` (429 or 503), a sentence, the seconds after
    which a retry may succeed (sent as ``Retry-After``) and the kind of work (``work``, for the
    log)."""

    def __init__(self, status: int, detail: str, retry_after: float, work: str = "") -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.retry_after = retry_after
        self.work = work

    @property
    def headers(self) -> dict[str, str]:
        """The response's headers: ``Retry-After`` in whole seconds (at least 1)."""
        return {"Retry-After": str(max(1, math.ceil(self.retry_after)))}


@dataclass(frozen=True, slots=True)
class WorkObserver:
    """Where an :class:`Admission` reports its line (the app's metrics; tests may pass their own)."""

    changed: Callable[[str, int, int], None]
    """``changed(work, queued, running)`` whenever a job joins, starts or leaves."""
    waited: Callable[[str, float], None]
    """``waited(work, seconds)`` when a job's turn comes."""


class Admission:
    """One kind of CPU work's turns (see the module docstring).

    ``what`` is an English word marked with :func:`~furuba.text.N_` (``N_("reviews")``), said in the
    client's language in a refusal; ``typical_seconds`` is how long one job usually takes, from
    which a refusal's ``Retry-After`` is estimated.
    """

    def __init__(self, what: str, *, running: int, waiting: int, per_address: int,
                 typical_seconds: float = 10.0, observer: WorkObserver | None = None) -> None:
        if running < 1 or waiting < 0 or per_address < 1:
            raise ValueError("an admission needs running >= 1, waiting >= 0 and per_address >= 1")
        self.what = what
        self.limit_running = running
        self.limit_waiting = waiting
        self.per_address = per_address
        self.typical_seconds = typical_seconds
        self.observer = observer
        self._turns = asyncio.Semaphore(running)
        self._by_address: dict[str, int] = {}
        self.queued = 0
        self.running = 0

    def _report(self) -> None:
        if self.observer is not None:
            self.observer.changed(self.what, self.queued, self.running)

    def _estimate(self) -> float:
        """Seconds until the line has moved on by one job, roughly."""
        ahead = self.queued + self.running
        return self.typical_seconds * max(1, ahead) / self.limit_running

    def check(self, address: str) -> None:
        """Raise :class:`BusyError` if a job of ``address`` would be refused now (nothing is taken)."""
        if self._by_address.get(address, 0) >= self.per_address:
            raise BusyError(429, _("too many {what} at once from your address: wait for yours to "
                              "finish").format(what=_(self.what)), self._estimate(), self.what)
        if self.running + self.queued >= self.limit_running + self.limit_waiting:
            raise BusyError(503, _("the server is busy with other {what}: try again in a moment")
                       .format(what=_(self.what)), self._estimate(), self.what)

    def reserve(self, address: str) -> Place:
        """Take a place in the line for a job of ``address`` now, or raise :class:`BusyError`.

        For work that outlives its request (a review answered ``202`` while it runs): the
        request reserves the place, so a refusal is its answer; the job waits for its turn later
        with ``async with place:``. A place that will not be used is given back with
        :meth:`Place.give_back`.

        >>> measures = Admission("measures", running=1, waiting=0, per_address=1)
        >>> place = measures.reserve("198.51.100.2")
        >>> measures.queued, measures.reserve("198.51.100.3")
        Traceback (most recent call last):
        ...
        furuba.server.admission.BusyError: the server is busy with other measures: try again in a moment
        >>> place.give_back()
        >>> measures.queued
        0
        """
        self.check(address)
        self._by_address[address] = self._by_address.get(address, 0) + 1
        self.queued += 1
        self._report()
        return Place(self, address)

    @contextlib.asynccontextmanager
    async def turn(self, address: str) -> AsyncIterator[None]:
        """Wait for a turn for a job of ``address`` and hold it while the block runs; raise
        :class:`BusyError` at once when the job is refused. A cancelled wait gives its place back."""
        async with self.reserve(address):
            yield

    def _leave(self, address: str) -> None:
        left = self._by_address.get(address, 0) - 1
        if left > 0:
            self._by_address[address] = left
        else:
            self._by_address.pop(address, None)
        self._report()


class Place:
    """A job's place in an :class:`Admission`'s line (:meth:`Admission.reserve`): ``async with``
    waits for the turn and holds it while the block runs; a cancelled wait gives the place back."""

    def __init__(self, admission: Admission, address: str) -> None:
        self.admission = admission
        self.address = address
        self.state = "waiting"
        """``waiting``, ``running`` or ``left``."""

    def give_back(self) -> None:
        """Leave the line without running (nothing happens once the place was used)."""
        if self.state == "waiting":
            self.state = "left"
            self.admission.queued -= 1
            self.admission._leave(self.address)

    async def __aenter__(self) -> None:
        admission = self.admission
        if self.state != "waiting":
            raise RuntimeError("a place in the line is used once")
        started = time.monotonic()
        try:
            await admission._turns.acquire()
        except BaseException:
            self.give_back()
            raise
        self.state = "running"
        admission.queued -= 1
        admission.running += 1
        admission._report()
        if admission.observer is not None:
            admission.observer.waited(admission.what, time.monotonic() - started)

    async def __aexit__(self, *exc: object) -> None:
        admission = self.admission
        self.state = "left"
        admission.running -= 1
        admission._turns.release()
        admission._leave(self.address)


WORDS = (N_("reviews"), N_("hints"), N_("file checks"), N_("measures"), N_("game uploads"))
"""The kinds of work the server admits, as they are said in a refusal."""
