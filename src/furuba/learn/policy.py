"""A softmax policy over a game's action features, and its files (``policy.npz`` + ``.json``).

The score of an action is its feature row ``x`` times the weights ``w``; with a hidden layer of
``h`` units (a small network), plus ``v · relu(W x + b)``, so that the units can weigh one
feature by another (which a linear score cannot). The policy plays action ``i`` with
probability ``exp(score_i / T) / Σ exp(score_j / T)`` at temperature ``T``, or the best-scored
action (:meth:`SoftmaxPolicy.best`). All the numbers are one flat vector — ``w``, then ``W`` row
by row, ``b`` and ``v`` (:func:`parameter_count`) — so that Adam, checkpoints and files treat a
network as they treat a linear policy; with ``v = 0`` a network scores exactly as its ``w``
alone (:func:`initial_weights` starts there).

The weights are a small ``.npz``; beside it a JSON file says where they came from: the game, the
feature names (checked on loading, so weights never meet features they were not trained on), the
hidden units, the command and seed that made them, the iterations and the date. This is the
policy as training holds it; the bots play the same numbers through
:class:`~furuba.learn.scoring.Scorer` (:meth:`SoftmaxPolicy.scorer`), which needs no numpy and
reads the same files.

>>> import numpy as np
>>> policy = SoftmaxPolicy(np.array([1.0, -1.0]), temperature=1.0)
>>> rows = np.array([[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]], dtype=np.float32)
>>> [round(float(p), 3) for p in policy.probs(rows)]
[0.665, 0.09, 0.245]
>>> policy.best(rows)
0
>>> net = SoftmaxPolicy(initial_weights(np.array([1.0, -1.0]), hidden=3, seed=0), hidden=3)
>>> net.weights.size == parameter_count(2, 3) == 2 + 3 * 2 + 3 + 3
True
>>> bool(np.allclose(net.logits(rows), policy.logits(rows)))
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from furuba.learn.features import Rows
from furuba.learn.scoring import Scorer, parameter_count

Vector = npt.NDArray[np.float64]
Matrix = npt.NDArray[np.float32]
"""``(len(legal), features)`` float32: one row of features per legal action."""

__all__ = ["Matrix", "SoftmaxPolicy", "Vector", "initial_weights", "matrix", "parameter_count"]


def matrix(rows: Rows) -> Matrix:
    """A game's feature rows (:attr:`~furuba.learn.features.ActionFeatures.featurize`) as the
    float32 matrix training works with."""
    return np.array(rows, dtype=np.float32)


def initial_weights(linear: Vector, hidden: int, seed: int) -> Vector:
    """Where a policy starts: ``linear`` as ``w``; a hidden layer's ``W`` drawn from a normal
    of spread ``1/√features`` (from ``seed``), ``b`` and ``v`` zero — so it scores as ``linear``
    does until training moves ``v``."""
    if not hidden:
        return linear.astype(np.float64)
    rng = np.random.default_rng(seed)
    size = linear.size
    layer = rng.normal(0.0, 1.0 / np.sqrt(size), (size, hidden))
    weights: Vector = np.concatenate([linear, layer.ravel(), np.zeros(2 * hidden)])
    return weights


@dataclass
class SoftmaxPolicy:
    """Scores of feature rows (linear, or with ``hidden`` units), turned into probabilities by a
    softmax at ``temperature`` (0: always the best-scored action). ``provenance`` is what the
    JSON beside the weights says."""

    weights: Vector
    temperature: float = 1.0
    provenance: dict[str, Any] = field(default_factory=dict)
    hidden: int = 0
    """Hidden units (0: a linear policy)."""

    def _layer(self, size: int) -> tuple[Vector, Vector, Vector]:
        """The hidden layer's ``W`` (``size × hidden``), ``b`` and ``v``."""
        h, end = self.hidden, size + size * self.hidden
        return (self.weights[size:end].reshape(size, h), self.weights[end:end + h],
                self.weights[end + h:end + 2 * h])

    def logits(self, rows: Matrix | Rows) -> Vector:
        """Each row's score (before the temperature)."""
        x = np.asarray(rows, dtype=np.float64)
        size = x.shape[1]
        scores: Vector = x @ self.weights[:size]
        if self.hidden:
            layer, bias, out = self._layer(size)
            scores += np.maximum(x @ layer + bias, 0.0) @ out
        return scores

    def gradient(self, rows: Matrix | Rows, coefficients: Vector) -> Vector:
        """The gradient of ``Σ_i coefficients_i · score_i`` with respect to the weights: with
        ``coefficients = onehot(a) − p`` that of ``log p(a)``, with ``π − p`` that of the
        log-likelihood of targets ``π`` (rows may be several decisions' rows end to end)."""
        x = np.asarray(rows, dtype=np.float64)
        linear: Vector = coefficients @ x
        if not self.hidden:
            return linear
        size = x.shape[1]
        layer, bias, out = self._layer(size)
        pre = x @ layer + bias
        active = pre > 0.0
        back = np.outer(coefficients, out) * active
        grad: Vector = np.concatenate([linear, (x.T @ back).ravel(), back.sum(axis=0),
                                       coefficients @ (pre * active)])
        return grad

    def probs(self, rows: Matrix | Rows) -> Vector:
        """The probability of each row (the best one gets 1 at temperature 0)."""
        scores = self.logits(rows)
        if self.temperature <= 0:
            out = np.zeros(len(scores))
            out[int(np.argmax(scores))] = 1.0
            return out
        z = scores / self.temperature
        z = np.exp(z - z.max())
        probs: Vector = z / z.sum()
        return probs

    def sample(self, rows: Matrix | Rows, rng: random.Random) -> int:
        """The index of a row drawn with :meth:`probs`, from ``rng``."""
        if self.temperature <= 0:
            return self.best(rows)
        cumulative = np.cumsum(self.probs(rows))
        index = int(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"))
        return min(index, len(cumulative) - 1)

    def best(self, rows: Matrix | Rows) -> int:
        """The index of the best-scored row (the first on a tie)."""
        return int(np.argmax(self.logits(rows)))

    # -- files ----------------------------------------------------------------------------------
    def save(self, path: Path) -> None:
        """Write the weights to ``path`` (``.npz``) and the provenance beside it (``.json``)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as out:
            np.savez(out, weights=self.weights)
        about = dict(self.provenance, temperature=self.temperature, hidden=self.hidden)
        path.with_suffix(".json").write_text(json.dumps(about, indent=1, ensure_ascii=False)
                                             + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path, *, names: tuple[str, ...] | None = None,
             temperature: float | None = None) -> SoftmaxPolicy:
        """The policy saved at ``path``; :class:`FurubaError` when it is missing, unreadable, or
        trained on other features than ``names`` (read as :meth:`Scorer.load` reads it)."""
        scorer = Scorer.load(path, names=names, temperature=temperature)
        return cls(np.array(scorer.weights, dtype=np.float64), scorer.temperature,
                   scorer.provenance, scorer.hidden)

    def scorer(self) -> Scorer:
        """These weights as the bots play them (plain Python, :mod:`furuba.learn.scoring`)."""
        return Scorer(tuple(self.weights.tolist()), self.temperature, self.provenance,
                      self.hidden)
