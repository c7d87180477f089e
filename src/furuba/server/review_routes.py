"""``GET /api/tables/{id}/review?seat=N``: the search bot's review of a finished game, for one seat.

The first request starts the analysis (:func:`furuba.review.kept.review_json`) and answers
``202 {"status": "running", "progress": 0.0}``; later ones answer ``202`` with the share done
until it is over, then ``200 {"status": "done", …the review…}``, read from the database from
then on. Which process runs it is decided by a database row (:mod:`furuba.server.review_store`),
so even several server processes run one analysis per (table, seat); the running process
reports its progress to the row every :data:`HEARTBEAT_SECONDS`, which is also how the others
know it is alive.

The analysis costs seconds of a core, so it waits its turn: a request that would start one takes
a place in the reviews' line (:mod:`furuba.server.workloads`: ``reviews_at_once`` at a time per
process, ``reviews_waiting`` more in line, ``reviews_per_address`` per client address), and is
refused beyond it — ``429`` when the address has too many under way, ``503`` when the line is
full — with a sentence and ``Retry-After``. Asking for a review already kept or already under way
is free: it only reports progress. The search itself runs in a worker process
(:mod:`furuba.server.review_workers`), or on a thread with ``review_workers = 0``.

Refusals, each with a sentence: ``404`` for an unknown table, ``409`` for a game not finished,
``400`` for a seat the game does not have, ``429``/``503`` as above, ``500`` when the analysis
failed (asked again a few seconds later, it starts over).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import JSONResponse

from furuba import i18n
from furuba.core.record import GameRecord
from furuba.review.analysis import DEFAULT_PLAYOUTS, DEFAULT_SIMS
from furuba.review.kept import answered, review_json
from furuba.server.errors import RoomError
from furuba.server.puzzles.store import PuzzleStore
from furuba.server.review_store import RETRY_SECONDS, STALE_SECONDS, Found, ReviewStore
from furuba.server.review_workers import ReviewWorkers, Stopped, Unavailable, WorkerDiedError
from furuba.server.routing import client_address, hub_of, refuse
from furuba.server.sealed_records import guard_record
from furuba.server.workloads import work_of
from furuba.text import N_, _

if TYPE_CHECKING:
    from furuba.server.admission import Place
    from furuba.server.hub import Hub

log = logging.getLogger("furuba.server")
HEARTBEAT_SECONDS = 1.0
"""How often a running analysis reports its progress to the database."""
NOT_OVER = N_("this game has not finished: only a finished game can be reviewed")
NO_SEAT = N_("say which seat to review: ?seat=N, counting seats from 0")


@dataclass
class Job:
    """One analysis this process runs: what it reviews, and how far it got."""

    table_id: str
    seat: int
    record: GameRecord
    sims: int
    progress: float = 0.0
    """Set as the analysis reports, read by the loop (a float is replaced whole)."""
    pid: int | None = None
    """The worker process computing it, once it started there."""
    stopped: bool = False
    """Set by the loop to stop a thread's analysis at its next report."""

    def run(self) -> dict[str, Any]:
        """The analysis on a thread of this process (``review_workers = 0``): the review as
        it is kept (:func:`~furuba.review.kept.review_json`)."""
        def progress(done: float) -> None:
            if self.stopped:
                raise Stopped
            self.progress = done

        return review_json(self.record, self.seat, sims=self.sims, playouts=DEFAULT_PLAYOUTS,
                           progress=progress)

    def heard(self, kind: str, value: float) -> None:
        """A report of its worker process: its ``pid``, or its ``progress``."""
        if kind == "pid":
            self.pid = int(value)
        else:
            self.progress = value


@dataclass
class Reviews:
    """This process's analyses, by (table, seat), and where they are computed."""

    owner: str
    workers: ReviewWorkers | None = None
    """The worker processes (``None``: a thread of this process)."""
    jobs: dict[tuple[str, int], Job] = field(default_factory=dict)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def start(self, job: Job, place: Place, hub: Hub) -> None:
        """Run ``job`` in the background once ``place`` comes to its turn (its row is claimed)."""
        task = asyncio.ensure_future(self.work(job, place, hub))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def work(self, job: Job, place: Place, hub: Hub) -> None:
        key = (job.table_id, job.seat)
        beat = asyncio.ensure_future(self.heartbeat(job, hub))
        try:
            async with place:
                review = await self.compute(job)
            await hub.db.run(ReviewStore.finish, job.table_id, job.seat, self.owner, review,
                             time.time())
        except asyncio.CancelledError:
            job.stopped = True
            raise
        except Stopped:     # the server is stopping: the row goes silent, and is taken over
            log.info("the review of table %s, seat %s stopped with the server", job.table_id,
                     job.seat)
        except WorkerDiedError as exc:
            log.error("the review of table %s, seat %s failed: its worker process died",
                      job.table_id, job.seat)
            await hub.db.run(ReviewStore.fail, job.table_id, job.seat, self.owner, str(exc),
                             time.time())
        except Exception as exc:
            log.exception("the review of table %s, seat %s failed", job.table_id, job.seat)
            await hub.db.run(ReviewStore.fail, job.table_id, job.seat, self.owner,
                             f"{type(exc).__name__}: {exc}"[:300], time.time())
        finally:
            place.give_back()
            beat.cancel()
            self.jobs.pop(key, None)

    async def compute(self, job: Job) -> dict[str, Any]:
        """The review as JSON: in a worker process, else on a thread."""
        if self.workers is not None:
            try:
                return await self.workers.run(job.record.to_json(), job.seat, job.sims,
                                              DEFAULT_PLAYOUTS, job.heard)
            except Unavailable:
                pass
        return await asyncio.to_thread(job.run)

    async def heartbeat(self, job: Job, hub: Hub) -> None:
        """Report ``job``'s progress to its row until it ends."""
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            try:
                await hub.db.run(ReviewStore.report, job.table_id, job.seat, self.owner,
                                 job.progress, time.time())
            except Exception:      # a busy database: the next beat will do
                log.warning("a review's progress could not be saved", exc_info=True)


def reviews_of(request: Request) -> Reviews:
    """The app's :class:`Reviews` (made on first use; its workers are made at start-up)."""
    state = request.app.state
    found: Reviews | None = getattr(state, "reviews", None)
    if found is None:
        found = state.reviews = Reviews(hub_of(request).db.metrics.process,
                                        getattr(state, "review_workers", None))
    return found


def add_review(router: APIRouter) -> None:
    """The review route."""

    @router.get("/api/tables/{table_id}/review")
    async def review(table_id: str, request: Request, seat: int | None = Query(
            None, ge=0, le=63, description=N_("a seat number (a whole number from 0 to 63)"))
    ) -> JSONResponse:
        """A finished game's review for ``seat``: started, running, or done."""
        if seat is None:
            raise HTTPException(400, _(NO_SEAT))
        hub, reviews = hub_of(request), reviews_of(request)
        now = time.time()
        found = await hub.db.run(ReviewStore.read, table_id, seat)
        if found is None or not settled(found, now):
            record, players = await finished(request, table_id)
            if not 0 <= seat < players:
                raise HTTPException(400, _("there is no seat {seat} at this table: its "
                                           "seats are 0 to {last}").format(
                    seat=seat, last=players - 1))
            found = await start(request, reviews, Job(
                table_id, seat, record, hub.config.hint_sims or DEFAULT_SIMS))
        puzzles = None
        if found.status == "done" and found.review is not None:
            puzzles = await hub.db.run(PuzzleStore.ids_of_seat, table_id, seat)
        return answer(found, reviews.jobs.get((table_id, seat)), puzzles)


async def start(request: Request, reviews: Reviews, job: Job) -> Found:
    """Claim ``job``'s analysis and start it, unless this process or another is already at it.

    A new analysis takes a place in the reviews' line for the client's address first
    (:class:`~furuba.server.admission.BusyError` when refused: nothing is claimed then).
    """
    key = (job.table_id, job.seat)
    running = reviews.jobs.get(key)
    if running is not None:         # another request of this process is at it
        return Found("running", running.progress, updated_at=time.time())
    place = work_of(request).reviews.reserve(client_address(request))
    reviews.jobs[key] = job
    try:
        found = await hub_of(request).db.run(ReviewStore.claim, job.table_id, job.seat,
                                             reviews.owner, job.sims, time.time())
    except BaseException:
        place.give_back()
        reviews.jobs.pop(key, None)
        raise
    if found.mine:
        reviews.start(job, place, hub_of(request))
    else:                           # another process is at it, or finished it meanwhile
        place.give_back()
        reviews.jobs.pop(key, None)
    return found


def settled(found: Found, now: float) -> bool:
    """Whether a request can answer from ``found`` alone (else it must claim the analysis)."""
    if found.status in ("done", "outdated"):
        return found.status == "done"
    quiet = now - found.updated_at
    if found.status == "failed":
        return quiet < RETRY_SECONDS
    return quiet < STALE_SECONDS


async def finished(request: Request, table_id: str) -> tuple[GameRecord, int]:
    """A finished table's record (a copy) and its number of players; else a refusal (a deal's
    table while the deal is open: to those who finished it only)."""
    await guard_record(request, table_id)
    try:
        room, states = await hub_of(request).replay_states(table_id)
    except RoomError as exc:
        if exc.code == "not_over":
            raise HTTPException(409, _(NOT_OVER)) from None
        raise refuse(exc) from None
    return GameRecord.from_json(room.record.to_json()), states[-1].num_players


def answer(found: Found, job: Job | None,
           puzzles: dict[int, str] | None = None) -> JSONResponse:
    """The response for a row as found (this process's own job gives the freshest progress),
    with the ids of the puzzles its mistakes became, by step."""
    if found.status == "done" and found.review is not None:
        return JSONResponse(answered(found.review, i18n.current(), puzzles))
    if found.status == "failed":
        return JSONResponse({"status": "failed", "detail": _(
            "the analysis failed ({error}); ask again in {seconds:g} seconds to start it "
            "over").format(error=_(found.error) if found.error else "",
                           seconds=RETRY_SECONDS)}, status_code=500)
    progress = job.progress if job is not None else found.progress
    return JSONResponse({"status": "running", "progress": round(progress, 3)}, status_code=202)
