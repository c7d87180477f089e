"""What a player may type at the prompt besides an action: ``help``, ``board``, ``log``,
``rules``, ``save``, ``hint``, ``quit``, a menu number, and the game's own commands."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from rich.markup import escape

from furuba.cli.screen import Choice, Command, name_players
from furuba.cli.session import Session
from furuba.core.errors import IllegalActionError, SaveFileError
from furuba.core.protocol import JSON
from furuba.text import N_, _

BASE_HELP = (
    (N_("a number"), N_("choose that line of the menu")),
    (N_("an action"), N_("its name as the menu writes it (each game also reads its own short "
                         "forms)")),
    ("board", N_("show the table again")),
    ("log [N]", N_("the last N log entries (12 by default)")),
    ("rules", N_("a short summary of the rules")),
    ("save [FILE]", N_("save now, and after every action from then on")),
    ("hint [N]", N_("the N best actions (3 by default) with win chances and reasons")),
    ("help", N_("this list")),
    ("quit", N_("leave the game")),
)
"""What may be typed (the commands are typed in English in every language) and what it does."""


class QuitGame(Exception):  # noqa: N818 - a signal, not an error
    """The player typed ``quit``."""


class Commands:
    """Reads what the player at the keyboard typed: a choice, or a command to run now."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.display = session.display

    def understand(self, text: str, view: JSON, menu: list[Choice]) -> int | None:
        """The action ``text`` chooses, or ``None`` after running a command."""
        word, _sep, arg = text.partition(" ")
        if text.isdigit():
            k = int(text)
            if not 1 <= k <= len(menu):
                span = _("1 to {last}").format(last=len(menu)) if len(menu) > 1 else "1"
                raise IllegalActionError(_("there is no choice {k}: pick {span}, or type an "
                                           "action (help lists the commands)").format(k=k, span=span))
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
        lines = [*((_(k), _(v)) for k, v in BASE_HELP), *((k, v[0]) for k, v in extra.items())]
        width = max(14, *(cell_len(k) for k, _text in lines))
        for key, text in lines:
            pad = " " * (width - cell_len(key))
            self.session.console.print(f"  [bold]{escape(key)}{pad}[/] {escape(text)}",
                                       highlight=False, soft_wrap=True)

    def log(self, view: JSON, arg: str) -> None:
        if arg and not arg.isdigit():
            raise IllegalActionError(_("log takes a number of entries, not {arg!r}").format(arg=arg))
        count = int(arg) if arg else 12
        for line in self.session.screen.log_texts(view)[-count:] if count else []:
            self.display.log_line(line)

    def save(self, arg: str) -> None:
        if arg:
            self.session.save_path = Path(arg)
        if self.session.save_path is None:
            raise SaveFileError(_("no save file yet: type save FILE (or start with --save FILE)"))
        self.session.autosave()
        self.display.say(_("saved to {path}; it is saved after every action from now on").format(
            path=escape(str(self.session.save_path))), soft_wrap=True)

    def hint(self, arg: str, menu: list[Choice]) -> None:
        """Show the search bot's best actions for the player to move (from their view only)."""
        from furuba.bots.hint import hint, hint_seed, say_hint

        if arg and not (arg.isdigit() and 1 <= int(arg) <= len(menu)):
            raise IllegalActionError(_("hint takes a number of actions from 1 to {last}, not "
                                       "{arg!r}").format(last=len(menu), arg=arg))
        count = int(arg) if arg else 3
        session = self.session
        seed = hint_seed(session.record.seed, session.state.current_player,
                         len(session.record.actions))
        with session.console.status(_("thinking…")):
            hints = hint(session.state, session.state.current_player, count=count, seed=seed)
        lines = {action: (i, label) for i, (action, label) in enumerate(menu, 1)}
        for h in hints:
            number, label = lines.get(h.action, (0, escape(h.name)))
            reason = escape(name_players(h.reason, session.names))
            session.console.print(f"  [cyan]{number}[/] {say_hint(label, h.win_chance, reason)}",
                                  highlight=False, soft_wrap=True)
