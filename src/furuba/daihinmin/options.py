"""The options of a Dai Hin Min game (D1 players, D2 dealer, D11 target and round limit), its
house rules (D13–D18, and the rules of the UECda contest, D19–D28), each off unless switched on,
and the presets that switch a whole set of them (``rules="uecda"``, D29).

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
>>> uecda = validate(players=5, target=None, max_rounds=10, dealer=None, rules="uecda")
>>> uecda.jokers, uecda.reseat_every, uecda.reset_every, uecda.preset
(1, 3, 100, 'uecda')
>>> validate(players=5, target=None, max_rounds=10, dealer=None, rules="uecda",
...          eight_cut="off").preset is None
True
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
                                "suit_lock", "spade_three", "strong_joker", "rank_revolution",
                                "named_joker", "pass_out", "diamond_three", "exchange_after",
                                "place_points", "run_above")
"""The house rules, each an option that is ``"off"`` (the rulebook's game) or ``"on"``: 8-cut
(D13), sequences (D14), fallen capital (D15), 11-back (D16), suit lock (D17), spade 3 (D18),
strong joker (D19), revolution by sets and runs (D20), named joker (D21), passing out of the
trick (D22), the 3♦ leads (D23), the Rich choose after receiving (D24), points by place (D25),
a run beats a run from above its top (D30)."""
SETTINGS: tuple[str, ...] = ("jokers", "reseat_every", "reset_every")
"""The house settings that are numbers: jokers in the deck (D26), rounds between drawn seatings
(D27) and between forgotten titles (D28); ``None`` for the rulebook's way."""
ON, OFF = "on", "off"
MAX_JOKERS = 2
RULEBOOK, UECDA = "rulebook", "uecda"
PRESETS: dict[str, dict[str, Any]] = {
    RULEBOOK: {},
    UECDA: {"eight_cut": ON, "sequences": ON, "suit_lock": ON, "spade_three": ON,
            "strong_joker": ON, "rank_revolution": ON, "named_joker": ON, "pass_out": ON,
            "diamond_three": ON, "exchange_after": ON, "place_points": ON, "run_above": ON,
            "jokers": 1,
            "reseat_every": 3, "reset_every": 100},
}
"""The presets of ``rules`` (D29): the house rules and settings each one sets (the others stay
off). ``uecda`` is what the UECda contest's standard server plays."""


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
    """D18: the 3♠ beats a lone 2 (a lone joker under D19) and ends the trick."""
    strong_joker: bool = False
    """D19: a lone joker beats every single card; a set of jokers alone, every set of its size."""
    rank_revolution: bool = False
    """D20: a set of four or more cards, or a run of five or more, reverses the ranks' order."""
    named_joker: bool = False
    """D21: a joker stands for a card its player names, whose suit counts for the suit lock; in a
    run it may stand below the 3 or above the 2."""
    pass_out: bool = False
    """D22: a pass is for the rest of the trick; the trick ends when everyone holding cards has
    passed, its last player too; a leader may pass."""
    diamond_three: bool = False
    """D23: the holder of the 3♦ leads every round."""
    exchange_after: bool = False
    """D24: the Poor give their highest cards (a joker highest) before the Rich choose theirs."""
    place_points: bool = False
    """D25: a round scores a point more for every place: last place scores 1."""
    run_above: bool = False
    """D30: a run beats a run only with all its ranks beyond the other's (above its top)."""
    jokers: int = MAX_JOKERS
    """D26: the jokers in the deck (0–2)."""
    reseat_every: int | None = None
    """D27: seats are drawn at random before the first round and every this many rounds
    (``None``: reseating by finishing order, D8)."""
    reset_every: int | None = None
    """D28: titles are forgotten every this many rounds: no exchange, a dealer drawn."""

    def __repr__(self) -> str:
        rules = "".join(f", {name}=True" for name in self.house_rules)
        rules += "".join(f", {name}={value!r}" for name, value in self.settings().items())
        return (f"Options(players={self.players}, target={self.target}, "
                f"max_rounds={self.max_rounds}{rules})")

    @property
    def house_rules(self) -> tuple[str, ...]:
        """The names of the house rules switched on, in the order of :data:`HOUSE_RULES`."""
        return tuple(name for name in HOUSE_RULES if getattr(self, name))

    def settings(self) -> dict[str, int]:
        """The house settings (:data:`SETTINGS`) that differ from the rulebook's."""
        out: dict[str, int] = {}
        if self.jokers != MAX_JOKERS:
            out["jokers"] = self.jokers
        for name in ("reseat_every", "reset_every"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out

    @property
    def preset(self) -> str | None:
        """The preset of ``rules`` these options are exactly (D29), ``None`` for none but the
        rulebook's game (no house rule), which is ``"rulebook"``."""
        mine = {**self.house_options(), **self.settings()}
        for name, values in PRESETS.items():
            if mine == values:
                return name
        return None

    @property
    def suited(self) -> bool:
        """Whether suits matter, so that plays name their cards (D14, D17, D18)."""
        return self.sequences or self.suit_lock or self.spade_three

    def house_options(self) -> dict[str, str]:
        """The house rules switched on as options (``{"eight_cut": "on"}``): what a saved game
        and a view write (with :meth:`settings`)."""
        return dict.fromkeys(self.house_rules, ON)


assert [f.name for f in fields(Options)][3:] == [*HOUSE_RULES, *SETTINGS]


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


def _every(name: str, value: Any) -> int | None:
    if value is None:
        return None
    if not _is_int(value) or value < 1:
        raise OptionsError(_("{name} must be a whole number of rounds, at least 1, or none, not "
                             "{value}").format(name=name, value=repr(value)))
    return int(value)


def _settings(house: dict[str, Any]) -> dict[str, Any]:
    jokers = house.get("jokers", MAX_JOKERS)
    jokers = MAX_JOKERS if jokers is None else jokers
    if not _is_int(jokers) or not 0 <= jokers <= MAX_JOKERS:
        raise OptionsError(_("jokers must be 0, 1 or 2 (D26), not {value}").format(
            value=repr(jokers)))
    return {"jokers": jokers,
            "reseat_every": _every("reseat_every", house.get("reseat_every")),
            "reset_every": _every("reset_every", house.get("reset_every"))}


def with_preset(rules: Any, house: dict[str, Any]) -> dict[str, Any]:
    """``house`` over the preset ``rules`` (D29): what a preset sets, unless given otherwise.

    >>> with_preset("uecda", {"eight_cut": "off"})["eight_cut"], with_preset(None, {})
    ('off', {})
    """
    if rules is None:
        return house
    if not isinstance(rules, str) or rules.strip().lower() not in PRESETS:
        raise OptionsError(_("rules must be one of {names}, not {value}").format(
            names=", ".join(PRESETS), value=repr(rules)))
    given = {name: value for name, value in house.items() if value is not None}
    return {**PRESETS[rules.strip().lower()], **given}


def validate(*, players: Any, target: Any, max_rounds: Any, dealer: Any,
             seed: Any = 0, rules: Any = None, **house: Any) -> Options:
    """Check the options of a new game; raise :class:`OptionsError` with a clear message.

    ``house`` holds the house rules by name (:data:`HOUSE_RULES`), each on or off, and the house
    settings (:data:`SETTINGS`); ``rules`` names a preset of them (:data:`PRESETS`), which the
    ones given explicitly override.
    """
    house = with_preset(rules, house)
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
    unknown = sorted(set(house) - set(HOUSE_RULES) - set(SETTINGS))
    if unknown:
        raise OptionsError(_("unknown option {name}; the house rules are {rules}").format(
            name=repr(unknown[0]), rules=", ".join((*HOUSE_RULES, *SETTINGS))))
    switches = {name: switch(name, house.get(name)) for name in HOUSE_RULES}
    return Options(players, target, max_rounds, **switches, **_settings(house))
