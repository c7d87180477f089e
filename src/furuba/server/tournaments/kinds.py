"""The kinds of tournament and how each scores: a Swiss and an arena count each table's points
(:mod:`.swiss`, :mod:`.arena`), a duplicate each result's matchpoints (:mod:`.duplicate`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from furuba.server.tournaments import duplicate, swiss
from furuba.server.tournaments.swiss import Line, Outcome

SWISS, ARENA, DUPLICATE = "swiss", "arena", "duplicate"
KINDS = (SWISS, ARENA, DUPLICATE)


def scored(kind: str, outcomes: Iterable[Outcome]) -> list[Outcome]:
    """The results with the points the standings count."""
    return duplicate.matchpoints(outcomes) if kind == DUPLICATE else list(outcomes)


def standings(kind: str, entrants: Sequence[tuple[int, float, bool]],
              outcomes: Iterable[Outcome]) -> tuple[list[Outcome], list[Line]]:
    """The scored results and the standings, first place first (see :func:`swiss.standings`)."""
    counted = scored(kind, outcomes)
    return counted, swiss.standings(entrants, counted)
