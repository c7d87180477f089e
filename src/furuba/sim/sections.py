"""What a game adds to the balance lab: its :class:`ReportSections`.

The simulator, the summary and the report know only what every game has — returns, scores,
steps, bots by seat. Everything else a game wants measured lives beside the game, in its own
report module (``furuba.zodiac.report``, ``furuba.daihinmin.report``), which exports a
``SECTIONS`` value of this type and is named by the ``report`` loader of the game's
:class:`~furuba.spec.GameSpec`:

* ``result_keys``: the keys the game's ``summarize`` adds to every per-game result; a results
  file is checked for them, and an old file without a ``game`` field is recognised by them;
* ``summarize``: what the game adds to the summary of ``furuba simulate`` (from per-game
  results only, so a file of results gives back the same summary without a replay), and
  ``summary_lines``: the lines ``furuba simulate`` prints of it;
* ``length``: how the report measures a game's length (:class:`GameLength`);
* ``analyse``: the game's numbers of the report (from the summary, and from the per-game
  results when at hand); ``key_numbers``: its rows of the key-numbers table;
* ``figures``: its plots, each with the data keys it needs (:class:`Figure`), and the HTML shown
  under a figure (a table of the numbers behind it);
* ``per_game_only``: what a report built from a summary must leave out, said in words;
* ``cooperative``: whether the analysed games were played as one team (no fair share to draw).

A report module is a plug-in and uses its host's kit: the statistics of
:mod:`furuba.sim.summary` and :mod:`furuba.sim.analysis` (Wilson and Newcombe intervals,
histograms, rates), the figure helpers of :mod:`furuba.sim.plots` and the HTML helpers of
:mod:`furuba.sim.html`. The kit never imports a game; the arrows point from the game to the kit.
A game without a report module gets :data:`NO_SECTIONS`: the shared summary, win rates and a
game length counted in decisions.

>>> sections_for("zodiac").result_keys
('rounds', 'truncated', 'befriended')
>>> NO_SECTIONS.length.unit
'decisions'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from furuba.sim.plots import Plot
    from furuba.sim.runner import GameResult, SimConfig

Data = dict[str, Any]
Rows = list["GameResult"] | None
"""Per-game results, or ``None`` when only a summary is at hand."""


def _nothing(*_: Any) -> Data:
    return {}


def _no_rows(_: Data) -> list[list[str]]:
    return []


def _no_lines(_: Data) -> list[str]:
    return []


def _competitive(_: Data) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class GameLength:
    """How long a game was, in ``unit``: the ``result_key`` of a per-game result, or the list
    ``summary_key`` of a summary (``None``: a summary does not say).

    ``meaning`` says in a few words what one unit is, for the caption of the length plot.
    """

    unit: str
    meaning: str
    result_key: str
    summary_key: str | None = None

    def of(self, summary: Data, rows: Rows) -> list[float] | None:
        """The games' lengths, or ``None`` when neither the results nor the summary hold them."""
        if rows is not None:
            return [float(r[self.result_key]) for r in rows]
        if self.summary_key is not None and self.summary_key in summary:
            return [float(x) for x in summary[self.summary_key]]
        return None


DECISIONS = GameLength("decisions", "one action of one player", "steps")
"""The length every game has: the decisions taken (``steps``)."""


@dataclass(frozen=True, slots=True)
class Figure:
    """One plot of the report: ``make(data, out)`` writes it into the folder ``out`` and says
    what it wrote; drawn only when the analysed data holds every key of ``needs``.

    ``html(data)`` (optional) is shown under the figure: a table of the numbers behind it.
    """

    make: Callable[[Data, Path], Plot]
    needs: tuple[str, ...]
    html: Callable[[Data], str] | None = None


@dataclass(frozen=True)
class ReportSections:
    """What a game adds to the summary, the analysis and the report (see the module's notes)."""

    result_keys: tuple[str, ...] = ()
    summarize: Callable[[SimConfig, list[GameResult]], Data] = _nothing
    """``summarize(cfg, results)`` → the game's keys of the summary (results sorted by index)."""
    summary_lines: Callable[[Data], list[str]] = _no_lines
    """``summary_lines(summary)`` → plain lines of text about the game's keys of a summary."""
    length: GameLength = DECISIONS
    analyse: Callable[[Data, Rows], Data] = _nothing
    """``analyse(summary, results or None)`` → the game's keys of the report data."""
    key_numbers: Callable[[Data], list[list[str]]] = _no_rows
    """``key_numbers(data)`` → rows (label, value) added to the key-numbers table."""
    figures: Sequence[Figure] = field(default_factory=tuple)
    per_game_only: tuple[str, ...] = ()
    """What a report built from a summary leaves out (each: what it is, and what it needs)."""
    cooperative: Callable[[Data], bool] = _competitive
    """Whether the analysed games were co-op (every player wins or loses together)."""


NO_SECTIONS = ReportSections()
"""The sections of a game that has no report module."""


def sections_for(game: str) -> ReportSections:
    """The report sections of the registered game ``game`` (:data:`NO_SECTIONS` if it has none);
    :class:`~furuba.core.errors.OptionsError` for a game that is not registered."""
    from furuba import games
    from furuba.sim.kit import LabKit

    load = games.spec(game).kit_or(LabKit()).report
    return NO_SECTIONS if load is None else load()
