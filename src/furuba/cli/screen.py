"""What a game gives the terminal: a :class:`TerminalGame` and the :class:`Screen` it makes.

A game's spec points at its terminal game (the ``terminal`` of its
:class:`~furuba.cli.kit.TerminalKit`); ``furuba play`` asks it for
a screen and draws the table only through it. The session (:mod:`furuba.cli.session`) owns the
keyboard, the game record and the save file; a screen only turns views into things to print
and typed text into actions, so a screen never imports the session and the session never
imports a game's screen. A game without a terminal screen of its own is played through the
generic one (:mod:`furuba.cli.generic_screen`).

Everything a screen shows comes from ``state.view(player)``; the state is passed only to read
the legal actions and their names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from furuba.core.protocol import JSON, State
from furuba.text import N_, YOU, _

if TYPE_CHECKING:  # rich draws the terminal only: the engines' texts (you, is_you) need none
    from rich.console import Console, RenderableType


Choice = tuple[int, str]
"""A menu line: the action id and how it reads (rich markup)."""

Command = tuple[str, Callable[[JSON, str], None]]
"""An extra command of a game: its help line and its handler ``handler(view, argument)``."""


@dataclass(frozen=True)
class WrittenPrompt:
    """A written input the player at the keyboard may give now (a True Friends answer).

    ``name`` is the written input of the game's spec (``state.write(player, name, text)``);
    ``title`` and ``text`` are what the player reads; an empty answer skips the input. The
    default ``ask`` and ``kept`` are said in the terminal's language when they are shown.
    """

    name: str
    title: str
    text: str
    ask: str = N_("Your answer (Enter to skip): ")
    kept: str = N_("kept")
    """What is said once the text was accepted."""


class Screen(Protocol):
    """How one game looks and reads in the terminal. Everything is drawn from views."""

    def board(self, view: JSON, full: bool = True) -> list[RenderableType]:
        """The table as ``view``'s player sees it (their own hand included); ``full=False``:
        only what changes between two decisions of one turn."""
        ...

    def log_texts(self, view: JSON) -> list[str]:
        """Every log entry of ``view`` as one line, oldest first (names, not ids). A line that
        starts with ``──`` is a heading (a new round or turn)."""
        ...

    def heading(self, view: JSON) -> str:
        """What the player must decide now, in a few words."""
        ...

    def menu(self, state: State, view: JSON) -> list[Choice]:
        """The legal actions, in menu order, with the text of each line."""
        ...

    def parse(self, state: State, text: str) -> int:
        """The legal action ``text`` names (raise :class:`~furuba.core.errors.FurubaError`
        with the reason)."""
        ...

    def written_prompt(self, before: JSON, after: JSON, player: int) -> WrittenPrompt | None:
        """A written input ``player`` may give after an action (``before`` and ``after`` are
        their views around it), or ``None``."""
        ...

    def result(self, view: JSON) -> str:
        """The final result line of a finished game."""
        ...

    def commands(self) -> dict[str, Command]:
        """Extra commands of this game: name → (help line, handler(view, argument))."""
        ...


@runtime_checkable
class TerminalGame(Protocol):
    """What a game gives ``furuba play``: its rules in short and a screen for each game."""

    @property
    def rules_text(self) -> str:
        """A short summary of the rules (rich markup), for the ``rules`` command."""
        ...

    def screen(self, names: Sequence[str], state: State, console: Console) -> Screen:
        """The screen of a game like ``state`` whose players are called ``names``."""
        ...


def name_players(text: str, names: Sequence[str]) -> str:
    """Replace ``player N`` in an engine text by the seat's name.

    >>> name_players("round 2: player 0's turn", ["You", "Kaito"])
    'round 2: your turn'
    >>> name_players("player 1 drew a card", ["You", "Kaito"])
    'Kaito drew a card'
    """
    def possessive(m: re.Match[str]) -> str:
        name = player_name(names, int(m.group(1)))
        return "your" if name == YOU else f"{name}'s"

    text = re.sub(r"\bplayer (\d+)'s\b", possessive, text)
    return re.sub(r"\bplayer (\d+)\b", lambda m: player_name(names, int(m.group(1))), text)


def player_name(names: Sequence[str], player: int) -> str:
    """The name of ``player``, or ``player N`` for an id without a seat.

    >>> player_name(["Ann"], 0), player_name(["Ann"], 3)
    ('Ann', 'player 3')
    """
    return names[player] if 0 <= player < len(names) else _("player {n}").format(n=player)
