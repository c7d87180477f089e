"""``furuba review GAME.json``: the search bot's review of a finished game saved by
``furuba play --save``, printed in the terminal (see :mod:`furuba.review`).

The seat reviewed is ``--seat N`` (seats count from 0, in the order of ``--seats``), else the
save's first human seat, else seat 0.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from furuba.cli.console import console, fail
from furuba.cli.saves import Loaded, read_save
from furuba.cli.screen import name_players
from furuba.core.errors import FurubaError, OptionsError
from furuba.review.analysis import DEFAULT_PLAYOUTS, DEFAULT_SIMS, analyse, check_budget
from furuba.review.text import print_review
from furuba.text import _


def review(
    game: Annotated[Path, typer.Argument(help=_("a game saved by furuba play --save"),
                                         metavar="GAME.json")],
    seat: Annotated[int | None, typer.Option(
        help=_("the seat to review, from 0 (default: the first human seat)"))] = None,
    sims: Annotated[int, typer.Option(
        help=_("the search's simulations per decision"))] = DEFAULT_SIMS,
    playouts: Annotated[int, typer.Option(
        help=_("playouts per player and step behind the win-chance lines"))] = DEFAULT_PLAYOUTS,
    quiet: Annotated[bool, typer.Option(help=_("no progress bar"))] = False,
) -> None:
    """Review a finished game: each decision of a seat against the search bot's, the biggest
    mistakes, and every player's win chance over the game."""
    try:
        loaded = read_save(game)
        chosen = pick_seat(loaded, seat)
        check_budget(sims, playouts)
        if not loaded.state.is_terminal():
            raise OptionsError(_("the game in {path} is not over: only a finished game can be "
                                 "reviewed (play on with furuba play --resume {path})").format(
                path=game))
        names = [s.name for s in loaded.seats]
        with Progress(TextColumn(_("analysing")), BarColumn(), TextColumn("{task.percentage:>3.0f}%"),
                      TimeElapsedColumn(), console=console, transient=True,
                      disable=quiet) as bar:
            task = bar.add_task("review", total=1.0)
            result = analyse(loaded.record, chosen, sims=sims, playouts=playouts,
                             progress=lambda done: bar.update(task, completed=done))
    except FurubaError as exc:
        raise fail(str(exc)) from None
    if loaded.warning:
        console.print("[yellow]" + _("warning:") + f"[/] {escape(loaded.warning)}", highlight=False)
    print_review(console, result, names, lambda text: name_players(text, names))


def pick_seat(loaded: Loaded, seat: int | None) -> int:
    """The seat to review: ``seat`` when the game has it, else the first human's (or 0)."""
    count = len(loaded.seats)
    if seat is None:
        return next((i for i, s in enumerate(loaded.seats) if s.human), 0)
    if not 0 <= seat < count:
        raise OptionsError(_("--seat {seat}: this game's seats are 0 to {last}").format(
            seat=seat, last=count - 1))
    return seat
