"""Why one move was better than another, in a few words: the mistakes of a game review.

A review gives each move its reason (:func:`~furuba.daihinmin.explain.explain_action`); where
the two reasons alone do not show the difference, :func:`contrast_action` says what the move
played gave up that the better one kept, from the player's own hand: a joker spent where the
better play needed none, a set broken up, a higher card than the trick needed, strong cards
spent where passing kept them, or a pass where the better play could not be beaten.

>>> from furuba.daihinmin import GameState
>>> s = GameState.from_json({"players": 4, "hands": [["5", "5", "9", "joker"], ["4"], ["6"],
...     ["7"]], "turn": 0})
>>> contrast_action(s, s.string_to_action("play 9+joker"), s.string_to_action("play 5x2"), 0)
'you spent a joker where the 5s needed none'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from furuba.daihinmin.explain import what_it_spends
from furuba.daihinmin.greedy import KEEPER_LEVEL, sure_in_order
from furuba.daihinmin.moves import PASS, PLAY_JOKERS, PLAY_LEVEL, PLAY_RUN, PLAY_TOTAL, is_play
from furuba.daihinmin.text import _, cards_of_rank

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState


def contrast_action(state: GameState, played: int, better: int, player: int) -> str:
    """What ``played`` gave up that ``better`` kept, for ``player``, in the current language
    (``""`` when the two moves' own reasons say it, or nothing shows)."""
    if played == better or not (_is_choice(played) and _is_choice(better)):
        return ""
    counts = state.hand_counts(player)
    if played == PASS:
        level, size = PLAY_LEVEL[better], PLAY_TOTAL[better]
        if level >= 0 and not PLAY_RUN[better] and sure_in_order(state, player, level, size):
            return _("you passed where {cards} could not be beaten").format(
                cards=what_it_spends(level, size))
        return ""
    level, size, jokers = PLAY_LEVEL[played], PLAY_TOTAL[played], PLAY_JOKERS[played]
    spent = what_it_spends(level, size)
    if better == PASS:
        if jokers or level >= KEEPER_LEVEL:
            return _("you spent {cards}, which passing would have kept").format(cards=spent)
        return ""
    other = what_it_spends(PLAY_LEVEL[better], PLAY_TOTAL[better])
    if jokers > PLAY_JOKERS[better]:
        return _("you spent a joker where {cards} needed none").format(cards=other)
    if PLAY_RUN[played] or PLAY_RUN[better] or level < 0 or PLAY_LEVEL[better] < 0:
        return ""
    whole = counts[PLAY_LEVEL[better]] <= PLAY_TOTAL[better] - PLAY_JOKERS[better]
    if counts[level] > size - jokers and whole:
        return _("you broke up your {rank}; {cards} would have kept your sets whole").format(
            rank=cards_of_rank(level), cards=other)
    if size == PLAY_TOTAL[better] and not state.back and not state.ranks_reversed and \
            level > PLAY_LEVEL[better] >= 0:
        return _("you played higher than the trick needed: {cards} would do").format(
            cards=other)
    return ""


def _is_choice(action: int) -> bool:
    """A pass or a play (not an exchange or a declaration)."""
    return action == PASS or is_play(action)
