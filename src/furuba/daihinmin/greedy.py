"""The greedy policy: a sensible, fast, deterministic player (the playout policy of search bots).

* In play it sheds its lowest sets first, whole (a pair of 5s goes as a pair), and follows with the
  lowest set that fits, preferring not to break a bigger set.
* It keeps 2s and Aces for when they win the lead back: as a follower it plays one only when
  nothing still unseen can beat it, or near the end of its hand; and it leads one only when the rest
  of its hand is a single set, so that it can go out next.
* It uses jokers only to go out or, at the end of its hand, to take the lead.
* In the exchange it gives its lowest cards (D9); as a Poor Man dealt both jokers it declares a
  revolution whenever the exchange would cost it anything (D10).
* Under the house rules it plays as :mod:`furuba.daihinmin.greedy_house` says.

It reads only what the player to move may know: its own hand and the cards already played.

>>> import random
>>> from furuba.daihinmin import GameState
>>> s = GameState.from_json({"players": 4, "hands": [["3", "3", "9", "2", "joker"],
...     ["4"], ["5"], ["6"]], "turn": 0})
>>> s.action_to_string(greedy_action(s, random.Random(0)))
'play 3x2'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from furuba.core.errors import IllegalActionError
from furuba.daihinmin.greedy_house import house_action, house_gift
from furuba.daihinmin.house import STRONG_JOKER
from furuba.daihinmin.moves import (
    DECLARE,
    GIVE_JOKER,
    KEEP_QUIET,
    MAX_SET,
    PASS,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_TOTAL,
    play_id,
)
from furuba.daihinmin.ranks import FULL_DECK, JOKER, NUM_LEVELS, counts_of

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

KEEPER_LEVEL: Final = 11
"""Aces (level 11) and 2s (level 12) are kept for winning the lead back."""
ENDGAME: Final = 3
"""With this many cards or fewer left after a play, jokers and keepers may be spent."""


def _unseen_counts(state: GameState, player: int) -> tuple[int, ...]:
    """Rank counts of the cards the player cannot see (other hands), from public information."""
    held = 0
    for hand in state.hands:
        held |= hand
    return counts_of(held & FULL_DECK & ~state.hands[player])


def sure_winner(level: int, size: int, unseen: tuple[int, ...]) -> bool:
    """Whether no unseen cards can make a set of ``size`` above ``level``."""
    jokers = unseen[JOKER]
    return all(not unseen[lv] or unseen[lv] + jokers < size
               for lv in range(level + 1, NUM_LEVELS))


def revolution_pays(counts: tuple[int, ...]) -> bool:
    """Whether giving up the two best naturals in the exchange would cost anything (D10)."""
    best = [lv for lv in range(NUM_LEVELS - 1, -1, -1) for _ in range(counts[lv])][:2]
    return sum(best) > 0


def _strength(state: GameState) -> Callable[[int], int]:
    """A level's strength in the order in force: the level itself, or mirrored while a
    revolution or 11-back reverses the order (D16, D20)."""
    if state.back != state.ranks_reversed:
        return lambda level: NUM_LEVELS - 1 - level
    return lambda level: level


def sure_in_order(state: GameState, player: int, level: int, size: int) -> bool:
    """:func:`sure_winner` in the order in force, a strong joker's set of that size counted
    (D19)."""
    unseen = _unseen_counts(state, player)
    if state.rules.house & STRONG_JOKER and unseen[JOKER] >= size:
        return False
    if state.back != state.ranks_reversed:
        mirrored = tuple(unseen[NUM_LEVELS - 1 - lv] for lv in range(NUM_LEVELS)) + unseen[13:]
        return sure_winner(NUM_LEVELS - 1 - level, size, mirrored)
    return sure_winner(level, size, unseen)


def _lead(state: GameState, player: int, counts: tuple[int, ...]) -> int:
    strength = _strength(state)
    groups = sorted((lv for lv in range(NUM_LEVELS) if counts[lv]), key=strength)
    if len(groups) == 2 and strength(groups[-1]) >= KEEPER_LEVEL and not counts[JOKER]:
        top = groups[-1]
        if sure_in_order(state, player, top, counts[top]):
            return play_id(top, counts[top], 0)
    if groups:
        lv = groups[0]
        return play_id(lv, counts[lv], 0)
    return play_id(-1, 0, counts[JOKER])


def _follow(state: GameState, player: int, counts: tuple[int, ...], plays: list[int],
            size: int) -> int:
    top_total = state.top_total
    left = size - top_total
    strength = _strength(state)
    natural = [a for a in plays if not PLAY_JOKERS[a]]
    cheap = [a for a in natural if strength(PLAY_LEVEL[a]) < KEEPER_LEVEL]
    if cheap:
        return min(cheap, key=lambda a: (counts[PLAY_LEVEL[a]] != top_total,
                                         strength(PLAY_LEVEL[a])))
    keepers = [a for a in natural if strength(PLAY_LEVEL[a]) >= KEEPER_LEVEL]
    if keepers:
        best = min(keepers, key=lambda a: strength(PLAY_LEVEL[a]))
        if left <= ENDGAME or sure_in_order(state, player, PLAY_LEVEL[best], top_total):
            return best
    if left <= ENDGAME:
        wild = [a for a in plays if PLAY_JOKERS[a]]
        if wild:
            return min(wild, key=lambda a: (PLAY_JOKERS[a], PLAY_LEVEL[a]))
    return PASS


def greedy_action(state: GameState, rng: random.Random) -> int:
    """The greedy policy's action for ``state.current_player``.

    Deterministic: ``rng`` is accepted for the common policy signature and not needed.
    """
    return greedy_among(state, state.legal_actions(), rng)


def greedy_among(state: GameState, legal: list[int], rng: random.Random) -> int:
    """The greedy choice among ``legal``, some of the legal actions in their order (all of them
    for :func:`greedy_action`). A lead is built from the hand, and may lie outside ``legal``."""
    if not legal:
        raise IllegalActionError("the game is over: there is no action to choose")
    if len(legal) == 1:
        return legal[0]
    player = state.current_player
    counts = state.hand_counts(player)
    phase = state.phase
    if phase == "revolution":
        return DECLARE if DECLARE in legal and revolution_pays(counts) else KEEP_QUIET
    if phase == "exchange":
        if state.rules.house:
            return house_gift(state, legal)
        return min(legal, key=lambda a: (a == GIVE_JOKER, a))
    if state.rules.house:
        return house_action(state, legal, lambda plays: _play(state, player, counts, plays))
    return _play(state, player, counts, legal)


def _play(state: GameState, player: int, counts: tuple[int, ...], legal: list[int]) -> int:
    """The greedy choice among ``legal``, a play phase's actions of the rulebook's table."""
    size = sum(counts)
    leading = legal[0] != PASS
    plays = legal if leading else legal[1:]
    if size <= MAX_SET:
        going_out = [a for a in plays if PLAY_TOTAL[a] == size]
        if going_out:
            return min(going_out, key=lambda a: PLAY_JOKERS[a])
    if leading:
        return _lead(state, player, counts)
    return _follow(state, player, counts, plays, size)
