"""Worlds that fit what a player knows: :func:`determinize` and its :func:`sampler`.

What a player knows is decided in :mod:`furuba.daihinmin.secrecy` (and shown by
:mod:`furuba.daihinmin.view`); a world dealt here keeps all of it and re-deals the rest.

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
from furuba.core.rng import fresh_seed, shuffle
from furuba.daihinmin.exchange import gift_card
from furuba.daihinmin.ranks import CARD_LEVEL, JOKER, cards_of, counts_of
from furuba.daihinmin.secrecy import ceiling, check_player, exchange_seen_by, in_hands, known_cards

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

S = TypeVar("S", bound="GameState")


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
    hands = state.hands
    known = known_cards(state, player)
    start = [known.get(q, 0) for q in range(n)]
    start[player] = hands[player]
    hidden = in_hands(state) & ~hands[player]
    for mask in known.values():
        hidden &= ~mask
    pool = cards_of(hidden)
    wanted = [hands[q].bit_count() - start[q].bit_count() for q in range(n)]
    limit = ceiling(state, player)
    pending = state.gifts
    exchange = exchange_seen_by(state, player)
    private = tuple(log if q == player else None for q, log in enumerate(state.private))

    def sample(rng: random.Random) -> S:
        out = state.clone()
        unseen = pool.copy()
        shuffle(rng, unseen)
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
        out.hands = tuple(new)
        out.counts = tuple(counts_of(h) for h in new)
        if pending:
            out.gifts = _chosen_again(pending, new, player, rng, state.options.suited)
        out.exchange = exchange
        out.private = private
        out.seed = fresh_seed(rng)
        out.counter = 0
        return out

    return sample


def _reseeded(state: S) -> Callable[[random.Random], S]:
    """The sampler of a finished game: everything is public, only the RNG is drawn anew."""
    def over(rng: random.Random) -> S:
        out = state.clone()
        out.seed = fresh_seed(rng)
        out.counter = 0
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
