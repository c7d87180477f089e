"""D6 going out and points, D7 titles, D8 reseating, D11 the end of the game.

>>> points_by_place(5)
(4, 3, 2, 1, 0)
>>> [TITLE_NAMES[t] for t in titles_by_place(5)]
['Rich Man', 'Second Richest', 'Merchant', 'Second Poorest', 'Poor Man']
>>> reseat((0, 1, 2, 3, 4), finishing_order=(2, 0, 4, 1, 3))
(1, 3, 2, 0, 4)
>>> winners((5, 21, 21, 3))
[1, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from furuba.daihinmin.event_types import Title

RICH_MAN: Final = 0
SECOND_RICHEST: Final = 1
MERCHANT: Final = 2
SECOND_POOREST: Final = 3
POOR_MAN: Final = 4
NO_TITLE: Final = -1
TITLE_NAMES: Final[tuple[Title, ...]] = (
    "Rich Man", "Second Richest", "Merchant", "Second Poorest", "Poor Man",
)


def title_name(title: int) -> Title | None:
    """The name of a title code, ``None`` for :data:`NO_TITLE` (before the first round ends)."""
    return None if title == NO_TITLE else TITLE_NAMES[title]


def points_by_place(players: int) -> tuple[int, ...]:
    """Points for going out 1st, 2nd, …: one per player still holding cards; last scores 0 (D6).

    They always sum to ``n(n-1)/2``.
    """
    return tuple(players - 1 - place for place in range(players))


def titles_by_place(players: int) -> tuple[int, ...]:
    """The D7 title of each finishing place (Merchants only with more than 4 players)."""
    titles = [MERCHANT] * players
    titles[0], titles[1] = RICH_MAN, SECOND_RICHEST
    titles[-1], titles[-2] = POOR_MAN, SECOND_POOREST
    return tuple(titles)


def titles_from_order(finishing_order: Sequence[int]) -> tuple[int, ...]:
    """Each player's title (by player id) after a round finished in ``finishing_order``."""
    titles = [NO_TITLE] * len(finishing_order)
    for player, title in zip(finishing_order, titles_by_place(len(finishing_order)), strict=True):
        titles[player] = title
    return tuple(titles)


def roles(titles: Sequence[int]) -> tuple[int, int, int, int]:
    """The players who are (Rich Man, Second Richest, Second Poorest, Poor Man)."""
    return (titles.index(RICH_MAN), titles.index(SECOND_RICHEST),
            titles.index(SECOND_POOREST), titles.index(POOR_MAN))


def reseat(seating: Sequence[int], finishing_order: Sequence[int]) -> tuple[int, ...]:
    """D8: the Rich Man keeps his seat, the others sit clockwise after him in finishing order.

    ``seating`` lists player ids by seat, clockwise.
    """
    n = len(seating)
    start = list(seating).index(finishing_order[0])
    out = [0] * n
    for place, player in enumerate(finishing_order):
        out[(start + place) % n] = player
    return tuple(out)


def winners(scores: Sequence[int]) -> list[int]:
    """The players with the most points (ties win together, D11)."""
    best = max(scores)
    return [p for p, s in enumerate(scores) if s == best]


def win_shares(scores: Sequence[int]) -> list[float]:
    """``1/k`` to each of the ``k`` winners, 0 to the others."""
    won = winners(scores)
    share = 1.0 / len(won)
    return [share if p in won else 0.0 for p in range(len(scores))]


def game_over(scores: Sequence[int], round_number: int, target: int | None,
              max_rounds: int | None) -> tuple[bool, bool]:
    """After a round: ``(over, truncated)`` — over once someone reached the target or the round
    limit is reached; truncated when it ends on the limit with nobody at the target (D11)."""
    reached = target is not None and max(scores) >= target
    limit = max_rounds is not None and round_number >= max_rounds
    return reached or limit, limit and not reached
