"""Dai Hin Min's cards in the balance lab: :data:`CARDS` (see :mod:`furuba.sim.card_hooks`).

A card is a rank — ``3`` … ``2`` — or ``Joker``: suits never matter (D3). Every round is dealt
anew, so one trial is one player's round, read off the finished game's log: it is won by going
out first (the Rich Man's place), the cards are the player's dealt hand (before the exchange,
so the deal alone decides them), and a rank is played when a set of it is played (a joker in a
set plays ``Joker`` too). Only a play action plays cards; a gift of the exchange plays none.

>>> import random
>>> from furuba.daihinmin import greedy_action, new_game
>>> s = new_game(players=4, seed=2, max_rounds=2)
>>> rng = random.Random(0)
>>> while not s.is_terminal():
...     s.apply(greedy_action(s, rng))
>>> rows = CARDS.trials(s)
>>> len(rows), sum(r["win"] for r in rows), CARDS.lengths(s)["rounds"]
(8, 2.0, 2)
>>> sorted(CARDS.plays(new_game(players=4, seed=7), 6))
['3']
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from furuba.core.protocol import State
from furuba.daihinmin.facts import catalog_facts
from furuba.daihinmin.ranks import RANK_NAMES
from furuba.daihinmin.text import cards_of_rank
from furuba.i18n import N_
from furuba.sim.card_hooks import CardHooks, Trial, trial

JOKER_KIND = "Joker"
KINDS: tuple[str, ...] = (*RANK_NAMES, JOKER_KIND)
"""The kinds: the ranks from lowest to highest, then the jokers."""


def _kind_of_card() -> dict[str, str]:
    return {name: card["rank"] or JOKER_KIND
            for name, card in catalog_facts()["playing_cards"].items()}


KIND_OF_CARD = _kind_of_card()
"""Each card's name (``"7♦"``, ``"joker1"``) → its kind (``"7"``, ``"Joker"``)."""


def kinds(state: State) -> list[str]:
    """The ranks, lowest first, then ``Joker``."""
    return list(KINDS)


def label(state: State, kind: str) -> str:
    """A kind in the reader's language, in the plural (``"Aces"``, ``"jokers"``)."""
    return cards_of_rank(KINDS.index(kind))


def trials(state: State) -> list[Trial]:
    """Each player's round of every finished round: went out first, dealt, played."""
    n = state.num_players
    dealt: dict[int, list[set[str]]] = defaultdict(lambda: [set() for _ in range(n)])
    played: dict[int, list[set[str]]] = defaultdict(lambda: [set() for _ in range(n)])
    out: list[Trial] = []
    number = 0
    for event in state.view(None)["log"]:
        kind = event["event"]
        if kind == "round":
            number = int(event["round"])
        elif kind == "dealt":
            dealt[number][event["player"]] = _kinds(event["cards"])
        elif kind == "play":
            played[number][event["player"]] |= _kinds(event["cards"])
        elif kind == "round end":
            first = event["order"][0]
            out += [trial(p, float(p == first), dealt[number][p], dealt[number][p],
                          played[number][p]) for p in range(n)]
    return out


def _kinds(cards: list[Any]) -> set[str]:
    return {KIND_OF_CARD[str(c)] for c in cards}


def plays(state: State, action: int) -> frozenset[str]:
    """The kinds a play puts down — the kinds of the cards it takes from the hand (a run's
    every rank): its rank, and ``Joker`` when it holds a joker."""
    info = state.action_info(action)
    if info["kind"] != "play":
        return frozenset()
    params = info["params"]
    if params.get("cards"):
        return frozenset(_kinds(params["cards"]))
    rank = [params["rank"]] if params.get("rank") is not None else []
    return frozenset(rank + ([JOKER_KIND] if params.get("jokers") else []))


def lengths(state: State) -> dict[str, int]:
    """Rounds played, and turns: every play and every pass."""
    count = Counter(event["event"] for event in state.view(None)["log"])
    return {"turns": count["play"] + count["pass"], "rounds": count["round end"]}


CARDS = CardHooks(unit=N_("round"), outcome=N_("going out first in the round (the Rich Man)"),
                  kinds=kinds, trials=trials, plays=plays, label=label, lengths=lengths)
"""Dai Hin Min's answers to the balance lab."""
