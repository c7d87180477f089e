"""Round-robin tournaments between bots, rated with openskill's Plackett-Luce model.

Every combination of the named bots that fills a table plays the same deals (the same seeds, seats
rotated), so line-ups differ only in who sits down. With at least as many bots as seats, a table
holds distinct bots; with fewer, every mix of them in which at least two differ. Each line-up also
plays in its different orders round the table (:func:`seatings`), since rotating seats keeps who
plays right after whom.

A game ranks its players by win share, then by game points (ties share a rank), and the ranking
updates the ratings of the bots at the table. A bot that holds several seats of one table is rated
seat by seat from its rating before the game, and takes the mean of its seats' new ratings.

>>> lineups(["random", "greedy"], 4)
[('random', 'random', 'random', 'greedy'), ('random', 'random', 'greedy', 'greedy'), \
('random', 'greedy', 'greedy', 'greedy')]
>>> len(lineups(["a", "b", "c", "d"], 3))
4
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement, permutations
from statistics import fmean
from typing import Any

from openskill.models import PlackettLuce

from furuba.bots.registry import make_bot
from furuba.core.errors import OptionsError
from furuba.sim.duplicate import duplicate_stats
from furuba.sim.runner import Chunk, GameResult, Progress, SimConfig, chunks_of, execute
from furuba.sim.summary import wilson
from furuba.text import _, listing

Lineup = tuple[str, ...]


def lineups(bots: Sequence[str], players: int) -> list[Lineup]:
    """Every table the round robin plays, in a fixed order."""
    if len(bots) >= players:
        return list(combinations(bots, players))
    return [c for c in combinations_with_replacement(bots, players) if len(set(c)) > 1]


MAX_SEATINGS = 6
"""At most this many orders round the table per line-up (all of them for 4 players)."""


def canonical(order: Sequence[str]) -> Lineup:
    """The rotation of ``order`` that sorts first: one name for every rotation of a seating.

    >>> canonical(("c", "a", "b"))
    ('a', 'b', 'c')
    """
    return min(tuple(order[i:]) + tuple(order[:i]) for i in range(len(order)))


@cache
def seatings(lineup: Lineup, limit: int = MAX_SEATINGS) -> tuple[Lineup, ...]:
    """The orders round the table that a line-up plays in, the line-up's own order first.

    Seats are rotated game by game, which keeps the order round the table: who plays right after
    whom. In a game where that matters (Friends of the Zodiac: the next player inherits the center
    and where Tohru stands), each line-up also plays its distinct cyclic orders — all of them up to
    ``limit``, else ``limit`` of them spread evenly over the sorted list.

    >>> seatings(("a", "b", "c", "d"))
    (('a', 'b', 'c', 'd'), ('a', 'b', 'd', 'c'), ('a', 'c', 'b', 'd'), ('a', 'c', 'd', 'b'), \
('a', 'd', 'b', 'c'), ('a', 'd', 'c', 'b'))
    >>> seatings(("x", "x", "y", "y"))
    (('x', 'x', 'y', 'y'), ('x', 'y', 'x', 'y'))
    """
    first = canonical(lineup)
    head, rest = first[0], first[1:]   # every rotation class has a member that starts with ``head``
    orders = sorted({canonical((head, *p)) for p in permutations(rest)})
    if len(orders) > limit:
        step = len(orders) / limit
        orders = [orders[int(i * step)] for i in range(limit)]
        if first not in orders:
            orders[0] = first
    return (first, *(o for o in orders if o != first))


@dataclass(frozen=True)
class TournamentConfig:
    """A round robin: every line-up plays about ``games`` games, spread over its seatings, each a
    multiple of ``players`` so that every bot sits in every seat."""

    game: str
    bots: list[str]
    games: int
    players: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    duplicate: bool = False
    """Every deal in every rotation of each seating (see :mod:`furuba.sim.duplicate`)."""

    def games_per_seating(self, lineup: Lineup) -> int:
        """Games each seating of ``lineup`` plays: ``games`` shared out, rounded up to whole turns
        of the table."""
        share = -(-self.games // len(seatings(lineup)))
        return -(-share // self.players) * self.players

    def tables(self) -> list[SimConfig]:
        """One simulation per seating of each line-up, all on the same seeds."""
        return [SimConfig(game=self.game, games=self.games_per_seating(t), players=self.players,
                          bots=list(order), seed=self.seed, options=self.options,
                          duplicate=self.duplicate)
                for t in lineups(self.bots, self.players) for order in seatings(t)]

    def validate(self) -> None:
        """Raise a clear :class:`OptionsError` for a tournament that cannot be played."""
        if len(self.bots) < 2:
            raise OptionsError(_("a tournament needs at least two bots"))
        for spec in self.bots:
            make_bot(spec)
        twice = sorted({b for b in self.bots if self.bots.count(b) > 1})
        if twice:
            raise OptionsError(_("bot named more than once: {bots}").format(
                bots=listing(twice)))
        if self.games < 1:
            raise OptionsError(_("the number of games must be at least 1"))
        self.tables()[0].validate()


def run_tournament(cfg: TournamentConfig, jobs: int = 1, progress: Progress | None = None,
                   backend: str = "local", ray_address: str | None = None) -> Iterator[GameResult]:
    """Play every line-up's games; yield the results as they finish."""
    cfg.validate()
    work: list[Chunk] = [c for table in cfg.tables() for c in chunks_of(table, jobs)]
    yield from execute(work, jobs, progress, backend, ray_address)


def ranks(result: GameResult) -> list[int]:
    """openskill ranks of a game's players (1 is best): by win share, then by points.

    >>> ranks({"returns": [0.5, 0.0, 0.5], "scores": [7, 9, 7]})
    [1, 3, 1]
    """
    keys = [(float(w), float(s)) for w, s in zip(result["returns"], result["scores"], strict=True)]
    return [1 + sum(other > key for other in keys) for key in keys]


def league(cfg: TournamentConfig, results: Sequence[GameResult]) -> dict[str, Any]:
    """The league table: openskill ratings (ordinal = mu − 3 sigma), games and win rates.

    Results are rated in a fixed order (line-up, then game), so the table does not depend on the
    order in which games finished.
    """
    order = {o: (i, k) for i, t in enumerate(lineups(cfg.bots, cfg.players))
             for k, o in enumerate(seatings(t))}
    ordered = sorted(results, key=lambda r: (order.get(canonical(r["bots"]), (-1, -1)),
                                             int(r["index"])))
    model = PlackettLuce()
    ratings = {b: model.rating(name=b) for b in cfg.bots}
    games: dict[str, int] = defaultdict(int)
    seats: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    for r in ordered:
        bots = list(r["bots"])
        teams = [[model.rating(mu=ratings[b].mu, sigma=ratings[b].sigma, name=b)] for b in bots]
        rated = model.rate(teams, ranks=[float(x) for x in ranks(r)])
        for bot in set(bots):
            mine = [rated[i][0] for i, b in enumerate(bots) if b == bot]
            ratings[bot] = model.rating(mu=fmean(x.mu for x in mine),
                                        sigma=fmean(x.sigma for x in mine), name=bot)
            games[bot] += 1
        for bot, share in zip(bots, r["returns"], strict=True):
            seats[bot] += 1
            wins[bot] += float(share)
    table: list[dict[str, Any]] = [
        {"bot": b, "ordinal": ratings[b].ordinal(), "mu": ratings[b].mu, "sigma": ratings[b].sigma,
         "games": games[b], "seats": seats[b], "win_rate": wins[b] / seats[b] if seats[b] else 0.0,
         "win_ci95": list(wilson(wins[b], seats[b]))}
        for b in cfg.bots]
    table.sort(key=lambda row: -float(row["ordinal"]))
    return {"game": cfg.game, "players": cfg.players, "bots": cfg.bots, "seed": cfg.seed,
            "options": dict(cfg.options),
            "lineups": [{"bots": list(t), "seatings": [list(o) for o in seatings(t)],
                         "games_per_seating": cfg.games_per_seating(t)}
                        for t in lineups(cfg.bots, cfg.players)],
            "games": len(results), "rating_model": "openskill PlackettLuce", "table": table,
            **({"duplicate": duplicate_stats(results)} if cfg.duplicate else {})}
