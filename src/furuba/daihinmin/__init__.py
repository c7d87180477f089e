"""Dai Hin Min (Rich Man Poor Man), Part 4 of the rulebook, as furuba plays it (rulings D1–D11).

>>> state = new_game(players=5, seed=1)
>>> state.num_players, state.num_distinct_actions(), state.phase
(5, 175, 'play')
>>> import random
>>> state.is_legal(greedy_action(state, random.Random(0)))
True
"""

from __future__ import annotations

from furuba.daihinmin.greedy import greedy_action
from furuba.daihinmin.options import DEFAULT_TARGET, Options, validate
from furuba.daihinmin.state import GameState

__all__ = ["DEFAULT_TARGET", "GameState", "Options", "greedy_action", "new_game"]


def new_game(players: int = 4, seed: int = 0, target: int | None = DEFAULT_TARGET,
             max_rounds: int | None = None, dealer: int | None = None) -> GameState:
    """A new game, its first round dealt (D2).

    ``players`` 4–7 (D1); ``target`` points end the game after the round in which someone
    reaches them, ``max_rounds`` after that many rounds (D11; either may be ``None``, not both);
    ``dealer`` deals the first round (drawn with the seeded RNG when ``None``).
    Raises :class:`~furuba.core.errors.OptionsError` for options that make no sense.
    """
    options = validate(players=players, target=target, max_rounds=max_rounds, dealer=dealer,
                       seed=seed)
    return GameState.start(options, seed, dealer)
