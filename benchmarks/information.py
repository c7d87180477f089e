"""What knowing every hidden card is worth to the search: an upper bound on hand inference.

Hand inference (guessing who holds what from how they played) can at best tell the search what
it would know if it could see every card. This benchmark measures that best: the search bot,
handed the true position in every simulation instead of worlds re-dealt from its view (it
*cheats*: a diagnostic, never a bot anyone can seat), plays against three honest bots of the same
level, on duplicate deals (every deal in all four seatings, seeded as ``furuba simulate
--duplicate`` seeds them, so the honest bots play the games they would play there). Its share of
the wins and of the points over the fair share is what perfect inference would buy; real
inference buys a part of it.

``python -m benchmarks.information --game daihinmin --deals 100`` (``--level``, ``--seed``, and
``--option key=value`` for the game's options; the defaults are single rounds of Dai Hin Min
and games of Friends of the Zodiac to 4 friendships, as in docs/BOTS.md).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any

from benchmarks.ismcts import mean_interval

PLAYERS = 4
DEFAULT_OPTIONS: dict[str, dict[str, Any]] = {"daihinmin": {"max_rounds": 1}, "zodiac": {"target": 4}}


class Seeing:
    """A search bot that searches the true position instead of re-dealt worlds."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = f"{bot.name}+sees-all"

    def choose(self, state: Any) -> int:
        from furuba.bots.ismcts import Search
        from furuba.bots.levels import LevelBot

        legal = state.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        bot = self.bot.bot_for(state.game_name) if isinstance(self.bot, LevelBot) else self.bot
        search = Search(state, bot.settings, bot.rng)
        search.sample = lambda _rng: state.clone()
        return search.run().best


@dataclass
class Deal:
    """One deal's four games, the seeing bot in each seat in turn."""

    seed: int
    wins: float
    """Its mean share of the wins over the four games."""
    points: float
    """Its mean points per round over the four games."""
    share: float
    """Its points over the table's mean points (1: the fair share), over the four games."""


def play_deal(game: str, level: str, seed: int, options: dict[str, Any]) -> Deal:
    """The deal of ``seed`` in all four seatings, the seeing bot in seat ``k`` of game ``k``."""
    from furuba import games
    from furuba.bots.registry import make_bot

    wins = points = table = 0.0
    for k in range(PLAYERS):
        state = games.new_game(game, players=PLAYERS, seed=seed, **options)
        bots: list[Any] = [make_bot(level, seed=seed * 31 + p) for p in range(PLAYERS)]
        bots[k] = Seeing(bots[k])
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))
        wins += state.returns()[k]
        rounds = max(1, int(games.spec(game).summarize(state).get("rounds", 1)))
        scores = state.scores()
        points += scores[k] / rounds
        table += sum(scores) / PLAYERS / rounds
    return Deal(seed, wins / PLAYERS, points / PLAYERS, points / table if table else 1.0)


def run(game: str, deals: int, level: str = "normal", seed: int = 9000,
        options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``deals`` deals and summarise them (means with normal 95% intervals over deals)."""
    opts = DEFAULT_OPTIONS.get(game, {}) if options is None else options
    played = [play_deal(game, level, seed + d, opts) for d in range(deals)]
    wins = [d.wins for d in played]
    points = [d.points for d in played]
    shares = [d.share for d in played]
    return {
        "game": game, "level": level, "seed": seed, "deals": deals, "options": opts,
        "win_share": round(statistics.fmean(wins), 4),
        "win_share_ci95": [round(x, 4) for x in mean_interval(wins)],
        "points_per_round": round(statistics.fmean(points), 4),
        "points_per_round_ci95": [round(x, 4) for x in mean_interval(points)],
        "fair_share_of_points": round(statistics.fmean(shares), 4),
        "fair_share_of_points_ci95": [round(x, 4) for x in mean_interval(shares)],
    }


if __name__ == "__main__":  # pragma: no cover - a long-running diagnostic, run by hand
    import argparse
    import json

    parser = argparse.ArgumentParser(description="what seeing every hidden card is worth to the "
                                                 "search, against honest bots of its level")
    parser.add_argument("--game", default="daihinmin", choices=sorted(DEFAULT_OPTIONS))
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (default: the ones docs/BOTS.md uses)")
    args = parser.parse_args()
    if args.deals < 2:
        parser.error("--deals must be at least 2: an interval needs two deals")
    given = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)} or None
    print(json.dumps(run(args.game, args.deals, args.level, args.seed, given), indent=1))
