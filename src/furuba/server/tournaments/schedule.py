"""The site's own tournaments: for every game, an arena every hour, a Swiss and a duplicate every
day, each listed (taking entries) ahead of its start. Pure functions over plain values; the
director adds what is due (:meth:`~furuba.server.tournaments.store.TournamentStore.add_site`).

A site tournament's id comes from its slot, its game and its start, so every process that adds
it adds the same row, and the database keeps the first (no two processes make it twice).

>>> import time
>>> slot = SLOTS[0]
>>> [time.strftime("%H:%M", time.gmtime(x)) for x in starts(slot, 1_796_000_000.0)]
['01:00']
>>> tournament_id(slot, "zodiac", 1_796_000_000.0) == tournament_id(slot, "zodiac", 1_796_000_000.0)
True
>>> len(tournament_id(slot, "zodiac", 0.0))
16
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass

from furuba.server.tournaments import kinds

HOUR = 3600.0


@dataclass(frozen=True, slots=True)
class Slot:
    """A tournament the site holds again and again."""

    key: str
    """Its name in the catalog of words (``tournaments.slot.<key>``) and in its id."""
    kind: str
    every_hours: int
    """How often: every hour (1) or every day (24)."""
    at_hour: int
    """The hour of the day (UTC) a daily one starts at; an hourly one starts on the hour."""
    rounds: int
    minutes: int
    """An arena's length (the others: unused)."""
    rated: bool
    ahead_hours: float
    """How long before its start it is listed and takes entries."""
    name: str
    """Its English name, ``{game}`` the game's title (the page says it in the reader's words)."""


SLOTS = (
    Slot("hourly_arena", kinds.ARENA, 1, 0, 0, 30, True, 1.0, "Hourly {game} Arena"),
    Slot("daily_swiss", kinds.SWISS, 24, 18, 4, 0, True, 24.0, "Daily {game} Swiss"),
    Slot("daily_duplicate", kinds.DUPLICATE, 24, 20, 4, 0, False, 24.0,
         "Daily {game} Duplicate"),
)
"""The site's schedule."""


def starts(slot: Slot, now: float) -> list[float]:
    """The starts of ``slot`` after ``now`` that are listed by then (within its
    ``ahead_hours``), the soonest first."""
    period = slot.every_hours * HOUR
    offset = slot.at_hour * HOUR if slot.every_hours == 24 else 0.0
    first = ((now - offset) // period + 1) * period + offset
    out = []
    at = first
    while at <= now + slot.ahead_hours * HOUR:
        out.append(at)
        at += period
    return out


def tournament_id(slot: Slot, game: str, start: float) -> str:
    """The id of ``slot``'s tournament of ``game`` starting at ``start``: the same from every
    process."""
    digest = hashlib.sha256(f"site:{slot.key}:{game}:{int(start)}".encode()).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode()
