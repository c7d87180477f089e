"""D3 ranks: 3 < 4 < … < 10 < J < Q < K < A < 2, suits never matter, jokers are wild.

Cards keep the ids of :mod:`furuba.core.deck` (``rank_index * 4 + suit_index`` with Ace = 0 …
King = 12, jokers 52 and 53). Dai Hin Min orders ranks by *level*: 3 is level 0, the 2 is level 12.
A hand is an int bit mask over the 54 ids, so the 4 cards of one rank are one 4-bit nibble, and
move generation works on a *rank-count vector*: 13 counts by level, then the joker count.

>>> RANK_NAMES[0], RANK_NAMES[12]
('3', '2')
>>> CARD_LEVEL[4 * 2], CARD_LEVEL[4 * 0], CARD_LEVEL[4 * 1], CARD_LEVEL[52]
(0, 11, 12, 13)
>>> card_name(4 * 6 + 1), card_name(52), card_name(53)
('7♥', 'joker1', 'joker2')
>>> hand = mask_of([4 * 6, 4 * 6 + 3, 52])
>>> counts_of(hand)[RANK_NAMES.index("7")], counts_of(hand)[JOKER]
(2, 1)
>>> names_of(hand)
['7♦', '7♣', 'joker1']
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product
from operator import itemgetter
from typing import Final

from furuba.core.deck import SUITS
from furuba.daihinmin.catalog import _

RANK_NAMES: Final[tuple[str, ...]] = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
"""Rank names by level, lowest first (D3)."""

NUM_LEVELS: Final = 13
JOKER: Final = 13
"""Index of the jokers in a rank-count vector (and the joker's "level" in a gift)."""
JOKERS_ONLY_LEVEL: Final = -1
"""The level of a set made only of jokers: lowest of all (D3)."""

NUM_CARDS: Final = 54
FULL_DECK: Final = (1 << NUM_CARDS) - 1
JOKER_SHIFT: Final = 52
JOKER_MASK: Final = 3 << JOKER_SHIFT


def deck_mask(jokers: int) -> int:
    """The cards of a deck with ``jokers`` jokers (D26): the 52 naturals and the first jokers.

    >>> deck_mask(2) == FULL_DECK, names_of(deck_mask(1) & JOKER_MASK)
    (True, ['joker1'])
    """
    return (1 << (JOKER_SHIFT + jokers)) - 1
SUIT_LETTERS: Final = "dhsc"

RANK_INDEX: Final[tuple[int, ...]] = tuple((level + 2) % 13 for level in range(NUM_LEVELS))
"""The deck's rank index (Ace 0 … King 12) of each level."""
SHIFT: Final[tuple[int, ...]] = tuple(4 * ri for ri in RANK_INDEX)
"""Bit offset of each level's 4-card nibble in a hand mask."""
CARD_LEVEL: Final[tuple[int, ...]] = (*((c // 4 - 2) % 13 for c in range(52)), JOKER, JOKER)
"""Level of each card id; :data:`JOKER` for the two jokers."""


def card_name(card: int) -> str:
    """The name of card ``card``: ``"10♣"``, ``"A♦"``, ``"joker1"`` (id 52) or ``"joker2"``."""
    if card >= 52:
        return f"joker{card - 51}"
    return RANK_NAMES[CARD_LEVEL[card]] + SUITS[card % 4]


CARD_NAMES: Final[tuple[str, ...]] = tuple(card_name(c) for c in range(NUM_CARDS))


def _low_bits(nibble: int, k: int) -> int:
    out = 0
    for _step in range(k):
        if not nibble:
            return 0
        low = nibble & -nibble
        out |= low
        nibble ^= low
    return out


LOWEST: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_low_bits(nib, k) for k in range(5)) for nib in range(16)
)
"""``LOWEST[nibble][k]``: the ``k`` lowest set bits of ``nibble`` (0 when it has fewer)."""


def cards_of(mask: int) -> list[int]:
    """The card ids in ``mask``, ascending.

    >>> cards_of(0b1011)
    [0, 1, 3]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


_NIBBLE_COUNTS: Final[list[tuple[int, ...]]] = list(product([n.bit_count() for n in range(16)], repeat=4))
"""Per 16-bit chunk of a mask: the card count of each of its 4 nibbles, the highest first."""
_BY_LEVEL: Final = itemgetter(*(15 - (level + 2) % 13 for level in range(NUM_LEVELS)), 15 - 13)
"""Picks, from the 16 nibble counts of a mask (highest nibble first), the counts by level and
the jokers (nibble 13)."""


def counts_of(mask: int) -> tuple[int, ...]:
    """The rank-count vector of a hand: 13 counts by level, then the number of jokers.

    >>> counts_of(mask_of([0, 1, 8, 52, 53]))  # two Aces, a 3, both jokers
    (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2)
    """
    table = _NIBBLE_COUNTS
    counts: tuple[int, ...] = _BY_LEVEL(table[mask >> 48] + table[mask >> 32 & 0xFFFF]
                                        + table[mask >> 16 & 0xFFFF] + table[mask & 0xFFFF])
    return counts


def display_key(card: int) -> tuple[int, int]:
    """Sort key that orders cards by rank (3 first, 2 last), then jokers, then suit."""
    return (CARD_LEVEL[card], card)


def names_of(mask: int) -> list[str]:
    """The names of the cards in ``mask``, sorted by rank (jokers last)."""
    return [CARD_NAMES[c] for c in sorted(cards_of(mask), key=display_key)]


_RANK_ALIASES: Final[dict[str, int]] = {name.lower(): level for level, name in enumerate(RANK_NAMES)}
_RANK_ALIASES.update({"t": 7, "jack": 8, "queen": 9, "king": 10, "ace": 11})
_JOKER_WORDS: Final = frozenset({"joker", "jokers", "jkr", "jk", "jok"})


def parse_card(token: str) -> tuple[int, int | None]:
    """Read one card a person typed: ``(level, exact id or None)``.

    A rank alone (``"7"``, ``"j"`` for a Jack, ``"10"``) names no particular card; a rank with a
    suit (``"7♦"``, ``"7d"``, ``"as"``) or ``"joker1"``/``"joker2"`` names one. ``"joker"`` is any
    joker (level :data:`JOKER`). Raises ``ValueError`` for anything else.

    >>> parse_card("J"), parse_card("joker"), parse_card("10h"), parse_card("joker2")
    ((8, None), (13, None), (7, 37), (13, 53))
    """
    t = token.strip().lower()
    if t in _JOKER_WORDS:
        return JOKER, None
    if t in ("joker1", "joker2"):
        return JOKER, 51 + int(t[-1])
    if t in _RANK_ALIASES:
        return _RANK_ALIASES[t], None
    if len(t) >= 2:
        head, tail = t[:-1], t[-1]
        suit = SUITS.index(tail) if tail in SUITS else SUIT_LETTERS.find(tail)
        if suit >= 0 and head in _RANK_ALIASES:
            level = _RANK_ALIASES[head]
            return level, RANK_INDEX[level] * 4 + suit
    raise ValueError(_("{token} is not a card (ranks 2-10, J, Q, K, A, with an optional suit; "
                       "or 'joker')").format(token=repr(token)))
