"""Summaries of simulation results: what the JSON of ``furuba simulate`` holds.

Every summary has ``games``, ``players``, ``bots``, ``wins_by_seat``, ``wins_by_bot`` (win shares,
as in :meth:`State.returns`), ``win_rate_by_bot`` with 95% Wilson intervals, and ``steps``. Each
game adds its own keys through the ``summarize`` of its report sections
(:mod:`furuba.sim.sections`), defined in the game's own ``report`` module.

The statistics here (:func:`wilson`, :func:`median`, :func:`ratio_interval`) are part of the kit
the games' report modules use.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from furuba import games
from furuba.core.errors import OptionsError
from furuba.sim.duplicate import duplicate_stats
from furuba.sim.runner import GameResult, SimConfig
from furuba.sim.sections import sections_for
from furuba.text import _, listing


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (``successes`` may be fractional shares).

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def median(values: list[float]) -> float:
    """The median (0 for no values)."""
    return float(statistics.median(values)) if values else 0.0


def ratio_interval(pairs: list[tuple[float, float]], z: float = 1.96) -> tuple[float, float]:
    """95% interval of ``sum(a) / sum(b)`` over independent ``(a, b)`` units (the delta method).

    For points per round, a unit is one game: a bot's points and rounds in it.

    >>> lo, hi = ratio_interval([(10.0, 5.0), (14.0, 6.0), (9.0, 5.0), (12.0, 4.0)])
    >>> round(lo, 2), round(hi, 2)
    (1.8, 2.7)
    """
    n = len(pairs)
    total_b = sum(b for _a, b in pairs)
    if total_b <= 0:
        return (0.0, 0.0)
    r = sum(a for a, _ in pairs) / total_b
    if n < 2:
        return (r, r)
    spread = statistics.variance([a - r * b for a, b in pairs], 0.0)
    half = z * math.sqrt(spread / n) / (total_b / n)
    return (r - half, r + half)


def summarize(cfg: SimConfig, results: Iterable[GameResult]) -> dict[str, Any]:
    """Fold per-game results into the summary (order of results does not matter)."""
    rs = sorted(results, key=lambda r: int(r["index"]))
    n = cfg.players
    wins_by_seat = [0.0] * n
    wins_by_bot: dict[str, float] = defaultdict(float)
    seats_by_bot: Counter[str] = Counter()
    steps = 0
    for r in rs:
        steps += int(r["steps"])
        for p, share in enumerate(r["returns"]):
            wins_by_seat[p] += share
            wins_by_bot[r["bots"][p]] += share
            seats_by_bot[r["bots"][p]] += 1
    n_games = len(rs)
    out: dict[str, Any] = {
        "game": cfg.game, "games": n_games, "players": n, "bots": cfg.lineup(),
        "seed": cfg.seed, "options": cfg.options,
        "wins_by_seat": wins_by_seat,
        "win_rate_by_seat": [w / n_games if n_games else 0.0 for w in wins_by_seat],
        "wins_by_bot": dict(wins_by_bot),
        "win_rate_by_bot": {
            bot: {"rate": wins_by_bot[bot] / seats, "ci95": list(wilson(wins_by_bot[bot], seats)),
                  "seats_played": seats}
            for bot, seats in seats_by_bot.items()
        },
        "steps": steps,
    }
    if cfg.duplicate:
        out["duplicate"] = duplicate_stats(rs)
    out.update(sections_for(cfg.game).summarize(cfg, rs))
    return out


# -- from a file of results --------------------------------------------------------------------
REQUIRED_KEYS = ("index", "seed", "bots", "returns", "scores", "steps")


def game_of(result: GameResult) -> str:
    """The game a result comes from: its ``game`` field; for an old file without one, the
    registered game whose report sections name keys the result has ("" if none does)."""
    if "game" in result:
        return str(result["game"])
    for spec in games.specs():
        keys = sections_for(spec.name).result_keys
        if keys and all(k in result for k in keys):
            return spec.name
    return ""


def check_results(rows: list[GameResult]) -> str:
    """Raise :class:`~furuba.sim.results_io.ResultsFileError` unless ``rows`` are results of one
    game with everything the summary reads; return the game's name."""
    from furuba.sim.results_io import ResultsFileError

    names = {game_of(r) for r in rows}
    if len(names) != 1 or "" in names:
        raise ResultsFileError(_("not the results of one game: expected every line to be a "
                                 "game written by `furuba simulate --games-out` (games "
                                 "found: {games})").format(
            games=listing(sorted(n or '?' for n in names))))
    game = names.pop()
    try:
        game = games.canonical_name(game)
    except OptionsError:
        raise ResultsFileError(_("results of an unknown game {game!r}").format(game=game)) from None
    needed = (*REQUIRED_KEYS, *sections_for(game).result_keys)
    players = len(rows[0].get("bots", []))
    for number, r in enumerate(rows, 1):
        missing = [k for k in needed if k not in r]
        if missing:
            raise ResultsFileError(_("game {number} of the file lacks {missing}").format(
                number=number, missing=listing(missing)))
        if not (len(r["bots"]) == len(r["returns"]) == len(r["scores"]) == players):
            raise ResultsFileError(_("game {number} of the file has a different number of "
                                     "players").format(number=number))
    return game


def config_from_results(rows: list[GameResult]) -> SimConfig:
    """The simulation that produced ``rows``, read back from the results themselves."""
    game = check_results(rows)
    first = min(rows, key=lambda r: int(r["index"]))
    players = len(first["bots"])
    k = int(first["index"]) % players
    lineup = list(first["bots"][k:]) + list(first["bots"][:k])
    duplicate = len({int(r["seed"]) for r in rows}) < len(rows)     # deals played more than once
    deal = int(first["index"]) // players if duplicate else int(first["index"])
    return SimConfig(game=game, games=len(rows), players=players, bots=lineup,
                     seed=int(first["seed"]) - deal, options=dict(first.get("options") or {}),
                     duplicate=duplicate)


def summarize_results(rows: list[GameResult]) -> dict[str, Any]:
    """The summary of a file of per-game results, without replaying a game."""
    return summarize(config_from_results(rows), rows)
