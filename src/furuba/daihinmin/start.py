"""Starting a game of Dai Hin Min: options checked, the first round dealt."""

from __future__ import annotations

from furuba.daihinmin.options import DEFAULT_TARGET, UECDA, validate
from furuba.daihinmin.state import GameState

UECDA_PLAYERS = 5
"""The players of a UECda game (D29)."""

Switch = str | bool | None
"""A house rule's value: ``"on"``/``"off"``, ``True``/``False``, or ``None`` (off)."""


def new_game(players: int | None = None, seed: int = 0, target: int | None = DEFAULT_TARGET,
             max_rounds: int | None = None, dealer: int | None = None, *,
             rules: str | None = None,
             eight_cut: Switch = None, sequences: Switch = None, fallen_capital: Switch = None,
             eleven_back: Switch = None, suit_lock: Switch = None,
             spade_three: Switch = None, strong_joker: Switch = None,
             rank_revolution: Switch = None, named_joker: Switch = None, pass_out: Switch = None,
             diamond_three: Switch = None, exchange_after: Switch = None,
             place_points: Switch = None, run_above: Switch = None, jokers: int | None = None,
             reseat_every: int | None = None, reset_every: int | None = None) -> GameState:
    """A new game, its first round dealt (D2).

    ``players`` 4–7 (D1); ``target`` points end the game after the round in which someone
    reaches them, ``max_rounds`` after that many rounds (D11; either may be ``None``, not both);
    ``dealer`` deals the first round (drawn with the seeded RNG when ``None``). The house rules
    (D13–D25) are off unless given as ``"on"`` (or ``True``), the house settings (D26–D28) the
    rulebook's unless given; ``rules`` names a preset of them (D29: ``"uecda"``, whose game is
    for 5 players when ``players`` is not given), which those given override.
    Raises :class:`~furuba.core.errors.OptionsError` for options that make no sense.

    >>> new_game(players=5, seed=1).num_players
    5
    >>> new_game(seed=1, eight_cut="on", sequences=True).options.house_rules
    ('eight_cut', 'sequences')
    >>> new_game(seed=1, rules="uecda").options.players
    5
    """
    if players is None:
        players = UECDA_PLAYERS if isinstance(rules, str) and rules.strip().lower() == UECDA \
            else 4
    options = validate(players=players, target=target, max_rounds=max_rounds, dealer=dealer,
                       seed=seed, rules=rules, eight_cut=eight_cut, sequences=sequences,
                       fallen_capital=fallen_capital, eleven_back=eleven_back,
                       suit_lock=suit_lock, spade_three=spade_three, strong_joker=strong_joker,
                       rank_revolution=rank_revolution, named_joker=named_joker,
                       pass_out=pass_out, diamond_three=diamond_three,
                       exchange_after=exchange_after, place_points=place_points,
                       run_above=run_above, jokers=jokers,
                       reseat_every=reseat_every, reset_every=reset_every)
    return GameState.start(options, seed, dealer)
