"""Play many bot games, in parallel over the machine's cores or on a Ray cluster, seats rotated.

Game ``i`` of a simulation uses the seed ``seed + i`` and seats the line-up of bots rotated by
``i`` places, so a bot's seat advantage cancels out over a multiple of the player count. Every
game is independent and deterministic, so the results do not depend on how many processes (or
machines) ran them, nor on the backend.

>>> cfg = SimConfig(game="zodiac", games=2, players=3, bots=["greedy", "random"], seed=5)
>>> [r["bots"] for r in run(cfg)]
[['greedy', 'random', 'random'], ['random', 'greedy', 'random']]
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import TypeVar

from furuba.core.errors import OptionsError
from furuba.sim.play import Chunk, GameResult, SimConfig, play_chunk, play_game, seats_for
from furuba.text import _, listing

Progress = Callable[[int], None]
BACKENDS = ("local", "ray")
T = TypeVar("T")
R = TypeVar("R")
WORKER_GC = (10_000, 10, 10)
"""The collector's thresholds in a worker process: a game makes and drops small tuples by the
million and next to no cycles, so young collections ten times rarer than Python's default
(700) save about a tenth of a greedy simulation's time (docs/PERFORMANCE.md)."""

__all__ = ["BACKENDS", "Chunk", "GameResult", "Progress", "SimConfig", "chunks_of", "default_jobs",
           "execute", "map_tasks", "play_chunk", "play_game", "run", "seats_for"]


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def chunks_of(cfg: SimConfig, jobs: int, chunk: int = 0) -> list[Chunk]:
    """Split ``cfg`` into chunks: small enough to keep ``jobs`` workers busy, at most 50 games."""
    size = chunk or max(1, min(50, cfg.games // (max(jobs, 1) * 8) or 1))
    indices = list(range(cfg.games))
    return [(cfg, indices[i:i + size]) for i in range(0, len(indices), size)]


def run(cfg: SimConfig, jobs: int = 1, chunk: int = 0, progress: Progress | None = None,
        backend: str = "local", ray_address: str | None = None) -> Iterator[GameResult]:
    """Yield every game's result (in completion order when ``jobs > 1`` or on Ray).

    ``backend`` is ``local`` (processes on this machine) or ``ray`` (tasks on the Ray cluster at
    ``ray_address``, or on a local Ray started for the run). Stopping the iteration early (or
    Ctrl-C in the caller) keeps what has finished.
    """
    cfg.validate()
    yield from execute(chunks_of(cfg, jobs, chunk), jobs, progress, backend, ray_address)


def execute(work: Sequence[Chunk], jobs: int = 1, progress: Progress | None = None,
            backend: str = "local", ray_address: str | None = None) -> Iterator[GameResult]:
    """Play every chunk of ``work`` on ``backend`` and yield the results as they come."""
    if backend == "local" and jobs <= 1:
        one_by_one = ([play_game(cfg, i)] for cfg, indices in work for i in indices)
        yield from _counted(one_by_one, progress)
        return
    yield from _counted(map_tasks(play_chunk, work, jobs, backend, ray_address), progress)


def check_backend(backend: str) -> None:
    """Refuse a backend that is not one of :data:`BACKENDS`."""
    if backend not in BACKENDS:
        raise OptionsError(_("unknown backend {backend!r}; the backends are: {backends}").format(
            backend=backend, backends=listing(BACKENDS)))


def map_tasks(fn: Callable[[T], R], items: Sequence[T], jobs: int = 1, backend: str = "local",
              ray_address: str | None = None) -> Iterator[R]:
    """``fn(item)`` for every item, run on ``backend`` (here in this process when ``jobs`` is 1,
    in ``jobs`` processes, or as Ray tasks), yielded in completion order.

    ``fn`` and the items must pickle (a module-level function and plain data); a caller that
    needs an order sorts what it gets. Simulations and ``furuba train`` share it.
    """
    check_backend(backend)
    if backend == "ray":
        from furuba.sim.ray_backend import map_on_ray

        yield from map_on_ray(fn, items, jobs, ray_address)
    elif jobs <= 1:
        yield from map(fn, items)
    else:
        yield from _map_in_processes(fn, items, jobs)


def _counted(batches: Iterable[list[GameResult]], progress: Progress | None) -> Iterator[GameResult]:
    for results in batches:
        if progress:
            progress(len(results))
        yield from results


def _worker_started() -> None:
    """A worker's collector: what it inherited is frozen, young collections are rarer."""
    gc.freeze()
    gc.set_threshold(*WORKER_GC)


def _map_in_processes(fn: Callable[[T], R], items: Sequence[T], jobs: int) -> Iterator[R]:
    with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_started) as pool:
        pending: set[Future[R]] = set()
        todo = iter(items)
        try:
            for c in todo:
                pending.add(pool.submit(fn, c))
                if len(pending) >= jobs * 2:
                    break
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    yield fut.result()
                    nxt = next(todo, None)
                    if nxt is not None:
                        pending.add(pool.submit(fn, nxt))
        finally:
            for fut in pending:
                fut.cancel()
