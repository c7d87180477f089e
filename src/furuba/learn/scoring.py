"""A learned softmax policy at play time, in plain Python: its scores, probabilities and choices.

:class:`~furuba.learn.policy.SoftmaxPolicy` is the policy as training holds it (numpy arrays,
gradients, files written). The bots only need what it says of a position's feature rows (see
:mod:`furuba.learn.features`), and they must run where numpy is not installed: a
:class:`Scorer` works that out with the standard library alone, and it is the only code that
does at play time — with numpy installed or not, the same weights and the same seed give the
same decisions.

The score of a row ``x`` is ``x · w``, plus ``v · relu(W x + b)`` for a policy with hidden
units; the numbers are one flat vector, ``w``, then ``W`` row by row (a row per feature), ``b``
and ``v`` (:func:`~furuba.learn.policy.parameter_count`). A row's zeros are skipped (most of a
row is zeros), which changes no sum.

>>> scorer = Scorer((1.0, -1.0), temperature=1.0)
>>> rows = [[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]]
>>> [round(p, 3) for p in scorer.probs(rows)]
[0.665, 0.09, 0.245]
>>> scorer.best(rows)
0
>>> net = Scorer((1.0, -1.0, 1.0, 0.0, 0.0, 2.0), hidden=1)   # w, W (2 × 1), b, v
>>> net.logits(rows)
[3.0, -1.0, 0.0]
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from furuba.core.errors import FurubaError
from furuba.learn.features import Row
from furuba.learn.npz import read_array
from furuba.text import _


def parameter_count(features: int, hidden: int) -> int:
    """How many numbers a policy over ``features`` features with ``hidden`` units has."""
    return features + hidden * (features + 2)


@dataclass(frozen=True)
class Scorer:
    """Scores of feature rows (linear, or with ``hidden`` units), turned into probabilities by a
    softmax at ``temperature`` (0: always the best-scored row). ``provenance`` is what the JSON
    beside the weights says."""

    weights: tuple[float, ...]
    temperature: float = 1.0
    provenance: dict[str, Any] = field(default_factory=dict, compare=False)
    hidden: int = 0
    """Hidden units (0: a linear policy)."""
    _units: tuple[tuple[float, ...], ...] = field(init=False, repr=False, compare=False)
    """Each feature's weights into the hidden units (the rows of ``W``)."""
    _size: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        h = self.hidden
        size = (len(self.weights) - 2 * h) // (h + 1)
        if parameter_count(size, h) != len(self.weights):
            raise ValueError(f"{len(self.weights)} weights fit no policy with {h} hidden units")
        units = tuple(self.weights[size + i * h:size + (i + 1) * h] for i in range(size))
        object.__setattr__(self, "_size", size)
        object.__setattr__(self, "_units", units)

    @property
    def size(self) -> int:
        """The number of features a row has."""
        return self._size

    def score(self, row: Row) -> float:
        """One row's score (before the temperature)."""
        w, h = self.weights, self.hidden
        nonzero = [(i, x) for i, x in enumerate(row) if x]
        total = 0.0
        for i, x in nonzero:
            total += x * w[i]
        if h:
            end = self._size * (h + 1)
            pre = list(w[end:end + h])
            units = self._units
            for i, x in nonzero:
                pre = [p + x * u for p, u in zip(pre, units[i], strict=True)]
            for p, v in zip(pre, w[end + h:end + 2 * h], strict=True):
                if p > 0.0:
                    total += p * v
        return total

    def logits(self, rows: Sequence[Row]) -> list[float]:
        """Each row's score (before the temperature)."""
        return [self.score(row) for row in rows]

    def probs(self, rows: Sequence[Row]) -> list[float]:
        """The probability of each row (the best one gets 1 at temperature 0)."""
        scores = self.logits(rows)
        if self.temperature <= 0:
            out = [0.0] * len(scores)
            out[_argmax(scores)] = 1.0
            return out
        return softmax(scores, self.temperature)

    def sample(self, rows: Sequence[Row], rng: random.Random) -> int:
        """The index of a row drawn with :meth:`probs`, from ``rng`` (one ``rng.random()``)."""
        if self.temperature <= 0:
            return self.best(rows)
        cumulative = list(itertools.accumulate(self.probs(rows)))
        index = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
        return min(index, len(cumulative) - 1)

    def best(self, rows: Sequence[Row]) -> int:
        """The index of the best-scored row (the first on a tie)."""
        return _argmax(self.logits(rows))

    @classmethod
    def load(cls, path: Path, *, names: tuple[str, ...] | None = None,
             temperature: float | None = None) -> Scorer:
        """The policy saved at ``path`` (a ``.npz`` and the provenance ``.json`` beside it);
        :class:`FurubaError` when it is missing, unreadable, or trained on other features than
        ``names``."""
        try:
            weights = read_array(path, "weights")
            about = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise FurubaError(_("cannot read the policy {path}: {problem}").format(
                path=path, problem=getattr(exc, "strerror", None) or exc)) from None
        if not isinstance(about, dict):
            raise FurubaError(_("cannot read the policy {path}: {problem}").format(
                path=path, problem="its .json holds no object"))
        if names is not None and tuple(about.get("features", ())) != names:
            raise FurubaError(_("the policy {path} was trained on other features than this "
                                "game's").format(path=path))
        hidden = about.get("hidden", 0)
        size = len(about.get("features", weights))
        if (not isinstance(hidden, int) or hidden < 0
                or len(weights) != parameter_count(size, hidden)):
            raise FurubaError(_("the policy {path} has {count} weights, not what {features} "
                                "features and {hidden} hidden units take").format(
                path=path, count=len(weights), features=size, hidden=hidden))
        chosen = float(about.get("temperature", 1.0)) if temperature is None else temperature
        return cls(weights, chosen, about, hidden)


def softmax(scores: Sequence[float], temperature: float = 1.0) -> list[float]:
    """``exp(s / T)`` of each score, shared out to 1."""
    z = [s / temperature for s in scores]
    top = max(z)
    shares = [math.exp(s - top) for s in z]
    total = 0.0
    for share in shares:   # not sum(): Python 3.12 sums floats otherwise than 3.11 (Neumaier)
        total += share
    return [s / total for s in shares]


def _argmax(values: Sequence[float]) -> int:
    """The index of the largest value (the first on a tie)."""
    best = 0
    for i in range(1, len(values)):
        if values[i] > values[best]:
            best = i
    return best
