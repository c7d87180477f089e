"""Adam (Kingma and Ba, 2015) in numpy, for gradient *ascent* on a weight vector.

Its whole state is two vectors and a step count, saved in a checkpoint so that a resumed run
takes exactly the steps an uninterrupted one takes.

>>> import numpy as np
>>> adam = Adam(3, rate=0.1)
>>> w = adam.step(np.zeros(3), np.array([1.0, -2.0, 0.0]))
>>> [round(float(x), 3) for x in w]
[0.1, -0.1, 0.0]
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from furuba.learn.policy import Vector


@dataclass
class Adam:
    """Adam's moments for a vector of ``size`` weights, at learning ``rate``."""

    size: int
    rate: float = 0.03
    beta1: float = 0.9
    beta2: float = 0.999
    eps: float = 1e-8
    t: int = 0
    m: Vector = field(default_factory=lambda: np.zeros(0))
    v: Vector = field(default_factory=lambda: np.zeros(0))

    def __post_init__(self) -> None:
        if not self.m.size:
            self.m = np.zeros(self.size)
        if not self.v.size:
            self.v = np.zeros(self.size)

    def step(self, weights: Vector, gradient: Vector) -> Vector:
        """The weights moved up ``gradient`` by one Adam step."""
        self.t += 1
        self.m = self.beta1 * self.m + (1 - self.beta1) * gradient
        self.v = self.beta2 * self.v + (1 - self.beta2) * gradient * gradient
        m_hat = self.m / (1 - self.beta1 ** self.t)
        v_hat = self.v / (1 - self.beta2 ** self.t)
        moved: Vector = weights + self.rate * m_hat / (np.sqrt(v_hat) + self.eps)
        return moved
