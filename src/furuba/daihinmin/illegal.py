"""Why an action is not legal now, in words: the message of every
:class:`~furuba.core.errors.IllegalActionError` the rules raise.

The engine names the player by id (``player 2``); a screen that knows who is at the keyboard
asks for the message with their name (``"you"``) instead.

>>> from furuba.daihinmin import GameState
>>> from furuba.daihinmin.moves import PASS
>>> s = GameState.from_json({"players": 4, "hands": [["3"], ["4"], ["5"], ["6"]], "turn": 0})
>>> why_illegal(s, PASS)
'player 0 must play a set: nobody may pass on an empty pile (D4)'
>>> from furuba.i18n import speaking
>>> with speaking("ja"):
...     why_illegal(s, PASS, "あなた")
'場が空なので、あなたはパスできません。カードを出してください (D4)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from furuba.daihinmin.illegal_house import why_not_house_play
from furuba.daihinmin.moves import (
    DECLARE,
    GIFT_CARD,
    GIVE_JOKER,
    NUM_ACTIONS,
    PASS,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_NATURALS,
    PLAY_TOTAL,
    gift_level,
    is_gift,
    is_play,
)
from furuba.daihinmin.notation import action_text
from furuba.daihinmin.phases import EXCHANGE, OVER, REVOLUTION
from furuba.daihinmin.ranks import CARD_NAMES, JOKER, JOKERS_ONLY_LEVEL, RANK_NAMES
from furuba.daihinmin.text import _, ngettext, one_card, player_words, set_text

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState


def no_such_action(action: Any, count: int = NUM_ACTIONS) -> str:
    """The message for an id outside the action table of ``count`` ids."""
    return _("no action has id {action}: ids are whole numbers from 0 to {last}").format(
        action=repr(action), last=count - 1)


def why_illegal(state: GameState, action: int, who: str | None = None) -> str:
    """A person's explanation of why ``action`` is not legal now for the player to move, who is
    called ``who`` (by default ``player N``)."""
    count = state.num_distinct_actions()
    if not 0 <= action < count:
        return no_such_action(action, count)
    name = action_text(action)
    player = state.current_player
    who = who if who is not None else player_words(player)
    phase = state.phase_code
    if phase == OVER:
        return _("{action} is not legal: the game is over").format(action=name)
    if phase == REVOLUTION:
        if action == DECLARE:
            return _("{who} cannot declare a revolution: only a Poor Man holding both jokers "
                     "may (D10)").format(who=who)
        return _("{action} is not legal now: {who}, the Poor Man, must declare revolution or "
                 "keep quiet (D10)").format(action=name, who=who)
    if phase == EXCHANGE:
        if is_gift(action) and action != GIVE_JOKER \
                and (action in GIFT_CARD) != bool(state.options.suited):
            if action in GIFT_CARD:
                return _("{action} names a suit: without sequences, the suit lock or the spade "
                         "3 a gift names a rank, such as 'give 7'").format(action=name)
            return _("{action} names no suit: with these house rules a gift names its card, "
                     "such as 'give 7♠'").format(action=name)
        if is_gift(action):
            card = one_card(gift_level(action))
            if action in GIFT_CARD:
                card = CARD_NAMES[GIFT_CARD[action]]
            return _("{who} cannot give {card}: no such card left in the hand as dealt "
                     "(D9)").format(who=who, card=card)
        return _("{action} is not legal now: {who} must choose a card to give (D9)").format(
            action=name, who=who)
    return _why_not_this_play(state, action, name, who)


def _why_not_this_play(state: GameState, action: int, name: str, who: str) -> str:
    """Why a decision of the play phase is not legal."""
    if action == PASS:
        return _("{who} must play a set: nobody may pass on an empty pile (D4)").format(who=who)
    if state.rules.house and is_play(action):
        return why_not_house_play(state, action, name, who)
    level = PLAY_LEVEL[action]
    if level < JOKERS_ONLY_LEVEL:
        return _("{action} is not legal now: {who} must play or pass").format(action=name,
                                                                              who=who)
    counts = state.counts[state.current_player]
    naturals, jokers = PLAY_NATURALS[action], PLAY_JOKERS[action]
    if naturals and counts[level] < naturals:
        return ngettext("{who} cannot {action}: {count} card of rank {rank} in hand",
                        "{who} cannot {action}: {count} cards of rank {rank} in hand",
                        counts[level]).format(who=who, action=name, count=counts[level],
                                              rank=RANK_NAMES[level])
    if counts[JOKER] < jokers:
        return ngettext("{who} cannot {action}: {count} joker in hand",
                        "{who} cannot {action}: {count} jokers in hand",
                        counts[JOKER]).format(who=who, action=name, count=counts[JOKER])
    _player, top_action, _cards = state.pile[-1]
    top_level = PLAY_LEVEL[top_action]
    top = set_text(RANK_NAMES[top_level] if top_level >= 0 else None, PLAY_NATURALS[top_action],
                   PLAY_JOKERS[top_action])
    if PLAY_TOTAL[action] != state.top_total:
        return ngettext("{action} does not follow {top}: a follow must have exactly {count} "
                        "card (D4)",
                        "{action} does not follow {top}: a follow must have exactly {count} "
                        "cards (D4)", state.top_total).format(action=name, top=top,
                                                               count=state.top_total)
    if level == JOKERS_ONLY_LEVEL:
        return _("{action} cannot follow: jokers alone are the lowest rank of all "
                 "(D3)").format(action=name)
    return _("{action} does not beat {top}: a follow must be of a strictly higher rank "
             "(D4)").format(action=name, top=top)
