"""Starting a game of Dai Hin Min: options checked, the first round dealt."""

from __future__ import annotations

from furuba.daihinmin.options import DEFAULT_TARGET, validate
from furuba.daihinmin.state import GameState

Switch = str | bool | None
"""A house rule's value: ``"on"``/``"off"``, ``True``/``False``, or ``None`` (off)."""


def new_game(players: int = 4, seed: int = 0, target: int | None = DEFAULT_TARGET,
             max_rounds: int | None = None, dealer: int | None = None, *,
             eight_cut: Switch = None, sequences: Switch = None, fallen_capital: Switch = None,
             eleven_back: Switch = None, suit_lock: Switch = None,
             spade_three: Switch = None) -> GameState:
    """A new game, its first round dealt (D2).

    ``players`` 4–7 (D1); ``target`` points end the game after the round in which someone
    reaches them, ``max_rounds`` after that many rounds (D11; either may be ``None``, not both);
    ``dealer`` deals the first round (drawn with the seeded RNG when ``None``). The house rules
    (D13–D18) are off unless given as ``"on"`` (or ``True``).
    Raises :class:`~furuba.core.errors.OptionsError` for options that make no sense.

    >>> new_game(players=5, seed=1).num_players
    5
    >>> new_game(seed=1, eight_cut="on", sequences=True).options.house_rules
    ('eight_cut', 'sequences')
    """
    options = validate(players=players, target=target, max_rounds=max_rounds, dealer=dealer,
                       seed=seed, eight_cut=eight_cut, sequences=sequences,
                       fallen_capital=fallen_capital, eleven_back=eleven_back,
                       suit_lock=suit_lock, spade_three=spade_three)
    return GameState.start(options, seed, dealer)
