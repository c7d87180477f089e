"""The small readers a Dai Hin Min position is read with: whole numbers, player lists, card
names (each card claimed once), and the error every fault raises.

>>> from furuba.daihinmin.ranks import names_of
>>> tokens("hands[0]", ["7♦", "7", "joker"])
[(4, 24), (4, None), (13, None)]
>>> cards = Cards()
>>> cards.claim_exact("hands[0]", [(4, 24)])
>>> names_of(cards.resolve("hands[1]", [(4, None), (4, None)]))   # the lowest 7s still free
['7♥', '7♠']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from furuba.core.errors import SaveFileError
from furuba.core.protocol import JSON
from furuba.daihinmin.ranks import CARD_NAMES, JOKER, RANK_INDEX, parse_card

if TYPE_CHECKING:
    from furuba.daihinmin.state import GameState

Parsed = list[tuple[int, int | None]]
"""Card tokens read: ``(level, card)``, the card ``None`` for a rank alone (``"7"``)."""


def fail(message: str) -> SaveFileError:
    """The error for a position that is wrong in the way ``message`` says."""
    return SaveFileError(f"not a Dai Hin Min position: {message}")


def is_int(value: Any) -> bool:
    """Whether ``value`` is a whole number (``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def int_field(data: JSON, key: str, default: int, low: int, high: int | None = None) -> int:
    """``data[key]`` (``default`` when absent): a whole number from ``low`` to ``high``."""
    value = data.get(key, default)
    if not is_int(value) or value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise fail(f"{key!r} must be a whole number {bound}, not {value!r}")
    return int(value)


def player_list(key: str, value: Any, n: int) -> list[int]:
    """``value``, the field ``key``: a list of different player ids of an ``n``-player game."""
    if not isinstance(value, list) or not all(is_int(p) and 0 <= p < n for p in value):
        raise fail(f"{key!r} must be a list of player ids (0 to {n - 1}), not {value!r}")
    if len(set(value)) != len(value):
        raise fail(f"{key!r} names a player twice: {value!r}")
    return list(value)


def tokens(key: str, value: Any) -> Parsed:
    """The card names of field ``key`` read, not yet matched to cards (:class:`Cards`)."""
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise fail(f"{key!r} must be a list of card names such as '7♦', '7' or 'joker', "
                   f"not {value!r}")
    out = []
    for name in value:
        try:
            out.append(parse_card(name))
        except ValueError as exc:
            raise fail(f"{key!r}: {exc}") from None
    return out


class Cards:
    """The cards a position names, each at most once: exact names first, then ranks alone."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def claim_exact(self, where: str, parsed: Parsed) -> None:
        """Claim the cards ``parsed`` names exactly (``"7♦"``); an error for a card named
        twice."""
        for _, card in parsed:
            if card is not None:
                if card in self.used:
                    raise fail(f"{where}: card {CARD_NAMES[card]} appears twice")
                self.used.add(card)

    def resolve(self, where: str, parsed: Parsed) -> int:
        """The mask of ``parsed`` cards, ranks alone taking the lowest cards still free."""
        mask = 0
        for level, card in parsed:
            if card is None:
                pool = (52, 53) if level == JOKER else tuple(RANK_INDEX[level] * 4 + s
                                                              for s in range(4))
                free = [c for c in pool if c not in self.used]
                if not free:
                    what = "joker" if level == JOKER else CARD_NAMES[pool[0]][:-1]
                    raise fail(f"{where}: no {what} left to deal (every copy is used)")
                card = free[0]
                self.used.add(card)
            mask |= 1 << card
        return mask


def before(s: GameState, player: int) -> int:
    """The player before ``player`` in the direction of play (default owner of the pile)."""
    n = s.num_players
    seat = s.seat_of[player]
    return s.seating[(seat - s.direction) % n]
