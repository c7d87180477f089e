"""Friends of the Zodiac's own ``furuba`` commands: ``furuba cardset check`` and ``furuba seat``.

The spec's ``commands`` loader hands :data:`app` to the ``furuba`` command, which adds these
commands beside its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from furuba.core.errors import FurubaError
from furuba.zodiac.cardset import load_cardset
from furuba.zodiac.seating import seat_players

app = typer.Typer(help="Friends of the Zodiac's commands.")
cardset_app = typer.Typer(no_args_is_help=True, help="Check and inspect card-set files.")
app.add_typer(cardset_app, name="cardset")
console = Console()
err = Console(stderr=True)


def fail(message: str) -> typer.Exit:
    """Print ``message`` as the one error line of the command; exit status 2."""
    err.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(2)


@cardset_app.command("check")
def cardset_check(path: Annotated[Path, typer.Argument(help="the card-set TOML file")]) -> None:
    """Check a card-set file and summarise it."""
    try:
        cs = load_cardset(path)
    except FurubaError as exc:
        raise fail(str(exc)) from None
    memories = sum(m.count for m in cs.memories)
    events = sum(e.count for e in cs.events)
    console.print(f"[green]ok[/] {path}: {cs.name!r} — {memories} memories, {events} events, "
                  f"{len(cs.symbols)} symbols ({', '.join(s.id for s in cs.symbols)})",
                  highlight=False, soft_wrap=True)


@app.command()
def seat(players: Annotated[list[str], typer.Argument(help='"Name YYYY-MM-DD" or "Name"')]) -> None:
    """Seat players by zodiac sign (Friends of the Zodiac): who goes first, and so on."""
    try:
        order = seat_players(players)
    except FurubaError as exc:
        raise fail(str(exc)) from None
    for i, p in enumerate(order, 1):
        sign = p.sign or "no birth date"
        born = f" ({p.born.isoformat()})" if p.born else ""
        console.print(f"{i}. {p.name}{born} — {sign}", highlight=False)


