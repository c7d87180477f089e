"""Why a play is not legal under the house rules (D14, D16–D18), in words.

>>> from furuba.daihinmin import GameState
>>> s = GameState.from_json({"players": 4, "suit_lock": "on", "hands": [["3♠", "5♦", "5♥"],
...     ["4"], ["7♠"], ["6"]], "pile": [{"player": 2, "cards": ["4♥"]}], "lock": ["♥"], "turn": 0})
>>> s.legal_action_strings()
['pass', 'play 5♥']
>>> why_not_house_play(s, s.string_to_action("5d"), "play 5♦", "player 0")
'play 5♦ is not in a suit the trick is locked to: ♥ (jokers stand in for any) (D17)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from furuba.daihinmin.house_plays import NO_TOP, stronger
from furuba.daihinmin.moves import (
    PLAY_CARDS,
    PLAY_JOKER_LEVELS,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_RUN,
    PLAY_SUITS,
    PLAY_TOTAL,
    is_play,
    is_suited,
)
from furuba.daihinmin.notation import action_text
from furuba.daihinmin.ranks import JOKER, NUM_LEVELS
from furuba.daihinmin.suited import card_id
from furuba.daihinmin.text import _, ngettext, suits_text

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState


def why_not_house_play(state: GameState, action: int, name: str, who: str) -> str:
    """Why the play ``action`` (said ``name``) is not legal for ``who`` under the house rules."""
    suited = state.options.suited
    if is_play(action) and suited != is_suited(action) and PLAY_LEVEL[action] >= 0:
        if suited:
            return _("{action} names no suits: with these house rules a play names its cards, "
                     "such as 'play 7♦ 7♠'").format(action=name)
        return _("{action} names its suits: without sequences, the suit lock or the spade 3 "
                 "a play names a rank and a count, such as 'play 7x2'").format(action=name)
    if PLAY_RUN[action] and not state.options.sequences:
        return _("{action} is a run: runs are played only with the sequences rule "
                 "(D14)").format(action=name)
    hand = state.hands[state.current_player]
    missing = PLAY_CARDS[action] & ~hand
    if missing or state.counts[state.current_player][JOKER] < PLAY_JOKERS[action]:
        return _("{who} cannot {action}: those cards are not all in the hand").format(
            who=who, action=name)
    if PLAY_RUN[action] and _wild_over_held(action, hand):
        return _("{action}: a joker in a run stands only for a rank the hand lacks in that "
                 "suit (D14)").format(action=name)
    if not state.pile:
        return _("{action} is not legal now").format(action=name)
    return _why_not_follow(state, action, name, state.pile[-1][1])


def _wild_over_held(action: int, hand: int) -> bool:
    """Whether a run's joker stands for a card the hand holds."""
    wild = PLAY_JOKER_LEVELS[action]
    suit = PLAY_SUITS[action].bit_length() - 1
    return any(wild >> lv & 1 and hand >> card_id(lv, suit) & 1 for lv in range(NUM_LEVELS))


def _why_not_follow(state: GameState, action: int, name: str, top: int) -> str:
    """Why ``action`` does not follow the play ``top`` on the pile."""
    top_name = action_text(top)
    if PLAY_RUN[top] != PLAY_RUN[action] or (not PLAY_RUN[top]
                                              and PLAY_TOTAL[top] != PLAY_TOTAL[action]):
        if PLAY_RUN[top]:
            return ngettext("{action} does not follow {top}: only a run of {count} rank may",
                            "{action} does not follow {top}: only a run of {count} ranks may",
                            PLAY_RUN[top]).format(action=name, top=top_name, count=PLAY_RUN[top])
        return ngettext("{action} does not follow {top}: a follow must be a set of exactly "
                        "{count} card (D4)",
                        "{action} does not follow {top}: a follow must be a set of exactly "
                        "{count} cards (D4)", PLAY_TOTAL[top]).format(
            action=name, top=top_name, count=PLAY_TOTAL[top])
    lock = state.lock
    if lock and PLAY_SUITS[action] & ~lock:
        return _("{action} is not in a suit the trick is locked to: {suits} (jokers stand in "
                 "for any) (D17)").format(action=name, suits=suits_text(lock))
    level, top_level = PLAY_LEVEL[action], PLAY_LEVEL[top]
    if PLAY_RUN[top]:
        level, top_level = level + PLAY_RUN[action] - 1, top_level + PLAY_RUN[top] - 1
        if state.back:
            level, top_level = PLAY_LEVEL[action], PLAY_LEVEL[top]
    if level >= 0 and not stronger(level, top_level, state.back) and top != NO_TOP:
        if state.back:
            return _("{action} does not beat {top}: 11-back is in force, so a lower rank "
                     "wins until the trick ends (D16)").format(action=name, top=top_name)
        if top_level == NUM_LEVELS - 1 and PLAY_LEVEL[action] == 0:
            return _("{action} does not beat {top}: only the 3♠ beats a lone 2, with the "
                     "spade 3 rule (D18)").format(action=name, top=top_name)
    if level < 0:
        return _("{action} cannot follow: jokers alone are the lowest rank of all "
                 "(D3)").format(action=name)
    return _("{action} does not beat {top}: a follow must be of a higher rank (D4)").format(
        action=name, top=top_name)
