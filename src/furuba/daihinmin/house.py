"""The house rules at play (D13–D18): what a play sets off, and the fall of the capital.

Each rule is an option, off by default (:mod:`furuba.daihinmin.options`); a state's
:class:`~furuba.daihinmin.rules.Rules` keeps them as the bits of :func:`flags`, and its hooks
(:mod:`furuba.daihinmin.house_turns`) call this module, so the rulebook's game never looks at
them. What is legal under them is :mod:`furuba.daihinmin.house_plays`; this module says what a
play does once made:

* **8-cut** (D13): a play that counts as 8s — a set of 8s, a run through the 8 (a joker standing
  for it too) — ends the trick; its player leads the next one (the next player still holding
  cards, when it was his last card).
* **11-back** (D16): a play that counts as Jacks reverses the order of the ranks until the trick
  ends. A second one changes nothing.
* **Suit lock** (D17): a play without jokers in the same suits as the play before it, also without
  jokers, locks the trick to those suits until it ends.
* **Spade 3** (D18): the 3♠ played on a lone 2 in the usual order beats it and ends the trick.
* **Fallen capital** (D15): when someone else goes out first, the last round's Rich Man leaves the
  round at once, his cards laid face up, and finishes last (:func:`fall`).

Each sets off an event of the log (``eight cut``, ``eleven back``, ``lock``, ``spade three``,
``fallen``) so that players can follow.

>>> from furuba.daihinmin.options import Options
>>> flags(Options()), flags(Options(eight_cut=True)) == EIGHT_CUT
(0, True)
>>> bool(flags(Options(spade_three=True)) & SUITED)
True
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

from furuba.daihinmin.house_plays import (
    NO_TOP,
    PlayRules,
    is_jokers_alone,
    is_spade_counter,
    same_suits,
)
from furuba.daihinmin.moves import PLAY_COVERS, PLAY_DECLARED, PLAY_RUN, PLAY_SUITS, PLAY_TOTAL
from furuba.daihinmin.options import Options
from furuba.daihinmin.ranks import RANK_NAMES
from furuba.daihinmin.scoring import RICH_MAN

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

EIGHT_CUT: Final = 1
SEQUENCES: Final = 2
FALLEN_CAPITAL: Final = 4
ELEVEN_BACK: Final = 8
SUIT_LOCK: Final = 16
SPADE_THREE: Final = 32
SUITED: Final = 64
STRONG_JOKER: Final = 128
RANK_REVOLUTION: Final = 256
NAMED_JOKER: Final = 512
PASS_OUT: Final = 1024
DIAMOND_THREE: Final = 2048
EXCHANGE_AFTER: Final = 4096
PLACE_POINTS: Final = 8192
RUN_ABOVE: Final = 16384
"""The bits of :func:`flags`: one per house rule, and whether suits matter."""
EIGHT: Final = 1 << RANK_NAMES.index("8")
JACK: Final = 1 << RANK_NAMES.index("J")
NO_ONE: Final = -1
"""``GameState.fallen`` while no Rich Man has fallen this round."""


def flags(options: Options) -> int:
    """The house rules of ``options`` as bits (0: the rulebook's game)."""
    out = 0
    for bit, on in ((EIGHT_CUT, options.eight_cut), (SEQUENCES, options.sequences),
                    (FALLEN_CAPITAL, options.fallen_capital), (ELEVEN_BACK, options.eleven_back),
                    (SUIT_LOCK, options.suit_lock), (SPADE_THREE, options.spade_three),
                    (SUITED, options.suited), (STRONG_JOKER, options.strong_joker),
                    (RANK_REVOLUTION, options.rank_revolution),
                    (NAMED_JOKER, options.named_joker), (PASS_OUT, options.pass_out),
                    (DIAMOND_THREE, options.diamond_three),
                    (EXCHANGE_AFTER, options.exchange_after),
                    (PLACE_POINTS, options.place_points), (RUN_ABOVE, options.run_above)):
        if on:
            out |= bit
    return out


@functools.cache
def play_rules(bits: int) -> PlayRules:
    """What move generation needs of the house rules ``bits``."""
    return PlayRules(suited=bool(bits & SUITED), sequences=bool(bits & SEQUENCES),
                     spade_three=bool(bits & SPADE_THREE), strong_joker=bool(bits & STRONG_JOKER),
                     named_joker=bool(bits & NAMED_JOKER), lead_pass=bool(bits & PASS_OUT),
                     run_above=bool(bits & RUN_ABOVE))


def upheaves(action: int) -> bool:
    """Whether ``action`` sets off a revolution (D20): a set of four or more cards, jokers
    counted, or a run of five or more."""
    length = PLAY_RUN[action]
    return length >= 5 if length else PLAY_TOTAL[action] >= 4


def after_play(state: GameState, player: int, action: int, before: int) -> bool:
    """Apply what ``player``'s play ``action`` (made on ``before``, :data:`NO_TOP` on an empty
    pile) sets off under the house rules; whether it ends the trick."""
    bits = state.rules.house
    covers = PLAY_COVERS[action]
    if bits & STRONG_JOKER and is_jokers_alone(action):
        state.lock = 0     # D19: nothing but the spade 3 follows a strong joker
        return False
    if bits & RANK_REVOLUTION and upheaves(action):
        state.ranks_reversed = not state.ranks_reversed
        state.push("rank revolution", player, state.ranks_reversed)
    if bits & EIGHT_CUT and covers & EIGHT:
        state.push("eight cut", player)
        return True
    if bits & SPADE_THREE and is_spade_counter(action, before, state.back != state.ranks_reversed,
                                               bool(bits & STRONG_JOKER)):
        state.push("spade three", player)
        return True
    if bits & ELEVEN_BACK and covers & JACK and not state.back:
        state.back = True
        state.push("eleven back", player)
    named = bool(bits & NAMED_JOKER)
    if bits & SUIT_LOCK and not state.lock and before != NO_TOP \
            and same_suits(action, before, named):
        state.lock = PLAY_DECLARED[action] if named else PLAY_SUITS[action]
        state.push("lock", state.lock & 15)
    return False


def fall(state: GameState, first: int) -> None:
    """D15: ``first`` went out first; a Rich Man of the last round who did not leaves the round,
    his cards laid face up."""
    titles = state.titles
    if RICH_MAN not in titles:
        return
    rich = titles.index(RICH_MAN)
    cards = state.hands[rich]
    if rich == first or not cards:
        return
    hands = list(state.hands)
    hands[rich] = 0
    state.hands = tuple(hands)
    counts = list(state.counts)
    counts[rich] = (0,) * 14
    state.counts = tuple(counts)
    state.fallen = rich
    state.push("fallen", rich, cards)
