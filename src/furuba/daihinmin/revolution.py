"""D10 Revolution: a Poor Man dealt both jokers may declare it before the exchange.

The Poor Man is asked in every round after the first, so the question gives nothing away;
``declare revolution`` is legal only with both jokers in hand, ``keep quiet`` always. After a
declaration there is no exchange, the Poor Man leads and the whole round goes counterclockwise.

>>> may_declare((1 << 52) | (1 << 53) | 1), may_declare((1 << 52) | 1)
(True, False)
"""

from __future__ import annotations

from typing import Final

from furuba.daihinmin.ranks import JOKER_MASK
from furuba.daihinmin.view_types import Direction

CLOCKWISE: Final = 1
COUNTERCLOCKWISE: Final = -1
DIRECTION_NAMES: Final[dict[int, Direction]] = {CLOCKWISE: "clockwise", COUNTERCLOCKWISE: "counterclockwise"}


def may_declare(hand: int) -> bool:
    """Whether a hand (bit mask) holds both jokers."""
    return hand & JOKER_MASK == JOKER_MASK
