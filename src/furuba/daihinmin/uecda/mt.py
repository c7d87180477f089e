"""The Mersenne Twister (MT19937) as the standard UECda server draws from it (D29).

The server seeds it with ``init_genrand(seed)`` and draws ``genrand_real1()`` — a 32-bit number
divided by ``2**32 - 1``, so 0 and 1 both included. Python's :class:`random.Random` is the same
generator; only its seeding differs, so the state ``init_genrand`` makes is computed here and
loaded into it.

>>> mt = MersenneTwister(31)
>>> [mt.genrand_int32() for _ in range(3)]
[1228591826, 124517975, 4115032080]
>>> mt.genrand_real1()
0.3223330672649511
"""

from __future__ import annotations

import random

_N = 624
_MASK = 0xFFFFFFFF


def init_state(seed: int) -> list[int]:
    """The 624 words ``init_genrand(seed)`` leaves in the generator."""
    state = [seed & _MASK]
    for i in range(1, _N):
        previous = state[-1]
        state.append((1812433253 * (previous ^ (previous >> 30)) + i) & _MASK)
    return state


class MersenneTwister:
    """MT19937 seeded as ``init_genrand(seed)`` (the reference code's seeding)."""

    __slots__ = ("_random",)

    def __init__(self, seed: int) -> None:
        self._random = random.Random()
        self.init_genrand(seed)

    def init_genrand(self, seed: int) -> None:
        """Seed it anew, as the reference ``init_genrand``."""
        # the position 624 makes the first draw regenerate the whole state, as the C code does
        self._random.setstate((3, (*init_state(seed), _N), None))

    def genrand_int32(self) -> int:
        """The next number of [0, 2**32 - 1]."""
        return self._random.getrandbits(32)

    def genrand_real1(self) -> float:
        """The next number of [0, 1], both ends included."""
        return self.genrand_int32() * (1.0 / 4294967295.0)
