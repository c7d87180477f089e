"""Why an action is good, in a few words: the reasons of hints (:mod:`furuba.bots.hint`).

:func:`explain_action` looks at the player's own hand, the pile and the cards still unseen (all
public but the player's own hand) before and after the action, in a world sampled from the
player's view.

>>> from furuba.daihinmin import GameState
>>> s = GameState.from_json({"players": 4, "hands": [["3", "3", "9", "2", "joker"],
...     ["4", "4"], ["5"], ["6"]], "turn": 0})
>>> explain_action(s, s.string_to_action("play 3x2"), 0)
'it gets rid of your lowest set, the 3s'
>>> from furuba.i18n import speaking
>>> with speaking("ja"):
...     explain_action(s, s.string_to_action("play 3x2"), 0)
'一番弱い3をここで片付けられます'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from furuba.daihinmin.explain_house import house_reason
from furuba.daihinmin.greedy import KEEPER_LEVEL, sure_in_order
from furuba.daihinmin.moves import (
    DECLARE,
    GIVE_JOKER,
    KEEP_QUIET,
    PASS,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_RUN,
    PLAY_TOTAL,
    gift_level,
    is_gift,
)
from furuba.daihinmin.ranks import JOKER, NUM_LEVELS
from furuba.daihinmin.text import (
    _,
    cards_of_rank,
    joker_word,
    listed,
    ngettext,
    one_card,
    rank_word,
)

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState


def _keepers(counts: tuple[int, ...]) -> str:
    """``2, Aces and joker``: the cards kept to win a lead back."""
    parts = [cards_of_rank(lv) if counts[lv] > 1 else rank_word(lv)
             for lv in range(NUM_LEVELS - 1, KEEPER_LEVEL - 1, -1) if counts[lv]]
    if counts[JOKER]:
        parts.append(cards_of_rank(JOKER) if counts[JOKER] > 1 else joker_word())
    return listed(parts)


def explain_action(state: GameState, action: int, player: int) -> str:
    """A short reason for ``player`` to take ``action`` in ``state`` (a world from their view):
    why the action is good, said to the player, without a final full stop."""
    counts = state.hand_counts(player)
    if action == DECLARE:
        return _("with a revolution there is no exchange: you keep your best cards and lead")
    if action == KEEP_QUIET:
        if counts[JOKER] > 1:
            return _("the exchange goes ahead as usual, and you keep both jokers")
        return _("without both jokers there is no revolution: the exchange goes ahead")
    if is_gift(action):
        if action == GIVE_JOKER:
            return _("a joker would cost you more to keep than it helps")
        return _("{card} is a card you can spare").format(card=one_card(gift_level(action)))
    if action == PASS:
        keep = _keepers(counts)
        if keep:
            return _("you keep your {cards} to win a lead later").format(cards=keep)
        return _("it does not break up a set")
    return _explain_play(state, action, player, counts)


def what_it_spends(level: int, size: int) -> str:
    """The cards a play spends: ``"the jokers"``, ``"the 7s"``, ``"an Ace"``; 「7」."""
    if level < 0:
        return _("the jokers")
    if size > 1:
        return _("the {cards}").format(cards=cards_of_rank(level))
    return one_card(level)


def _explain_play(state: GameState, action: int, player: int, counts: tuple[int, ...]) -> str:
    level, size = PLAY_LEVEL[action], PLAY_TOTAL[action]
    jokers = PLAY_JOKERS[action]
    left = sum(counts) - size
    if left == 0:
        holding = sum(1 for s in state.hand_sizes() if s) - 1
        return ngettext("you go out now and score {count} point",
                        "you go out now and score {count} points", holding).format(count=holding)
    if state.rules.house:
        reason = house_reason(state, action)
        if reason:
            return reason
    what = what_it_spends(level, size)
    if level >= 0 and not PLAY_RUN[action] and sure_in_order(state, player, level, size):
        return _("no card still out can beat {cards}, so you lead next").format(cards=what)
    leading = state.pile_top()[1] == 0
    naturals = [lv for lv in range(NUM_LEVELS) if counts[lv]]
    if leading and naturals and level == naturals[0]:
        return _("it gets rid of your lowest set, {cards}").format(cards=what)
    if leading:
        return _("you lead with {cards} and keep your lower cards for later").format(cards=what)
    if jokers > 1:
        return _("both jokers let you take the pile with {cards}").format(cards=what)
    if jokers:
        return _("a joker lets you take the pile with {cards}").format(cards=what)
    if level < KEEPER_LEVEL:
        if counts[level] > size:
            return _("it follows with {cards}, though it breaks up your {rank}").format(
                cards=what, rank=cards_of_rank(level))
        return _("it follows with {cards} and keeps your higher cards for later").format(
            cards=what)
    return _("it spends {cards} to fight for the lead").format(cards=what)
