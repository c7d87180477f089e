"""A uniformly random playout of any game, through the protocol alone.

The loop every random playout runs: ask the legal actions, take one uniformly at random, apply
it. It is one of the compiled modules (:mod:`furuba.compiled`), so where the engines are
compiled the whole playout runs in C but for the generator's draws; the benchmarks time it in
both builds.

>>> import random
>>> from furuba import games
>>> state = games.new_game("daihinmin", players=4, seed=5)
>>> steps = random_playout(state, random.Random(1))
>>> state.is_terminal(), steps > 0
(True, True)
"""

from __future__ import annotations

import random

from furuba.core.protocol import State


def random_playout(state: State, rng: random.Random, max_steps: int = 1_000_000) -> int:
    """Play ``state`` on with uniformly random legal actions until it ends (or ``max_steps``);
    the number of actions applied. Each action is ``legal[int(rng.random() * len(legal))]``."""
    steps = 0
    while steps < max_steps and not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[int(rng.random() * len(legal))])
        steps += 1
    return steps
