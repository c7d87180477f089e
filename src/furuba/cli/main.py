"""The ``furuba`` command: play, simulate, tournament, report, serve — for every registered game.

The command names no game: the games, their options and their own extra commands (a game's
spec may bring some, e.g. ``furuba cardset check``) come from :mod:`furuba.games`.
Every error a user can cause prints one clear line (exit status 2), never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from furuba import games
from furuba.cli import batch, review
from furuba.cli.console import console, err, fail
from furuba.cli.options import flag_help
from furuba.core.errors import FurubaError

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="furuba: the Fruits Basket card games, played for real.")
app.command()(batch.simulate)
app.command()(batch.tournament)
app.command()(batch.report)
app.command()(review.review)
for _spec in games.specs():
    if _spec.commands is not None:
        app.add_typer(_spec.commands())

FOLDER_FLAGS = {"cardsets": "cardset"}
"""``furuba serve`` flags that add folders of files to the named values of an option."""


# -- play --------------------------------------------------------------------------------------
@app.command()
def play(
    game: Annotated[str | None, typer.Argument(
        help=f"{' or '.join(games.names())} (default: {games.names()[0]})")] = None,
    seats: Annotated[str | None, typer.Option(help="who sits where: you,greedy,random,…")] = None,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the deal")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="a game option, key=value (repeatable)")] = None,
    cardset: Annotated[str | None, typer.Option(help=flag_help("cardset"))] = None,
    variant: Annotated[str | None, typer.Option(help=flag_help("variant"))] = None,
    sets: Annotated[int | None, typer.Option(help=flag_help("sets"))] = None,
    target: Annotated[int | None, typer.Option(help=flag_help("target"))] = None,
    rounds: Annotated[int | None, typer.Option(help=flag_help("rounds"))] = None,
    save: Annotated[Path | None, typer.Option(help="save the game to this file as you play")] = None,
    resume: Annotated[Path | None, typer.Option(help="resume a saved game")] = None,
) -> None:
    """Play a game in the terminal against bots, or hot-seat with friends."""
    from furuba.cli.play import PlaySetup, run_play

    flags = {"cardset": cardset, "variant": variant, "sets": sets, "target": target,
             "rounds": rounds}
    setup = PlaySetup(game=game, seats=seats, players=players, seed=seed, flags=flags,
                      options=list(option or []), save=save, resume=resume)
    try:
        run_play(setup, console)
    except FurubaError as exc:
        raise fail(str(exc)) from None
    except (KeyboardInterrupt, EOFError):
        console.print("\n[dim]bye[/]")
        raise typer.Exit(0) from None


# -- web server --------------------------------------------------------------------------------
@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    database_url: Annotated[str, typer.Option(
        help="SQLAlchemy URL: sqlite:///path (default var/furuba.sqlite3) or "
             "postgresql+psycopg://user@host/db")] = "sqlite:///var/furuba.sqlite3",
    ready_table: Annotated[bool, typer.Option(
        help="open a table against bots at start-up unless one is waiting")] = False,
    bot_delay: Annotated[float, typer.Option(help="seconds a bot waits before it plays")] = 0.6,
    log_level: Annotated[str, typer.Option(help="uvicorn log level")] = "info",
    redis_url: Annotated[str | None, typer.Option(
        help="redis://host:port/db shared by several server processes on one PostgreSQL "
             "database (see docs/DEPLOY.md); without it this process serves alone")] = None,
    process_name: Annotated[str | None, typer.Option(
        help="this process's name in logs and metrics (default: host name and process id)")] = None,
    address_key: Annotated[str, typer.Option(
        envvar="FURUBA_ADDRESS_KEY", show_default=False,
        help="secret key of the hashes that tables keep of their creators' addresses (the same "
             "for every process on one database); best set in the environment")] = "",
    cardsets: Annotated[list[Path] | None, typer.Option(
        help="a folder of card-set files (*.toml) tables may choose by name; repeatable")] = None,
) -> None:
    """Serve the web app: tables online with friends and bots (needs the web extra)."""
    try:
        from furuba.server.serve import run_server
    except ImportError as exc:
        raise fail(f"the web server needs the web extra: pip install 'furuba[web]' ({exc})") from None
    try:
        add_folders("cardsets", cardsets or [])
    except FurubaError as exc:
        raise fail(str(exc)) from None
    run_server(host, port, database_url, ready_table=ready_table, bot_delay=bot_delay,
               log_level=log_level, redis_url=redis_url, process_name=process_name,
               address_key=address_key)


def add_folders(flag: str, folders: list[Path]) -> None:
    """Offer the files of ``folders`` by name for the option ``--flag`` stands for, in every
    game that has it (see :attr:`furuba.spec.Option.add_folder`)."""
    if not folders:
        return
    name = FOLDER_FLAGS[flag]
    hooks = [o.add_folder for s in games.specs() for o in s.options
             if o.name == name and o.add_folder is not None]
    if not hooks:
        raise FurubaError(f"--{flag}: no game takes folders of {name} files")
    for folder in folders:
        if not folder.is_dir():
            raise FurubaError(f"--{flag} {folder}: not a folder")
        for hook in hooks:
            hook(folder)


def main() -> None:  # pragma: no cover - console entry point
    try:
        app()
    except FurubaError as exc:
        err.print(f"[bold red]error:[/] {exc}")
        sys.exit(2)
