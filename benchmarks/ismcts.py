"""The search bot's speed: simulations per second and the time of one decision, on one core.

For each game, a handful of 4-player positions are reached by greedy play from fixed seeds (spread
over the game, each with a real choice to make); on each, the bot at the chosen level decides
(three times with the same seed, the fastest run counting). The table gives, per game, the
simulations per second over all those decisions and the median time of one decision. Run it
with ``python -m benchmarks --only ismcts`` (``--level``, ``--positions`` to change what is
measured).

Targets: a ``hard`` decision takes at most 1 s (median), an ``expert`` one at most 0.5 s, and
the search runs at least 3,000 simulations per second on a 4-player mid-game.
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
TARGET_EXPERT_DECISION_S = 0.5


@dataclass
class Measured:
    """One game's numbers."""

    game: str
    level: str
    sims: int
    positions: int
    sims_per_s: float
    """Simulations per second of CPU time (steady when other processes share the core)."""
    sims_per_s_wall: float
    decision_median_s: float
    """Median wall-clock time of one decision."""
    decision_median_cpu_s: float
    decision_max_s: float


def positions(game: str, count: int, seed: int = 1) -> list[Any]:
    """``count`` mid-game positions of ``game`` with at least two legal actions."""
    from furuba import games
    from furuba.bots.kit import BotKit

    policy = games.spec(game).kit(BotKit).policies.greedy
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


REPEATS = 3
"""Each decision is timed this many times (same seed, same decision); the fastest counts, as
``timeit`` does: other processes on a shared machine can only slow a run down."""


def measure(game: str, level: str = "hard", count: int = 8, seed: int = 1) -> Measured:
    """Decide at the chosen level on each of ``count`` positions of ``game``."""
    from furuba.bots.registry import make_bot

    times: list[float] = []
    cpu: list[float] = []
    sims = 0
    for i, state in enumerate(positions(game, count, seed)):
        best = best_cpu = float("inf")
        for _ in range(REPEATS):
            bot: Any = make_bot(f"ismcts:{level}", seed=seed + i)
            started, started_cpu = time.perf_counter(), time.process_time()
            bot.choose(state)
            best = min(best, time.perf_counter() - started)
            best_cpu = min(best_cpu, time.process_time() - started_cpu)
        times.append(best)
        cpu.append(best_cpu)
        sims += bot.last.iterations
    return Measured(game, level, sims, len(times), sims / sum(cpu), sims / sum(times),
                    statistics.median(times), statistics.median(cpu), max(times))


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
        elif r.level == "expert":
            row["decision_met"] = r.decision_median_s <= TARGET_EXPERT_DECISION_S
        rows.append(row)
    return {"targets": {"sims_per_s": f"≥ {TARGET_SIMS_PER_S:g}",
                        "hard_decision_median_s": f"≤ {TARGET_DECISION_S:g}",
                        "expert_decision_median_s": f"≤ {TARGET_EXPERT_DECISION_S:g}"},
            "games": rows}


def print_table(console: Any, results: list[Measured]) -> None:
    """The results as a rich table."""
    from rich.table import Table

    table = Table(title="ISMCTS on one core", title_justify="left")
    for col in ("game", "level", "positions", "simulations", "sims/s (CPU)", "sims/s (wall)",
                "median decision", "(CPU)", "slowest"):
        table.add_column(col, justify="left" if col in ("game", "level") else "right")
    for r in results:
        table.add_row(r.game, r.level, str(r.positions), f"{r.sims:,}", f"{r.sims_per_s:,.0f}",
                      f"{r.sims_per_s_wall:,.0f}", f"{r.decision_median_s:.3f} s",
                      f"{r.decision_median_cpu_s:.3f} s", f"{r.decision_max_s:.3f} s")
    console.print(table)
    console.print(f"targets: ≥ {TARGET_SIMS_PER_S:,.0f} simulations/s on a 4-player mid-game; a "
                  f"hard decision ≤ {TARGET_DECISION_S:g} s (median)")


# -- beside OpenSpiel's ISMCTSBot ---------------------------------------------------------------
OPENSPIEL_SIMS = 100
"""The budget both searches get in the side-by-side speed comparison."""


@dataclass
class Compared:
    """furuba's search and OpenSpiel's ``ISMCTSBot`` on the same positions, same budget."""

    game: str
    sims: int
    positions: int
    furuba_sims_per_s: float
    openspiel_sims_per_s: float

    @property
    def ratio(self) -> float:
        return self.furuba_sims_per_s / self.openspiel_sims_per_s


def compare_openspiel(game: str, count: int = 4, sims: int = OPENSPIEL_SIMS,
                      seed: int = 1) -> Compared | None:
    """Time one decision of each search on ``count`` positions; ``None`` without OpenSpiel.

    OpenSpiel's bot runs as its documentation shows it: UCT constant 2, worlds from furuba's
    ``determinize`` (the adapter's resampler), uniformly random playouts to the end of the game
    (its ``RandomRolloutEvaluator``); furuba's at its defaults with ``sims`` simulations.
    """
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts

        from furuba.integrations import openspiel as fos
    except ImportError:
        return None
    from furuba.bots.registry import make_bot

    spiel_game = pyspiel.load_game(f"python_furuba_{game}", {"players": PLAYERS})
    ours = theirs = 0.0
    states = positions(game, count, seed)
    for i, state in enumerate(states):
        bot: Any = make_bot(f"ismcts:sims={sims}", seed=seed + i)
        started = time.process_time()
        bot.choose(state)
        ours += time.process_time() - started
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1,
                                                random_state=np.random.RandomState(seed + i))
        searcher = ismcts.ISMCTSBot(spiel_game, evaluator, uct_c=2.0, max_simulations=sims,
                                    random_state=np.random.RandomState(seed + i))
        searcher.set_resampler(fos.resampler(seed + i))
        started = time.process_time()
        searcher.step(spiel_game.state_of(state))
        theirs += time.process_time() - started
    n = len(states)
    return Compared(game, sims, n, sims * n / ours, sims * n / theirs)


def print_comparison(console: Any, rows: list[Compared]) -> None:
    """The side-by-side speed table."""
    from rich.table import Table

    table = Table(title=f"Beside OpenSpiel's ISMCTSBot (same positions, {OPENSPIEL_SIMS} "
                        "simulations each, CPU time)", title_justify="left")
    for col in ("game", "positions", "furuba sims/s", "OpenSpiel sims/s", "ratio"):
        table.add_column(col, justify="left" if col == "game" else "right")
    for r in rows:
        table.add_row(r.game, str(r.positions), f"{r.furuba_sims_per_s:,.0f}",
                      f"{r.openspiel_sims_per_s:,.1f}", f"{r.ratio:,.0f}×")
    console.print(table)
    console.print("OpenSpiel's simulations play uniformly random moves to the end of the game; "
                  "furuba's stop after a few greedy steps and evaluate.")


def measure_all(level: str = "hard", count: int = 8, seed: int = 1) -> dict[str, Any]:
    """Everything ``python -m benchmarks --only ismcts`` measures, JSON-ready."""
    out = report(run(level, count, seed))
    rows = [r for r in (compare_openspiel(g, seed=seed) for g in GAMES) if r is not None]
    out["openspiel"] = [{**asdict(r), "ratio": round(r.ratio, 1)} for r in rows]
    return out


def print_report(console: Any, measured: dict[str, Any]) -> None:
    """Both tables from :func:`measure_all`'s output."""
    print_table(console, [Measured(**{k: v for k, v in row.items() if not k.endswith("_met")})
                          for row in measured["games"]])
    rows = [Compared(**{k: v for k, v in row.items() if k != "ratio"})
            for row in measured["openspiel"]]
    if rows:
        print_comparison(console, rows)
    else:
        console.print("OpenSpiel is not installed: no side-by-side comparison")


def head_to_head(game: str = "daihinmin", games: int = 40, sims: int = 100,
                 seed: int = 1, furuba: str | None = None) -> dict[str, Any] | None:
    """furuba's search, OpenSpiel's ``ISMCTSBot`` and two ``greedy`` bots at one table, seats
    rotated, each search with ``sims`` simulations per decision; ``None`` without OpenSpiel.
    ``furuba`` seats another furuba bot instead (``expert``: a level at its own budget, then
    ``sims`` is OpenSpiel's alone).

    Dai Hin Min games are one round, Friends of the Zodiac games go to 4 friendships (OpenSpiel's
    random playouts run to the end of the game, so a whole match would take hours).
    """
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts

        from furuba.integrations import openspiel as fos
    except ImportError:
        return None
    params = {"players": PLAYERS, "max_rounds": 1} if game == "daihinmin" else \
        {"players": PLAYERS, "target": 4}
    spiel_game = pyspiel.load_game(f"python_furuba_{game}", params)
    lineup = ["furuba", "openspiel", "greedy", "greedy"]
    shares = {"furuba": 0.0, "openspiel": 0.0, "greedy": 0.0}
    points = dict.fromkeys(shares, 0.0)
    per_game: dict[str, list[float]] = {"furuba": [], "openspiel": []}
    for i in range(games):
        k = i % PLAYERS
        seats = lineup[-k:] + lineup[:-k] if k else lineup
        bots = []
        for p, who in enumerate(seats):
            if who == "openspiel":
                evaluator = mcts.RandomRolloutEvaluator(
                    n_rollouts=1, random_state=np.random.RandomState(seed + i))
                bot = ismcts.ISMCTSBot(spiel_game, evaluator, uct_c=2.0, max_simulations=sims,
                                       random_state=np.random.RandomState(seed + i))
                bot.set_resampler(fos.resampler(seed + i))
                bots.append(bot)
            else:
                spec = (furuba or f"ismcts:sims={sims}") if who == "furuba" else "greedy"
                bots.append(fos.FurubaBot(spec, p, seed=seed * 1000 + i * 10 + p))
        state = spiel_game.new_initial_state()
        returns = fos.play(state, bots, random.Random(seed + i))
        scores = state.furuba_state.scores()
        for p, who in enumerate(seats):
            shares[who] += returns[p] / (2 if who == "greedy" else 1)
            points[who] += scores[p] / (2 if who == "greedy" else 1)
            if who in per_game:
                per_game[who].append(returns[p])
    return {"game": game, "games": games, "sims": sims, "furuba": furuba or f"ismcts:sims={sims}",
            "win_share": {k: round(v / games, 3) for k, v in shares.items()},
            "win_share_ci95": {k: [round(x, 3) for x in mean_interval(v)]
                               for k, v in per_game.items()},
            "furuba_minus_openspiel_ci95": [round(x, 3) for x in mean_interval(
                [a - b for a, b in zip(per_game["furuba"], per_game["openspiel"], strict=True)])],
            "points_per_game": {k: round(v / games, 3) for k, v in points.items()}}


def mean_interval(values: list[float]) -> tuple[float, float]:
    """A 95% interval of the mean of ``values`` (normal approximation; needs 2 values or more).

    >>> [round(x, 3) for x in mean_interval([0.0, 1.0, 0.0, 1.0])]
    [-0.066, 1.066]
    """
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return mean - half, mean + half


if __name__ == "__main__":  # pragma: no cover - a long-running comparison, run by hand
    import argparse
    import json

    parser = argparse.ArgumentParser(description="furuba's ISMCTS against OpenSpiel's at one table")
    parser.add_argument("--game", default="daihinmin", choices=GAMES)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--sims", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--furuba", default=None,
                        help="the furuba bot (default: ismcts with --sims), e.g. expert")
    args = parser.parse_args()
    print(json.dumps(head_to_head(args.game, args.games, args.sims, args.seed, args.furuba),
                     indent=1))
