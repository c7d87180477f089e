"""Named pieces of one flat float vector, as OpenSpiel observers expose them.

>>> layout = Layout((("hand", (3,)), ("table", (2, 2))))
>>> layout.size
7
>>> import numpy as np
>>> flat = np.zeros(layout.size, np.float32)
>>> parts = layout.split(flat)
>>> parts["table"][1, 0] = 1.0
>>> flat.tolist()
[0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0]
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]
"""A float32 array (a flat tensor or a named piece of one)."""


@dataclass(frozen=True, slots=True)
class Layout:
    """The pieces of a tensor in order, each a name and a shape."""

    pieces: tuple[tuple[str, tuple[int, ...]], ...]
    size: int = field(init=False)

    def __post_init__(self) -> None:
        names = [name for name, _ in self.pieces]
        if len(set(names)) != len(names):
            raise ValueError(f"duplicate piece names in {names}")
        object.__setattr__(self, "size", sum(math.prod(shape) for _, shape in self.pieces))

    def __add__(self, other: Layout) -> Layout:
        return Layout(self.pieces + other.pieces)

    def zeros(self) -> Vector:
        """A new all-zero flat tensor of this layout."""
        return np.zeros(self.size, np.float32)

    def split(self, flat: Vector) -> dict[str, Vector]:
        """Views of ``flat`` (no copies), one per piece, reshaped to the piece's shape."""
        if flat.shape != (self.size,):
            raise ValueError(f"expected a flat tensor of {self.size} values, got {flat.shape}")
        out: dict[str, Vector] = {}
        start = 0
        for name, shape in self.pieces:
            stop = start + math.prod(shape)
            out[name] = flat[start:stop].reshape(shape)
            start = stop
        return out
