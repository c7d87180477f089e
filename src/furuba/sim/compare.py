"""Two runs on the same deals, compared deal by deal — from their results files, without replaying.

A run of ``furuba simulate --duplicate`` plays each deal (one ``seed``) in every seating. Read
back from its ``--games-out`` file, each bot's result on a deal is its mean over the games of that
deal, of two measures:

* ``win``: its win share (``returns``), fair share ``1 / players``;
* ``score``: its score over the mean score of the table in the same game (``scores``: friendships,
  points), fair share ``1``; left out when a game's table scored nothing.

Only whole deals count — a run stopped early leaves its last deal short of a seating, and a deal
seen in only some seatings is not a duplicate deal any more. A second run (``than``) on the same
seeds and options gives a paired difference: the two bots' results on each deal both runs played,
subtracted, with the normal 95% interval of the mean difference, so the luck of the deal cancels
twice: within a run by the seatings, and between the runs by the deals.

>>> def game(seed, bots, returns):
...     return {"seed": seed, "bots": bots, "returns": returns, "scores": [2.0, 1.0]}
>>> rows = [game(s, b, r) for s in (1, 2) for b, r in ((["x", "y"], [1.0, 0.0]),
...                                                     (["y", "x"], [0.5, 0.5]))]
>>> deals, left_out = whole_deals([*rows, game(3, ["x", "y"], [1.0, 0.0])])
>>> sorted(deals), left_out
([1, 2], 1)
>>> deal_results(deals, "x")
{'win': {1: 0.75, 2: 0.75}, 'score': {1: 1.0, 2: 1.0}}
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from furuba.core.errors import OptionsError
from furuba.sim.paired import deal_means, mean_interval, paired_difference, win_shares
from furuba.sim.runner import GameResult
from furuba.sim.summary import check_results, config_from_results
from furuba.text import _, listing

Data = dict[str, Any]
MEASURES = ("win", "score")


def whole_deals(rows: Sequence[GameResult]) -> tuple[dict[int, list[GameResult]], int]:
    """The run's deals by seed, keeping those played in as many seatings as the most any deal
    was (a deal cut short by a stopped run is left out), and how many were left out."""
    deals: dict[int, list[GameResult]] = defaultdict(list)
    for row in rows:
        deals[int(row["seed"])].append(row)
    seatings = max(len(games) for games in deals.values())
    whole = {seed: games for seed, games in sorted(deals.items()) if len(games) == seatings}
    return whole, len(deals) - len(whole)


def score_shares(row: Mapping[str, Any]) -> list[float | None]:
    """Each seat's score over the mean score of the table (``None`` throughout when the table
    scored nothing)."""
    scores = [float(x) for x in row["scores"]]
    table = statistics.fmean(scores)
    return [x / table if table > 0 else None for x in scores]


VALUES = {"win": win_shares, "score": score_shares}
"""Each measure, seat by seat in one game."""


def deal_results(deals: dict[int, list[GameResult]], bot: str) -> dict[str, dict[int, float]]:
    """Each measure's per-deal mean for ``bot`` over the deals it played (the score left out of
    a deal where some table scored nothing)."""
    rows = [g for games in deals.values() for g in games]
    return {m: deal_means(rows, bot, values=VALUES[m]) for m in MEASURES}


def first_bot(rows: Sequence[GameResult]) -> str:
    """The first bot of the run's line-up, as ``--bots`` named it (``expert`` in
    ``--bots expert,hard``)."""
    return str(config_from_results(list(rows)).bots[0])


def _check_bot(bot: str, rows: Sequence[GameResult], flag: str) -> str:
    bots = sorted({b for row in rows for b in row["bots"]})
    if bot not in bots:
        raise OptionsError(_("{flag} {bot!r} played none of these games; their bots are "
                             "{bots}").format(flag=flag, bot=bot, bots=listing(bots)))
    return bot


def _run(rows: Sequence[GameResult]) -> Data:
    deals, dropped = whole_deals(rows)
    bots = sorted({b for games in deals.values() for g in games for b in g["bots"]})
    per_bot = {}
    for bot in bots:
        results = deal_results(deals, bot)
        per_bot[bot] = {m: mean_interval(list(results[m].values())) for m in MEASURES}
    seatings = len(next(iter(deals.values())))
    return {"deals": len(deals), "games": len(deals) * seatings, "seatings": seatings,
            "left_out": dropped, "players": len(rows[0]["bots"]), "bots": per_bot,
            "deal_map": deals}


def compare(rows: Sequence[GameResult], than: Sequence[GameResult] | None = None,
            bot: str | None = None, than_bot: str | None = None) -> Data:
    """The figures of one run (each bot's per-deal means with their intervals), and, given a
    second run ``than`` of the same game and options, ``bot``'s paired difference against
    ``than_bot`` on the deals both played. A bot not named is its run's :func:`first_bot`.

    :class:`OptionsError` for runs of different games or options, no deal in common, or a bot
    that is not there; :class:`~furuba.sim.results_io.ResultsFileError` for malformed results.
    """
    game = check_results(list(rows))
    first = _run(rows)
    chosen = _check_bot(bot, rows, "--bot") if bot else first_bot(rows)
    out: Data = {"game": game, "options": dict(rows[0].get("options") or {}), "bot": chosen,
                 **{k: v for k, v in first.items() if k != "deal_map"}, "than": None,
                 "paired": None}
    if than is None:
        return out
    if check_results(list(than)) != game:
        raise OptionsError(_("the two runs are of different games"))
    options = dict(than[0].get("options") or {})
    if options != out["options"]:
        raise OptionsError(_("the two runs played different options ({first} and {second}): "
                             "their deals are not the same").format(
            first=_said_options(out["options"]), second=_said_options(options)))
    second = _run(than)
    if second["players"] != first["players"]:
        raise OptionsError(_("the two runs seat different numbers of players ({first} and "
                             "{second}): their deals are not the same").format(
            first=first["players"], second=second["players"]))
    other = _check_bot(than_bot, than, "--than-bot") if than_bot else first_bot(than)
    mine = deal_results(first["deal_map"], chosen)
    theirs = deal_results(second["deal_map"], other)
    common = sorted(set(mine["win"]) & set(theirs["win"]))
    if not common:
        raise OptionsError(_("the two runs have no whole deal in common: play the second on the "
                             "seeds of the first (the same --seed, --players and --duplicate)"))
    out["than"] = {"bot": other, **{k: v for k, v in second.items() if k != "deal_map"}}
    out["paired"] = {
        "deals": len(common),
        "first": {m: mean_interval([mine[m][d] for d in common if d in mine[m]]) for m in MEASURES},
        "second": {m: mean_interval([theirs[m][d] for d in common if d in theirs[m]])
                   for m in MEASURES},
        **{m: paired_difference({d: mine[m][d] for d in common if d in mine[m]}, theirs[m])
           for m in MEASURES}}
    return out


def _said_options(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(options.items())) or _("none")
