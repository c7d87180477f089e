"""Where a result stands among everyone who played the same deal: duplicate scoring.

Everyone who plays a deal holds the same seat with the same cards against the same bots, so two
results compare directly: the seat's return (a win, a shared win, a loss) first, then its score
(friends made, points). A result's **matchpoints** are those of duplicate bridge: one for each
other player it beat, half for each it tied, as a share of the others — 100 % beat everyone, 50 %
is the middle of the field — so the luck of the deal cancels out.

>>> field = [Result(1, "Ann", "t1", 1.0, 7, 1, 10.0), Result(2, "Bob", "t2", 0.0, 5, 2, 11.0),
...          Result(3, "Cat", "t3", 0.0, 5, 3, 12.0), Result(4, "Dan", "t4", 0.0, 2, 4, 13.0)]
>>> [matchpoints(field, r) for r in field]
[1.0, 0.5, 0.5, 0.0]
>>> [(b.won, b.score, b.count) for b in distribution(field)]
[(False, 2, 1), (False, 5, 2), (True, 7, 1)]
>>> [r.name for r in best(field, 2)]
['Ann', 'Bob']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Result:
    """One finished try at a deal: the deal's seat, as its player ended it."""

    account_id: int
    name: str
    table_id: str
    returns: float
    """The seat's return: above 0 is a win (shared wins are fractions)."""
    score: float
    """The seat's score in the game's own terms (friends made, points)."""
    place: int
    """The seat's place at its table (1 is best; ties share a place)."""
    finished_at: float

    @property
    def key(self) -> tuple[float, float]:
        """What results compare by: the return, then the score."""
        return (self.returns, self.score)


@dataclass(frozen=True, slots=True)
class Bucket:
    """How many results ended the same way: won or not, with the same score."""

    won: bool
    score: float
    count: int


def matchpoints(field: Sequence[Result], mine: Result) -> float | None:
    """``mine``'s share of the others it beat (ties count half), from 0 to 1; ``None`` when
    nobody else has played yet. ``mine`` must be one of ``field``."""
    others = len(field) - 1
    if others <= 0:
        return None
    below = sum(1 for r in field if r.key < mine.key)
    tied = sum(1 for r in field if r.key == mine.key) - 1
    return (below + tied / 2) / others


def distribution(field: Sequence[Result]) -> list[Bucket]:
    """The results by how they ended, worst first."""
    counts = Counter((r.returns > 0, r.score) for r in field)
    return [Bucket(won, score, n) for (won, score), n in
            sorted(counts.items(), key=lambda kv: (kv[0][0], kv[0][1]))]


def best(field: Sequence[Result], limit: int) -> list[Result]:
    """The ``limit`` best results, best first; among equal results, the one finished first."""
    return sorted(field, key=lambda r: (-r.returns, -r.score, r.finished_at, r.account_id))[:limit]


@dataclass(frozen=True, slots=True)
class Field:
    """A deal's field summed up once (on the database's thread) for every request that follows:
    how many results ended with each (return, score), and the best results. Its size does not
    grow with the number of players, only with the number of different results.

    >>> field = summarize([Result(1, "Ann", "t1", 1.0, 7, 1, 10.0),
    ...                    Result(2, "Bob", "t2", 0.0, 5, 2, 11.0),
    ...                    Result(3, "Cat", "t3", 0.0, 5, 3, 12.0)], 2)
    >>> field.size, field.standing(Result(2, "Bob", "t2", 0.0, 5, 2, 11.0))
    (3, (0.25, 2))
    >>> [r.name for r in field.best]
    ['Ann', 'Bob']
    """

    counts: tuple[tuple[tuple[float, float], int], ...]
    """(return, score) → how many results, worst first."""
    best: tuple[Result, ...]
    size: int

    def standing(self, mine: Result) -> tuple[float | None, int]:
        """``mine``'s matchpoints (as :func:`matchpoints`) and rank (one plus the results
        better), ``mine`` being one of the field's results."""
        below = sum(n for key, n in self.counts if key < mine.key)
        above = sum(n for key, n in self.counts if key > mine.key)
        tied = sum(n for key, n in self.counts if key == mine.key) - 1
        others = below + above + tied
        return (None if others == 0 else (below + tied / 2) / others), above + 1

    def distribution(self) -> list[Bucket]:
        """The results by how they ended (won or not, the score), worst first."""
        counts: Counter[tuple[bool, float]] = Counter()
        for (returns, score), n in self.counts:
            counts[(returns > 0, score)] += n
        return [Bucket(won, score, n) for (won, score), n in sorted(counts.items())]


def summarize(field: Sequence[Result], limit: int) -> Field:
    """:class:`Field` of ``field``, with its ``limit`` best results."""
    counts = Counter(r.key for r in field)
    return Field(tuple(sorted(counts.items())), tuple(best(field, limit)), len(field))
