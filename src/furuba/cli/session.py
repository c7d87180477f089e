"""One game being played in the terminal: who sits where, the state, its record and save file.

Humans see the game only through ``state.view(player)``, so a human never sees another seat's
hidden cards. Every action and written input goes through the :class:`GameRecord`, so the
save file replays the game as it was played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console

from furuba.bots.base import Bot
from furuba.bots.registry import make_bot
from furuba.cli.display import Display
from furuba.cli.saves import write_save
from furuba.cli.screen import Screen
from furuba.cli.seats import Seat
from furuba.core.protocol import State
from furuba.core.record import GameRecord
from furuba.spec import GameSpec


@dataclass
class Session:
    """One game at the terminal: the table, its record, and where it is saved."""

    console: Console
    spec: GameSpec
    seats: list[Seat]
    state: State
    record: GameRecord
    screen: Screen
    rules_text: str
    save_path: Path | None = None
    seen: dict[int | None, int] = field(default_factory=dict)
    """How many log lines each viewer (``None``: the narrator of a bots-only game) has read."""
    at_keyboard: int | None = None
    last_actor: int | None = None
    display: Display = field(init=False)

    def __post_init__(self) -> None:
        self.display = Display(self.console, self.screen)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) >= 2

    def bot_for(self, player: int) -> Bot:
        """The bot of seat ``player`` for this decision.

        It is seeded from the game seed, the seat and the move number, so a bot's choice depends
        only on the game so far: a resumed game goes on exactly as it would have without a break.
        """
        seed = (self.record.seed * 1_000_003 + player * 7919 + len(self.record.actions)) % 2**63
        return make_bot(self.seats[player].spec, seed)

    def play(self, action: int) -> None:
        """Apply ``action``, record it and save."""
        self.last_actor = self.state.current_player
        self.record.play(self.state, action)
        self.autosave()

    def write(self, player: int, name: str, text: str) -> str:
        """Write ``player``'s input ``name`` (see :meth:`State.write`), record it and save;
        returns the text as kept."""
        kept = self.record.write(self.state, player, name, text)
        self.autosave()
        return kept

    def autosave(self) -> None:
        if self.save_path is not None:
            write_save(self.save_path, self.spec.name, self.seats, self.record, self.state)

    def unread_log(self, viewer: int | None) -> list[str]:
        """The log lines ``viewer`` has not read yet (from their own view); now read."""
        texts = self.screen.log_texts(self.state.view(viewer))
        start = self.seen.get(viewer, 0)
        self.seen[viewer] = len(texts)
        return texts[start:]
