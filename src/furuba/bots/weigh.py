"""Weigh moves against each other on the same sampled worlds (common random numbers).

A search's root values are not comparable move to move: each move's simulations ran in worlds
of their own, and a move tried a few dozen times has a rough value. To say which of a few moves
is better, and whether the difference is real, :func:`weigh` plays each of them in *the same*
``worlds`` worlds sampled from the player's information (with the search's own sampler, so
inference counts as it does in the search), each played on as a search simulation is — the
game's rollout policy for the tuned depth, never past the end of the round — from the same
random stream for every move in a world. The luck of the deal and of the draws is then shared:
the differences between two moves' values, world by world, keep only what the moves change, and
their standard error says how sure the difference is (:func:`compare`).

>>> from furuba import games
>>> state = games.new_game("zodiac", players=3, seed=4)
>>> weighed = weigh(state, 0, state.legal_actions()[:2], worlds=8, seed=1)
>>> [w.worlds for w in weighed], all(0.0 <= w.mean <= 1.0 for w in weighed)
([8, 8], True)
>>> weigh(state, 0, state.legal_actions()[:2], worlds=8, seed=1) == weighed
True
>>> gain, error = compare(weighed[0], weighed[0])
>>> (gain, error)
(0.0, 0.0)
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from furuba.bots.search_plan import Plan
from furuba.bots.search_settings import Settings
from furuba.core.protocol import State

REAL = 2.0
"""A difference is real when it is more than this many standard errors (about 95% sure)."""


@dataclass(frozen=True, slots=True)
class Weighed:
    """One move's value for the player in each shared world."""

    action: int
    values: tuple[float, ...]
    """The player's value after the move in each world, in the worlds' order."""

    @property
    def worlds(self) -> int:
        return len(self.values)

    @property
    def mean(self) -> float:
        """The mean value: the estimated win share after the move."""
        return statistics.fmean(self.values) if self.values else 0.0

    @property
    def error(self) -> float:
        """The standard error of :attr:`mean` (0 with fewer than two worlds)."""
        return _error(self.values)


def weigh(state: State, player: int, actions: Sequence[int], worlds: int, seed: int,
          settings: Settings | None = None) -> list[Weighed]:
    """Each of ``actions`` (legal for ``player``, who is to move) weighed in the same
    ``worlds`` worlds, in the order given. A world where one of them is not legal (only when
    the game's legality depends on what the player cannot see) is left out for all of them."""
    plan = Plan.of(state.game_name, settings or Settings(level=None))
    sampler = plan.sampler
    sample = sampler(state, player) if sampler is not None else state.sampler(player)
    start = plan.mark(state) if plan.mark is not None else None
    rng = random.Random(seed)
    values: list[list[float]] = [[] for _ in actions]
    for _world in range(worlds):
        world = sample(rng)
        stream = rng.getrandbits(63)
        if not all(world.is_legal(a) for a in actions):
            continue
        for kept, action in zip(values, actions, strict=True):
            child = world.clone()
            child.apply(action)
            kept.append(plan.playout(child, random.Random(stream), start, player)[player])
    return [Weighed(a, tuple(v)) for a, v in zip(actions, values, strict=True)]


def compare(better: Weighed, other: Weighed) -> tuple[float, float]:
    """How much ``better``'s value exceeds ``other``'s, world by world, and the standard error
    of that mean difference.

    >>> compare(Weighed(1, (0.5, 0.7, 0.6)), Weighed(2, (0.4, 0.6, 0.5)))
    (0.1, 0.0)
    """
    if better.action == other.action:
        return 0.0, 0.0
    diffs = [a - b for a, b in zip(better.values, other.values, strict=True)]
    if not diffs:
        return 0.0, 0.0
    return round(statistics.fmean(diffs), 12), round(_error(diffs), 12)


def is_real(gain: float, error: float) -> bool:
    """Whether a gain is more than noise: above :data:`REAL` standard errors, and above 0.

    >>> is_real(0.05, 0.01), is_real(0.05, 0.03), is_real(0.0, 0.0)
    (True, False, False)
    """
    return gain > 0 and gain > REAL * error


def _error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values`` (0 with fewer than two)."""
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
