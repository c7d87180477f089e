"""Who sits where in ``furuba play``: humans at this keyboard and bots, parsed from ``--seats``.

A bot sits under a first name, as at a table of the web server (:mod:`furuba.bots.names`), and
is introduced with its kind ("Kaito (greedy bot)"). A lone human is "You"; several humans at one
keyboard are "Player 1", "Player 2", … unless they give their names (``human:Ann``).

>>> [(s.name, s.human) for s in parse_seats("you,greedy,random", None)]
[('You', True), ('Kaito', False), ('Mio', False)]
>>> [s.described() for s in parse_seats("human:Ann,you,ismcts:hard", None)]
['Ann', 'Player 2', 'Mio (hard bot)']
>>> [s.spec for s in parse_seats(None, None, default_players=2)]
['you', 'normal']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from furuba.bots.names import BOT_NAMES, bot_kind, bot_name
from furuba.bots.registry import make_bot, split_specs
from furuba.core.errors import OptionsError
from furuba.text import YOU, _, you

DEFAULT_PLAYERS = 4
DEFAULT_BOT = "normal"
HUMAN_WORDS = ("you", "human", "me")


@dataclass(frozen=True)
class Seat:
    """One seat at the table: a human at this keyboard, or a bot built from ``spec``."""

    spec: str
    name: str
    human: bool

    def saved_spec(self) -> str:
        """The spec written to a save file (humans keep their names; a lone human's "You" is
        read back in the language of whoever resumes the game)."""
        return f"human:{self.name}" if self.human else self.spec

    def described(self) -> str:
        """How the seat is introduced: its name, and the kind of bot for a bot."""
        if self.human:
            return self.name
        return _("{name} ({kind})").format(name=self.name, kind=bot_kind(self.spec))


def _is_human(spec: str) -> tuple[bool, str | None]:
    word, colon, name = spec.partition(":")
    if word.strip().lower() not in HUMAN_WORDS:
        return False, None
    name = name.strip()
    if colon and not name:
        raise OptionsError(_("seat {spec!r}: give a name after the colon, e.g. "
                             "human:Ann").format(spec=spec))
    if name in (YOU, you()):
        return True, None   # "You", as a save file keeps it: said in the reader's language
    return True, name or None


def _specs(text: str | Sequence[str] | None, players: int | None,
           default_players: int) -> list[str]:
    if text is None:
        count = default_players if players is None else players
        return ["you"] + [DEFAULT_BOT] * max(0, count - 1)
    named = text.split(",") if isinstance(text, str) else list(text)
    if any(not s.strip() for s in named):
        raise OptionsError(_("--seats {seats!r} has an empty seat; write e.g. --seats "
                             "you,greedy,greedy,random").format(seats=text))
    specs = split_specs(text) if isinstance(text, str) else named
    if players is not None and players != len(specs):
        raise OptionsError(_("--seats names {count} seats but --players is {players}; give one "
                             "seat per player").format(count=len(specs), players=players))
    return specs


def _bot_names(bots: Sequence[int], taken: set[str]) -> dict[int, str]:
    """A first name for each bot seat (by its seat, as on the server), none twice and none a
    human's."""
    used = set(taken)
    out = {}
    for seat in bots:
        name = bot_name(seat)
        if name.lower() in used:
            name = next((n for n in BOT_NAMES if n.lower() not in used), name)
        used.add(name.lower())
        out[seat] = name
    return out


def parse_seats(text: str | Sequence[str] | None, players: int | None, *,
                default_players: int = DEFAULT_PLAYERS) -> list[Seat]:
    """The seats named by ``text`` (``you,greedy,…``); by default you and greedy bots.

    Bot specs are checked by building each bot once; a bad one gets a clear error.
    """
    specs = _specs(text, players, default_players)
    kinds = [_is_human(s) for s in specs]
    humans = sum(1 for human, _name in kinds if human)
    taken = {name.lower() for human, name in kinds if human and name}
    names = _bot_names([i for i, (human, _name) in enumerate(kinds) if not human], taken)
    seats = []
    for i, (spec, (human, name)) in enumerate(zip(specs, kinds, strict=True)):
        if human:
            label = name or (you() if humans == 1 else _("Player {n}").format(n=i + 1))
            seats.append(Seat(spec, label, True))
        else:
            make_bot(spec, 0)
            seats.append(Seat(spec, names[i], False))
    called = [s.name.lower() for s in seats]
    for s in seats:
        if called.count(s.name.lower()) > 1:
            raise OptionsError(_("two seats are called {name!r}; give each human its own "
                                 "name").format(name=s.name))
    return seats
