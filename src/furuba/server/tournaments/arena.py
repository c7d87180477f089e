"""An arena: for a set time, every entrant who is free is seated again as soon as enough are
free, at tables of the tournament's size, paired by score. Pure functions over plain values.

**Who is free.** An entrant who has not withdrawn, has a page or a table of the site open, and
sits at no table of the arena that is still being played. A player who closes every page is not
seated again until they come back.

**A wave.** When the longest-free player has been free for :data:`GATHER_SECONDS` (long enough
for the tables that end together to free their players together), the free players are seated at
as many whole tables as they fill, by score (the best-placed free player first, each table filled
from the next best, preferring players not met yet, and two players a block keeps apart never at
one table while another choice is left — as a Swiss round is paired). Those left over wait for
the next wave; when one of them has waited :data:`BOT_SECONDS`, they sit together with bots in the
other seats, as at **Play now**.

**Points** are a Swiss's (:func:`furuba.server.tournaments.swiss.table_points`), for every
game: one for each seat finished ahead of, half for each tied — a bot's seat counts as any other.
The standings sort by points, then tables won, then the rating on entry, then the earlier entry
(:func:`standings`: from each player's totals, so that an arena of hours costs what a short one
does; whom one met does not count, since everyone meets whoever is free). When pairing a wave,
the opponents of a player's latest tables are avoided where the scores allow. The arena stops
seating players at its end; the tables under way then finish and count, and the standings are
final when the last one is counted.

>>> from furuba.server.tournaments.swiss import Line
>>> free = [Free(Line(1), 5.0), Free(Line(2), 4.0), Free(Line(3), 1.0)]
>>> wave(free, 2)
[[1, 2]]
>>> wave(free[2:], 2)
[]
>>> wave([Free(Line(3), 31.0)], 3)
[[3, 0, 0]]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from furuba.server.tournaments import swiss
from furuba.server.tournaments.swiss import Line, Outcome

GATHER_SECONDS = 3.0
"""How long the longest-free player waits before a wave is seated."""
BOT_SECONDS = 30.0
"""How long a player left over waits before bots fill the other seats of their table."""
BOT = 0
"""A bot's seat in a table's list of accounts."""
RECENT_WAVES = 3
"""The waves whose opponents a new wave avoids."""


@dataclass(frozen=True, slots=True)
class Total:
    """One player's results so far: points, tables won, games."""

    account_id: int
    points: float
    wins: int
    games: int


def standings(entrants: Iterable[tuple[int, float, bool]], totals: Iterable[Total],
              recent: Iterable[Outcome] = ()) -> list[Line]:
    """The standings, first place first: ``entrants`` (account, rating on entry, withdrawn) in
    the order they entered, each with its ``totals``; the ``recent`` results name whom each
    player met lately (what a wave avoids).

    >>> lines = standings([(1, 1500, False), (2, 1600, False), (3, 1500, False)],
    ...                   [Total(1, 3.0, 1, 2), Total(2, 3.0, 1, 2), Total(3, 4.0, 1, 3)])
    >>> [(x.account_id, x.points, x.rounds) for x in lines]
    [(3, 4.0, 3), (2, 3.0, 2), (1, 3.0, 2)]
    """
    lines = {account: Line(account, rating, i, withdrawn=gone)
             for i, (account, rating, gone) in enumerate(entrants)}
    for total in totals:
        line = lines.get(total.account_id)
        if line is not None:
            line.points, line.wins, line.rounds = total.points, total.wins, total.games
    for o in recent:
        if o.account_id in lines:
            lines[o.account_id].met.update(o.opponents)
    return sorted(lines.values(), key=lambda x: x.key)


@dataclass(frozen=True, slots=True)
class Free:
    """An entrant free to be seated: their line in the standings, and for how long."""

    line: Line
    waited: float
    """Seconds since they became free (their last table counted, or they entered)."""


def wave(free: Sequence[Free], size: int,
         apart: Collection[frozenset[int]] = ()) -> list[list[int]]:
    """The tables to seat now, each its accounts in seat order (:data:`BOT` for a bot's seat),
    from the ``free`` players ranked by their standing; none while nobody has waited
    :data:`GATHER_SECONDS`."""
    if not free or max(f.waited for f in free) < GATHER_SECONDS:
        return []
    whole = len(free) // size
    tables, _ = swiss.pair([f.line for f in free], [size] * whole, 0, apart) if whole else ([], [])
    seated = {a for t in tables for a in t}
    left = [f for f in free if f.line.account_id not in seated]
    if left and max(f.waited for f in left) >= BOT_SECONDS:
        tables.append([f.line.account_id for f in left] + [BOT] * (size - len(left)))
    return tables
