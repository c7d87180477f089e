"""Restricted play: how much a bot loses when it never plays a card — a measure of the card's power.

For each chosen card kind, one seat holds the bot restricted from playing it (it plays the card
only when nothing else is legal: :class:`~furuba.sim.restricted_bot.RestrictedBot`) and the
other seats hold the bot itself. Every deal is played in every seating (duplicate deals), so
the restricted bot holds each seat of each deal once. The *baseline* is the same deals with the
bot in every seat (one game per deal is enough: its seatings are the same game). On each deal,
the drop is the bot's mean win share per seat in the baseline minus the restricted bot's mean
over its seatings; its 95% interval is the normal interval of the mean drop over the deals, so
deals on which the card never came up cost nothing but count as the zeros they are.

A card whose loss hurts has a large drop; a drop near zero means the bot does as well without
it (or never held it: the counts say how often the restriction bit). A negative drop means the
bot plays the card too eagerly. The bot itself is part of the measure: a stronger bot may use
a card better.

>>> from furuba.sim.lab import LabSetup, play
>>> setup = LabSetup(game="daihinmin", players=4, seed=5, options={"max_rounds": 1})
>>> plan = restrict_plan(setup, "greedy", deals=2, kinds=["2", "Joker"])
>>> [c.tag for c in plan.configs], plan.games
(['baseline', '2', 'Joker'], 18)
>>> data = restrict_analysis(setup, "greedy", list(play(plan)))
>>> [c["card"] for c in data["cards"]] == sorted(["2", "Joker"], key=lambda k: [
...     c["drop"]["mean"] for c in data["cards"] if c["card"] == k][0], reverse=True)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from furuba.core.errors import OptionsError
from furuba.i18n import N_
from furuba.sim.lab import LabSetup, Plan, by_tag, counts_by_label
from furuba.sim.paired import deal_means, paired_difference, rate_of
from furuba.sim.play import Restriction
from furuba.sim.runner import GameResult
from furuba.text import _, listing

Data = dict[str, Any]
BASELINE = "baseline"
NOTES: dict[str, str] = {
    "drop": N_("Drop: the bot's win share per seat minus that of the same bot never playing the "
               "card while it has another choice, on the same deals, every deal played in every "
               "seating; 95% normal interval of the mean drop over deals."),
    "counts": N_("Held back: restricted decisions per game (a legal play of the card was set "
                 "aside); forced: decisions where only plays of the card were legal; fallbacks: "
                 "restricted decisions where the bot's own choice was a banned play and the "
                 "game's evaluation chose instead (a fallback weakens the bot beyond the card)."),
    "bias": N_("The drop measures the card in this bot's hands: a card the bot misplays looks "
               "weak, and a card that is rarely held has a small drop however strong it is."),
}


def label_of(bot: str, kind: str) -> str:
    """The restricted bot's name in the line-up and the results."""
    return f"{bot} −{kind}"


def check_kinds(asked: Sequence[str], kinds: Sequence[str]) -> list[str]:
    """``asked`` if every one is a card kind of the game (else a clear error naming them)."""
    unknown = [k for k in asked if k not in kinds]
    if unknown:
        raise OptionsError(_("unknown cards {cards}; the cards are: {kinds}").format(
            cards=listing(unknown), kinds=listing(kinds)))
    if not asked:
        raise OptionsError(_("name at least one card"))
    return list(dict.fromkeys(asked))


def restrict_plan(setup: LabSetup, bot: str, deals: int, kinds: Sequence[str]) -> Plan:
    """The baseline, then one duplicate simulation per kind with the bot restricted in one seat."""
    kinds = check_kinds(kinds, setup.kinds()[0])
    games = deals * setup.players
    return Plan((setup.config([bot], deals, tag=BASELINE),
                 *(setup.config([label_of(bot, k), bot], games, duplicate=True, tag=k,
                                restricted=(Restriction(label_of(bot, k), bot, (k,)),))
                   for k in kinds)))


def restrict_analysis(setup: LabSetup, bot: str, rows: Sequence[GameResult]) -> Data:
    """Each kind's drop with its interval and how often the restriction bit, largest drop first."""
    groups = by_tag(rows)
    baseline = deal_means(groups.get(BASELINE, []))
    _kinds, labels = setup.kinds()
    cards: list[Data] = []
    for kind, group in groups.items():
        if kind == BASELINE:
            continue
        label = label_of(bot, kind)
        restricted = deal_means(group, label, seatings=setup.players)
        counts = counts_by_label(group).get(label, {})
        played = len(group) or 1
        cards.append({"card": kind, "label": labels.get(kind, kind), "games": len(group),
                      "rate": rate_of(restricted),
                      "drop": paired_difference(baseline, restricted),
                      **{f"{key}_per_game": value / played for key, value in counts.items()}})
    cards.sort(key=lambda c: (-(c["drop"]["mean"] or 0.0), c["card"]))
    return {**setup.header("restrict"), "bot": bot, "games": len(rows),
            "deals": len(baseline), "baseline": rate_of(baseline), "cards": cards,
            "notes": dict(NOTES)}
