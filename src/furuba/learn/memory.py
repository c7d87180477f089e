"""What imitation remembers: the teacher's decisions of the last iterations, to learn from again.

A run that imitates the search (:mod:`furuba.learn.imitate`) plays the teacher's own games, so
what the learner is asked to match does not depend on the learner: a decision taught at
iteration 3 is as good a lesson at iteration 30. With ``--window K`` the trainer keeps the
decisions of the last ``K`` iterations (0: all of them) and takes ``--epochs`` Adam steps over
all it keeps at each iteration — behaviour cloning on a growing set, where one step on each
iteration's games alone (the default, ``--window 1 --epochs 1``) fits a linear policy slowly
and a network hardly at all.

The decisions are kept end to end, as numpy arrays a checkpoint saves (:meth:`Memory.arrays`),
so a resumed run learns from exactly what an uninterrupted one does.

>>> import numpy as np
>>> from furuba.learn.policy import SoftmaxPolicy
>>> memory = Memory.empty(2)
>>> rows = np.array([[1.0, 0.0], [0.0, 1.0]], dtype=np.float32)
>>> memory.add(1, [(rows, np.array([1.0, 0.0]))])
>>> direction, loss = memory.direction(SoftmaxPolicy(np.zeros(2)), entropy=0.0)
>>> [round(float(x), 3) for x in direction], round(loss, 3)
([0.5, -0.5], 0.693)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from furuba.learn.policy import SoftmaxPolicy, Vector

Taught = tuple[npt.NDArray[np.float32], Vector]
"""One decision: its feature rows and the teacher's target over them."""


@dataclass
class Memory:
    """Decisions end to end: ``rows`` (every decision's rows, stacked), ``targets`` (one per
    row), ``sizes`` (rows per decision) and ``born`` (the iteration that taught each one)."""

    rows: npt.NDArray[np.float32]
    targets: Vector
    sizes: npt.NDArray[np.int64]
    born: npt.NDArray[np.int64]

    @classmethod
    def empty(cls, features: int) -> Memory:
        return cls(np.zeros((0, features), dtype=np.float32), np.zeros(0),
                   np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))

    @property
    def decisions(self) -> int:
        return len(self.sizes)

    def add(self, iteration: int, taught: Sequence[Taught]) -> None:
        """Keep the decisions ``taught`` at ``iteration``, in their order."""
        if not taught:
            return
        self.rows = np.concatenate([self.rows, *(rows for rows, _ in taught)])
        self.targets = np.concatenate([self.targets, *(target for _, target in taught)])
        self.sizes = np.concatenate([self.sizes, [len(rows) for rows, _ in taught]])
        self.born = np.concatenate([self.born, np.full(len(taught), iteration)])

    def keep_since(self, iteration: int) -> None:
        """Forget the decisions taught before ``iteration``."""
        keep = self.born >= iteration
        if keep.all():
            return
        row_keep = np.repeat(keep, self.sizes)
        self.rows, self.targets = self.rows[row_keep], self.targets[row_keep]
        self.sizes, self.born = self.sizes[keep], self.born[keep]

    def direction(self, policy: SoftmaxPolicy, entropy: float) -> tuple[Vector, float]:
        """The mean gradient over the kept decisions of the targets' log-likelihood plus
        ``entropy`` times the policy's entropy (the ascent direction), and the mean
        cross-entropy ``−π · log p``."""
        if not self.decisions:
            return np.zeros_like(policy.weights), 0.0
        starts = np.concatenate([[0], np.cumsum(self.sizes)[:-1]])
        owner = np.repeat(np.arange(self.decisions), self.sizes)
        scores = policy.logits(self.rows)
        shifted = scores - np.maximum.reduceat(scores, starts)[owner]
        log_norm = np.log(np.add.reduceat(np.exp(shifted), starts))
        logp = shifted - log_norm[owner]
        probs = np.exp(logp)
        h = -np.add.reduceat(probs * logp, starts)
        coefficients = self.targets - probs - entropy * probs * (logp + h[owner])
        direction: Vector = policy.gradient(self.rows, coefficients) / self.decisions
        loss = -float(self.targets @ logp) / self.decisions
        return direction, loss

    def arrays(self) -> dict[str, npt.NDArray[np.generic]]:
        """The arrays a checkpoint saves (:meth:`from_arrays` reads them back)."""
        return {"memory_rows": self.rows, "memory_targets": self.targets,
                "memory_sizes": self.sizes, "memory_born": self.born}

    @classmethod
    def from_arrays(cls, data: dict[str, npt.NDArray[np.generic]], features: int) -> Memory:
        if "memory_rows" not in data:
            return cls.empty(features)
        return cls(np.asarray(data["memory_rows"], dtype=np.float32),
                   np.asarray(data["memory_targets"], dtype=np.float64),
                   np.asarray(data["memory_sizes"], dtype=np.int64),
                   np.asarray(data["memory_born"], dtype=np.int64))
