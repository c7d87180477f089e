"""Skill depth: a ladder of bots against a field, the tiers it separates, and the field's shape.

Each bot of the ladder takes one seat of a table whose other seats hold the *field* bot, on the
same deals, each deal played in every seating (duplicate deals); the field alone plays the same
deals too. A bot's rate is its mean win share per seat over deals, with the normal 95% interval
of that mean; its *gain* is that rate minus the field's own, deal by deal. Optionally, every
pair of ladder bots also meets at one table, seats alternating (``a, b, a, b``), for the paired
difference of their win shares per seat.

**Tiers.** Bots sorted by rate are walked from the weakest: a bot opens a new tier when its
interval lies wholly above the interval of the bot that opened the current tier, else it joins
that tier. The number of tiers is how many clearly different levels of play the game (with
this card set) rewards: a game of pure luck has one tier, a deep game as many as its bots.

The field-alone games also give the seat advantage and the game lengths (:mod:`furuba.sim.game_shape`).

>>> tiers([{"bot": "a", "rate": 0.0, "ci95": [0.0, 0.01]},
...        {"bot": "b", "rate": 0.25, "ci95": [0.2, 0.3]},
...        {"bot": "c", "rate": 0.3, "ci95": [0.26, 0.34]},
...        {"bot": "d", "rate": 0.5, "ci95": [0.4, 0.6]}])
[['a'], ['b', 'c'], ['d']]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from furuba.core.errors import OptionsError
from furuba.i18n import N_
from furuba.sim.game_shape import lengths, seat_advantage
from furuba.sim.lab import LabSetup, Plan, by_tag
from furuba.sim.paired import deal_means, paired_difference, rate_of
from furuba.sim.runner import GameResult
from furuba.text import _, listing

Data = dict[str, Any]
FIELD = "field"
NOTES: dict[str, str] = {
    "rates": N_("Each bot sits in one seat against the field bot in the others, on the same deals "
                "in every seating; its rate is its mean win share per seat over deals (95% normal "
                "interval) and its gain the difference from the field alone, deal by deal."),
    "tiers": N_("Tiers: walking up from the weakest bot, a bot opens a new tier when its interval "
                "lies wholly above that of the bot that opened the current tier. More tiers mean "
                "more room for skill; against a strong field, weak bots all score near zero and "
                "share a tier."),
    "seats": N_("The seat advantage and game lengths are those of the field bot alone, where a "
                "seat differs from another only by where it sits."),
}


def _vs(bot: str) -> str:
    return f"vs\t{bot}"


def _pair(a: str, b: str) -> str:
    return f"pair\t{a}\t{b}"


def alternate(a: str, b: str, players: int) -> list[str]:
    """A table of ``a`` and ``b`` in alternate seats: ``a, b, a, b, …``.

    >>> alternate("x", "y", 5)
    ['x', 'y', 'x', 'y', 'x']
    """
    return [a if seat % 2 == 0 else b for seat in range(players)]


def depth_plan(setup: LabSetup, ladder: Sequence[str], field: str, deals: int,
               pairwise: bool = False) -> Plan:
    """The field alone, each other ladder bot against it, and (``pairwise``) every pair."""
    ladder = list(dict.fromkeys(ladder))
    if len(ladder) < 2:
        raise OptionsError(_("a ladder needs at least two bots"))
    games = deals * setup.players
    configs = [setup.config([field], deals, tag=FIELD, record_cards=setup.has_cards())]
    configs += [setup.config([bot, field], games, duplicate=True, tag=_vs(bot))
                for bot in ladder if bot != field]
    if pairwise:
        configs += [setup.config(alternate(a, b, setup.players), games, duplicate=True,
                                 tag=_pair(a, b)) for a, b in combinations(ladder, 2)]
    return Plan(tuple(configs))


def tiers(rows: Sequence[Data]) -> list[list[str]]:
    """The bots of ``rows`` (each with ``bot``, ``rate`` and ``ci95``) in tiers, weakest first."""
    out: list[list[str]] = []
    opener_high = None
    for row in sorted(rows, key=lambda r: (r["rate"], r["bot"])):
        if opener_high is None or row["ci95"][0] > opener_high:
            out.append([row["bot"]])
            opener_high = row["ci95"][1]
        else:
            out[-1].append(row["bot"])
    return out


def depth_analysis(setup: LabSetup, ladder: Sequence[str], field: str,
                   rows: Sequence[GameResult]) -> Data:
    """Each ladder bot's rate and gain against the field, the tiers, the pairs, and the field's
    seat advantage and game lengths."""
    groups = by_tag(rows)
    alone = groups.get(FIELD, [])
    field_means = deal_means(alone)
    ladder = list(dict.fromkeys(ladder))
    ranked = []
    for bot in ladder:
        means = field_means if bot == field else deal_means(
            groups.get(_vs(bot), []), bot, seatings=setup.players)
        ranked.append({"bot": bot, **rate_of(means),
                       "gain": paired_difference(means, field_means)})
    pairs = []
    for a, b in combinations(ladder, 2):
        group = groups.get(_pair(a, b))
        if group:
            pairs.append({"a": a, "b": b, "difference": paired_difference(
                deal_means(group, a, seatings=setup.players),
                deal_means(group, b, seatings=setup.players))})
    found = tiers([r for r in ranked if r["rate"] is not None])
    return {**setup.header("depth"), "ladder": ladder, "field": field, "games": len(rows),
            "deals": len(field_means), "vs_field": ranked, "tiers": found,
            "tier_count": len(found), "pairwise": pairs,
            "seats": seat_advantage(alone), "lengths": lengths(alone), "notes": dict(NOTES)}


def describe_tiers(found: list[list[str]]) -> str:
    """The tiers in words, weakest first: ``random < greedy < normal, hard``."""
    return " < ".join(listing(tier) for tier in found)
