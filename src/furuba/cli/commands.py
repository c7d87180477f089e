"""What a player may type at the prompt besides an action: ``help``, ``board``, ``log``,
``rules``, ``save``, ``hint``, ``quit``, a menu number, and the game's own commands."""

from __future__ import annotations

from pathlib import Path

from rich.markup import escape

from furuba.cli.screen import Choice, Command, name_players
from furuba.cli.session import Session
from furuba.core.errors import IllegalActionError, SaveFileError
from furuba.core.protocol import JSON

BASE_HELP = (
    ("a number", "choose that line of the menu"),
    ("an action", "its name as the menu writes it (each game also reads its own short forms)"),
    ("board", "show the table again"),
    ("log [N]", "the last N log entries (12 by default)"),
    ("rules", "a short summary of the rules"),
    ("save [FILE]", "save now, and after every action from then on"),
    ("hint [N]", "the N best actions (3 by default) with win chances and reasons"),
    ("help", "this list"),
    ("quit", "leave the game"),
)


class QuitGame(Exception):  # noqa: N818 - a signal, not an error
    """The player typed ``quit``."""


class Commands:
    """Reads what the player at the keyboard typed: a choice, or a command to run now."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.display = session.display

    def understand(self, text: str, view: JSON, menu: list[Choice]) -> int | None:
        """The action ``text`` chooses, or ``None`` after running a command."""
        word, _, arg = text.partition(" ")
        if text.isdigit():
            k = int(text)
            if not 1 <= k <= len(menu):
                span = f"1 to {len(menu)}" if len(menu) > 1 else "1"
                raise IllegalActionError(f"there is no choice {k}: pick {span}, "
                                         "or type an action (help lists the commands)")
            return menu[k - 1][0]
        if self.run(word.lower(), arg.strip(), view, menu):
            return None
        return self.session.screen.parse(self.session.state, text)

    def run(self, word: str, arg: str, view: JSON, menu: list[Choice]) -> bool:
        """Run the command ``word``; ``False`` when it is not a command."""
        extra = self.session.screen.commands()
        if word in ("help", "?"):
            self.help(extra)
        elif word in ("board", "table"):
            self.display.board(view)
            self.display.menu(view, menu)
        elif word == "log":
            self.log(view, arg)
        elif word == "rules":
            self.session.console.print(self.session.rules_text, highlight=False)
        elif word == "save":
            self.save(arg)
        elif word == "hint":
            self.hint(arg, menu)
        elif word in ("quit", "exit"):
            raise QuitGame
        elif word in extra:
            extra[word][1](view, arg)
        else:
            return False
        return True

    def help(self, extra: dict[str, Command]) -> None:
        lines = [*BASE_HELP, *((k, v[0]) for k, v in extra.items())]
        for key, text in lines:
            self.session.console.print(f"  [bold]{escape(key):<14}[/] {escape(text)}",
                                       highlight=False)

    def log(self, view: JSON, arg: str) -> None:
        if arg and not arg.isdigit():
            raise IllegalActionError(f"log takes a number of entries, not {arg!r}")
        count = int(arg) if arg else 12
        for line in self.session.screen.log_texts(view)[-count:] if count else []:
            self.display.log_line(line)

    def save(self, arg: str) -> None:
        if arg:
            self.session.save_path = Path(arg)
        if self.session.save_path is None:
            raise SaveFileError("no save file yet: type save FILE (or start with --save FILE)")
        self.session.autosave()
        self.display.say(f"saved to {escape(str(self.session.save_path))}; it is saved after "
                         "every action from now on", soft_wrap=True)

    def hint(self, arg: str, menu: list[Choice]) -> None:
        """Show the search bot's best actions for the player to move (from their view only)."""
        from furuba.bots.hint import hint

        if arg and not (arg.isdigit() and 1 <= int(arg) <= len(menu)):
            raise IllegalActionError(f"hint takes a number of actions from 1 to {len(menu)}, "
                                     f"not {arg!r}")
        count = int(arg) if arg else 3
        session = self.session
        seed = (session.record.seed * 1_000_003 + len(session.record.actions)) % 2**63
        with session.console.status("thinking…"):
            hints = hint(session.state, session.state.current_player, count=count, seed=seed)
        lines = {action: (i, label) for i, (action, label) in enumerate(menu, 1)}
        for h in hints:
            number, label = lines.get(h.action, (0, escape(h.name)))
            reason = escape(name_players(h.reason, session.names))
            session.console.print(f"  [cyan]{number}[/] {label} — [bold]{h.win_chance:.0%}[/] "
                                  f"to win: {reason}", highlight=False)
