"""D9 The exchange of cards between the Rich and the Poor, every round after the first.

The Poor Man's 2 highest cards go to the Rich Man automatically (jokers count as the lowest, so
they are never forced; between equal ranks the suit is irrelevant and the lowest card id goes).
The Rich Man chooses 2 cards from the hand he was dealt, one at a time, by rank; then the Second
Richest chooses 1 for the Second Poorest, who gives his 1 highest. All cards change hands at once.

>>> from furuba.daihinmin.ranks import mask_of, names_of
>>> hand = mask_of([0, 1, 4 * 12, 4 * 2, 52, 53])     # A♦ A♥ K♦ 3♦ and both jokers
>>> names_of(highest_cards(hand, 2)), names_of(highest_cards(hand, 1))
(['A♦', 'A♥'], ['A♦'])
>>> from furuba.daihinmin.moves import ACTION_NAMES
>>> [ACTION_NAMES[a] for a in legal_gifts(hand, pending=1)]
['give 3', 'give K', 'give A', 'give joker']
"""

from __future__ import annotations

from typing import Final

from furuba.daihinmin.moves import GIVE_BASE, GIVE_JOKER, SUITED
from furuba.daihinmin.ranks import (
    JOKER,
    JOKER_MASK,
    JOKER_SHIFT,
    LOWEST,
    NUM_LEVELS,
    SHIFT,
    cards_of,
)

RICH_GIFTS: Final = 2
"""Cards the Rich Man and the Poor Man each give."""
SECOND_GIFTS: Final = 1
"""Cards the Second Richest and the Second Poorest each give."""


def highest_cards(hand: int, k: int) -> int:
    """The mask of the ``k`` highest-ranked cards of ``hand``, jokers counting as the lowest."""
    out = 0
    for level in range(NUM_LEVELS - 1, -1, -1):
        if not k:
            return out
        nibble = (hand >> SHIFT[level]) & 15
        take = min(k, nibble.bit_count())
        if take:
            out |= LOWEST[nibble][take] << SHIFT[level]
            k -= take
    if k:
        jokers = (hand >> JOKER_SHIFT) & 3
        out |= LOWEST[jokers][min(k, jokers.bit_count())] << JOKER_SHIFT
    return out


STRONGEST_SUITS: Final = (2, 1, 0, 3)
"""The order in which D24 takes cards of one rank: ♠, ♥, ♦, ♣ (the UECda server's)."""


def strongest_cards(hand: int, k: int) -> int:
    """The mask of the ``k`` strongest cards of ``hand`` as D24 takes them: the jokers first, then
    by rank from the 2 down, and within a rank ♠, ♥, ♦, ♣.

    >>> from furuba.daihinmin.ranks import mask_of, names_of
    >>> names_of(strongest_cards(mask_of([1, 2, 4 * 12, 52]), 2))
    ['A♠', 'joker1']
    """
    out = 0
    jokers = (hand >> JOKER_SHIFT) & 3
    while jokers and k:
        low = jokers & -jokers
        out |= low << JOKER_SHIFT
        jokers ^= low
        k -= 1
    for level in range(NUM_LEVELS - 1, -1, -1):
        for suit in STRONGEST_SUITS:
            if not k:
                return out
            bit = 1 << (SHIFT[level] + suit)
            if hand & bit:
                out |= bit
                k -= 1
    return out


def gift_card(hand: int, level: int) -> int:
    """The card a gift of ``level`` gives from ``hand`` (lowest id of that rank), or -1."""
    if level == JOKER:
        jokers = (hand >> JOKER_SHIFT) & 3
        return (jokers & -jokers).bit_length() - 1 + JOKER_SHIFT if jokers else -1
    nibble = (hand >> SHIFT[level]) & 15
    return (nibble & -nibble).bit_length() - 1 + SHIFT[level] if nibble else -1


def legal_gifts(hand: int, pending: int, suited: bool = False) -> list[int]:
    """The gift actions open to a giver holding ``hand`` who already chose the cards in
    ``pending`` (a gift is chosen from the hand as dealt, one card at a time): by rank, or — when
    suits matter (house rules D14, D17, D18) — each natural card by name, and a joker."""
    left = hand & ~pending
    if suited:
        out = [GIVE_JOKER] if (left >> JOKER_SHIFT) & 3 else []
        return out + sorted(SUITED.gift_id(card) for card in cards_of(left & ~JOKER_MASK))
    out = [GIVE_BASE + level for level in range(NUM_LEVELS) if (left >> SHIFT[level]) & 15]
    if (left >> JOKER_SHIFT) & 3:
        out.append(GIVE_JOKER)
    return out
