"""furuba's benchmarks: random-playout speed and ``clone()`` cost beside OpenSpiel and RLCard.

Run ``python -m benchmarks`` from the repository root (``--help`` for the flags). Each subject is
measured in the same process, pinned to one core, and the results are printed as a table and
written as JSON (``benchmarks/results/latest.json`` by default).

Targets (one core):

* furuba zodiac steps/s ≥ 1.5 × OpenSpiel ``python_team_dominoes`` steps/s;
* furuba daihinmin steps/s ≥ 15 × RLCard ``doudizhu`` steps/s;
* ``clone()`` of a mid-game state ≤ 5 µs for both furuba games.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Ratio:
    """A comparison the project has a target for: ``numerator ÷ denominator`` or a bound."""

    name: str
    numerator: str
    """Subject key."""
    denominator: str | None
    """Subject key, or ``None`` for an absolute bound on the numerator's metric."""
    metric: str
    """``steps_per_s`` or ``clone_us``."""
    target: float
    at_least: bool
    """``True``: value ≥ target passes; ``False``: value ≤ target passes."""


RATIOS: tuple[Ratio, ...] = (
    Ratio(
        "zodiac steps/s ÷ python_team_dominoes steps/s",
        "furuba-zodiac",
        "openspiel-python_team_dominoes",
        "steps_per_s",
        1.5,
        True,
    ),
    Ratio(
        "daihinmin steps/s ÷ RLCard doudizhu steps/s",
        "furuba-daihinmin",
        "rlcard-doudizhu",
        "steps_per_s",
        15.0,
        True,
    ),
    Ratio("zodiac clone() µs", "furuba-zodiac", None, "clone_us", 5.0, False),
    Ratio("daihinmin clone() µs", "furuba-daihinmin", None, "clone_us", 5.0, False),
)
"""The targets, in the order the table shows them."""

CONTEXT_RATIOS: tuple[Ratio, ...] = (
    Ratio(
        "daihinmin steps/s ÷ OpenSpiel dou_dizhu (C++) steps/s",
        "furuba-daihinmin",
        "openspiel-dou_dizhu",
        "steps_per_s",
        0.0,
        True,
    ),
)
"""Comparisons shown for context, without a target."""
