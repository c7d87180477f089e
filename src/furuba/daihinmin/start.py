"""Starting a game of Dai Hin Min: options checked, the first round dealt."""

from __future__ import annotations

from furuba.daihinmin.options import DEFAULT_TARGET, validate
from furuba.daihinmin.state import GameState


def new_game(players: int = 4, seed: int = 0, target: int | None = DEFAULT_TARGET,
             max_rounds: int | None = None, dealer: int | None = None) -> GameState:
    """A new game, its first round dealt (D2).

    ``players`` 4–7 (D1); ``target`` points end the game after the round in which someone
    reaches them, ``max_rounds`` after that many rounds (D11; either may be ``None``, not both);
    ``dealer`` deals the first round (drawn with the seeded RNG when ``None``).
    Raises :class:`~furuba.core.errors.OptionsError` for options that make no sense.

    >>> new_game(players=5, seed=1).num_players
    5
    """
    options = validate(players=players, target=target, max_rounds=max_rounds, dealer=dealer,
                       seed=seed)
    return GameState.start(options, seed, dealer)
