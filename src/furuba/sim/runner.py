"""Play many bot games, in parallel over the machine's cores, with seats rotated.

Game ``i`` of a simulation uses the seed ``seed + i`` and seats the line-up of bots rotated by
``i`` places, so a bot's seat advantage cancels out over a multiple of the player count. Every
game is independent and deterministic, so the results do not depend on how many processes (or
machines) ran them.

>>> cfg = SimConfig(game="zodiac", games=2, players=3, bots=["greedy", "random"], seed=5)
>>> [r["bots"] for r in run(cfg)]
[['greedy', 'random', 'random'], ['random', 'greedy', 'random']]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from furuba import games
from furuba.bots.registry import make_bot
from furuba.core.errors import OptionsError

GameResult = dict[str, Any]
MAX_STEPS = 200_000


@dataclass(frozen=True)
class SimConfig:
    """What to simulate."""

    game: str
    games: int
    players: int
    bots: list[str]
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def lineup(self) -> list[str]:
        """One bot spec per seat: the list, padded with its last bot."""
        if not self.bots:
            raise OptionsError("name at least one bot")
        if len(self.bots) > self.players:
            raise OptionsError(f"{len(self.bots)} bots for {self.players} players")
        return self.bots + [self.bots[-1]] * (self.players - len(self.bots))

    def validate(self) -> None:
        """Raise a clear error now rather than in a worker process."""
        if self.games < 1:
            raise OptionsError("the number of games must be at least 1")
        for spec in self.lineup():
            make_bot(spec)
        games.new_game(self.game, players=self.players, seed=self.seed, **self.options)


def seats_for(cfg: SimConfig, index: int) -> list[str]:
    lineup = cfg.lineup()
    k = index % cfg.players
    return lineup[-k:] + lineup[:-k] if k else lineup


def play_game(cfg: SimConfig, index: int) -> GameResult:
    """Play game ``index`` of the simulation and return its result."""
    seed = cfg.seed + index
    seats = seats_for(cfg, index)
    state = games.new_game(cfg.game, players=cfg.players, seed=seed, **cfg.options)
    bots = [make_bot(spec, seed=seed * 31 + p) for p, spec in enumerate(seats)]
    steps = 0
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
        steps += 1
        if steps > MAX_STEPS:  # pragma: no cover - a guard against engine bugs
            raise RuntimeError(f"game {index} did not end after {MAX_STEPS} steps")
    result: GameResult = {
        "index": index, "seed": seed, "bots": seats,
        "returns": state.returns(), "scores": state.scores(), "steps": steps,
    }
    result.update(games.game_module(cfg.game).summarize(state))
    return result


def _play_chunk(cfg: SimConfig, indices: list[int]) -> list[GameResult]:
    return [play_game(cfg, i) for i in indices]


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def run(cfg: SimConfig, jobs: int = 1, chunk: int = 0,
        progress: Callable[[int], None] | None = None) -> Iterator[GameResult]:
    """Yield every game's result (in completion order when ``jobs > 1``).

    Stopping the iteration early (or Ctrl-C in the caller) keeps what has finished.
    """
    cfg.validate()
    indices = list(range(cfg.games))
    if jobs <= 1:
        for i in indices:
            result = play_game(cfg, i)
            if progress:
                progress(1)
            yield result
        return
    size = chunk or max(1, min(50, cfg.games // (jobs * 8) or 1))
    chunks = [indices[i:i + size] for i in range(0, len(indices), size)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future[list[GameResult]]] = set()
        todo = iter(chunks)
        try:
            for c in todo:
                pending.add(pool.submit(_play_chunk, cfg, c))
                if len(pending) >= jobs * 2:
                    break
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    results = fut.result()
                    if progress:
                        progress(len(results))
                    yield from results
                    nxt = next(todo, None)
                    if nxt is not None:
                        pending.add(pool.submit(_play_chunk, cfg, nxt))
        finally:
            for fut in pending:
                fut.cancel()
