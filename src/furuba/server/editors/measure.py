"""Measuring a file's balance in the page: ``POST /api/<word>/measure`` plays bot games with it.

A measure plays ``games`` games of bots (seats rotated, as ``furuba simulate`` does) with the
file as the option's value, on the balance lab's runner (:func:`furuba.sim.runner.run`: worker
processes of this machine, or Ray when ``measure_ray_address`` or ``RAY_ADDRESS`` names a
cluster), then answers the balance report's data (:func:`furuba.sim.analysis.analyse`, with what
the game's editor adds: :attr:`furuba.spec.FileEditor.measured`).

A public server stays alive: a measure asks for at most ``measure_max_games`` games, one address
has at most ``measures_per_address`` measures waiting or running (counted in the database, so
over every process), a process runs ``measures_at_once`` at a time and keeps at most
``measure_queue`` waiting (its line is the ``measures``
:class:`~furuba.server.admission.Admission` of :mod:`furuba.server.workloads`: ``503`` with
``Retry-After`` when it is full, and the line's metrics), and the games run in worker processes
whose priority is lowered (``nice`` 10), never in the server's own process.

The state of each measure is a database row (:mod:`furuba.server.editors.measure_store`), so any
process answers ``GET /api/<word>/measure/{id}`` and ``DELETE`` (cancel): the process running it
sees the cancel at its next heartbeat, every :data:`HEARTBEAT_SECONDS`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from furuba.core.errors import FileProblemsError, FurubaError
from furuba.server import sandbox
from furuba.server.editors.measure_store import STALE_SECONDS, MeasureStore
from furuba.server.editors.owners import Owners, pick
from furuba.server.editors.uploads import MAX_FILE_BYTES, problems_sentence
from furuba.server.routing import client_address, hub_of
from furuba.server.sandbox import FileRefusedError, JobFailedError, Limits
from furuba.server.security import address_hash, new_table_id
from furuba.server.workloads import work_of
from furuba.sim.runner import SimConfig, default_jobs, run
from furuba.text import N_, _

if TYPE_CHECKING:
    from furuba.server.admission import Place
    from furuba.server.config import ServerConfig
    from furuba.server.hub import Hub
    from furuba.spec import GameSpec, Option

log = logging.getLogger("furuba.server")
MEASURE_BOTS = ("greedy", "random")
"""The bots a measure may seat: fast ones (a search bot would take a core for minutes)."""
HEARTBEAT_SECONDS = 0.5
"""How often a running measure saves its progress (and learns whether it was cancelled)."""
CHUNK = 4
"""Games per unit of work: small, so that a cancel stops the workers soon."""
NICE = 10
"""How much lower the measure's worker processes run than the server."""
SEED_LIMIT = 2**31
"""A measure's own seeds are below this, so that a browser shows them exactly (its numbers are
exact to 2**53) and ``furuba simulate --seed`` replays the games."""


class MeasureBody(BaseModel):
    """``POST /api/<word>/measure``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    text: Annotated[StrictStr, Field(max_length=MAX_FILE_BYTES, description=N_(
        "the file's text, at most 256 KB"))]
    games: Annotated[StrictInt, Field(ge=1, description=N_("a whole number of games from 1"))]
    players: Annotated[StrictInt | None, Field(ge=1, description=N_(
        "a whole number of players, or null (the game's default)"))] = None
    bots: Annotated[list[StrictStr] | None, Field(max_length=8, description=N_(
        "a list of bot specs, one per seat (the last one fills the rest), or null"))] = None
    seed: Annotated[StrictInt | None, Field(ge=0, lt=2**62, description=N_(
        "a whole number from 0 to 2**62 - 1, or null (a random one)"))] = None


@dataclass
class Measure:
    """One measure this process runs."""

    id: str
    cfg: SimConfig
    option: Option
    name: str
    """The set's name, for the report (its options say it instead of the whole file)."""
    done: int = 0
    """Games played (set by the worker thread, read by the loop)."""
    stopped: bool = False
    """Set by the loop: stop at the next result."""

    def run(self, workers: int, ray_address: str | None) -> dict[str, Any] | None:
        """Play the games and make the report (on a measure thread); ``None`` once stopped."""
        from furuba.sim.analysis import analyse
        from furuba.sim.summary import summarize

        results = []
        backend = "ray" if ray_address else "local"
        for result in run(self.cfg, jobs=workers, chunk=CHUNK, backend=backend,
                          ray_address=ray_address):
            results.append(result)
            self.done = len(results)
            if self.stopped:
                return None
        data = analyse(summarize(self.cfg, results), results)
        data["options"] = {self.option.name: self.name}
        assert self.option.editor is not None
        report: dict[str, Any] = json.loads(json.dumps(self.option.editor.measured(data),
                                                       default=str))
        return report


def _lower_priority() -> None:
    """A measure thread runs (and starts its worker processes) below the server's priority."""
    with contextlib.suppress(AttributeError, OSError):   # not Linux: the same priority
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)


@dataclass
class Measures:
    """This process's measures, each waiting for its turn in the ``measures`` line (an
    :class:`~furuba.server.admission.Admission`) or running on a measure thread."""

    owner: str
    config: ServerConfig
    pool: ThreadPoolExecutor
    jobs: dict[str, Measure] = field(default_factory=dict)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    @classmethod
    def make(cls, owner: str, config: ServerConfig) -> Measures:
        at_once = max(1, config.measures_at_once)
        return cls(owner, config,
                   ThreadPoolExecutor(at_once, "furuba-measure", initializer=_lower_priority))

    def start(self, job: Measure, place: Place, hub: Hub) -> None:
        """Run ``job`` once ``place`` comes to its turn."""
        self.jobs[job.id] = job
        task = asyncio.ensure_future(self.work(job, place, hub))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def work(self, job: Measure, place: Place, hub: Hub) -> None:
        beat = asyncio.ensure_future(self.heartbeat(job, hub))
        try:
            async with place:
                if job.stopped or not await hub.db.run(MeasureStore.begin, job.id, self.owner,
                                                       time.time()):
                    return   # cancelled while it waited
                workers = self.config.measure_workers or max(2, default_jobs() - 1)
                address = self.config.measure_ray_address or os.environ.get("RAY_ADDRESS")
                loop = asyncio.get_running_loop()
                report = await loop.run_in_executor(self.pool, job.run, workers, address)
            if report is not None:
                await hub.db.run(MeasureStore.finish, job.id, self.owner, job.done, report,
                                 time.time())
        except asyncio.CancelledError:
            job.stopped = True
            raise
        except Exception as exc:
            log.exception("measure %s failed", job.id)
            await hub.db.run(MeasureStore.fail, job.id, self.owner,
                             f"{type(exc).__name__}: {exc}"[:300], time.time())
        finally:
            place.give_back()
            beat.cancel()
            self.jobs.pop(job.id, None)

    async def heartbeat(self, job: Measure, hub: Hub) -> None:
        """Say ``job`` is at work (waiting or running) and how far it got, until it ends; stop
        it once its row says it was cancelled."""
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            try:
                running = await hub.db.run(MeasureStore.report, job.id, self.owner, job.done,
                                           time.time())
            except Exception:      # a busy database: the next beat will do
                log.warning("a measure's progress could not be saved", exc_info=True)
                continue
            if not running:
                job.stopped = True
                return

    def stop(self, measure_id: str) -> None:
        job = self.jobs.get(measure_id)
        if job is not None:
            job.stopped = True


def measures_of(request: Request) -> Measures:
    """The app's :class:`Measures` (made on first use)."""
    state = request.app.state
    found: Measures | None = getattr(state, "measures", None)
    if found is None:
        hub = hub_of(request)
        found = state.measures = Measures.make(hub.db.metrics.process, hub.config)
    return found


def add_measures(router: APIRouter, word: str, owners: Owners) -> None:
    """``POST /api/<word>/measure``, ``GET`` and ``DELETE /api/<word>/measure/{id}``."""
    async def start(body: MeasureBody, request: Request, game: str | None = None) -> JSONResponse:
        spec, option = pick(owners, game)
        hub, measures = hub_of(request), measures_of(request)
        cfg = settings(spec, option, body, hub.config)
        try:
            async with work_of(request).file_checks.turn(client_address(request)):
                name = await checked(spec.name, option, cfg, body.text, Limits.of(hub.config))
        except FileProblemsError as exc:
            return JSONResponse({"detail": problems_sentence(exc), "problems": [
                {"field": f, "message": m} for f, m in exc.problems]}, status_code=400)
        creator = address_hash(client_address(request), hub.config.address_key)
        place = work_of(request).measures.reserve(creator)     # 503 when the line is full
        job = Measure(new_table_id(), cfg, option, name)
        try:
            made = await hub.db.run(MeasureStore.create, job.id, creator, spec.name,
                                    option.name, cfg.games, {"players": cfg.players,
                                                             "bots": cfg.bots, "seed": cfg.seed},
                                    measures.owner, hub.config.measures_per_address,
                                    time.time())
        except BaseException:
            place.give_back()
            raise
        if not made:
            place.give_back()
            raise HTTPException(429, _("your address already has a measure under way: wait for "
                                       "it to end, or cancel it"), headers={"Retry-After": "60"})
        measures.start(job, place, hub)
        return JSONResponse({"id": job.id, "status": "waiting", "done": 0, "games": cfg.games,
                             "url": f"/api/{word}/measure/{job.id}"}, status_code=202)

    async def progress(measure_id: str, request: Request) -> dict[str, Any]:
        found = await hub_of(request).db.run(MeasureStore.read, measure_id, time.time())
        if found is None:
            raise HTTPException(404, _("there is no such measure"))
        if found["status"] == "failed":
            found["detail"] = _("the measure failed ({error})").format(
                error=found.pop("error", None) or _("its server stopped"))
        return found

    async def cancel(measure_id: str, request: Request) -> dict[str, Any]:
        status = await hub_of(request).db.run(MeasureStore.cancel, measure_id, time.time())
        if status is None:
            raise HTTPException(404, _("there is no such measure"))
        if status != "cancelled":
            raise HTTPException(409, _("the measure is over: it can no longer be cancelled"))
        measures_of(request).stop(measure_id)
        return {"id": measure_id, "status": "cancelled"}

    router.add_api_route(f"/api/{word}/measure", start, methods=["POST"], response_model=None,
                         status_code=202, summary="Measure a file's balance with bot games")
    router.add_api_route(f"/api/{word}/measure/{{measure_id}}", progress, methods=["GET"],
                         summary="How far a measure got, and its report once done")
    router.add_api_route(f"/api/{word}/measure/{{measure_id}}", cancel, methods=["DELETE"],
                         summary="Cancel a measure")


def settings(spec: GameSpec, option: Option, body: MeasureBody, config: ServerConfig) -> SimConfig:
    """The simulation a request asks for, within the limits; ``400`` naming what is out of them."""
    cap = config.measure_max_games
    if body.games > cap:
        raise HTTPException(400, _("games must be a whole number from 1 to {cap}, not {games}")
                            .format(cap=cap, games=body.games))
    low, high = spec.players.low, spec.players.online_high
    players = spec.players.default if body.players is None else body.players
    if not low <= players <= high:
        raise HTTPException(400, _("players must be a whole number from {low} to {high}, not "
                                   "{players}").format(low=low, high=high, players=players))
    bots = body.bots or [MEASURE_BOTS[0]]
    for bot in bots:
        if bot not in MEASURE_BOTS:
            raise HTTPException(400, _("a measure seats only these bots: {bots}; not {bot!r}")
                                .format(bots=", ".join(MEASURE_BOTS), bot=bot))
    seed = secrets.randbelow(SEED_LIMIT) if body.seed is None else body.seed
    return SimConfig(game=spec.name, games=body.games, players=players, bots=bots, seed=seed,
                     options={option.name: None})


async def checked(game: str, option: Option, cfg: SimConfig, text: str, limits: Limits) -> str:
    """Check the file — first in the sandbox, under ``limits``, as every file a user gives is
    (:mod:`furuba.server.sandbox`) — and put it into ``cfg``'s options (loaded); its name.
    :class:`FileProblemsError` for a bad file, ``413``/``400`` for one stopped by a limit, ``400``
    for games it cannot play."""
    assert option.editor is not None and option.check_text is not None
    editor, check_text = option.editor, option.check_text
    try:
        await sandbox.run(limits, sandbox.check, game, option.name, text)
    except FileRefusedError as exc:
        raise HTTPException(exc.status, exc.detail) from None
    except JobFailedError as exc:
        log.error("the %s checker of %s failed: %s", option.name, game, exc)
        raise HTTPException(400, _("the file could not be read")) from None

    def load() -> str:
        summary = check_text(text)
        cfg.options[option.name] = editor.load(text)
        cfg.validate()
        return str(summary.get("name", "")) if isinstance(summary, dict) else ""

    try:
        return await asyncio.to_thread(load)
    except FileProblemsError:
        raise
    except FurubaError as exc:
        raise HTTPException(400, str(exc)) from None


__all__ = ["MEASURE_BOTS", "STALE_SECONDS", "Measure", "MeasureBody", "Measures", "add_measures"]
