"""A duplicate tournament: every table of a round plays the same deal, and each result is compared
only with the others who held the same seat of it — the same cards — so the luck of the deal
cancels out, as in duplicate bridge. Pure functions over plain values.

**The deals.** Round ``r`` deals from :func:`seed_of` (the tournament's secret and ``r``): the
same seed at every table of the round. The seed is shown once every table of the round is over;
until then the round's tables are sealed (nobody watches them) and their records secret.

**The tables.** Each entrant has a **seat class**: their place in the order of entry, counted
modulo the table's seats. In round ``r`` a player of class ``c`` holds seat ``(c + r − 1) mod n``,
so over ``n`` rounds everyone holds every seat's cards once. Table ``t`` of a round seats the
``t``-th best placed player of each class (:func:`pair`): players of similar standing together,
as in a Swiss, as many tables as the largest class has players; a seat whose class has run out
is played by a bot of one fixed level, the same at every table. Two players a block keeps apart
are split by swapping one of them with a player of the same class at the nearest table.

**Matchpoints.** A result scores the share of the others who held the same seat of the same deal
that it beat (by the seat's return, then its score), ties counting half: 1 beat them all, ½ is
the middle of the field; a seat nobody else held scores ½. A player's total is the sum over the
rounds, shown as a percentage of the rounds played; ties are broken by tables won, then the
rating on entry, then the earlier entry.

>>> o = [Outcome(1, 1, 0, seat=0, returns=1.0, score=7), Outcome(2, 1, 0, seat=0, returns=0.0,
...      score=3), Outcome(3, 1, 0, seat=1, returns=0.0, score=5)]
>>> [x.points for x in matchpoints(o)]
[1.0, 0.0, 0.5]
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace

from furuba.server.tournaments.swiss import Line, Outcome

BOT = 0
"""A bot's seat in a table's list of accounts."""
SEED_LIMIT = 2**62


def seed_of(secret: str, round_: int) -> int:
    """The seed every table of round ``round_`` deals from.

    >>> seed_of("s", 1) == seed_of("s", 1) != seed_of("s", 2)
    True
    """
    digest = hashlib.sha256(f"{secret}:{round_}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT


def seat_class(order: int, size: int) -> int:
    """The seat class of the entrant who entered ``order``-th (0 first) at tables of ``size``."""
    return order % size


def pair(ranked: Sequence[Line], size: int, round_: int,
         apart: Collection[frozenset[int]] = ()) -> list[list[int]]:
    """Round ``round_``'s tables, each its ``size`` seats (:data:`BOT` where a bot sits), from
    the players still in, ``ranked`` by their standing (each line's ``order`` its entry order).

    >>> from furuba.server.tournaments.swiss import Line
    >>> lines = [Line(a, order=o) for a, o in [(10, 1), (11, 0), (12, 2), (13, 3), (14, 4)]]
    >>> pair(lines, 2, 1)
    [[11, 10], [12, 13], [14, 0]]
    >>> pair(lines, 2, 2)
    [[10, 11], [13, 12], [0, 14]]
    """
    classes: list[list[int]] = [[] for _ in range(size)]
    for line in ranked:
        classes[seat_class(line.order, size)].append(line.account_id)
    tables = [[BOT] * size for _ in range(max(len(c) for c in classes))]
    for c, members in enumerate(classes):
        for t, account in enumerate(members):
            tables[t][(c + round_ - 1) % size] = account
    return _kept_apart(tables, apart)


def _kept_apart(tables: list[list[int]], apart: Collection[frozenset[int]]) -> list[list[int]]:
    """``tables`` with each pair ``apart`` at one table split by swapping one of the two with the
    player in the same seat (so of the same class) at the nearest table where the swap leaves no
    pair apart at either."""
    def clear(table: list[int]) -> bool:
        return not any(frozenset((a, b)) in apart for a in table for b in table
                       if BOT not in (a, b) and a < b)

    if not apart:
        return tables
    for i in range(len(tables)):
        for seat in range(len(tables[i])):
            if clear(tables[i]):
                break
            for j in sorted(range(len(tables)), key=lambda k: abs(k - i)):
                if j == i:
                    continue
                mine, theirs = list(tables[i]), list(tables[j])
                mine[seat], theirs[seat] = theirs[seat], mine[seat]
                if clear(mine) and clear(theirs):
                    tables[i], tables[j] = mine, theirs
                    break
    return tables


def matchpoints(outcomes: Iterable[Outcome]) -> list[Outcome]:
    """``outcomes`` with each result's points made its matchpoints among the results of the same
    round and seat (byes and results without a seat score nothing)."""
    listed = list(outcomes)
    groups: dict[tuple[int, int], list[tuple[float, float]]] = defaultdict(list)
    for o in listed:
        if o.seat is not None:
            groups[(o.round, o.seat)].append(key(o))
    out: list[Outcome] = []
    for o in listed:
        if o.seat is None:
            out.append(replace(o, points=0.0, opponents=()))
            continue
        field = groups[(o.round, o.seat)]
        mine = key(o)
        others = len(field) - 1
        beat = sum(1.0 if mine > x else 0.5 if mine == x else 0.0 for x in field) - 0.5
        out.append(replace(o, points=0.5 if others == 0 else beat / others, opponents=()))
    return out


def key(o: Outcome) -> tuple[float, float]:
    """What results of one seat compare by: the return, then the score."""
    return (o.returns or 0.0, o.score or 0.0)
