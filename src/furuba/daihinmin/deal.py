"""D2 and D8: who deals, and the deal one card at a time clockwise from the dealer's left.

>>> hands = deal_hands((0, 1, 2, 3), dealer=3, seed=5, counter=1)
>>> [h.bit_count() for h in hands]
[14, 14, 13, 13]
>>> sum(hands) == (1 << 54) - 1
True
"""

from __future__ import annotations

from furuba.core.rng import rng_for, shuffled
from furuba.daihinmin.ranks import NUM_CARDS


def draw_dealer(players: int, *, seed: int, counter: int) -> int:
    """The first round's dealer, drawn with the game's seeded RNG (D2)."""
    return rng_for(seed, counter).randrange(players)


def deal_hands(seating: tuple[int, ...], dealer: int, *, seed: int,
               counter: int, cards: int = NUM_CARDS) -> tuple[int, ...]:
    """Shuffle the 54 cards (the first ``cards`` of them: fewer jokers, D26) and deal them all,
    one at a time clockwise from the dealer's left.

    ``seating`` lists player ids clockwise. The result is one hand mask per player id; the first
    players dealt to get the extra cards.
    """
    n = len(seating)
    hands = [0] * n
    start = seating.index(dealer) + 1
    for i, card in enumerate(shuffled(range(cards), seed=seed, counter=counter)):
        hands[seating[(start + i) % n]] |= 1 << card
    return tuple(hands)
