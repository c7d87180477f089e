"""The search bot's speed: simulations per second and the time of one decision, on one core.

For each game, a handful of 4-player positions are reached by greedy play from fixed seeds (spread
over the game, each with a real choice to make); on each, the bot at the chosen level decides once.
The table gives, per game, the simulations per second over all those decisions and the median
time of one decision. Run it with ``python -m benchmarks --only ismcts`` (``--level``,
``--positions`` to change what is measured).

Targets (issue 4): a ``hard`` decision takes at most 1 s (median) and the search runs at least
3,000 simulations per second on a 4-player mid-game.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import asdict, dataclass
from typing import Any

GAMES = ("zodiac", "daihinmin")
PLAYERS = 4
TARGET_SIMS_PER_S = 3000.0
TARGET_DECISION_S = 1.0


@dataclass
class Measured:
    """One game's numbers."""

    game: str
    level: str
    sims: int
    positions: int
    sims_per_s: float
    decision_median_s: float
    decision_max_s: float


def positions(game: str, count: int, seed: int = 1) -> list[Any]:
    """``count`` mid-game positions of ``game`` with at least two legal actions."""
    from furuba import games

    policy = games.game_module(game).greedy_action
    out = []
    for i in range(count):
        rng = random.Random(seed + i)
        state = games.new_game(game, players=PLAYERS, seed=seed + i)
        for _ in range(10 + 7 * i):
            if state.is_terminal():
                break
            state.apply(policy(state, rng))
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            state.apply(policy(state, rng))
        if not state.is_terminal():
            out.append(state)
    return out


def measure(game: str, level: str = "hard", count: int = 8, seed: int = 1) -> Measured:
    """Decide once at the chosen level on each of ``count`` positions of ``game``."""
    from furuba.bots.registry import make_bot

    times: list[float] = []
    sims = 0
    for i, state in enumerate(positions(game, count, seed)):
        bot: Any = make_bot(f"ismcts:{level}", seed=seed + i)
        started = time.perf_counter()
        bot.choose(state)
        times.append(time.perf_counter() - started)
        sims += bot.last.iterations
    return Measured(game, level, sims, len(times), sims / sum(times),
                    statistics.median(times), max(times))


def run(level: str = "hard", count: int = 8, seed: int = 1) -> list[Measured]:
    """Both games."""
    return [measure(game, level, count, seed) for game in GAMES]


def report(results: list[Measured]) -> dict[str, Any]:
    """The JSON-ready results with the targets judged."""
    rows = []
    for r in results:
        row = asdict(r)
        row["sims_per_s_met"] = r.sims_per_s >= TARGET_SIMS_PER_S
        if r.level == "hard":
            row["decision_met"] = r.decision_median_s <= TARGET_DECISION_S
        rows.append(row)
    return {"targets": {"sims_per_s": f"≥ {TARGET_SIMS_PER_S:g}",
                        "hard_decision_median_s": f"≤ {TARGET_DECISION_S:g}"},
            "games": rows}


def print_table(console: Any, results: list[Measured]) -> None:
    """The results as a rich table."""
    from rich.table import Table

    table = Table(title="ISMCTS on one core", title_justify="left")
    for col in ("game", "level", "positions", "simulations", "sims/s", "median decision",
                "slowest"):
        table.add_column(col, justify="left" if col in ("game", "level") else "right")
    for r in results:
        table.add_row(r.game, r.level, str(r.positions), f"{r.sims:,}", f"{r.sims_per_s:,.0f}",
                      f"{r.decision_median_s:.3f} s", f"{r.decision_max_s:.3f} s")
    console.print(table)
    console.print(f"targets: ≥ {TARGET_SIMS_PER_S:,.0f} simulations/s on a 4-player mid-game; a "
                  f"hard decision ≤ {TARGET_DECISION_S:g} s (median)")
