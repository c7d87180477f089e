"""The days of the deals: one deal per game and UTC date, open from midnight to midnight.

>>> day_of(1_798_761_599.999), day_of(1_798_761_600.0)
('2026-12-31', '2027-01-01')
>>> opens, closes = bounds("2026-12-31")
>>> closes - opens, day_of(opens), day_of(closes)
(86400.0, '2026-12-31', '2027-01-01')
>>> bounds("2026-02-30")
Traceback (most recent call last):
...
ValueError: not a day: '2026-02-30'
>>> earlier("2027-01-01", 2)
['2026-12-31', '2026-12-30']
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

DAY_SECONDS = 86_400.0


def day_of(at: float) -> str:
    """The UTC date (``YYYY-MM-DD``) of the moment ``at`` (seconds since the epoch)."""
    return datetime.fromtimestamp(at, UTC).date().isoformat()


def parse(day: str) -> date:
    """``day`` as a date; :class:`ValueError` for anything but a real ``YYYY-MM-DD``."""
    try:
        found = date.fromisoformat(day)
    except ValueError:
        raise ValueError(f"not a day: {day[:20]!r}") from None
    if found.isoformat() != day:   # fromisoformat also reads other shapes (20261231)
        raise ValueError(f"not a day: {day[:20]!r}")
    return found


def bounds(day: str) -> tuple[float, float]:
    """When the deals of ``day`` open and close (its first moment and the next day's)."""
    start = datetime.combine(parse(day), datetime.min.time(), UTC).timestamp()
    return start, start + DAY_SECONDS


def earlier(day: str, count: int) -> list[str]:
    """The ``count`` days before ``day``, the latest first."""
    first = parse(day)
    return [(first - timedelta(days=n)).isoformat() for n in range(1, count + 1)]
