"""The options of a Dai Hin Min game (D1 players, D2 dealer, D11 target and round limit).

>>> validate(players=5, target=21, max_rounds=None, dealer=None)
Options(players=5, target=21, max_rounds=None)
>>> validate(players=3, target=21, max_rounds=None, dealer=None)
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: Dai Hin Min is for 4 to 7 players (D1), not 3
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from furuba.core.errors import OptionsError
from furuba.daihinmin.text import _

MIN_PLAYERS = 4
MAX_PLAYERS = 7
DEFAULT_TARGET = 21


@dataclass(frozen=True, slots=True)
class Options:
    """The rules a game was started with; shared, never changed, by every state of the game."""

    players: int = 4
    target: int | None = DEFAULT_TARGET
    """Points that end the game after the round in which someone reaches them (D11)."""
    max_rounds: int | None = None
    """Rounds after which the game ends in any case (D11, "play for a set time")."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def validate(*, players: Any, target: Any, max_rounds: Any, dealer: Any,
             seed: Any = 0) -> Options:
    """Check the options of a new game; raise :class:`OptionsError` with a clear message."""
    if not _is_int(players):
        raise OptionsError(_("players must be a whole number from {low} to {high}, not "
                             "{value}").format(low=MIN_PLAYERS, high=MAX_PLAYERS,
                                                value=repr(players)))
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise OptionsError(_("Dai Hin Min is for {low} to {high} players (D1), not "
                             "{value}").format(low=MIN_PLAYERS, high=MAX_PLAYERS, value=players))
    if not _is_int(seed):
        raise OptionsError(_("seed must be a whole number, not {value}").format(value=repr(seed)))
    if target is not None and (not _is_int(target) or target < 1):
        raise OptionsError(_("target must be a whole number of points, at least 1, not "
                             "{value}").format(value=repr(target)))
    if max_rounds is not None and (not _is_int(max_rounds) or max_rounds < 1):
        raise OptionsError(_("max_rounds must be a whole number of rounds, at least 1, not "
                             "{value}").format(value=repr(max_rounds)))
    if target is None and max_rounds is None:
        raise OptionsError(_("a game needs a target, a round limit (max_rounds), or both (D11)"))
    if dealer is not None and (not _is_int(dealer) or not 0 <= dealer < players):
        raise OptionsError(_("dealer must be a player id from 0 to {high}, not {value}").format(
            high=players - 1, value=repr(dealer)))
    return Options(players, target, max_rounds)
