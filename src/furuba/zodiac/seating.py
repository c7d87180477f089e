"""Seating by zodiac sign (ruling Z13).

A player's sign comes from the western birth year (Rat when ``(year − 4) mod 12 == 0``). Seats go
in sign order from the Rat; within one sign the younger player (later birth date) sits first.
Players without a birth date sit last, in the order given.

>>> [p.name for p in seat_players(["Ann 1996-03-02", "Ben 2000-01-01", "Cy", "Di 1984-07-09"])]
['Ann', 'Di', 'Ben', 'Cy']
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from furuba.core.deck import SIGNS, sign_of_year
from furuba.core.errors import OptionsError
from furuba.zodiac.text import _


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    born: dt.date | None

    @property
    def sign(self) -> str | None:
        return sign_of_year(self.born.year) if self.born else None


def parse_player(text: str) -> Player:
    """``"Ann 1996-03-02"`` (or just ``"Ann"``) → a :class:`Player`."""
    parts = str(text).split()
    if not parts:
        raise OptionsError(_("a player needs a name"))
    last = parts[-1]
    if len(parts) > 1 and last[:1].isdigit():
        try:
            born = dt.date.fromisoformat(last)
        except ValueError:
            raise OptionsError(_("{text!r}: the birth date must look like 1996-03-02")
                               .format(text=text)) from None
        return Player(" ".join(parts[:-1]), born)
    return Player(" ".join(parts), None)


def seat_players(players: list[str] | list[Player]) -> list[Player]:
    """Players in seating order: sign order from the Rat, younger first within a sign."""
    parsed = [p if isinstance(p, Player) else parse_player(p) for p in players]
    dated = [p for p in parsed if p.born is not None]
    undated = [p for p in parsed if p.born is None]
    dated.sort(key=lambda p: (SIGNS.index(p.sign or "Rat"), -p.born.toordinal() if p.born else 0))
    return dated + undated
