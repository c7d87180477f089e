"""What a seat may see of a Dai Hin Min game: the one place secrecy is decided.

A player knows their own hand, everything played, how many cards each hand holds, titles, points
and seats; the cards they gave in the exchange (in the receiver's hand until played) and got; the
jokers a revolution revealed (in the Poor Man's hand until played, known to all); and, when they
received cards automatically (the Rich Man from the Poor Man, the Second Richest from the Second
Poorest), that the giver holds no natural card above the lowest card received (D9). A gift is seen
by its giver alone until the exchange. Once the game is over, everything is public.

:mod:`furuba.daihinmin.view` shows what this module decides; :mod:`furuba.daihinmin.knowledge`
deals worlds that agree with it.

>>> from furuba.daihinmin import new_game
>>> s = new_game(players=4, seed=3)
>>> known_cards(s, 1), ceiling(s, 1), exchange_seen_by(s, 1)
({}, None, ())
>>> in_hands(s) == s.hand(0) | s.hand(1) | s.hand(2) | s.hand(3)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from furuba.core.errors import OptionsError
from furuba.daihinmin.phases import EXCHANGE
from furuba.daihinmin.ranks import CARD_LEVEL, JOKER, JOKER_MASK, cards_of
from furuba.daihinmin.scoring import POOR_MAN, SECOND_POOREST

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

S = TypeVar("S", bound="GameState")


def check_player(state: GameState, player: int | None) -> None:
    """Refuse anything but a player id of ``state``'s game or ``None``."""
    n = state.num_players
    if player is not None and (not isinstance(player, int) or isinstance(player, bool)
                               or not 0 <= player < n):
        raise OptionsError(f"no player {player!r}: players are 0 to {n - 1} (or None)")


def in_hands(state: GameState) -> int:
    """The cards still held by someone (public: all others have been played)."""
    out = 0
    for hand in state.hands:
        out |= hand
    return out


def known_cards(state: GameState, player: int | None) -> dict[int, int]:
    """Cards ``player`` knows to be in other hands: other player → mask (never ``player``)."""
    held = in_hands(state)
    known: dict[int, int] = {}
    if state.revolution:
        poor = state.titles.index(POOR_MAN)
        jokers = JOKER_MASK & held
        if jokers and poor != player:
            known[poor] = jokers
    if player is not None:
        # A card given and handed back in the same exchange (D24: the Rich Man may return a card
        # the Poor Man's strongest brought him) is in the giver's own hand, not the receiver's.
        elsewhere = held & ~state.hands[player]
        for giver, receiver, cards in state.exchange:
            if giver == player and cards & elsewhere:
                known[receiver] = known.get(receiver, 0) | (cards & elsewhere)
    return known


def ceiling(state: GameState, player: int | None) -> tuple[int, int] | None:
    """``(giver, level)`` when ``player`` received cards automatically this round: the giver
    holds no natural card above ``level`` (-1: none at all) except cards given to them."""
    if player is None:
        return None
    for giver, receiver, cards in state.exchange:
        if receiver == player and state.titles[giver] in (POOR_MAN, SECOND_POOREST):
            levels = [CARD_LEVEL[c] for c in cards_of(cards)]
            return giver, (-1 if JOKER in levels else min(levels))
    return None


def exchange_seen_by(state: GameState, player: int | None) -> tuple[tuple[int, int, int], ...]:
    """This round's exchange as ``player`` saw it: their side of it, the whole of it for ``None``
    (once the game is over): ``(giver, receiver, cards)``."""
    if player is None:
        return state.exchange
    return tuple(t for t in state.exchange if player in (t[0], t[1]))


def as_seen_by(state: S, player: int) -> S:
    """``state``, or one ``player`` cannot tell from it: the gifts another player is still
    choosing are not chosen yet.

    Only the giver sees a gift before the exchange (D9), so between the Rich Man's two
    choices the others cannot tell whether he has made the first one; determinize starts
    from the state in which he has not.
    """
    current = state.current
    if state.phase_code != EXCHANGE or current == player \
            or all(giver != current for giver, _, _ in state.gifts):
        return state
    out = state.clone()
    out.gifts = tuple(gift for gift in state.gifts if gift[0] != current)
    return out
