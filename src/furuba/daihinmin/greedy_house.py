"""The greedy policy under the house rules (D13–D18): the rulebook's greedy play, taught a few
more things.

* It goes out whenever one play can, and beats a lone 2 with the 3♠ whenever it may (D18).
* When passing is final (D22) it never passes a lead, and passes when the trick comes back to its
  own play (the lead is then its own).
* When suits matter, it chooses a set by rank and count as the rulebook's greedy does, then plays
  the suits that spoil least: cards outside its runs, the 3♠ kept back (D14, D18).
* It leads its longest run without jokers when that sheds its low cards (no Ace or 2 in it), and
  follows a run with the weakest run that beats it, spending jokers only near the end of its
  hand (D14).

Everything else — 8-cut, 11-back, the lock, the fall of the capital — it leaves to the legal
moves it is given: it reads only its own hand, the pile and the cards played.

>>> import random
>>> from furuba.daihinmin import GameState
>>> s = GameState.from_json({"players": 4, "sequences": "on", "hands": [["3♠", "4♠", "5♠", "9♦",
...     "9♥", "K♣"], ["4"], ["5"], ["6"]], "turn": 0})
>>> from furuba.daihinmin.greedy import greedy_action
>>> s.action_to_string(greedy_action(s, random.Random(0)))
'play run 3♠ 4♠ 5♠'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from furuba.daihinmin.house_plays import SPADE_THREE
from furuba.daihinmin.moves import (
    GIFT_CARD,
    GIVE_JOKER,
    PASS,
    PLAY_CARDS,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_NATURALS,
    PLAY_RUN,
    PLAY_TOTAL,
    gift_level,
    is_suited,
    play_id,
)
from furuba.daihinmin.ranks import NUM_LEVELS
from furuba.daihinmin.suited import MIN_RUN, card_id

if TYPE_CHECKING:
    from collections.abc import Callable

    from furuba.daihinmin.state import GameState

KEEPER_LEVEL: Final = 11
"""Aces and 2s: kept to win the lead back (as in :mod:`furuba.daihinmin.greedy`)."""
ENDGAME: Final = 3
"""With this many cards or fewer left after a play, jokers may be spent."""


def abstract(action: int) -> int:
    """The rulebook's play of the same rank and count as a suited set (jokers alone: itself)."""
    if not is_suited(action) or PLAY_RUN[action]:
        return action
    return play_id(PLAY_LEVEL[action], PLAY_NATURALS[action], PLAY_JOKERS[action])


def run_cards(hand: int) -> int:
    """The natural cards of ``hand`` that belong to a run of 3 or more of them (no jokers)."""
    out = 0
    for suit in range(4):
        streak: list[int] = []
        for level in range(NUM_LEVELS + 1):
            card = card_id(level, suit) if level < NUM_LEVELS else -1
            if card >= 0 and hand >> card & 1:
                streak.append(card)
                continue
            if len(streak) >= MIN_RUN:
                for c in streak:
                    out |= 1 << c
            streak = []
    return out


def _spoils(action: int, hand: int, keep: int) -> tuple[int, int, int]:
    """How much a suited set spoils: cards of ``keep`` it takes (runs, the 3♠); then its id."""
    return ((PLAY_CARDS[action] & keep).bit_count(), PLAY_JOKERS[action], action)


def house_action(state: GameState, legal: list[int],
                 rulebook: Callable[[list[int]], int]) -> int:
    """The greedy play under the house rules, among ``legal`` (a play phase's actions).

    ``rulebook(plays)`` is the rulebook's greedy choice among plays that name no suits.
    """
    player = state.current_player
    hand = state.hand(player)
    size = hand.bit_count()
    leading = not state.pile
    plays = [a for a in legal if a != PASS]
    if leading and PASS in legal:       # D22: a leader may pass, and never should here
        legal = plays
    going_out = [a for a in plays if PLAY_TOTAL[a] == size]
    if going_out:
        return min(going_out, key=lambda a: (PLAY_JOKERS[a], a))
    if not leading and state.pile[-1][0] == player:
        return PASS     # D22: everyone else passed on its own play: passing wins the lead
    if SPADE_THREE in plays and not leading:
        return SPADE_THREE
    if not state.options.suited:
        return rulebook(legal)
    runs = [a for a in plays if PLAY_RUN[a]]
    if leading:
        run = _lead_run(runs, hand)
        if run is not None:
            return run
    elif state.pile and PLAY_RUN[state.pile[-1][1]]:
        return _follow_run(runs, size, state.back)
    sets = [a for a in plays if not PLAY_RUN[a]]
    choice = rulebook(([] if leading else [PASS]) + sorted({abstract(a) for a in sets}))
    if choice == PASS:
        return PASS
    keep = run_cards(hand) if state.options.sequences else 0
    if state.options.spade_three:
        keep |= 1 << card_id(0, 2)
    return min((a for a in sets if abstract(a) == choice), key=lambda a: _spoils(a, hand, keep))


def house_gift(state: GameState, legal: list[int]) -> int:
    """A gift of the exchange: the lowest card, never a joker while another is left; when suits
    matter, a card outside the hand's runs and not the 3♠ if it can (D14, D18)."""
    hand = state.hand(state.current_player) & ~state.pending_gifts(state.current_player)
    keep = run_cards(hand) if state.options.sequences else 0
    if state.options.spade_three:
        keep |= 1 << card_id(0, 2)

    def cost(a: int) -> tuple[int, int, int]:
        card = GIFT_CARD.get(a, -1)
        return (a == GIVE_JOKER, card >= 0 and bool(keep >> card & 1), gift_level(a))

    return min(legal, key=lambda a: (*cost(a), a))


def _lead_run(runs: list[int], hand: int) -> int | None:
    """The longest run without jokers or keepers, when it starts at the hand's lowest rank or
    sheds 4 cards or more."""
    natural = [a for a in runs if not PLAY_JOKERS[a]
               and PLAY_LEVEL[a] + PLAY_RUN[a] - 1 < KEEPER_LEVEL]
    if not natural:
        return None
    lowest = min(level for level in range(NUM_LEVELS)
                 if any(hand >> card_id(level, s) & 1 for s in range(4)))
    best = max(natural, key=lambda a: (PLAY_RUN[a], -PLAY_LEVEL[a]))
    if PLAY_LEVEL[best] <= lowest + 1 or PLAY_RUN[best] >= 4:
        return best
    return None


def _follow_run(runs: list[int], size: int, back: bool) -> int:
    """The weakest run that beats the run on the pile: without jokers, else with them near the
    end of the hand; else a pass."""
    def weakness(a: int) -> int:
        return -PLAY_LEVEL[a] if back else PLAY_LEVEL[a]

    natural = [a for a in runs if not PLAY_JOKERS[a]]
    if natural:
        return min(natural, key=weakness)
    if runs and size - PLAY_TOTAL[runs[0]] <= ENDGAME:
        return min(runs, key=lambda a: (PLAY_JOKERS[a], weakness(a)))
    return PASS
