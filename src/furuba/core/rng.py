"""The seeded randomness of a game.

A state keeps its randomness as two plain ints, the game's ``seed`` and a ``counter`` of the
shuffles made so far. A stdlib :class:`random.Random` is seeded from both only when a shuffle
happens, so a saved game resumes identically and cloning a state costs two int copies.

>>> shuffled(range(5), seed=1, counter=0) == shuffled(range(5), seed=1, counter=0)
True
>>> shuffled(range(5), seed=1, counter=0) == shuffled(range(5), seed=1, counter=1)
False
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final, TypeVar

T = TypeVar("T")

_COUNTER_BITS: Final = 32


def rng_for(seed: int, counter: int) -> random.Random:
    """The generator for the ``counter``-th random event of the game seeded with ``seed``."""
    return random.Random((seed << _COUNTER_BITS) ^ counter)


def shuffled(items: Iterable[T], *, seed: int, counter: int) -> list[T]:
    """A new list of ``items`` in the order the ``counter``-th shuffle of the game gives."""
    out = list(items)
    rng_for(seed, counter).shuffle(out)
    return out


def fresh_seed(rng: random.Random) -> int:
    """A new 63-bit seed drawn from ``rng`` (used to reseed a determinized state)."""
    return rng.getrandbits(63)
