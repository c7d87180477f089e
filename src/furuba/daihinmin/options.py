"""The options of a Dai Hin Min game (D1 players, D2 dealer, D11 target and round limit) and its
house rules (D13–D18), each off unless switched on.

>>> validate(players=5, target=21, max_rounds=None, dealer=None)
Options(players=5, target=21, max_rounds=None)
>>> validate(players=4, target=21, max_rounds=None, dealer=None, eight_cut="on").house_rules
('eight_cut',)
>>> validate(players=3, target=21, max_rounds=None, dealer=None)
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: Dai Hin Min is for 4 to 7 players (D1), not 3
>>> validate(players=4, target=21, max_rounds=None, dealer=None, suit_lock="yes")
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: suit_lock must be on or off, not 'yes'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from furuba.core.errors import OptionsError
from furuba.daihinmin.text import _

MIN_PLAYERS = 4
MAX_PLAYERS = 7
DEFAULT_TARGET = 21

HOUSE_RULES: tuple[str, ...] = ("eight_cut", "sequences", "fallen_capital", "eleven_back",
                                "suit_lock", "spade_three")
"""The house rules, each an option that is ``"off"`` (the rulebook's game) or ``"on"``: 8-cut
(D13), sequences (D14), fallen capital (D15), 11-back (D16), suit lock (D17), spade 3 (D18)."""
ON, OFF = "on", "off"


@dataclass(frozen=True, slots=True)
class Options:
    """The rules a game was started with; shared, never changed, by every state of the game.

    The house rules are left out of the text of a rulebook game's options.

    >>> Options(players=4, suit_lock=True)
    Options(players=4, target=21, max_rounds=None, suit_lock=True)
    """

    players: int = 4
    target: int | None = DEFAULT_TARGET
    """Points that end the game after the round in which someone reaches them (D11)."""
    max_rounds: int | None = None
    """Rounds after which the game ends in any case (D11, "play for a set time")."""
    eight_cut: bool = False
    """D13: a play of 8s ends the trick; its player leads next."""
    sequences: bool = False
    """D14: runs of 3 or more ranks of one suit may be played."""
    fallen_capital: bool = False
    """D15: a Rich Man who does not go out first falls to Poor Man at once."""
    eleven_back: bool = False
    """D16: a play of Jacks reverses the order of the ranks until the trick ends."""
    suit_lock: bool = False
    """D17: a play in the suits of the play before locks the trick to those suits."""
    spade_three: bool = False
    """D18: the 3♠ beats a lone 2 and ends the trick."""

    def __repr__(self) -> str:
        rules = "".join(f", {name}=True" for name in self.house_rules)
        return (f"Options(players={self.players}, target={self.target}, "
                f"max_rounds={self.max_rounds}{rules})")

    @property
    def house_rules(self) -> tuple[str, ...]:
        """The names of the house rules switched on, in the order of :data:`HOUSE_RULES`."""
        return tuple(name for name in HOUSE_RULES if getattr(self, name))

    @property
    def suited(self) -> bool:
        """Whether suits matter, so that plays name their cards (D14, D17, D18)."""
        return self.sequences or self.suit_lock or self.spade_three

    def house_options(self) -> dict[str, str]:
        """The house rules switched on as options (``{"eight_cut": "on"}``): what a saved game
        and a view write."""
        return dict.fromkeys(self.house_rules, ON)


assert [f.name for f in fields(Options)][3:] == list(HOUSE_RULES)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def switch(name: str, value: Any) -> bool:
    """A house rule's value read: ``"on"``/``"off"`` (any case), ``True``/``False`` or ``None``
    (off). Raises :class:`OptionsError` for anything else."""
    if value is None or value is False or value is True:
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in (ON, OFF):
        return value.strip().lower() == ON
    raise OptionsError(_("{name} must be on or off, not {value}").format(name=name,
                                                                          value=repr(value)))


def validate(*, players: Any, target: Any, max_rounds: Any, dealer: Any,
             seed: Any = 0, **house: Any) -> Options:
    """Check the options of a new game; raise :class:`OptionsError` with a clear message.

    ``house`` holds the house rules by name (:data:`HOUSE_RULES`), each on or off.
    """
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
    unknown = sorted(set(house) - set(HOUSE_RULES))
    if unknown:
        raise OptionsError(_("unknown option {name}; the house rules are {rules}").format(
            name=repr(unknown[0]), rules=", ".join(HOUSE_RULES)))
    rules = {name: switch(name, house.get(name)) for name in HOUSE_RULES}
    return Options(players, target, max_rounds, **rules)
