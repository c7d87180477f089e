"""Duplicate deals: every deal played in every seating, so the luck of the deal cancels.

With ``duplicate`` on, a simulation plays each deal (one seed) once per seat rotation of its
line-up: game ``i`` is deal ``i // players`` in rotation ``i % players``, so every bot holds every
seat of every deal. A bot's result on a deal is its mean win share over those games; the spread of
those per-deal means is what the interval is made of. Deals that are good for everyone and deals
that are bad for everyone then cost nothing, as in duplicate bridge.

How much that saves is measured, not assumed: the same games, read as if each were independent,
give the per-game spread an ordinary run would have (``None`` where every deal gave a bot the same
mean: nothing left to estimate). The ratio of the two variances is how many
times more games an ordinary run would need for the same interval width (``games_factor``). It
is above 1 when a deal's luck is mostly *which seat* it favours (cancelled by playing every seat)
and can fall below 1 when deals differ mostly in how they suit a bot in any seat (a deal that
leaves little room for skill); ``games_saved`` is then negative. Both are measured, never assumed.

>>> rows = [{"seed": s, "bots": ["a", "b"], "returns": r} for s, r in
...         [(0, [1.0, 0.0]), (0, [1.0, 0.0]), (1, [0.0, 1.0]), (1, [1.0, 0.0]),
...          (2, [1.0, 0.0]), (2, [0.0, 1.0]), (3, [1.0, 0.0]), (3, [1.0, 0.0])]]
>>> out = duplicate_stats(rows)
>>> out["deals"], out["by_bot"]["a"]["rate"]
(4, 0.75)
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from furuba.text import _, deals_count, games_count

Z95 = 1.96
METHOD = ("a bot's mean win share per deal (over every seating it played that deal in); the 95% "
          "interval is the normal interval of the mean of those per-deal means; games_factor is "
          "the variance of one game's share over the variance of a deal's mean, divided by the "
          "games per deal: how many times more games independent deals would need for the same "
          "interval width")


def _shares(row: dict[str, Any]) -> dict[str, float]:
    """Each bot's mean win share over the seats it holds in one game."""
    seats: dict[str, list[float]] = defaultdict(list)
    for bot, share in zip(row["bots"], row["returns"], strict=True):
        seats[bot].append(float(share))
    return {bot: statistics.fmean(v) for bot, v in seats.items()}


def duplicate_stats(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per-bot win rates with duplicate-deal intervals, and what the duplication saved.

    Rows are grouped into deals by their ``seed`` (every seating of a deal shares it).
    """
    by_deal: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    per_game: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        for bot, share in _shares(row).items():
            by_deal[int(row["seed"])][bot].append(share)
            per_game[bot].append(share)
    out: dict[str, Any] = {"deals": len(by_deal), "games": len(rows), "method": METHOD,
                           "by_bot": {}}
    for bot in sorted(per_game):
        means = [statistics.fmean(d[bot]) for d in by_deal.values() if bot in d]
        out["by_bot"][bot] = _bot_stats(means, per_game[bot])
    return out


def _bot_stats(deal_means: list[float], games: list[float]) -> dict[str, Any]:
    rate = statistics.fmean(deal_means)
    deals, n = len(deal_means), len(games)
    var_deal = statistics.variance(deal_means) if deals > 1 else 0.0
    var_game = statistics.variance(games) if n > 1 else 0.0
    se = math.sqrt(var_deal / deals) if deals else 0.0
    se_independent = math.sqrt(var_game / n) if n else 0.0
    factor = (se_independent / se) ** 2 if se > 0 else None     # None: no spread over deals
    return {"rate": rate, "ci95": [max(0.0, rate - Z95 * se), min(1.0, rate + Z95 * se)],
            "deals": deals, "games": n, "se": se, "se_independent": se_independent,
            "games_factor": factor, "games_saved": None if factor is None else (factor - 1.0) * n}


def describe(stats: dict[str, Any]) -> list[str]:
    """Lines for a person (in the context's language): each bot's rate, interval, and what
    the duplication saved."""
    lines = [_("duplicate deals: {deals}, {games}").format(deals=deals_count(stats["deals"]),
                                                          games=games_count(stats["games"]))]
    for bot, s in stats["by_bot"].items():
        lo, hi = s["ci95"]
        factor = s["games_factor"]
        if factor is None:
            saving = _("every deal gave the same result: the deal's luck cancelled entirely")
        elif factor >= 1:
            saving = _("saved {saved:.0f} games: independent deals would need {factor:.2f}× as "
                       "many for this interval").format(saved=s["games_saved"], factor=factor)
        else:
            saving = _("no saving: independent deals would need only {factor:.2f}× the games "
                       "(the deals favoured or hindered the bot in every seat "
                       "alike)").format(factor=factor)
        lines.append(f"  {bot}: {s['rate']:.1%} [{lo:.1%}, {hi:.1%}] — {saving}")
    return lines
