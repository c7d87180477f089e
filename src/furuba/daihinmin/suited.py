"""The plays that name their cards: the action ids of games where suits matter.

The rulebook's game never looks at suits (D3), so its plays say only a rank and a count and the
engine picks the cards (:mod:`furuba.daihinmin.moves`). Sequences (D14), the suit lock (D17) and
the spade 3 (D18) make the suits count, so with any of them on a set is played by naming its
cards, and sequences (*runs*) are plays of their own. These ids follow the rulebook's 175, which
keep their meaning (a game with suits that matter never uses the sets that name no suits):

* a **suited set** per rank, suits of its natural cards (1–4 of them) and jokers (0–2):
  ``play 7♦ 7♠ joker`` — 13 × 15 × 3 = 585 ids;
* a **gift** per natural card, for the exchange: ``give 7♠`` — 52 ids (a joker is still
  ``give joker``: the two are alike);
* a **run** per suit, length (3–13), lowest rank, and the ranks its jokers stand for (at most 2):
  ``play run 5♠ 6♠ joker 8♠`` — 7,348 ids.

A game with the suit lock or the spade 3 but no sequences uses the ids up to the last gift
(812 in all); with sequences, up to the last run (8,160). Named jokers (D21) add, after them:

* a **set whose jokers name their suits** per rank, suits of its natural cards and of its jokers
  (at most four cards in all): ``play 7♠ joker:7♦`` — 13 × 46 = 598 ids;
* a **run reaching past the ends**, a joker standing below the 3 or above the 2 (one more joker
  at most inside): ``play run joker 3♠ 4♠``, ``play run K♠ A♠ 2♠ joker`` — 820 ids.

>>> layout = Layout(175)
>>> layout.set_base, layout.gift_base, layout.run_base, layout.named_base, layout.edge_base
(175, 760, 812, 8160, 8758)
>>> layout.end
9578
>>> layout.names[layout.gift_id(card_id(0, SPADE)) - 175]
'give 3♠'
>>> a = layout.set_id(4, 0b0101, 1)            # 7♦ 7♠ and a joker
>>> layout.names[a - 175]
'play 7♦ 7♠ joker'
>>> r = layout.run_id(2, 2, 4, 1 << 4)          # the spades 5 to 8, a joker for the 7
>>> layout.names[r - 175]
'play run 5♠ 6♠ joker 8♠'
>>> layout.names[layout.named_id(4, 0b0100, 0b0001) - 175]
'play 7♠ joker:7♦'
>>> layout.names[layout.edge_run_id(2, -1, 3, 0) - 175]
'play run joker 3♠ 4♠'
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from furuba.core.deck import SUITS
from furuba.daihinmin.ranks import NUM_LEVELS, RANK_INDEX, RANK_NAMES

MAX_RUN_JOKERS: Final = 2
MIN_RUN: Final = 3
"""The shortest run (D14)."""
SUIT_MASKS: Final = 15
"""Non-empty sets of suits, as 4-bit masks 1–15 (bit ``i``: ``SUITS[i]``)."""
SPADE: Final = SUITS.index("♠")
DIAMOND: Final = SUITS.index("♦")
NO_PLAY: Final = -2
"""The level of an id that plays no cards (a gift)."""


def card_id(level: int, suit: int) -> int:
    """The deck id of the card of ``level`` and ``suit``.

    >>> from furuba.daihinmin.ranks import card_name
    >>> card_name(card_id(0, SPADE))
    '3♠'
    """
    return RANK_INDEX[level] * 4 + suit


def level_mask(levels: range | list[int] | tuple[int, ...]) -> int:
    """A 13-bit mask of ``levels``."""
    out = 0
    for level in levels:
        out |= 1 << level
    return out


def _set_name(level: int, suits: int, jokers: int) -> str:
    cards = [RANK_NAMES[level] + SUITS[s] for s in range(4) if suits >> s & 1]
    return "play " + " ".join(cards + ["joker"] * jokers)


def _run_name(suit: int, low: int, length: int, joker_levels: int) -> str:
    cards = ["joker" if not 0 <= lv < NUM_LEVELS or joker_levels >> lv & 1
             else RANK_NAMES[lv] + SUITS[suit] for lv in range(low, low + length)]
    return "play run " + " ".join(cards)


def _named_name(level: int, suits: int, joker_suits: int) -> str:
    cards = [RANK_NAMES[level] + SUITS[s] for s in range(4) if suits >> s & 1]
    wild = ["joker:" + RANK_NAMES[level] + SUITS[s] for s in range(4) if joker_suits >> s & 1]
    return "play " + " ".join(cards + wild)


BELOW: Final = 1
ABOVE: Final = 2
"""The bits of :attr:`Layout.edges`: a run's joker below the 3, above the 2 (D21)."""


class Layout:
    """The suited ids from ``base`` on, and what each one plays.

    Per id (counted from ``base``): :attr:`levels` (a set's rank; a run's lowest; -2 for a
    gift), :attr:`naturals`,
    :attr:`jokers`, :attr:`suits` (mask of the natural cards' suits), :attr:`run_lengths` (0 for
    a set), :attr:`cards` (the deck mask of the natural cards; a gift's card), :attr:`joker_levels` (a run's
    ranks that jokers stand for, a 13-bit mask), :attr:`covers` (the ranks the play counts as:
    a set's rank, every rank of a run) and :attr:`names`.
    """

    def __init__(self, base: int) -> None:
        self.set_base = base
        self.levels: list[int] = []
        self.naturals: list[int] = []
        self.jokers: list[int] = []
        self.suits: list[int] = []
        self.run_lengths: list[int] = []
        self.cards: list[int] = []
        self.joker_levels: list[int] = []
        self.covers: list[int] = []
        self.joker_suits: list[int] = []
        self.edges: list[int] = []
        self.names: list[str] = []
        for level in range(NUM_LEVELS):
            for suits in range(1, SUIT_MASKS + 1):
                for jokers in range(MAX_RUN_JOKERS + 1):
                    mask = sum(1 << card_id(level, s) for s in range(4) if suits >> s & 1)
                    self._add(level, suits.bit_count(), jokers, suits, 0, mask, 0,
                              1 << level, _set_name(level, suits, jokers))
        self.gift_base = base + len(self.names)
        for level in range(NUM_LEVELS):
            for suit in range(4):
                card = card_id(level, suit)
                self._add(NO_PLAY, 0, 0, 0, 0, 1 << card, 0, 0,
                          f"give {RANK_NAMES[level]}{SUITS[suit]}")
        self.run_base = base + len(self.names)
        self._runs: dict[tuple[int, int, int, int], int] = {}
        for suit in range(4):
            bits = [1 << card_id(lv, suit) for lv in range(NUM_LEVELS)]
            for length in range(MIN_RUN, NUM_LEVELS + 1):
                for low in range(NUM_LEVELS - length + 1):
                    span = range(low, low + length)
                    whole = sum(bits[lv] for lv in span)
                    covers = level_mask(span)
                    for k in range(MAX_RUN_JOKERS + 1):
                        for wild in combinations(span, k):
                            wild_mask = level_mask(wild)
                            mask = whole - sum(bits[lv] for lv in wild)
                            self._runs[(suit, low, length, wild_mask)] = base + len(self.names)
                            self._add(low, length - k, k, 1 << suit, length, mask, wild_mask,
                                      covers, _run_name(suit, low, length, wild_mask))
        self.named_base = base + len(self.names)
        self._named: dict[tuple[int, int, int], int] = {}
        for level in range(NUM_LEVELS):
            for suits in range(1, SUIT_MASKS):
                free = SUIT_MASKS & ~suits
                for named in range(1, SUIT_MASKS + 1):
                    if named & ~free or named.bit_count() > MAX_RUN_JOKERS:
                        continue
                    mask = sum(1 << card_id(level, s) for s in range(4) if suits >> s & 1)
                    self._named[(level, suits, named)] = base + len(self.names)
                    self._add(level, suits.bit_count(), named.bit_count(), suits, 0, mask, 0,
                              1 << level, _named_name(level, suits, named), joker_suits=named)
        self.edge_base = base + len(self.names)
        self._edge_runs: dict[tuple[int, int, int, int], int] = {}
        for suit in range(4):
            for low in range(-1, NUM_LEVELS):
                for high in range(max(low + MIN_RUN - 1, 0), NUM_LEVELS + 1):
                    edges = (BELOW if low < 0 else 0) | (ABOVE if high == NUM_LEVELS else 0)
                    if not edges:
                        continue
                    inner = range(max(low, 0), min(high, NUM_LEVELS - 1) + 1)
                    whole = sum(1 << card_id(lv, suit) for lv in inner)
                    for k in range(MAX_RUN_JOKERS - edges.bit_count() + 1):
                        for wild in combinations(inner, k):
                            if len(inner) - k < 1:
                                continue
                            wild_mask = level_mask(wild)
                            mask = whole - sum(1 << card_id(lv, suit) for lv in wild)
                            length = high - low + 1
                            self._edge_runs[(suit, low, length, wild_mask)] = \
                                base + len(self.names)
                            self._add(low, len(inner) - k, k + edges.bit_count(), 1 << suit,
                                      length, mask, wild_mask, level_mask(inner),
                                      _run_name(suit, low, length, wild_mask), edges=edges)
        self.end = base + len(self.names)

    def _add(self, level: int, naturals: int, jokers: int, suits: int, length: int, cards: int,
             wild: int, covers: int, name: str, *, joker_suits: int = 0,
             edges: int = 0) -> None:
        self.levels.append(level)
        self.naturals.append(naturals)
        self.jokers.append(jokers)
        self.suits.append(suits)
        self.run_lengths.append(length)
        self.cards.append(cards)
        self.joker_levels.append(wild)
        self.covers.append(covers)
        self.joker_suits.append(joker_suits)
        self.edges.append(edges)
        self.names.append(name)

    def set_id(self, level: int, suits: int, jokers: int) -> int:
        """The id of the set of ``level`` in ``suits`` (a mask, 1–15) with ``jokers`` jokers."""
        if not (0 <= level < NUM_LEVELS and 1 <= suits <= SUIT_MASKS
                and 0 <= jokers <= MAX_RUN_JOKERS):
            raise ValueError(f"no set has level {level}, suits {suits:#06b} and {jokers} jokers")
        return self.set_base + (level * SUIT_MASKS + suits - 1) * (MAX_RUN_JOKERS + 1) + jokers

    def named_id(self, level: int, suits: int, joker_suits: int) -> int:
        """The id of the set of ``level`` in ``suits`` whose jokers stand for the cards of that
        rank in ``joker_suits`` (D21)."""
        try:
            return self._named[(level, suits, joker_suits)]
        except KeyError:
            raise ValueError(f"no set has level {level}, suits {suits:#06b} and jokers for "
                             f"{joker_suits:#06b}") from None

    def edge_run_id(self, suit: int, low: int, length: int, joker_levels: int) -> int:
        """The id of the run of ``suit`` from ``low`` (-1: a joker below the 3), ``length``
        long, reaching past an end (D21), with jokers inside for ``joker_levels``."""
        try:
            return self._edge_runs[(suit, low, length, joker_levels)]
        except KeyError:
            raise ValueError(f"no run past the ends of suit {suit} from level {low}, {length} "
                             f"long, with jokers for {joker_levels:#x}") from None

    def gift_id(self, card: int) -> int:
        """The id of giving the natural card ``card`` (a deck id) in the exchange."""
        level = (card // 4 - 2) % NUM_LEVELS
        if not 0 <= card < 52:
            raise ValueError(f"no natural card has id {card}")
        return self.gift_base + level * 4 + card % 4

    def run_id(self, suit: int, low: int, length: int, joker_levels: int) -> int:
        """The id of the run of ``suit`` from ``low`` (a level), ``length`` ranks long, with
        jokers standing for the ranks of ``joker_levels`` (a 13-bit mask)."""
        try:
            return self._runs[(suit, low, length, joker_levels)]
        except KeyError:
            raise ValueError(f"no run of suit {suit} from level {low}, {length} long, with "
                             f"jokers for {joker_levels:#x}") from None
