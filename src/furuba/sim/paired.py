"""Comparisons on the same deals: a bot's mean result per deal, and paired differences.

The lab's experiments play the same deals (seeds) under two conditions — a bot with and without
a restriction, a bot against the field and the field alone — so a difference is measured deal
by deal and the luck of the deal cancels. A bot's result on a deal is its mean win share per
seat over the games of that deal (with duplicate deals, one game per seating: every seat once).
A difference's 95% interval is the normal interval of the mean of the per-deal differences.

>>> a = {1: 0.25, 2: 0.25, 3: 0.25, 4: 0.25}
>>> b = {1: 0.0, 2: 0.25, 3: 0.0, 4: 0.25, 5: 1.0}
>>> d = paired_difference(a, b)
>>> d["deals"], d["mean"], [round(x, 3) for x in d["ci95"]]
(4, 0.125, [-0.016, 0.266])
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

Data = dict[str, Any]
Z95 = 1.96


def win_shares(row: Mapping[str, Any]) -> list[float | None]:
    """A game's win shares, seat by seat (its ``returns``)."""
    return [float(share) for share in row["returns"]]


def deal_means(rows: Iterable[Mapping[str, Any]], bot: str | None = None, seatings: int = 1,
               values: Callable[[Mapping[str, Any]], Sequence[float | None]] = win_shares,
               ) -> dict[int, float]:
    """Each deal's mean per seat of ``bot`` (``None``: of every seat) of a game's ``values``
    (its win shares unless told), from the deals with at least ``seatings`` games (a duplicate
    deal cut short by a stopped run is left out) and no seat of ``bot`` valued ``None``."""
    shares: dict[int, list[float | None]] = defaultdict(list)
    games: dict[int, int] = defaultdict(int)
    for row in rows:
        seed = int(row["seed"])
        games[seed] += 1
        for seat_bot, share in zip(row["bots"], values(row), strict=True):
            if bot is None or seat_bot == bot:
                shares[seed].append(share)
    return {seed: statistics.fmean(x for x in v if x is not None)
            for seed, v in sorted(shares.items())
            if games[seed] >= seatings and None not in v}


def mean_interval(values: list[float]) -> Data:
    """The mean of ``values`` with the normal 95% interval of a mean."""
    n = len(values)
    if not n:
        return {"mean": None, "ci95": [None, None], "deals": 0}
    mean = statistics.fmean(values)
    half = Z95 * math.sqrt(statistics.variance(values) / n) if n > 1 else 0.0
    return {"mean": mean, "ci95": [mean - half, mean + half], "deals": n}


def paired_difference(first: Mapping[int, float], second: Mapping[int, float]) -> Data:
    """``first − second`` over the deals both have: the mean, its interval, and the count."""
    common = sorted(set(first) & set(second))
    return mean_interval([first[d] - second[d] for d in common])


def rate_of(means: Mapping[int, float]) -> Data:
    """A bot's rate over deals: the mean of its per-deal results, with its interval
    (clipped to 0–1)."""
    out = mean_interval(list(means.values()))
    if out["mean"] is not None:
        out["ci95"] = [max(0.0, out["ci95"][0]), min(1.0, out["ci95"][1])]
    return {"rate": out["mean"], "ci95": out["ci95"], "deals": out["deals"]}
