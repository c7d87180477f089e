"""What ``furuba suggest`` aims at and what it may change: figures, targets and tweaks.

A game that can be tuned says so through its spec (the ``tuning`` of its
:class:`furuba.sim.kit.LabKit`), with a :class:`Tuning`:

* the option whose files may be changed (a card set) and how to load a file's text for a game;
* its *tweaks* (:class:`Tweak`): the small edits of such a file's text the search may try — one
  need more on a side of a card, one copy fewer of a card — each keeping the file valid, each
  with a stable key and a label said in the reader's language;
* its *figures* (:class:`TargetFigure`): named numbers read from the summary of a simulation
  (:func:`furuba.sim.summary.summarize`), such as a share of some outcome or a win rate.

Every game has two figures besides its own (:data:`COMMON_FIGURES`): ``seat_spread`` (the
widest gap between two seats' win rates) and ``median_length`` (the median game length, in the
unit of the game's report sections).

A :class:`Target` bounds one figure: ``seat_spread<=0.05``, ``coop_win_rate>=0.4``,
``median_length=6..15`` (``<`` and ``>`` mean the same as ``<=`` and ``>=``: a measured
figure is never exactly on its bound). How far a value is from its target is its *miss*, relative to the
target (the width of a range, else the bound's size), so misses of different figures add up.

>>> t = parse_target("median_length=6..15", ["median_length", "seat_spread"])
>>> (t.low, t.high), t.met(7.0), t.miss(7.0), t.miss(18.0)
((6.0, 15.0), True, 0.0, 0.3333333333333333)
>>> round(parse_target("seat_spread<=0.05", ["seat_spread"]).miss(0.06), 3)
0.2
>>> parse_target("seat_spread<=low", ["seat_spread"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: malformed target 'seat_spread<=low': write figure<=number, ...
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from furuba.core.errors import OptionsError
from furuba.sim.kit import LabKit
from furuba.text import N_, _, listing

if TYPE_CHECKING:
    from furuba.sim.runner import GameResult
    from furuba.spec import GameSpec

Data = dict[str, Any]
Read = Callable[[Data, Sequence["GameResult"]], "float | None"]
"""``read(summary, results)`` → a figure's value, or ``None`` when these games do not measure it
(a co-op figure of competitive games)."""


MIN_SCALE = 1e-9
"""The smallest unit of a miss (a range narrower than this is measured in it)."""


@dataclass(frozen=True)
class TargetFigure:
    """A number a target may bound: its name (``[a-z0-9_]``), what it is (marked with
    :func:`~furuba.i18n.N_`, said through its game's catalog), and how to read it."""

    name: str
    help: str
    read: Read


@dataclass(frozen=True)
class Tweak:
    """One small edit of a file's text: ``key`` names it (stable, unique among the tweaks of a
    file, the same in every language), ``label`` says it in the reader's language, and
    ``apply(text)`` makes it in any text of the same file — raising
    :class:`~furuba.core.errors.FurubaError` when that text no longer has what it changes."""

    key: str
    label: str
    apply: Callable[[str], str]


@dataclass(frozen=True)
class Tuning:
    """What a game lets ``furuba suggest`` change and aim at (see the module's notes).

    * ``option``: the name of the option whose files are tweaked (a card set);
    * ``load(text)``: a file's text → what ``new_game`` receives for the option (raises
      :class:`~furuba.core.errors.FurubaError` for a faulty file);
    * ``tweaks(text)``: the tweaks of a valid file, each giving a valid file, in a fixed order;
    * ``figures``: the game's own figures (:data:`COMMON_FIGURES` come with every game).
    """

    option: str
    load: Callable[[str], Any]
    tweaks: Callable[[str], Sequence[Tweak]]
    figures: Sequence[TargetFigure] = field(default_factory=tuple)


# -- the figures every game has ------------------------------------------------------------------
def seat_spread(summary: Data, rows: Sequence[GameResult]) -> float | None:
    """The widest gap between two seats' win rates (``win_rate_by_seat``).

    >>> seat_spread({"win_rate_by_seat": [0.2, 0.3, 0.25]}, [])
    0.09999999999999998
    """
    rates = [float(x) for x in summary.get("win_rate_by_seat", [])]
    return max(rates) - min(rates) if rates else None


def median_length(summary: Data, rows: Sequence[GameResult]) -> float | None:
    """The median game length, in the unit of the game's report sections (rounds, decisions)."""
    from furuba.sim.sections import sections_for
    from furuba.sim.summary import median

    lengths = sections_for(str(summary["game"])).length.of(summary, list(rows) or None)
    return median(lengths) if lengths else None


COMMON_FIGURES: tuple[TargetFigure, ...] = (
    TargetFigure("seat_spread", N_("the widest gap between two seats' win rates (0 to 1)"),
                 seat_spread),
    TargetFigure("median_length", N_("the median game length, in the game's unit (rounds or "
                                     "decisions)"), median_length),
)


def figures_of(spec: GameSpec) -> dict[str, tuple[TargetFigure, str]]:
    """Every figure a target may bound in ``spec``'s game, by name: the figure and what it is,
    said in the context's language."""
    out = {f.name: (f, _(f.help)) for f in COMMON_FIGURES}
    load = spec.kit_or(LabKit()).tuning
    tuning = load() if load is not None else None
    for figure in tuning.figures if tuning is not None else ():
        out[figure.name] = (figure, spec.gettext(figure.help))
    return out


# -- targets --------------------------------------------------------------------------------------
_NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
_TARGET = re.compile(rf"^\s*([a-z][a-z0-9_]*)\s*(<=|>=|<|>|=)\s*({_NUMBER})\s*(?:\.\.\s*({_NUMBER})\s*)?$")


@dataclass(frozen=True)
class Target:
    """A figure held between ``low`` and ``high`` (``None``: no bound on that side)."""

    figure: str
    low: float | None
    high: float | None
    text: str

    def met(self, value: float) -> bool:
        """Whether ``value`` is within the target."""
        return self.miss(value) == 0.0

    def miss(self, value: float) -> float:
        """How far ``value`` is outside the target, relative to the target (0 inside it)."""
        if self.low is not None and value < self.low:
            return (self.low - value) / self._scale(self.low)
        if self.high is not None and value > self.high:
            return (value - self.high) / self._scale(self.high)
        return 0.0

    def _scale(self, bound: float) -> float:
        """What a miss is measured in: the width of a range, else the bound's size (1 for a
        bound of 0); never below :data:`MIN_SCALE`, so that a miss stays finite."""
        if self.low is not None and self.high is not None and self.high > self.low:
            return max(self.high - self.low, MIN_SCALE)
        return max(abs(bound), MIN_SCALE) if bound else 1.0


def target_syntax() -> str:
    """How a target is written, in the context's language."""
    return _("write figure<=number, figure>=number or figure=low..high (seat_spread<=0.05, "
             "median_length=6..15)")


def parse_target(text: str, figures: Iterable[str]) -> Target:
    """The target ``text`` bounds, one of ``figures``; :class:`OptionsError` saying what is
    wrong otherwise."""
    found = _TARGET.match(text)
    if found is None:
        raise OptionsError(_("malformed target {text!r}: {syntax}").format(
            text=text, syntax=target_syntax()))
    name, op, first, second = found.groups()
    known = list(figures)
    if name not in known:
        raise OptionsError(_("unknown figure {name!r} in the target {text!r}; the figures are: "
                             "{figures}").format(name=name, text=text, figures=listing(known)))
    value = float(first)
    if not math.isfinite(value) or (second is not None and not math.isfinite(float(second))):
        raise OptionsError(_("malformed target {text!r}: {syntax}").format(
            text=text, syntax=target_syntax()))
    if second is not None:
        if op != "=":
            raise OptionsError(_("malformed target {text!r}: {syntax}").format(
                text=text, syntax=target_syntax()))
        low, high = value, float(second)
        if low > high:
            raise OptionsError(_("the target {text!r} asks for a range from {low} down to "
                                 "{high}: write the low end first").format(
                text=text, low=first, high=second))
        return Target(name, low, high, text.strip())
    if op in ("<=", "<"):
        return Target(name, None, value, text.strip())
    if op in (">=", ">"):
        return Target(name, value, None, text.strip())
    return Target(name, value, value, text.strip())


def parse_targets(texts: Sequence[str], figures: Iterable[str]) -> tuple[Target, ...]:
    """Every target of ``texts`` (at least one) over the named ``figures``."""
    if not texts:
        raise OptionsError(_("name at least one target: {syntax}").format(syntax=target_syntax()))
    known = list(figures)
    return tuple(parse_target(text, known) for text in texts)
