"""Why an action is good, in a few words: the reasons of hints (:mod:`furuba.bots.hint`).

:func:`explain_action` looks at the player's own hand, the pile and the cards still unseen (all
public but the player's own hand) before and after the action, in a world sampled from the
player's view.

>>> from furuba.daihinmin import GameState
>>> s = GameState.from_json({"players": 4, "hands": [["3", "3", "9", "2", "joker"],
...     ["4", "4"], ["5"], ["6"]], "turn": 0})
>>> explain_action(s, s.string_to_action("play 3x2"), 0)
'leads your lowest set, the 3s, to get rid of it'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from furuba.daihinmin.greedy import KEEPER_LEVEL, sure_winner
from furuba.daihinmin.moves import (
    DECLARE,
    GIVE_BASE,
    GIVE_JOKER,
    KEEP_QUIET,
    PASS,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_TOTAL,
)
from furuba.daihinmin.ranks import FULL_DECK, JOKER, NUM_LEVELS, RANK_NAMES, counts_of

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState


PLURALS = {"J": "Jacks", "Q": "Queens", "K": "Kings", "A": "Aces"}


def _plural(level: int) -> str:
    """``7s``, ``Kings``, ``Aces``."""
    name = RANK_NAMES[level]
    return PLURALS.get(name, f"{name}s")


def _one(level: int) -> str:
    """``a 7``, ``an 8``, ``an Ace``."""
    name = RANK_NAMES[level]
    return {"A": "an Ace", "8": "an 8", "J": "a Jack", "Q": "a Queen", "K": "a King"}.get(
        name, f"a {name}")


def _unseen(state: GameState, player: int) -> tuple[int, ...]:
    """Rank counts of the cards ``player`` cannot see: not played, not in their own hand."""
    held = 0
    for p in range(state.num_players):
        held |= state.hand(p)
    return counts_of(held & FULL_DECK & ~state.hand(player))


def _keepers(counts: tuple[int, ...]) -> str:
    """``2, Aces and joker``: the cards kept to win a lead back."""
    parts = [_plural(lv) if counts[lv] > 1 else _one(lv).split()[-1]
             for lv in range(NUM_LEVELS - 1, KEEPER_LEVEL - 1, -1) if counts[lv]]
    if counts[JOKER]:
        parts.append("jokers" if counts[JOKER] > 1 else "joker")
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)


def explain_action(state: GameState, action: int, player: int) -> str:
    """A short reason for ``player`` to take ``action`` in ``state`` (a world from their view)."""
    counts = state.hand_counts(player)
    if action == DECLARE:
        return "declares a revolution: no exchange, so you keep your best cards, and you lead"
    if action == KEEP_QUIET:
        return "keeps quiet: the exchange goes ahead"
    if GIVE_BASE <= action <= GIVE_JOKER:
        if action == GIVE_JOKER:
            return "gives away a joker (it would cost you more to keep it than it helps)"
        return f"gives away {_one(action - GIVE_BASE)}, a card you can spare"
    if action == PASS:
        keep = _keepers(counts)
        if keep:
            return f"passes, keeping your {keep} to win a lead later"
        return "passes rather than break up a set"
    return _explain_play(state, action, player, counts)


def _explain_play(state: GameState, action: int, player: int, counts: tuple[int, ...]) -> str:
    level, size = PLAY_LEVEL[action], PLAY_TOTAL[action]
    jokers = PLAY_JOKERS[action]
    left = sum(counts) - size
    if left == 0:
        holding = sum(1 for s in state.hand_sizes() if s) - 1
        return f"goes out now: {holding} point{'s' if holding != 1 else ''}"
    what = "the jokers" if level < 0 else f"the {_plural(level)}" if size > 1 else _one(level)
    if level >= 0 and sure_winner(level, size, _unseen(state, player)):
        them = "them" if size > 1 else "it"
        return f"plays {what}: no cards still out can beat {them}, so you lead next"
    leading = state.pile_top()[1] == 0
    naturals = [lv for lv in range(NUM_LEVELS) if counts[lv]]
    if leading and naturals and level == naturals[0]:
        return f"leads your lowest set, {what}, to get rid of it"
    if leading:
        return f"leads {what}, keeping your lower cards for later"
    if jokers:
        return f"uses {'a joker' if jokers == 1 else 'both jokers'} to take the pile with {what}"
    if level < KEEPER_LEVEL:
        if counts[level] > size:
            return f"follows with {what}, though it breaks up your {_plural(level)}"
        return f"follows with {what} and keeps your higher cards for later"
    return f"spends {what} to fight for the lead"
