"""A duplicate tournament: every table of a round plays the same deal, and each result is compared
only with the others who held the same seat of it — the same cards — so the luck of the deal
cancels out, as in duplicate bridge. Pure functions over plain values.

**The deals.** Round ``r`` deals from :func:`seed_of` (the tournament's secret and ``r``): the
same seed at every table of the round. The seed is shown once every table of the round is over;
until then the round's tables are sealed (nobody watches them) and their records secret.

**The tables.** The entrants sit at as few tables as hold them all, as equally as can be
(:func:`humans_at`); the seats nobody fills are played by bots of one fixed level, the same at
every table. Who sits together is paired by standing, as in a Swiss; **the seats rotate**: each
player takes the seat they have held least so far (:func:`seat_order`), so over as many rounds as
a table has seats everyone holds every seat's cards once.

**Matchpoints.** A result scores the share of the others who held the same seat of the same deal
that it beat (by the seat's return, then its score), ties counting half: 1 beat them all, ½ is
the middle of the field; a seat nobody else held scores ½. A player's total is the sum over the
rounds, shown as a percentage of the rounds played; ties are broken by tables won, then the
rating on entry, then the earlier entry.

>>> humans_at(10, 4)
[4, 3, 3]
>>> seat_order([7, 8], 3, {7: [0], 8: [1]})
[0, 7, 8]
>>> o = [Outcome(1, 1, 0, seat=0, returns=1.0, score=7), Outcome(2, 1, 0, seat=0, returns=0.0,
...      score=3), Outcome(3, 1, 0, seat=1, returns=0.0, score=5)]
>>> [x.points for x in matchpoints(o)]
[1.0, 0.0, 0.5]
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from furuba.server.tournaments.swiss import Outcome

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


def humans_at(count: int, size: int) -> list[int]:
    """The players at each table: as few tables of ``size`` seats as hold ``count`` players,
    filled as equally as can be (the first tables fullest)."""
    if count <= 0:
        return []
    tables = -(-count // size)
    base, extra = divmod(count, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def seat_order(accounts: Sequence[int], size: int,
               held: Mapping[int, Sequence[int]]) -> list[int]:
    """A table's ``size`` seats (:data:`BOT` where a bot sits) for ``accounts`` (best placed
    first), each taking the free seat they have ``held`` least (the seats of their earlier
    rounds), the one after their last seat on a tie."""
    seats = [BOT] * size
    for account in accounts:
        before = list(held.get(account, ()))
        after = (before[-1] + 1) % size if before else 0
        free = [s for s in range(size) if seats[s] == BOT]
        chosen = min(free, key=lambda s: (before.count(s), (s - after) % size))
        seats[chosen] = account
    return seats


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
