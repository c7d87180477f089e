"""The shape of a game, from its results: the seat advantage and the distribution of lengths.

**Seat advantage.** Each player number's share of the wins, with a 95% Wilson interval, against
the fair share (the mean win share of a seat: 1/players when one player wins, more in co-op).
It is measured on games whose seats all hold the same bot, where a seat can differ from
another only by where it sits; seats whose interval misses the fair share are named.

**Lengths.** Every game is measured in decisions (``steps``) and in whatever units the game
names (its card hooks' ``lengths``: turns, rounds): a histogram, the mean and percentiles.

>>> rows = [{"bots": ["b", "b"], "returns": [1.0, 0.0], "steps": s, "lengths": {"turns": s // 2}}
...         for s in (10, 12, 14, 40)]
>>> shape = seat_advantage(rows)
>>> shape["fair"], [r["rate"] for r in shape["by_seat"]], shape["off"]
(0.5, [1.0, 0.0], [0, 1])
>>> out = lengths(rows)
>>> out["decisions"]["median"], out["turns"]["max"], out["decisions"]["percentiles"]["p95"]
(13.0, 20, 36.1)
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from furuba.sim.analysis import histogram, rate

Data = dict[str, Any]
PERCENTILES = (5, 10, 25, 50, 75, 90, 95)


def same_bot(rows: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The games whose seats all hold one bot."""
    return [r for r in rows if len(set(r["bots"])) == 1]


def seat_advantage(rows: Sequence[Mapping[str, Any]]) -> Data:
    """Win share by player number, with intervals, the fair share and the seats off it."""
    if not rows:
        return {"games": 0, "by_seat": [], "fair": None, "off": [], "spread": 0.0}
    players = len(rows[0]["bots"])
    wins = [0.0] * players
    for r in rows:
        for seat, share in enumerate(r["returns"]):
            wins[seat] += float(share)
    n = len(rows)
    fair = sum(wins) / (n * players)
    by_seat = [rate(w, n) | {"seat": seat} for seat, w in enumerate(wins)]
    off = [r["seat"] for r in by_seat if not r["ci95"][0] <= fair <= r["ci95"][1]]
    spread = max(r["rate"] for r in by_seat) - min(r["rate"] for r in by_seat)
    return {"games": n, "by_seat": by_seat, "fair": fair, "off": off, "spread": spread}


def _percentiles(values: list[float]) -> dict[str, float]:
    if len(values) < 2:
        return {f"p{p}": values[0] for p in PERCENTILES} if values else {}
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {f"p{p}": cuts[p - 1] for p in PERCENTILES}


def lengths(rows: Sequence[Mapping[str, Any]]) -> Data:
    """For each unit — decisions, then the game's own (turns, rounds) — the histogram of game
    lengths with its median and mean, the percentiles, the shortest and the longest."""
    measures: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        measures["decisions"].append(float(r["steps"]))
        for unit, value in (r.get("lengths") or {}).items():
            measures[unit].append(float(value))
    out: Data = {}
    for unit, values in measures.items():
        if len(values) != len(rows):
            continue                                # a unit some games do not report
        out[unit] = histogram(values) | {"unit": unit, "percentiles": _percentiles(values),
                                         "min": int(min(values)), "max": int(max(values))}
    return out
