"""Friends of the Zodiac's own ``furuba`` commands: ``furuba cardset check`` and ``furuba seat``.

The spec's ``commands`` loader calls :func:`build_app`, which makes these commands in the
language of the moment (Typer reads a command's help when the command is made), and the
``furuba`` command adds them beside its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from furuba.core.errors import FurubaError
from furuba.zodiac.cardset import load_cardset
from furuba.zodiac.seating import seat_players
from furuba.zodiac.text import _, ngettext, pgettext

console = Console()
err = Console(stderr=True)


def fail(message: str) -> typer.Exit:
    """Print ``message`` as the one error line of the command; exit status 2."""
    label = _("error:")
    err.print(f"[bold red]{escape(label)}[/] {escape(message)}", highlight=False, soft_wrap=True)
    return typer.Exit(2)


def sign_word(sign: str) -> str:
    """A zodiac sign of the year (``"Rat"``) in words."""
    signs = {"Rat": pgettext("sign", "Rat"), "Ox": pgettext("sign", "Ox"),
             "Tiger": pgettext("sign", "Tiger"), "Rabbit": pgettext("sign", "Rabbit"),
             "Dragon": pgettext("sign", "Dragon"), "Snake": pgettext("sign", "Snake"),
             "Horse": pgettext("sign", "Horse"), "Sheep": pgettext("sign", "Sheep"),
             "Monkey": pgettext("sign", "Monkey"), "Rooster": pgettext("sign", "Rooster"),
             "Dog": pgettext("sign", "Dog"), "Boar": pgettext("sign", "Boar")}
    return signs.get(sign, sign)


def cardset_check(path: Path) -> None:
    """Check a card-set file and summarise it."""
    try:
        cs = load_cardset(path)
    except FurubaError as exc:
        raise fail(str(exc)) from None
    memories = sum(m.count for m in cs.memories)
    events = sum(e.count for e in cs.events)
    summary = _("{path}: {name!r} — {memories}, {events}, {symbols} ({ids})").format(
        path=path, name=cs.name,
        memories=ngettext("{n} memory", "{n} memories", memories).format(n=memories),
        events=ngettext("{n} event", "{n} events", events).format(n=events),
        symbols=ngettext("{n} symbol", "{n} symbols", len(cs.symbols)).format(n=len(cs.symbols)),
        ids=", ".join(s.id for s in cs.symbols))
    ok = _("ok")
    console.print(f"[green]{escape(ok)}[/] {escape(summary)}", highlight=False, soft_wrap=True)
    total = len(cs.texts())
    coverage = "; ".join(_("{language}: {count} of {total} texts translated").format(
        language=language, count=len(texts), total=total)
        for language, texts in cs.translations().items())
    languages = _("languages: {languages}").format(languages=", ".join(cs.languages()))
    console.print(escape(f"{languages} ({coverage})" if coverage else languages),
                  highlight=False, soft_wrap=True)


def seat(players: list[str]) -> None:
    """Seat players by zodiac sign (Friends of the Zodiac): who goes first, and so on."""
    try:
        order = seat_players(players)
    except FurubaError as exc:
        raise fail(str(exc)) from None
    for i, p in enumerate(order, 1):
        sign = sign_word(p.sign) if p.sign else _("no birth date")
        if p.born:
            line = _("{number}. {name} ({born}) — {sign}").format(
                number=i, name=p.name, born=p.born.isoformat(), sign=sign)
        else:
            line = _("{number}. {name} — {sign}").format(number=i, name=p.name, sign=sign)
        console.print(escape(line), highlight=False)


def build_app() -> typer.Typer:
    """The commands, their help in the current language."""
    app = typer.Typer(help=_("Friends of the Zodiac's commands."))
    cardset_app = typer.Typer(no_args_is_help=True, help=_("Check and inspect card-set files."))
    app.add_typer(cardset_app, name="cardset")

    def check(path: Annotated[Path, typer.Argument(help=_("the card-set TOML file"))]) -> None:
        cardset_check(path)

    def seat_command(players: Annotated[list[str], typer.Argument(
            help=_('"Name YYYY-MM-DD" or "Name"'))]) -> None:
        seat(players)

    cardset_app.command("check", help=_("Check a card-set file and summarise it."))(check)
    app.command("seat", help=_("Seat players by zodiac sign (Friends of the Zodiac): who goes "
                               "first, and so on."))(seat_command)
    return app
