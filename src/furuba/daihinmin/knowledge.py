"""What each player may know — the one place secrecy is decided — and worlds that fit it.

:mod:`furuba.daihinmin.view` shows what this module works out; :func:`determinize` deals worlds
that agree with it.

A player knows their own hand, everything played, how many cards each hand holds, titles, points
and seats; the cards they gave in the exchange (in the receiver's hand until played) and got; the
jokers a revolution revealed (in the Poor Man's hand until played, known to all); and, when they
received cards automatically (the Rich Man from the Poor Man, the Second Richest from the Second
Poorest), that the giver holds no natural card above the lowest card received (D9). Once the game
is over, everything is public.

>>> from furuba.daihinmin import new_game
>>> s = new_game(players=4, seed=3)
>>> v = s.view(1)
>>> v["hand_sizes"], len(v["hand"]), "hand" in s.view(None), "hands" in v
([14, 13, 13, 14], 13, False, False)
>>> import random
>>> d = s.determinize(1, random.Random(0))
>>> d.view(1) == v, d.hand(1) == s.hand(1), d.hand(2) == s.hand(2)
(True, True, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from furuba.core.errors import OptionsError
from furuba.core.rng import fresh_seed
from furuba.daihinmin.exchange import gift_card
from furuba.daihinmin.ranks import (
    CARD_LEVEL,
    JOKER,
    JOKER_MASK,
    cards_of,
    counts_of,
)
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
    for hand in state._hands:
        out |= hand
    return out


def known_cards(state: GameState, player: int | None) -> dict[int, int]:
    """Cards ``player`` knows to be in other hands: other player → mask (never ``player``)."""
    held = in_hands(state)
    known: dict[int, int] = {}
    if state._revolution:
        poor = state._titles.index(POOR_MAN)
        jokers = JOKER_MASK & held
        if jokers and poor != player:
            known[poor] = jokers
    if player is not None:
        for giver, receiver, cards in state._exchange:
            if giver == player and cards & held:
                known[receiver] = known.get(receiver, 0) | (cards & held)
    return known


def ceiling(state: GameState, player: int | None) -> tuple[int, int] | None:
    """``(giver, level)`` when ``player`` received cards automatically this round: the giver
    holds no natural card above ``level`` (-1: none at all) except cards given to them."""
    if player is None:
        return None
    for giver, receiver, cards in state._exchange:
        if receiver == player and state._titles[giver] in (POOR_MAN, SECOND_POOREST):
            levels = [CARD_LEVEL[c] for c in cards_of(cards)]
            return giver, (-1 if JOKER in levels else min(levels))
    return None


def determinize(state: S, player: int, rng: random.Random) -> S:
    """A full state consistent with ``view(player)``: the hidden cards re-dealt with ``rng``.

    The unseen cards (in other hands, not known to ``player``) are sorted, shuffled with ``rng``
    and dealt out respecting hand sizes, the cards known to be in a hand, and the D9 limit on a
    hand that gave cards automatically. Other players' pending gifts are re-chosen from their new
    hands; the log keeps only the public events and ``player``'s own; the exchange keeps only
    ``player``'s side. The state's RNG is reseeded from ``rng``.
    """
    return sampler(state, player)(rng)


def sampler(state: S, player: int) -> Callable[[random.Random], S]:
    """:func:`determinize` for one ``player``, with what every sample shares worked out once.

    >>> from furuba.daihinmin import new_game
    >>> s = new_game(players=4, seed=2)
    >>> draw = sampler(s, 1)
    >>> draw(random.Random(5)).to_json() == determinize(s, 1, random.Random(5)).to_json()
    True
    """
    check_player(state, player)
    if player is None:
        raise OptionsError("determinize needs a player id")
    if state.is_terminal():
        return _reseeded(state)
    n = state.num_players
    hands = state._hands
    known = known_cards(state, player)
    start = [known.get(q, 0) for q in range(n)]
    start[player] = hands[player]
    hidden = in_hands(state) & ~hands[player]
    for mask in known.values():
        hidden &= ~mask
    pool = cards_of(hidden)
    wanted = [hands[q].bit_count() - start[q].bit_count() for q in range(n)]
    limit = ceiling(state, player)
    pending = state._gifts
    exchange = tuple(t for t in state._exchange if player in (t[0], t[1]))
    private = tuple(log if q == player else None for q, log in enumerate(state._private))

    def sample(rng: random.Random) -> S:
        out = state.clone()
        unseen = pool.copy()
        rng.shuffle(unseen)
        new = start.copy()
        need = wanted.copy()
        if limit is not None:
            unseen = _deal_to_giver(unseen, limit, new, need)
        pos = 0
        for q in range(n):
            if q != player and need[q]:
                for card in unseen[pos:pos + need[q]]:
                    new[q] |= 1 << card
                pos += need[q]
        out._hands = tuple(new)
        out._counts = tuple(counts_of(h) for h in new)
        if pending:
            out._gifts = _chosen_again(pending, new, player, rng, state._options.suited)
        out._exchange = exchange
        out._private = private
        out._seed = fresh_seed(rng)
        out._counter = 0
        return out

    return sample


def _reseeded(state: S) -> Callable[[random.Random], S]:
    """The sampler of a finished game: everything is public, only the RNG is drawn anew."""
    def over(rng: random.Random) -> S:
        out = state.clone()
        out._seed = fresh_seed(rng)
        out._counter = 0
        return out
    return over


def _deal_to_giver(unseen: list[int], limit: tuple[int, int], new: list[int],
                   need: list[int]) -> list[int]:
    """Deal the giver of a D9 ``limit`` (``(giver, level)``, see :func:`ceiling`) the first unseen
    cards that fit it, into ``new``, and mark that hand dealt in ``need``; the cards left."""
    giver, level = limit
    fits = [c for c in unseen if CARD_LEVEL[c] == JOKER or CARD_LEVEL[c] <= level]
    chosen = fits[:need[giver]]
    if len(chosen) < need[giver]:     # only a hand-made, inconsistent position gets here
        chosen += [c for c in unseen if c not in set(fits)][:need[giver] - len(chosen)]
    for card in chosen:
        new[giver] |= 1 << card
    taken = set(chosen)
    need[giver] = 0
    return [c for c in unseen if c not in taken]


def _chosen_again(pending: tuple[tuple[int, int, int], ...], hands: list[int], player: int,
                  rng: random.Random, suited: bool) -> tuple[tuple[int, int, int], ...]:
    """The pending gifts ``(giver, receiver, card)`` with every other giver's card chosen anew
    from their dealt hand in ``hands`` (``player`` keeps their own choice): a card of the rank
    picked, the lowest (a gift names a rank), or the very card when suits matter (house rules)."""
    gifts: list[tuple[int, int, int]] = []
    for giver, receiver, card in pending:
        if giver != player:
            chosen_mask = sum(1 << c for g, _, c in gifts if g == giver)
            left = hands[giver] & ~chosen_mask
            pick = rng.choice(cards_of(left))
            card = pick if suited else gift_card(left, CARD_LEVEL[pick])
        gifts.append((giver, receiver, card))
    return tuple(gifts)
