"""What a game gives the ``furuba`` command (:class:`TerminalKit`): its own terminal screen and
its own subcommands.

The command defines the kit; a game registers one in its spec and ``furuba`` looks it up
(``spec.kit_or_none(TerminalKit)``: a game without one is played on the generic screen).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import typer

    from furuba.cli.screen import TerminalGame


@dataclass(frozen=True, slots=True)
class TerminalKit:
    """Loaders (:func:`furuba.spec.lazy`) of the game's terminal pieces.

    * ``terminal``: the game's screen for ``furuba play``; ``None``: the generic one;
    * ``commands``: extra ``furuba`` commands of this game (``furuba cardset …``).
    """

    terminal: Callable[[], TerminalGame] | None = None
    commands: Callable[[], typer.Typer] | None = None
