"""Who sits where in ``furuba play``: humans at this keyboard and bots, parsed from ``--seats``.

>>> [(s.name, s.human) for s in parse_seats("you,greedy,random", None)]
[('You', True), ('Greedy 2', False), ('Random 3', False)]
>>> [s.name for s in parse_seats("human:Ann,you,greedy", None)]
['Ann', 'Player 2', 'Greedy 3']
>>> [s.spec for s in parse_seats(None, None, default_players=2)]
['you', 'greedy']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from furuba.bots.registry import make_bot, parse_spec
from furuba.core.errors import OptionsError

DEFAULT_PLAYERS = 4
DEFAULT_BOT = "greedy"
HUMAN_WORDS = ("you", "human", "me")


@dataclass(frozen=True)
class Seat:
    """One seat at the table: a human at this keyboard, or a bot built from ``spec``."""

    spec: str
    name: str
    human: bool

    def saved_spec(self) -> str:
        """The spec written to a save file (humans keep their names)."""
        return f"human:{self.name}" if self.human else self.spec

    def described(self) -> str:
        """How the seat is introduced: its name, and its bot spec when the name hides it."""
        if self.human or self.name.lower().startswith(self.spec.lower()):
            return self.name
        return f"{self.name} ({self.spec})"


def _is_human(spec: str) -> tuple[bool, str | None]:
    word, colon, name = spec.partition(":")
    if word.strip().lower() not in HUMAN_WORDS:
        return False, None
    name = name.strip()
    if colon and not name:
        raise OptionsError(f"seat {spec!r}: give a name after the colon, e.g. human:Ann")
    return True, name or None


def _specs(text: str | Sequence[str] | None, players: int | None,
           default_players: int) -> list[str]:
    if text is None:
        count = default_players if players is None else players
        return ["you"] + [DEFAULT_BOT] * max(0, count - 1)
    specs = [s.strip() for s in text.split(",")] if isinstance(text, str) else list(text)
    if any(not s for s in specs):
        raise OptionsError(f"--seats {text!r} has an empty seat; "
                           "write e.g. --seats you,greedy,greedy,random")
    if players is not None and players != len(specs):
        raise OptionsError(f"--seats names {len(specs)} seats but --players is {players}; "
                           "give one seat per player")
    return specs


def parse_seats(text: str | Sequence[str] | None, players: int | None, *,
                default_players: int = DEFAULT_PLAYERS) -> list[Seat]:
    """The seats named by ``text`` (``you,greedy,…``); by default you and greedy bots.

    Bot specs are checked by building each bot once; a bad one gets a clear error.
    """
    specs = _specs(text, players, default_players)
    kinds = [_is_human(s) for s in specs]
    humans = sum(1 for human, _ in kinds if human)
    seats = []
    for i, (spec, (human, name)) in enumerate(zip(specs, kinds, strict=True)):
        if human:
            label = name or ("You" if humans == 1 else f"Player {i + 1}")
            seats.append(Seat(spec, label, True))
        else:
            make_bot(spec, 0)
            bot_name, _ = parse_spec(spec)
            seats.append(Seat(spec, f"{bot_name.capitalize()} {i + 1}", False))
    names = [s.name.lower() for s in seats]
    for s in seats:
        if names.count(s.name.lower()) > 1:
            raise OptionsError(f"two seats are called {s.name!r}; give each human its own name")
    return seats
