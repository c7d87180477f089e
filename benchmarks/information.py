"""What knowing every hidden card is worth to the search: an upper bound on hand inference.

Hand inference (guessing who holds what from how they played) can at best tell the search what
it would know if it could see every card. This benchmark measures that best: the search bot,
handed the true position in every simulation instead of worlds re-dealt from its view (it
*cheats*: a diagnostic, never a bot anyone can seat), plays against three honest bots of the same
level, on duplicate deals (every deal in all four seatings, seeded as ``furuba simulate
--duplicate`` seeds them, so the honest bots play the games they would play there). Its share of
the wins and of the points over the fair share is what perfect inference would buy; real
inference buys a part of it.

In Friends of the Zodiac the order of the deck is hidden from everyone, so seeing it is more
than any reading of the other players could give: ``--sees hands`` shows the search every hand
and re-deals only the deck (:data:`HANDS_ONLY`), the bound for hand inference there; ``--sees
next`` shows it the next player's hand alone (:data:`NEXT_ONLY`), to tell how much of that bound
is the hand of the player who moves next.

``python -m benchmarks.information --game daihinmin --deals 100`` (``--level``, ``--seed``,
``--sees``, and ``--option key=value`` for the game's options; the defaults are single rounds of
Dai Hin Min and games of Friends of the Zodiac to 4 friendships, as in docs/BOTS.md).
"""

from __future__ import annotations

import dataclasses
import json
import random
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from benchmarks.ismcts import mean_interval

PLAYERS = 4
DEFAULT_OPTIONS: dict[str, dict[str, Any]] = {"daihinmin": {"max_rounds": 1}, "zodiac": {"target": 4}}


def _deck_redealt(state: Any, rng: random.Random) -> Any:
    """Friends of the Zodiac with every hand in sight: the true position, its deck (and the
    Long Game's boxed cards) re-dealt, and a fresh seed for the reshuffles to come."""
    from furuba.core.rng import fresh_seed

    world = state.clone()
    pool = [*world.deck, *world.box]
    rng.shuffle(pool)
    size = len(world.deck)
    world.deck, world.box = tuple(pool[:size]), tuple(sorted(pool[size:]))
    world.seed, world.counter = fresh_seed(rng), 0
    return world


HANDS_ONLY: dict[str, Callable[[Any, random.Random], Any]] = {"zodiac": _deck_redealt}
"""For a game that hides more than the hands, a world with every hand seen and the rest
re-dealt (``--sees hands``); in the other games the hands are all there is to see."""


def _next_hand_seen(state: Any, rng: random.Random) -> Any:
    """Friends of the Zodiac with one hand in sight, the next player's (who plays after the
    searching one): a world dealt as ``determinize`` deals it, but with that hand as it is."""
    me = state.current_player
    nxt = (me + 1) % state.num_players
    shown = state.clone()
    known = list(shown.known)
    known[nxt] = shown.hands[nxt]
    shown.known = tuple(known)
    world = shown.determinize(me, rng)
    world.known = state.known
    return world


NEXT_ONLY: dict[str, Callable[[Any, random.Random], Any]] = {"zodiac": _next_hand_seen}
"""A world with only the next player's hand seen (``--sees next``): how much of what the hands
are worth is the hand of the player who moves next."""


class Seeing:
    """A search bot that searches the true position instead of re-dealt worlds, or, given a
    ``redeal`` (:data:`HANDS_ONLY`), the true hands in worlds whose other hidden cards it
    re-deals."""

    def __init__(self, bot: Any, redeal: Callable[[Any, random.Random], Any] | None = None,
                 sees: str = "all") -> None:
        self.bot = bot
        self.redeal = redeal
        self.name = f"{bot.name}+sees-{sees}"
        self.last: Any = None
        """The root statistics of its last search (``None`` when the last decision was forced)."""

    def choose(self, state: Any) -> int:
        from furuba.bots.ismcts import Search
        from furuba.bots.levels import LevelBot

        legal = state.legal_actions()
        if len(legal) == 1:
            self.last = None
            return int(legal[0])
        bot: Any = (self.bot.bot_for(state.game_name) if isinstance(self.bot, LevelBot)
                    else self.bot)
        search = Search(state, bot.settings, bot.rng)
        redeal = self.redeal
        search.sample = ((lambda _rng: state.clone()) if redeal is None
                         else (lambda rng: redeal(state, rng)))
        self.last = search.run()
        return self.last.best


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


def play_deal(game: str, level: str, seed: int, options: dict[str, Any],
              sees: str = "all", against: str | None = None) -> Deal:
    """The deal of ``seed`` in all four seatings, the seeing bot (of ``level``) in seat ``k`` of
    game ``k`` and honest bots of ``against`` (``level`` when ``None``) in the others."""
    from furuba import games
    from furuba.bots.registry import make_bot
    from furuba.sim.kit import LabKit

    wins = points = table = 0.0
    for k in range(PLAYERS):
        state = games.new_game(game, players=PLAYERS, seed=seed, **options)
        bots: list[Any] = [make_bot(against or level, seed=seed * 31 + p) for p in range(PLAYERS)]
        redeal = {"all": {}, "hands": HANDS_ONLY, "next": NEXT_ONLY}[sees].get(game)
        if sees == "next" and redeal is None:
            raise ValueError(f"--sees next is for Friends of the Zodiac, not {game}")
        bots[k] = Seeing(make_bot(level, seed=seed * 31 + k), redeal, sees)
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))
        wins += state.returns()[k]
        rounds = max(1, int(games.spec(game).kit(LabKit).summarize(state).get("rounds", 1)))
        scores = state.scores()
        points += scores[k] / rounds
        table += sum(scores) / PLAYERS / rounds
    return Deal(seed, wins / PLAYERS, points / PLAYERS, points / table if table else 1.0)


def run(game: str, deals: int, level: str = "normal", seed: int = 9000,
        options: dict[str, Any] | None = None, sees: str = "all",
        against: str | None = None) -> dict[str, Any]:
    """Play ``deals`` deals and summarise them (means with normal 95% intervals over deals);
    each deal's figures go to stderr as it ends, one JSON line, so a run stopped early keeps
    what it played."""
    opts = DEFAULT_OPTIONS.get(game, {}) if options is None else options
    played = []
    for d in range(deals):
        played.append(deal := play_deal(game, level, seed + d, opts, sees, against))
        print(json.dumps(dataclasses.asdict(deal)), file=sys.stderr, flush=True)
    wins = [d.wins for d in played]
    points = [d.points for d in played]
    shares = [d.share for d in played]
    return {
        "game": game, "level": level, "against": against or level, "sees": sees, "seed": seed, "deals": deals,
        "options": opts,
        "win_share": round(statistics.fmean(wins), 4),
        "win_share_ci95": [round(x, 4) for x in mean_interval(wins)],
        "points_per_round": round(statistics.fmean(points), 4),
        "points_per_round_ci95": [round(x, 4) for x in mean_interval(points)],
        "fair_share_of_points": round(statistics.fmean(shares), 4),
        "fair_share_of_points_ci95": [round(x, 4) for x in mean_interval(shares)],
    }


if __name__ == "__main__":  # pragma: no cover - a long-running diagnostic, run by hand
    import argparse

    parser = argparse.ArgumentParser(description="what seeing every hidden card is worth to the "
                                                 "search, against honest bots of its level")
    parser.add_argument("--game", default="daihinmin", choices=sorted(DEFAULT_OPTIONS))
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--against", default=None,
                        help="the honest bots' level (default: the seeing bot's own)")
    parser.add_argument("--sees", choices=("all", "hands", "next"), default="all",
                        help="every hidden card, the hands only (the deck re-dealt), or the "
                             "next player's hand only (Friends of the Zodiac)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (default: the ones docs/BOTS.md uses)")
    args = parser.parse_args()
    if args.deals < 2:
        parser.error("--deals must be at least 2: an interval needs two deals")
    from furuba import games
    from furuba.cli.options import game_options
    from furuba.core.errors import FurubaError

    try:
        given = game_options(games.spec(args.game), {}, args.option) or None
    except FurubaError as error:
        parser.error(str(error))
    print(json.dumps(run(args.game, args.deals, args.level, args.seed, given, args.sees,
                         args.against),
                     indent=1))
