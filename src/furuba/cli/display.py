"""What the terminal shows around a game's own screen: the board and menu, log lines, errors,
prompts for written inputs, and a cleared screen for hot-seat hand-overs."""

from __future__ import annotations

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.panel import Panel

from furuba.cli.screen import Choice, Screen, WrittenPrompt
from furuba.core.protocol import JSON

LONG_MENU = 10
"""Menus longer than this are laid out in columns."""


class Display:
    """The terminal of one game: ``console`` for the words, ``screen`` for the game's face."""

    def __init__(self, console: Console, screen: Screen) -> None:
        self.console = console
        self.screen = screen

    def ask(self, prompt: str) -> str:
        """A line typed at the keyboard (``prompt`` is rich markup)."""
        return self.console.input(prompt)

    def say(self, markup: str, *, soft_wrap: bool = False) -> None:
        """One message (rich markup); ``soft_wrap``: left to the terminal to wrap (paths)."""
        self.console.print(markup, highlight=False, soft_wrap=soft_wrap)

    def error(self, message: str) -> None:
        """A refusal of what was typed, in red; the player types again."""
        self.console.print(f"[red]{escape(message)}[/]", highlight=False)

    def board(self, view: JSON, full: bool = True) -> None:
        for part in self.screen.board(view, full):
            self.console.print(part)

    def menu(self, view: JSON, menu: list[Choice]) -> None:
        """What to decide, and the numbered menu of legal actions."""
        self.console.print(f"[bold]{escape(self.screen.heading(view))}[/]", highlight=False)
        width = len(str(len(menu)))
        lines = [f"[cyan]{i:>{width}}[/] {label}" for i, (_, label) in enumerate(menu, 1)]
        if len(lines) > LONG_MENU:
            self.console.print(Padding(Columns(lines, column_first=True, padding=(0, 3)),
                                       (0, 0, 0, 2)), highlight=False)
            return
        for line in lines:
            self.console.print(f"  {line}", highlight=False)

    def log_line(self, line: str) -> None:
        """A log line (headings such as ``── Round 2 ──`` dimmed)."""
        if line.startswith("──"):
            self.console.print(f"[dim]{escape(line)}[/]", highlight=False)
        else:
            self.console.print(f"  {escape(line)}", highlight=False)

    def written_prompt(self, prompt: WrittenPrompt) -> None:
        self.console.print(Panel(escape(prompt.text), expand=False, border_style="magenta",
                                 title=escape(prompt.title), title_align="left"))

    def clear(self) -> None:
        """Clear the screen and, where the terminal allows, its scrollback."""
        if self.console.is_terminal:
            self.console.file.write("\x1b[H\x1b[2J\x1b[3J")
            self.console.file.flush()
        self.console.print()
