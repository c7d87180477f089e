"""The seeded randomness of a game.

A state keeps its randomness as two plain ints, the game's ``seed`` and a ``counter`` of the
shuffles made so far. A stdlib :class:`random.Random` is seeded from both only when a shuffle
happens, so a saved game resumes identically and cloning a state costs two int copies.

>>> shuffled(range(5), seed=1, counter=0) == shuffled(range(5), seed=1, counter=0)
True
>>> shuffled(range(5), seed=1, counter=0) == shuffled(range(5), seed=1, counter=1)
False

:func:`shuffle` is :meth:`random.Random.shuffle` itself, draw for draw, in a module that compiles
(:mod:`furuba.compiled`): the interpreted stdlib loop was the largest cost of a greedy bot's
decision, which re-deals the cards it cannot see.

>>> a, b = list(range(20)), list(range(20))
>>> random.Random(5).shuffle(a); shuffle(random.Random(5), b)
>>> a == b
True
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


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does, drawing the same bits.

    CPython's :meth:`random.Random.shuffle` swaps each position from the last down with one
    drawn below it by ``_randbelow``: ``getrandbits(k)`` for ``k`` the bit length of the bound,
    drawn again until it falls below the bound. That loop is written here so that it compiles;
    a subclass of :class:`random.Random` with generators of its own is left to its own
    ``shuffle``.
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    i = len(items) - 1
    while i > 0:
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
        i -= 1


def shuffled(items: Iterable[T], *, seed: int, counter: int) -> list[T]:
    """A new list of ``items`` in the order the ``counter``-th shuffle of the game gives."""
    out = list(items)
    shuffle(rng_for(seed, counter), out)
    return out


def fresh_seed(rng: random.Random) -> int:
    """A new 63-bit seed drawn from ``rng`` (used to reseed a determinized state)."""
    return rng.getrandbits(63)
