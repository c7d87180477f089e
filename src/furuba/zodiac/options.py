"""The options of a Friends of the Zodiac game, checked once when a game starts.

>>> o = Options.make(players=6)
>>> o.sets, o.target, o.coop
(2, 7, False)
>>> Options.make(players=3, variant="long,true-friends").target
13
>>> Options.make(players=1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
furuba.core.errors.OptionsError: Friends of the Zodiac needs 2 to 8 players (1 given); ...
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from furuba.core.deck import NUM_SOHMAS
from furuba.core.errors import OptionsError
from furuba.zodiac.text import _

VARIANTS = ("standard", "long", "coop", "true-friends")
STANDARD_TARGET = 7
LONG_TARGET = NUM_SOHMAS
DEFAULT_MAX_ROUNDS = 100


def parse_variants(variant: str | list[str] | tuple[str, ...] | None) -> frozenset[str]:
    """``"long,true-friends"`` or ``["long", "true-friends"]`` → the set of variant names."""
    if variant is None:
        return frozenset()
    parts = variant.split(",") if isinstance(variant, str) else list(variant)
    out = set()
    for part in parts:
        name = str(part).strip().lower().replace("_", "-")
        name = {"bestest-friends": "coop", "co-op": "coop", "truefriends": "true-friends",
                "long-game": "long"}.get(name, name)
        if not name or name == "standard":
            continue
        if name not in VARIANTS:
            raise OptionsError(_("unknown variant {variant!r}; the variants are {variants}")
                               .format(variant=part, variants=", ".join(VARIANTS)))
        out.add(name)
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class Options:
    """Validated options. Build them with :meth:`make`."""

    players: int
    sets: int
    target: int
    coop: bool
    long: bool
    true_friends: bool
    max_rounds: int

    @classmethod
    def make(cls, players: int = 4, *, sets: int | None = None, target: int | None = None,
             variant: str | list[str] | tuple[str, ...] | None = None,
             max_rounds: int = DEFAULT_MAX_ROUNDS, **unknown: Any) -> Options:
        if unknown:
            raise OptionsError(_("unknown option {option!r} for Friends of the Zodiac; the "
                                 "options are players, sets, target, variant, max_rounds, "
                                 "cardset, seed").format(option=sorted(unknown)[0]))
        variants = parse_variants(variant)
        coop = "coop" in variants
        if not isinstance(players, int) or isinstance(players, bool):
            raise OptionsError(_("players must be a whole number, not {value!r}")
                               .format(value=players))
        low = 1 if coop else 2
        if sets is not None and (not isinstance(sets, int) or sets < 1 or sets > 8):
            raise OptionsError(_("sets must be a whole number from 1 to 8 ({value!r} given)")
                               .format(value=sets))
        high = max(8, 4 * (sets or 1))
        if not low <= players <= high:
            message = (_("Friends of the Zodiac needs {low} to {high} players ({count} given); "
                         "Bestest Friends (variant coop) can be played alone") if not coop
                       else _("Friends of the Zodiac needs {low} to {high} players ({count} given)"))
            raise OptionsError(message.format(low=low, high=high, count=players))
        n_sets = sets if sets is not None else max(1, math.ceil(players / 4))
        long = "long" in variants
        if coop and long:
            raise OptionsError(_("Bestest Friends (coop) always aims for all 13 Sohmas; "
                                 "it does not combine with the Long Game"))
        default_target = LONG_TARGET if (long or coop) else STANDARD_TARGET
        goal = default_target if target is None else target
        if not isinstance(goal, int) or not 1 <= goal <= NUM_SOHMAS:
            raise OptionsError(_("target must be a number of friendships from 1 to 13 ({value!r} "
                                 "given)").format(value=goal))
        if coop and goal != NUM_SOHMAS:
            raise OptionsError(_("in Bestest Friends the team must befriend all 13 Sohmas"))
        if not isinstance(max_rounds, int) or max_rounds < 1:
            raise OptionsError(_("max_rounds must be at least 1 ({value!r} given)")
                               .format(value=max_rounds))
        return cls(players, n_sets, goal, coop, long, "true-friends" in variants, max_rounds)

    @property
    def variant(self) -> str:
        """The variants as one comma-separated string (``"standard"`` when none)."""
        names = [v for v, on in (("long", self.long), ("coop", self.coop),
                                 ("true-friends", self.true_friends)) if on]
        return ",".join(names) or "standard"

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "sets": self.sets, "target": self.target,
                "variant": self.variant, "max_rounds": self.max_rounds}
