"""A Swiss tournament for tables of any size: the tables of a round, the points of a table, the
pairing, and the standings with their tiebreaks. Pure functions over plain values.

**Points.** At a table, a seat scores one point for each other seat it finished ahead of and
half a point for each it tied with (by the game's return, then its score) — for two players this
is chess's 1, ½, 0; at a table of four, the winner takes 3. A **bye** (a player left over when the
entrants do not fill whole tables) scores half of a table's points, as if every game were tied:
``(size − 1) / 2``; nobody gets a second bye while someone who had none can take it.

**Pairing.** Entrants are ordered by their standing (points, then the tiebreaks, then the rating
they entered with, then who entered first). Each table takes the best-placed entrant left, then
fills its other seats from the next best, preferring those it has not met yet, so players of
similar score meet and a rematch happens only when the score groups leave no other choice. Two
players a block keeps apart never share a table while any other seat can be found.

**Tiebreaks**, in order: Buchholz (the points of every opponent met, summed: beating strong
players counts more), then the number of tables won (a first place, shared or not), then the
rating on entry, then the earlier entry.

>>> table_sizes(10, 4, 4), table_sizes(10, 4, 2), table_sizes(3, 4, 4)
(([4, 4], 2), ([4, 3, 3], 0), ([], 3))
>>> table_points([(1.0, 7.0), (0.0, 3.0), (0.0, 3.0), (0.0, 1.0)])
[3.0, 1.5, 1.5, 0.0]
>>> bye_points(4)
1.5
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field


def table_sizes(count: int, size: int, low: int) -> tuple[list[int], int]:
    """How ``count`` players sit at tables of ``size`` (a game that also plays with as few as
    ``low``): the tables' sizes, as equal as can be, and how many get a bye."""
    if count < low:
        return [], count
    tables = -(-count // size)
    if count // tables >= low:
        base, extra = divmod(count, tables)
        return [base + 1] * extra + [base] * (tables - extra), 0
    tables = count // size
    return [size] * tables, count - tables * size


def table_points(results: Sequence[tuple[float, float]]) -> list[float]:
    """Each seat's points at a finished table, from each seat's (return, score)."""
    return [sum(1.0 if mine > other else 0.5 if mine == other else 0.0
                for j, other in enumerate(results) if j != i)
            for i, mine in enumerate(results)]


def bye_points(size: int) -> float:
    """A bye's points: half of what a table of ``size`` shares out to one seat at most."""
    return (size - 1) / 2


@dataclass(frozen=True, slots=True)
class Outcome:
    """One entrant's result in one round: at a table (with whom) or a bye."""

    account_id: int
    round: int
    points: float
    won: bool = False
    opponents: tuple[int, ...] = ()
    bye: bool = False
    seat: int | None = None
    """The seat it was played from (``None``: a bye, or a result kept before seats were)."""
    returns: float | None = None
    """The seat's return in its game, then its score: what a duplicate compares."""
    score: float | None = None


@dataclass(slots=True)
class Line:
    """One entrant's line in the standings."""

    account_id: int
    rating: float = 0.0
    order: int = 0
    """The entry's rank in time (0 first)."""
    points: float = 0.0
    buchholz: float = 0.0
    wins: int = 0
    byes: int = 0
    rounds: int = 0
    met: set[int] = field(default_factory=set)
    withdrawn: bool = False

    @property
    def key(self) -> tuple[float, float, int, float, int]:
        """What the standings sort by (smallest first)."""
        return (-self.points, -self.buchholz, -self.wins, -self.rating, self.order)


def standings(entrants: Iterable[tuple[int, float, bool]],
              outcomes: Iterable[Outcome]) -> list[Line]:
    """The standings, first place first: ``entrants`` are (account, rating on entry,
    withdrawn) in the order they entered; ``outcomes`` every counted round.

    >>> lines = standings([(1, 1500, False), (2, 1500, False), (3, 1500, False)],
    ...                   [Outcome(1, 1, 2.0, True, (2, 3)), Outcome(2, 1, 1.0, False, (1, 3)),
    ...                    Outcome(3, 1, 0.0, False, (1, 2))])
    >>> [(x.account_id, x.points, x.buchholz, x.wins) for x in lines]
    [(1, 2.0, 1.0, 1), (2, 1.0, 2.0, 0), (3, 0.0, 3.0, 0)]
    """
    lines = {account: Line(account, rating, i, withdrawn=gone)
             for i, (account, rating, gone) in enumerate(entrants)}
    for o in outcomes:
        line = lines.get(o.account_id)
        if line is None:
            continue
        line.points += o.points
        line.rounds += 1
        line.wins += o.won
        line.byes += o.bye
        line.met.update(o.opponents)
    for line in lines.values():
        line.buchholz = sum(lines[m].points for m in line.met if m in lines)
    return sorted(lines.values(), key=lambda x: x.key)


def pair(ranked: Sequence[Line], sizes: Sequence[int], byes: int,
         apart: Collection[frozenset[int]] = ()) -> tuple[list[list[int]], list[int]]:
    """The next round: tables of ``sizes`` (accounts, best placed first) and the accounts with a
    bye, from the entrants still playing, ``ranked`` by their standing. Two accounts ``apart`` (a
    block between them) never share a table while any other choice is left.

    >>> lines = [Line(a, met=m) for a, m in [(1, {2}), (2, {1}), (3, {4}), (4, {3})]]
    >>> pair(lines, [2, 2], 0)
    ([[1, 3], [2, 4]], [])
    >>> pair([Line(1), Line(2), Line(3, byes=1)], [2], 1)
    ([[1, 3]], [2])
    >>> pair([Line(1), Line(2), Line(3), Line(4)], [2, 2], 0, apart={frozenset((1, 2))})
    ([[1, 3], [2, 4]], [])
    """
    left = list(ranked)
    bye: list[int] = []
    for _ in range(byes):   # the lowest placed who had the fewest byes
        fewest = min(x.byes for x in left)
        chosen = next(x for x in reversed(left) if x.byes == fewest)
        left.remove(chosen)
        bye.append(chosen.account_id)
    tables: list[list[int]] = []
    for size in sizes:
        if not left:
            break
        seated = [left.pop(0)]
        while len(seated) < size and left:
            allowed = [x for x in left if not any(frozenset((x.account_id, s.account_id))
                                                  in apart for s in seated)] or left
            fresh = next((x for x in allowed if not any(x.account_id in s.met for s in seated)),
                         allowed[0])
            left.remove(fresh)
            seated.append(fresh)
        tables.append([x.account_id for x in seated])
    return _kept_apart(tables, apart), bye


def _kept_apart(tables: list[list[int]], apart: Collection[frozenset[int]]) -> list[list[int]]:
    """``tables`` with each pair ``apart`` that the filling left at one table split up by a swap
    with the nearest table (in standing) where the swap leaves no pair apart at either.

    >>> _kept_apart([[1, 2], [3, 4]], {frozenset((3, 4))})
    [[3, 2], [1, 4]]
    """
    def clear(table: list[int]) -> bool:
        return not any(frozenset((a, b)) in apart for a in table for b in table if a < b)

    if not apart:
        return tables
    for i in range(len(tables)):
        for a in list(tables[i]):
            if clear(tables[i]):
                break
            if not any(frozenset((a, b)) in apart for b in tables[i] if b != a):
                continue
            for j in sorted(range(len(tables)), key=lambda k: abs(k - i)):
                if j == i:
                    continue
                swapped = next((
                    (mine, theirs) for c in tables[j]
                    for mine, theirs in [([c if x == a else x for x in tables[i]],
                                          [a if x == c else x for x in tables[j]])]
                    if clear(mine) and clear(theirs)), None)
                if swapped is not None:
                    tables[i], tables[j] = swapped
                    break
    return tables
