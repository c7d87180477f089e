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
hidden units, the command and seed that made them, the iterations and the date.

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

from furuba.core.errors import FurubaError
from furuba.text import _

Vector = npt.NDArray[np.float64]


def parameter_count(features: int, hidden: int) -> int:
    """How many numbers a policy over ``features`` features with ``hidden`` units has."""
    return features + hidden * (features + 2)


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

    def logits(self, rows: npt.NDArray[np.float32]) -> Vector:
        """Each row's score (before the temperature)."""
        x = rows.astype(np.float64)
        size = x.shape[1]
        scores: Vector = x @ self.weights[:size]
        if self.hidden:
            layer, bias, out = self._layer(size)
            scores += np.maximum(x @ layer + bias, 0.0) @ out
        return scores

    def gradient(self, rows: npt.NDArray[np.float32], coefficients: Vector) -> Vector:
        """The gradient of ``Σ_i coefficients_i · score_i`` with respect to the weights: with
        ``coefficients = onehot(a) − p`` that of ``log p(a)``, with ``π − p`` that of the
        log-likelihood of targets ``π`` (rows may be several decisions' rows end to end)."""
        x = rows.astype(np.float64)
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

    def probs(self, rows: npt.NDArray[np.float32]) -> Vector:
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

    def sample(self, rows: npt.NDArray[np.float32], rng: random.Random) -> int:
        """The index of a row drawn with :meth:`probs`, from ``rng``."""
        if self.temperature <= 0:
            return self.best(rows)
        cumulative = np.cumsum(self.probs(rows))
        index = int(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"))
        return min(index, len(cumulative) - 1)

    def best(self, rows: npt.NDArray[np.float32]) -> int:
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
        trained on other features than ``names``."""
        try:
            with np.load(path) as data:
                weights = np.array(data["weights"], dtype=np.float64)
            about = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        except (OSError, ValueError, KeyError) as exc:
            raise FurubaError(_("cannot read the policy {path}: {problem}").format(
                path=path, problem=getattr(exc, "strerror", None) or exc)) from None
        if names is not None and tuple(about.get("features", ())) != names:
            raise FurubaError(_("the policy {path} was trained on other features than this "
                                "game's").format(path=path))
        hidden = about.get("hidden", 0)
        size = len(about.get("features", weights))
        if (not isinstance(hidden, int) or hidden < 0
                or weights.shape != (parameter_count(size, hidden),)):
            raise FurubaError(_("the policy {path} has {count} weights, not what {features} "
                                "features and {hidden} hidden units take").format(
                path=path, count=weights.size, features=size, hidden=hidden))
        chosen = float(about.get("temperature", 1.0)) if temperature is None else temperature
        return cls(weights, chosen, about, hidden)
