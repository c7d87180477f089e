"""Cards as the UECda protocol writes them: cells of an 8 × 15 table (D29).

Rows 0–3 are the suits ♠, ♥, ♦, ♣; columns 1–13 the ranks 3 … 2 (column 0 below the 3 and
column 14 above the 2 are only ever a joker's, in a run). A natural card is a ``1``; a joker is a
``2`` — ``[4][1]`` in a hand, and in a play the cell of the card it stands for. A cell here is a
``(row, column, value)`` triple; rows 5–7 of a table are the server's words, not cards
(:mod:`furuba.daihinmin.uecda.table`).

:func:`play_of_cells` reads a play as the standard server does (``analyze_card`` in its source):
``None`` for cells it refuses whatever the table — too many jokers, a natural card outside the
ranks, a run of two, cards of two shapes. Cells holding neither a card (1) nor a joker (2) count
as no card: alone they are a pass. Whether a well-formed play may be made *now* is the
engine's question (:meth:`~furuba.daihinmin.state.GameState.legal_actions`).

>>> from furuba.daihinmin.moves import ACTION_NAMES
>>> ACTION_NAMES[play_of_cells([(0, 5, 1), (1, 5, 1)])]
'play 7♥ 7♠'
>>> ACTION_NAMES[play_of_cells([(0, 3, 2), (0, 4, 1), (0, 5, 1)])]
'play run joker 6♠ 7♠'
>>> ACTION_NAMES[play_of_cells([(2, 0, 2), (2, 1, 1), (2, 2, 1)])]
'play run joker 3♦ 4♦'
>>> ACTION_NAMES[play_of_cells([(0, 14, 2)])], play_of_cells([(4, 3, 2)])
('play joker', None)
>>> cells_of_play(play_of_cells([(3, 9, 1), (1, 9, 2)]))
[(1, 9, 2), (3, 9, 1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from furuba.daihinmin.moves import (
    PASS,
    PLAY_CARDS,
    PLAY_EDGES,
    PLAY_JOKER,
    PLAY_JOKER_LEVELS,
    PLAY_JOKER_SUITS,
    PLAY_JOKERS,
    PLAY_LEVEL,
    PLAY_RUN,
    PLAY_SUITS,
    SUITED,
)
from furuba.daihinmin.ranks import CARD_LEVEL, JOKER_SHIFT, NUM_LEVELS, cards_of
from furuba.daihinmin.suited import ABOVE, BELOW, card_id

Cell = tuple[int, int, int]
"""``(row, column, value)``: a card of a UECda table."""

ROWS = 4
"""The suit rows: ♠, ♥, ♦, ♣."""
JOKER_ROW = 4
COLUMNS = 15
ROW_SUIT: tuple[int, ...] = (2, 1, 0, 3)
"""furuba's suit (:data:`furuba.core.deck.SUITS`: ♦ ♥ ♠ ♣) of each UECda row (♠ ♥ ♦ ♣)."""
SUIT_ROW: tuple[int, ...] = tuple(ROW_SUIT.index(suit) for suit in range(4))
"""The UECda row of each of furuba's suits."""
NATURAL, JOKER_VALUE = 1, 2
HAND_JOKER: Cell = (JOKER_ROW, 1, JOKER_VALUE)
"""Where a hand holds its joker."""


def card_of_cell(row: int, column: int) -> int:
    """furuba's id of the natural card in a suit row and a rank column (1–13)."""
    return card_id(column - 1, ROW_SUIT[row])


def cell_of_card(card: int) -> Cell:
    """The cell of a card of a hand (the joker at ``[4][1]``)."""
    if card >= JOKER_SHIFT:
        return HAND_JOKER
    return (SUIT_ROW[card % 4], CARD_LEVEL[card] + 1, NATURAL)


def hand_of_cells(cells: Iterable[Sequence[int]]) -> int:
    """The hand (a card mask) a table's cells hold: each ``1`` a natural card, any ``2`` the
    joker. Raises ``ValueError`` for a cell no hand has."""
    hand = 0
    for row, column, value in cells:
        if value == JOKER_VALUE:
            hand |= 1 << JOKER_SHIFT
        elif value == NATURAL and 0 <= row < ROWS and 1 <= column <= NUM_LEVELS:
            hand |= 1 << card_of_cell(row, column)
        elif value:
            raise ValueError(f"no card at row {row}, column {column} with value {value}")
    return hand


def cells_of_hand(hand: int) -> list[Cell]:
    """The cells of a hand, sorted."""
    return sorted(cell_of_card(card) for card in cards_of(hand))


def play_of_cells(cells: Iterable[Sequence[int]]) -> int | None:
    """The play (an action id of the UECda preset) the cells of rows 0–4 make, as the standard
    server reads them; :data:`~furuba.daihinmin.moves.PASS` for none; ``None`` when the server
    refuses them whatever the table."""
    grid: dict[tuple[int, int], int] = {}
    junk = False
    for row, column, value in cells:
        if not value:
            continue
        if not (0 <= row <= JOKER_ROW and 0 <= column < COLUMNS):
            return None
        if value not in (NATURAL, JOKER_VALUE):     # counts as no card, spoils any other
            junk = True
            continue
        if value == NATURAL and (row == JOKER_ROW or column in (0, COLUMNS - 1)):
            return None
        grid[(row, column)] = value
    if not grid:
        return PASS
    if junk:
        return None
    if sum(v == JOKER_VALUE for v in grid.values()) > 1:
        return None
    column = min(c for _, c in grid)
    row = min(r for r, c in grid if c == column)
    if len(grid) == 1:
        if grid[(row, column)] == JOKER_VALUE:
            return PLAY_JOKER if row < ROWS else None
        return SUITED.set_id(column - 1, 1 << ROW_SUIT[row], 0)
    if column < COLUMNS - 1 and (row, column + 1) in grid:
        return _run(grid, row, column)
    return _set(grid, column)


def _run(grid: dict[tuple[int, int], int], row: int, low: int) -> int | None:
    high = low
    while (row, high + 1) in grid:
        high += 1
    length = high - low + 1
    if length < 3 or length != len(grid) or row == JOKER_ROW:
        return None
    wild = 0
    for column in range(max(low, 1), min(high, NUM_LEVELS) + 1):
        if grid[(row, column)] == JOKER_VALUE:
            wild |= 1 << (column - 1)
    suit = ROW_SUIT[row]
    if low == 0 or high == COLUMNS - 1:
        return SUITED.edge_run_id(suit, low - 1, length, wild)
    return SUITED.run_id(suit, low - 1, length, wild)


def _set(grid: dict[tuple[int, int], int], column: int) -> int | None:
    rows = [r for r, c in grid if c == column]
    if len(rows) != len(grid):
        return None
    level = column - 1
    naturals = sum(1 << ROW_SUIT[r] for r in rows if grid[(r, column)] == NATURAL)
    jokers = sum(1 << ROW_SUIT[r] for r in rows if r < ROWS and grid[(r, column)] == JOKER_VALUE)
    if JOKER_ROW in rows:
        # a joker with no suit: only beside all four naturals (the server's suits 31)
        return SUITED.set_id(level, 15, 1) if naturals == 15 else None
    if not jokers:
        return SUITED.set_id(level, naturals, 0)
    return SUITED.named_id(level, naturals, jokers)


def cells_of_play(action: int) -> list[Cell]:
    """The cells a client writes for a play of the UECda preset (``[]`` for a pass); a lone
    joker where the standard clients put it, above the 2 in the ♠ row."""
    if action == PASS:
        return []
    if action == PLAY_JOKER:
        return [(0, COLUMNS - 1, JOKER_VALUE)]
    out = [cell_of_card(card) for card in cards_of(PLAY_CARDS[action])]
    level = PLAY_LEVEL[action]
    length = PLAY_RUN[action]
    if length:
        row = SUIT_ROW[PLAY_SUITS[action].bit_length() - 1]
        wild = PLAY_JOKER_LEVELS[action]
        edges = PLAY_EDGES[action]
        out += [(row, lv + 1, JOKER_VALUE) for lv in range(NUM_LEVELS) if wild >> lv & 1]
        if edges & BELOW:
            out.append((row, 0, JOKER_VALUE))
        if edges & ABOVE:
            out.append((row, COLUMNS - 1, JOKER_VALUE))
        return sorted(out)
    named = PLAY_JOKER_SUITS[action]
    out += [(SUIT_ROW[s], level + 1, JOKER_VALUE) for s in range(4) if named >> s & 1]
    if PLAY_JOKERS[action] and not named:
        out.append((JOKER_ROW, level + 1, JOKER_VALUE))
    return sorted(out)
