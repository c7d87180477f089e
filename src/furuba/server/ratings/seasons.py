"""Seasons: calendar quarters in UTC, each a fresh ladder of every game's ratings.

A rated game is rated, besides its pools ``all`` and ``<n>p``, in the pool of the season its game
ended in: ``2026-q4`` runs from 2026-10-01T00:00Z up to (not including) 2027-01-01T00:00Z, and
every account starts it as a newcomer, as a board game site's seasons reset. The season's name
is its pool's name (seven characters, so it fits the pool column), and sorting the names sorts
the seasons.

Time is always a parameter (Unix seconds, UTC): nothing here reads the clock, so a test can put
a game at the last millisecond of a year. Seasons span the years :data:`FIRST_YEAR` to
:data:`LAST_YEAR`; a moment outside them belongs to the nearest season inside.

>>> season_of(1_798_761_599.999)           # 2026-12-31T23:59:59.999Z
Season(year=2026, quarter=4)
>>> season_of(1_798_761_600.0).name        # 2027-01-01T00:00:00Z
'2027-q1'
>>> s = parse_season("2026-q4")
>>> s.start, s.end, s.label
(1790812800.0, 1798761600.0, '2026 Q4')
>>> [x.name for x in seasons_before(s, 3)]
['2026-q3', '2026-q2', '2026-q1']
"""

from __future__ import annotations

import calendar
import math
import re
import time
from dataclasses import dataclass

from furuba.text import _

FIRST_YEAR = 1970
"""The first year with seasons (the Unix epoch's)."""
LAST_YEAR = 9998
"""The last year with seasons (the next one's first day still has a timestamp)."""
QUARTERS = 4
"""Seasons a year."""
_NAME = re.compile(r"([0-9]{4})-q([1-4])", re.ASCII)


@dataclass(frozen=True, order=True, slots=True)
class Season:
    """One calendar quarter of one year (``quarter`` 1 to 4); later seasons compare greater.

    >>> Season(2026, 4) > Season(2026, 3) > Season(2025, 4)
    True
    """

    year: int
    quarter: int

    def __post_init__(self) -> None:
        if not (FIRST_YEAR <= self.year <= LAST_YEAR and 1 <= self.quarter <= QUARTERS):
            raise ValueError(f"no season {self.year} Q{self.quarter}")

    @property
    def name(self) -> str:
        """The season's name, which is its pool's: ``2026-q4``."""
        return f"{self.year:04d}-q{self.quarter}"

    @property
    def label(self) -> str:
        """The season's name for people, in the request's language: "2026 Q4"."""
        return _("{year} Q{quarter}").format(year=self.year, quarter=self.quarter)

    @property
    def start(self) -> float:
        """Its first moment (Unix seconds): the quarter's first day at midnight UTC."""
        return float(calendar.timegm((self.year, 3 * self.quarter - 2, 1, 0, 0, 0)))

    @property
    def end(self) -> float:
        """The first moment after it: the next season's start.

        >>> Season(2026, 4).end == Season(2027, 1).start
        True
        """
        if self.quarter == QUARTERS:
            return float(calendar.timegm((self.year + 1, 1, 1, 0, 0, 0)))
        return float(calendar.timegm((self.year, 3 * self.quarter + 1, 1, 0, 0, 0)))

    def holds(self, at: float) -> bool:
        """Whether the moment ``at`` is in this season (its start in, its end out).

        >>> Season(2026, 4).holds(Season(2026, 4).end), Season(2026, 4).holds(1_790_812_800)
        (False, True)
        """
        return self.start <= at < self.end

    def over(self, now: float) -> bool:
        """Whether the season has ended by ``now``: its standings are final."""
        return now >= self.end

    def previous(self) -> Season:
        """The season before (``ValueError`` before the first).

        >>> Season(2027, 1).previous()
        Season(year=2026, quarter=4)
        """
        if self.quarter == 1:
            return Season(self.year - 1, QUARTERS)
        return Season(self.year, self.quarter - 1)

    def next(self) -> Season:
        """The season after (``ValueError`` after the last).

        >>> Season(2026, 4).next().name
        '2027-q1'
        """
        if self.quarter == QUARTERS:
            return Season(self.year + 1, 1)
        return Season(self.year, self.quarter + 1)


FIRST = Season(FIRST_YEAR, 1)
"""The first season."""
LAST = Season(LAST_YEAR, QUARTERS)
"""The last season."""


def season_of(at: float) -> Season:
    """The season holding the moment ``at`` (Unix seconds); before the first season, the first,
    and after the last, the last.

    The seasons' bounds are whole seconds, so the moment's whole second decides: no rounding of a
    fraction can carry the last millisecond of a quarter into the next one.

    >>> season_of(1_790_812_799.5).name, season_of(1_790_812_800).name
    ('2026-q3', '2026-q4')
    >>> season_of(-5).name, season_of(1e300).name, season_of(float("nan")).name
    ('1970-q1', '9998-q4', '1970-q1')
    """
    if not at >= FIRST.start:        # also NaN
        return FIRST
    if at >= LAST.end:
        return LAST
    moment = time.gmtime(math.floor(at))
    return Season(moment.tm_year, (moment.tm_mon - 1) // 3 + 1)


def current_season(now: float) -> Season:
    """The season under way at ``now`` (the caller reads the clock)."""
    return season_of(now)


def seasons_before(season: Season, count: int) -> list[Season]:
    """Up to ``count`` seasons before ``season``, the latest first (none before the first).

    >>> [s.name for s in seasons_before(Season(1970, 2), 5)]
    ['1970-q1']
    """
    out: list[Season] = []
    while len(out) < count and season > FIRST:
        season = season.previous()
        out.append(season)
    return out


def parse_season(text: str) -> Season | None:
    """The season named ``text`` exactly (``2026-q4``), else ``None``: nothing else is read as a
    season, not ``2026-Q4``, ``2026-q04`` nor surrounding spaces.

    >>> parse_season("2026-q4"), parse_season("2026-Q4"), parse_season(" 2026-q4")
    (Season(year=2026, quarter=4), None, None)
    >>> parse_season("2026-q5"), parse_season("1969-q4"), parse_season("٢٠٢٦-q1")
    (None, None, None)
    """
    found = _NAME.fullmatch(text)
    if found is None or not FIRST_YEAR <= int(found[1]) <= LAST_YEAR:
        return None
    return Season(int(found[1]), int(found[2]))


def is_season_pool(pool: str) -> bool:
    """Whether the pool ``pool`` is a season's (else ``all`` or ``<n>p``).

    >>> is_season_pool("2026-q4"), is_season_pool("all"), is_season_pool("4p")
    (True, False, False)
    """
    return parse_season(pool) is not None
