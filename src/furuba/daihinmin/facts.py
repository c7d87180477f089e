"""What a front end needs of Dai Hin Min, as data: each action's structure, the rank order, and a
giver's part in the exchange — so that no client parses an action's name or keeps a rule.

Every id of the action table (:mod:`furuba.daihinmin.moves`) has a *kind* and *params*:

==============  ==================================================================================
``pass``        ``{}``
``play``        ``{"rank", "naturals", "jokers", "count", "cards"}``: ``rank`` is the naturals'
                rank (``None`` for jokers alone), ``count`` = naturals + jokers, ``cards`` the
                cards of the current player's hand the play takes (the engine picks them; ``[]``
                when the hand lacks them). A play that names its cards (suits matter: house rules
                D14, D17, D18) adds ``run`` (whether it is a run), ``suit`` (a run's suit, else
                ``None``), ``ranks`` (the ranks it counts as, lowest first) and ``joker_ranks``
                (the ranks a run's jokers stand for); its ``rank`` is ``None`` for a run and its
                ``cards`` are its natural cards and the jokers of the hand it takes
``give``        ``{"rank", "joker", "cards"}``: one card of ``rank`` (``None`` with ``joker`` true:
                a joker) for the exchange (D9); ``cards`` are the current player's cards of that
                rank not yet chosen, in the order gifts of that rank take them — the first goes now
``revolution``  ``{"declare"}``: ``true`` to declare it, ``false`` to keep quiet (D10)
==============  ==================================================================================

``cards`` name cards of the acting player's hand: send an action's params to that player only
(or once the game is over).

>>> from furuba.daihinmin import new_game
>>> s = new_game(players=4, seed=7)
>>> action_info(s, s.legal_actions()[1])
{'id': 6, 'text': 'play 3x2', 'kind': 'play', 'params': {'rank': '3', 'naturals': 2, \
'jokers': 0, 'count': 2, 'cards': ['3♠', '3♣']}}
>>> action_info(s, 0)["kind"], action_info(s, 173)
('pass', {'id': 173, 'text': 'declare revolution', 'kind': 'revolution', 'params': {'declare': True}})
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from furuba.core.deck import SUITS
from furuba.core.errors import IllegalActionError
from furuba.core.protocol import JSON, ActionInfo, action_id
from furuba.daihinmin.exchange import RICH_GIFTS, SECOND_GIFTS
from furuba.daihinmin.illegal import no_such_action
from furuba.daihinmin.moves import (
    ACTION_NAMES,
    DECLARE,
    GIFT_CARD,
    KEEP_QUIET,
    PASS,
    PLAY_EDGES,
    PLAY_JOKER_LEVELS,
    PLAY_JOKER_SUITS,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_NATURALS,
    PLAY_RUN,
    PLAY_SUITS,
    gift_level,
    is_gift,
    is_suited,
)
from furuba.daihinmin.notation_suited import card_levels, cards_named
from furuba.daihinmin.ranks import (
    CARD_LEVEL,
    CARD_NAMES,
    JOKER,
    JOKER_SHIFT,
    LOWEST,
    NUM_CARDS,
    RANK_NAMES,
    SHIFT,
    cards_of,
    display_key,
)
from furuba.daihinmin.scoring import roles
from furuba.daihinmin.suited import ABOVE, BELOW

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

KINDS: tuple[str, ...] = ("pass", "play", "give", "revolution")
"""Every kind an action of Dai Hin Min may have."""


def _hand(state: GameState) -> int:
    """The current player's hand (empty when nobody is to act)."""
    player = state.current_player
    return state.hand(player) if player >= 0 else 0


def _names(mask: int) -> list[str]:
    return [CARD_NAMES[c] for c in cards_of(mask)]


def _suited_params(state: GameState, action: int) -> JSON:
    """The params of a play that names its cards (a suited set or a run)."""
    level, naturals, jokers = PLAY_LEVEL[action], PLAY_NATURALS[action], PLAY_JOKERS[action]
    length = PLAY_RUN[action]
    cards = cards_named(action, _hand(state))
    ranks = card_levels(action) if length else [level]
    wild = PLAY_JOKER_LEVELS[action]
    whole = _hand(state) & cards == cards and cards.bit_count() == naturals + jokers
    suit = next(s for s in range(4) if PLAY_SUITS[action] >> s & 1)
    out: JSON = {"rank": None if length else RANK_NAMES[level], "naturals": naturals,
                 "jokers": jokers, "count": naturals + jokers,
                 "cards": _names(cards) if whole else [], "run": bool(length),
                 "suit": SUITS[suit] if length else None,
                 "ranks": [RANK_NAMES[lv] for lv in ranks],
                 "joker_ranks": [RANK_NAMES[lv] for lv in ranks if wild >> lv & 1]}
    named, edges = PLAY_JOKER_SUITS[action], PLAY_EDGES[action]
    if named or edges:      # D21: the cards the jokers stand for, and a run's past the ends
        out["joker_as"] = [RANK_NAMES[level] + SUITS[s] for s in range(4) if named >> s & 1]
        out["joker_below"] = bool(edges & BELOW)
        out["joker_above"] = bool(edges & ABOVE)
    return out


def _play_params(state: GameState, action: int) -> JSON:
    if is_suited(action):
        return _suited_params(state, action)
    level, naturals, jokers = PLAY_LEVEL[action], PLAY_NATURALS[action], PLAY_JOKERS[action]
    hand = _hand(state)
    cards = 0
    if naturals:
        cards = LOWEST[(hand >> SHIFT[level]) & 15][naturals] << SHIFT[level]
    if jokers:
        cards |= LOWEST[(hand >> JOKER_SHIFT) & 3][jokers] << JOKER_SHIFT
    whole = cards.bit_count() == naturals + jokers
    return {"rank": RANK_NAMES[level] if naturals else None, "naturals": naturals,
            "jokers": jokers, "count": naturals + jokers, "cards": _names(cards) if whole else []}


def _give_params(state: GameState, action: int) -> JSON:
    level = gift_level(action)
    player = state.current_player
    left = _hand(state) & ~(state.pending_gifts(player) if player >= 0 else 0)
    if action in GIFT_CARD:         # a card named (suits matter)
        card = GIFT_CARD[action]
        return {"rank": RANK_NAMES[level], "joker": False,
                "cards": [CARD_NAMES[card]] if left >> card & 1 else []}
    shift, width = (JOKER_SHIFT, 3) if level == JOKER else (SHIFT[level], 15)
    return {"rank": None if level == JOKER else RANK_NAMES[level], "joker": level == JOKER,
            "cards": _names(((left >> shift) & width) << shift)}


def action_info(state: GameState, action: int) -> ActionInfo:
    """``action`` as data (see the module docstring): its id, text, kind and params."""
    a = action_id(action)
    if not 0 <= a < state.num_distinct_actions():
        raise IllegalActionError(no_such_action(action, state.num_distinct_actions()))
    text = ACTION_NAMES[a]
    if a == PASS:
        return {"id": a, "text": text, "kind": "pass", "params": {}}
    if a in (DECLARE, KEEP_QUIET):
        return {"id": a, "text": text, "kind": "revolution", "params": {"declare": a == DECLARE}}
    if is_gift(a):
        return {"id": a, "text": text, "kind": "give", "params": _give_params(state, a)}
    return {"id": a, "text": text, "kind": "play", "params": _play_params(state, a)}


def catalog_facts() -> JSON:
    """The deck as Dai Hin Min reads it, for :meth:`GameState.catalog`.

    ``ranks``: the ranks from lowest to highest (D3; a revolution changes the direction of play,
    not this order). ``playing_cards``: every card by name, in the order hands are shown (by rank,
    jokers last), with its rank (``None`` for a joker), suit (``None`` for a joker) and, for a
    joker, its place in the catalog's ``jokers`` (0 or 1).

    >>> facts = catalog_facts()
    >>> facts["ranks"][0], facts["ranks"][-1], list(facts["playing_cards"])[:2]
    ('3', '2', ['3♦', '3♥'])
    >>> facts["playing_cards"]["joker2"]
    {'rank': None, 'suit': None, 'joker': 1}
    """
    cards: JSON = {}
    for card in sorted(range(NUM_CARDS), key=display_key):
        name = CARD_NAMES[card]
        if CARD_LEVEL[card] == JOKER:
            cards[name] = {"rank": None, "suit": None, "joker": card - (NUM_CARDS - 2)}
        else:
            cards[name] = {"rank": RANK_NAMES[CARD_LEVEL[card]], "suit": SUITS[card % 4],
                           "joker": None}
    return {"ranks": list(RANK_NAMES), "playing_cards": cards}


def must_give(state: GameState, player: int) -> JSON | None:
    """``player``'s part in the exchange while gifts are chosen (D9), or ``None``.

    ``{"to": receiver, "count": cards given in all, "back": cards received in return}`` for the
    Rich Man and the Second Richest during the exchange; ``None`` for everyone else.
    """
    if state.phase != "exchange":
        return None
    rich, second_rich, second_poor, poor = roles(state.titles)
    if player == rich:
        return {"to": poor, "count": RICH_GIFTS, "back": RICH_GIFTS}
    if player == second_rich:
        return {"to": second_poor, "count": SECOND_GIFTS, "back": SECOND_GIFTS}
    return None
