"""A softmax policy over a game's action features, and its files (``policy.npz`` + ``.json``).

The score of an action is its feature row times the weights; the policy plays action ``i`` with
probability ``exp(score_i / T) / Σ exp(score_j / T)`` at temperature ``T``, or the best-scored
action (:meth:`SoftmaxPolicy.best`). The weights are a small ``.npz``; beside it a JSON file says
where they came from: the game, the feature names (checked on loading, so weights never meet
features they were not trained on), the command and seed that made them, the iterations and the
date.

>>> import numpy as np
>>> policy = SoftmaxPolicy(np.array([1.0, -1.0]), temperature=1.0)
>>> rows = np.array([[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]], dtype=np.float32)
>>> [round(float(p), 3) for p in policy.probs(rows)]
[0.665, 0.09, 0.245]
>>> policy.best(rows)
0
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


@dataclass
class SoftmaxPolicy:
    """Linear scores of feature rows, turned into probabilities by a softmax at ``temperature``
    (0: always the best-scored action). ``provenance`` is what the JSON beside the weights says."""

    weights: Vector
    temperature: float = 1.0
    provenance: dict[str, Any] = field(default_factory=dict)

    def logits(self, rows: npt.NDArray[np.float32]) -> Vector:
        """Each row's score (before the temperature)."""
        scores: Vector = rows.astype(np.float64) @ self.weights
        return scores

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
        about = dict(self.provenance, temperature=self.temperature)
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
        if weights.shape != (len(about.get("features", weights)),):
            raise FurubaError(_("the policy {path} has {count} weights for {features} "
                                "features").format(path=path, count=weights.size,
                                                   features=len(about.get("features", ()))))
        chosen = float(about.get("temperature", 1.0)) if temperature is None else temperature
        return cls(weights, chosen, about)
