"""How alike bots decide on the same positions: each one against itself and against a search that
sees the hidden hands.

A measure of play in minutes where a tournament takes hours. Positions are taken from games of
four ``greedy`` bots (every ``--every``-th decision with at least two legal actions, from deals
``seed``, ``seed + 1``, …); on each, every bot named decides twice, with two seeds, and so does the
*oracle*: the search bot of ``--oracle`` (``expert``, or a spec such as ``ismcts:sims=1000``)
handed the true hands, as in
:mod:`benchmarks.information` (in Friends of the Zodiac the deck is still re-dealt, so it sees what
a perfect reading of the other players could tell and no more; a diagnostic, never a bot anyone
can seat). The report gives, over the positions:

* each bot's **self-agreement**: how often its two decisions are the same — what is left to
  chance in a decision (1 for a bot that decides without randomness; Wilson 95% intervals, as
  for agreement);
* its **agreement with the oracle** (its first decision against the oracle's first): how close
  its play comes to play with the hands in sight. The oracle's own self-agreement bounds what any
  bot can reach there, as its decisions vary from seed to seed too;
* its **regret**: what its first decisions cost by the oracle's own values — on each position
  the oracle's value of the action it chose less its value of the bot's choice (0 where they
  agree; a normal 95% interval of the mean). A disagreement over two moves the oracle values
  alike costs nothing, one over a blunder costs much, so where agreement counts every
  difference alike, regret weighs it; it is in the oracle's values (a share of the wins, or
  with ``value=points`` of the points);
* and, for every bot after the first named, the **difference** of its agreement with the oracle,
  and of its regret, from the first bot's, position by position (a normal 95% interval of the
  paired mean): the way to tell two settings apart on the same positions.

``python -m benchmarks.agreement --game zodiac --positions 100 --bots expert,hard,policy,greedy``
(``--oracle``, ``--seed``, ``--every``, ``--option key=value``; the defaults are games of Friends of
the Zodiac to 4 friendships and single rounds of Dai Hin Min, as in docs/BOTS.md).
"""

from __future__ import annotations

import json
import random
import statistics
from dataclasses import asdict, dataclass
from typing import Any

from benchmarks.information import DEFAULT_OPTIONS, HANDS_ONLY, PLAYERS, Seeing
from benchmarks.ismcts import mean_interval

ORACLE = "oracle"
"""The name the report gives the search that sees the hands."""


def sample_positions(game: str, count: int, seed: int, options: dict[str, Any],
                     every: int = 7) -> list[Any]:
    """``count`` positions of ``greedy`` play with at least two legal actions: every ``every``-th
    decision of the games of deals ``seed``, ``seed + 1``, … (at most 100 from one deal)."""
    from furuba import games
    from furuba.bots.kit import BotKit

    policy = games.spec(game).kit(BotKit).policies.greedy
    out: list[Any] = []
    deal = seed
    while len(out) < count:
        state = games.new_game(game, players=PLAYERS, seed=deal, **options)
        rng = random.Random(deal)
        step = taken = 0
        while not state.is_terminal() and len(out) < count and taken < 100:
            if len(state.legal_actions()) > 1:
                if step % every == 0:
                    out.append(state.clone())
                    taken += 1
                step += 1
            state.apply(policy(state, rng))
        deal += 1
    return out


@dataclass
class Agreement:
    """One bot's figures over the positions."""

    bot: str
    positions: int
    self_agreement: float
    self_agreement_ci95: tuple[float, float]
    with_oracle: float
    with_oracle_ci95: tuple[float, float]
    regret: float
    """What its first decisions cost by the oracle's own values, on average: the oracle's value
    of the action it chose less its value of the bot's (0 where they choose alike)."""
    regret_ci95: tuple[float, float]
    than_first: float | None = None
    """Its agreement with the oracle less the first bot's, over the same positions."""
    than_first_ci95: tuple[float, float] | None = None
    regret_than_first: float | None = None
    """Its regret less the first bot's, over the same positions."""
    regret_than_first_ci95: tuple[float, float] | None = None


def _interval(successes: int, n: int) -> tuple[float, float]:
    from furuba.sim.summary import wilson

    low, high = wilson(successes, n)
    return round(low, 4), round(high, 4)


def _bot(spec: str, game: str, seed: int, oracle: str) -> Any:
    from furuba.bots.registry import make_bot

    if spec == ORACLE:
        return Seeing(make_bot(oracle, seed=seed), HANDS_ONLY.get(game), "hands")
    return make_bot(spec, seed=seed)


def decisions(game: str, specs: list[str], states: list[Any], oracle: str,
              seed: int) -> tuple[dict[str, list[tuple[int, int]]], list[dict[int, float]]]:
    """Each bot's two decisions (two seeds) on each position, the oracle's under ``ORACLE``; and
    on each position the oracle's value of every action its first search tried."""
    out: dict[str, list[tuple[int, int]]] = {spec: [] for spec in [ORACLE, *specs]}
    values: list[dict[int, float]] = []
    for i, state in enumerate(states):
        for spec, made in out.items():
            bots = [_bot(spec, game, seed + 2 * i + k, oracle) for k in (0, 1)]
            first, second = (bot.choose(state.clone()) for bot in bots)
            made.append((int(first), int(second)))
            if spec == ORACLE:
                values.append({stats.action: stats.value for stats in bots[0].last.actions})
    return out, values


def regrets(choices: list[int], values: list[dict[int, float]], truth: list[int]) -> list[float]:
    """On each position, the oracle's value of its own choice less its value of ``choices``'s
    (an action its search never tried counts as its worst).

    >>> regrets([1, 2], [{1: 0.5, 2: 0.25}, {1: 0.5, 2: 0.25}], [1, 1])
    [0.0, 0.25]
    """
    return [value[t] - value.get(chosen, min(value.values()))
            for chosen, value, t in zip(choices, values, truth, strict=True)]


def _mean(values: list[float]) -> tuple[float, tuple[float, float]]:
    """The mean of ``values`` and its 95% interval (none wide for a single value), rounded."""
    low, high = mean_interval(values) if len(values) > 1 else (values[0], values[0])
    return round(statistics.fmean(values), 4), (round(low, 4), round(high, 4))


def _difference(mine: list[float], first: list[float]) -> tuple[float, tuple[float, float]]:
    return _mean([a - b for a, b in zip(mine, first, strict=True)])


def agreement(game: str, specs: list[str], count: int = 100, seed: int = 500,
              oracle: str = "expert", options: dict[str, Any] | None = None,
              every: int = 7) -> dict[str, Any]:
    """The report: every bot's self-agreement and agreement with the oracle (the oracle's own
    first, under ``ORACLE``)."""
    opts = DEFAULT_OPTIONS.get(game, {}) if options is None else options
    states = sample_positions(game, count, seed, opts, every)
    made, values = decisions(game, specs, states, oracle, seed)
    truth = [first for first, _second in made[ORACLE]]
    rows = []
    hits: dict[str, list[float]] = {}
    costs: dict[str, list[float]] = {}
    for spec, pairs in made.items():
        n = len(pairs)
        alike = sum(first == second for first, second in pairs)
        hit = hits[spec] = [float(first == t) for (first, _second), t in zip(pairs, truth, strict=True)]
        cost = costs[spec] = regrets([first for first, _second in pairs], values, truth)
        row = Agreement(spec, n, round(alike / n, 4), _interval(alike, n),
                        round(sum(hit) / n, 4), _interval(int(sum(hit)), n), *_mean(cost))
        if specs and spec not in (ORACLE, specs[0]) and n > 1:
            row.than_first, row.than_first_ci95 = _difference(hit, hits[specs[0]])
            row.regret_than_first, row.regret_than_first_ci95 = _difference(
                cost, costs[specs[0]])
        rows.append(row)
    return {"game": game, "options": opts, "seed": seed, "every": every, "oracle": oracle,
            "positions": len(states), "bots": [asdict(row) for row in rows]}


if __name__ == "__main__":  # pragma: no cover - a diagnostic of some minutes, run by hand
    import argparse

    parser = argparse.ArgumentParser(description="how alike bots decide: each against itself "
                                                 "and against a search that sees the hands")
    parser.add_argument("--game", default="zodiac", choices=sorted(DEFAULT_OPTIONS))
    parser.add_argument("--bots", default="expert,hard,policy,greedy",
                        help="comma-separated bot specs (a setting after a comma belongs to "
                             "the bot before it, as in furuba simulate --bots)")
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--oracle", default="expert",
                        help="the search bot that sees the hands: a level, or ismcts:…")
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (default: the ones docs/BOTS.md uses)")
    args = parser.parse_args()
    if args.positions < 1 or args.every < 1:
        parser.error("--positions and --every must be at least 1")
    from furuba import games
    from furuba.bots.ismcts import ISMCTSBot
    from furuba.bots.levels import LevelBot
    from furuba.bots.registry import check_spec, make_bot, split_specs
    from furuba.cli.options import game_options
    from furuba.core.errors import FurubaError

    try:
        given = game_options(games.spec(args.game), {}, args.option) or None
        specs = [check_spec(spec) for spec in split_specs(args.bots)]
        built = make_bot(check_spec(args.oracle, args.game), seed=0)
    except FurubaError as error:
        parser.error(str(error))
    if not isinstance(built.bot_for(args.game) if isinstance(built, LevelBot) else built,
                      ISMCTSBot):   # Seeing searches with the bot's own settings
        parser.error(f"--oracle must be a search bot (a level that searches, or ismcts:…), "
                     f"not {args.oracle!r}")
    print(json.dumps(agreement(args.game, specs, args.positions, args.seed, args.oracle, given,
                               args.every), indent=1))
