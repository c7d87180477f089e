"""The ``furuba`` command: play, simulate, tournament, report, serve — for every registered game.

The command names no game: the games, their options and their own extra commands (a game's
spec may bring some, e.g. ``furuba cardset check``) come from :mod:`furuba.games`.
Every error a user can cause prints one clear line (exit status 2), never a traceback.

It speaks English or Japanese: ``furuba --lang ja …``, else the terminal's language (``LANG``).
The language is chosen before the commands are built (:class:`Furuba`), so their help is said
in it too: the help texts below are read by Typer when it builds a command, not at import.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from furuba import games, i18n
from furuba.cli import admin, batch, compare, db, lab, review
from furuba.cli.bots import bots
from furuba.cli.console import console, err, fail
from furuba.cli.kit import TerminalKit
from furuba.cli.language import asked_language, say_help_options, typer_words
from furuba.cli.options import flag_help
from furuba.cli.suggest import suggest
from furuba.cli.train import train
from furuba.core.errors import FurubaError
from furuba.text import _, either

FOLDER_FLAGS = {"cardsets": "cardset"}
"""``furuba serve`` flags that add folders of files to the named values of an option."""


class Furuba(TyperGroup):
    """The command as it is run: it chooses the language (``--lang``, else the environment),
    then builds the commands in that language and runs them."""

    def main(self, args: Any = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             windows_expand_args: bool = True, **extra: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        with i18n.speaking(asked_language(argv)), typer_words():
            command = typer.main.get_command(build_app(TyperGroup))
            say_help_options(command)
            return command.main(argv, prog_name=prog_name or "furuba", complete_var=complete_var,
                                standalone_mode=standalone_mode,
                                windows_expand_args=windows_expand_args, **extra)


def choose_language(
    lang: Annotated[str | None, typer.Option(
        "--lang", metavar="en|ja",
        help=_("the language: en (English) or ja (日本語); default: the terminal's (LANG)"))] = None,
) -> None:
    """Refuse a language furuba does not speak (the language itself was chosen before)."""
    if lang is not None and lang not in i18n.LANGUAGES:
        raise typer.BadParameter(_("{lang!r} is not a language furuba speaks: "
                                   "choose en or ja").format(lang=lang))


def build_app(cls: type[TyperGroup] = TyperGroup) -> typer.Typer:
    """The ``furuba`` command with every game's commands, its help in the context's language."""
    app = typer.Typer(cls=cls, add_completion=False, no_args_is_help=True,
                      help=_("furuba: the Fruits Basket card games, played for real."))
    app.callback()(choose_language)
    app.command(help=_("Play a game in the terminal against bots, or hot-seat with friends."))(play)
    app.command(help=_("Play many bot games (seats rotated) and summarise them."))(batch.simulate)
    app.command(help=_("Play a round robin between bots (every line-up, seats rotated) and "
                       "rate them with openskill."))(batch.tournament)
    app.command(help=_("Write a balance report (HTML with PNG plots) from simulation results, "
                       "without replaying."))(batch.report)
    app.command(help=_("Compare runs from their results files: each bot's win share and score "
                       "over whole duplicate deals, and the difference from another run on the "
                       "same deals, deal by deal."))(compare.compare)
    app.add_typer(lab.build_app(), name="lab")
    app.add_typer(db.build_app(), name="db")
    app.add_typer(admin.build_app(), name="admin")
    app.command(help=_("Suggest the fewest small edits of a card set that bring the figures of "
                       "bot games into targets (seat spread, shares, game length, win rate)."))(suggest)
    app.command(help=_("Review a finished game: each decision of a seat against the search "
                       "bot's, the biggest mistakes, and every player's win chance over the "
                       "game."))(review.review)
    app.command(help=_("Learn a softmax policy by self-play on the CPU: checkpoints, a learning "
                       "curve against random and greedy bots, and weights the policy bot "
                       "plays."))(train)
    app.command(help=_("The bots' levels, beginner to expert, with how each plays, and the "
                       "other bots."))(bots)
    app.command(help=_("Serve the web app: tables online with friends and bots (needs the web "
                       "extra)."))(serve)
    app.command("build-static", help=_("Write the offline app — both games and their bots, "
                                       "played in the browser with no server — as a folder of "
                                       "static files any web server serves."))(build_static)
    for spec in games.specs():
        commands = spec.kit_or(TerminalKit()).commands
        if commands is not None:
            app.add_typer(commands())
    return app


def game_help() -> str:
    """The help of ``furuba play``'s argument: the games, the default first."""
    names = games.names()
    return _("{games} (default: {first})").format(games=either(names), first=names[0])


# -- play --------------------------------------------------------------------------------------
def play(
    game: Annotated[str | None, typer.Argument(help=game_help())] = None,
    seats: Annotated[str | None, typer.Option(
        help=_("who sits where: you, human:NAME or a bot, e.g. you,hard,normal,beginner "
               "(the levels: beginner, easy, normal, hard, expert; furuba bots says more)"))
    ] = None,
    players: Annotated[int | None, typer.Option(help=_("number of players"))] = None,
    seed: Annotated[int | None, typer.Option(help=_("seed of the deal"))] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help=_("a game option, key=value (repeatable)"))] = None,
    cardset: Annotated[str | None, typer.Option(help=flag_help("cardset"))] = None,
    variant: Annotated[str | None, typer.Option(help=flag_help("variant"))] = None,
    sets: Annotated[int | None, typer.Option(help=flag_help("sets"))] = None,
    target: Annotated[int | None, typer.Option(help=flag_help("target"))] = None,
    rounds: Annotated[int | None, typer.Option(help=flag_help("rounds"))] = None,
    save: Annotated[Path | None, typer.Option(
        help=_("save the game to this file as you play"))] = None,
    resume: Annotated[Path | None, typer.Option(help=_("resume a saved game"))] = None,
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
        console.print("\n[dim]" + _("bye") + "[/]")
        raise typer.Exit(0) from None


# -- web server --------------------------------------------------------------------------------
def serve(
    host: Annotated[str, typer.Option(help=_("address to listen on"))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=_("port to listen on"))] = 8000,
    database_url: Annotated[str, typer.Option(
        help=_("SQLAlchemy URL: sqlite:///path (default var/furuba.sqlite3) or "
               "postgresql+psycopg://user@host/db"))] = "sqlite:///var/furuba.sqlite3",
    ready_table: Annotated[bool, typer.Option(
        help=_("open a table against bots at start-up unless one is waiting"))] = False,
    bot_delay: Annotated[float, typer.Option(
        help=_("seconds a bot waits before it plays"))] = 0.6,
    log_level: Annotated[str, typer.Option(help=_("uvicorn log level"))] = "info",
    redis_url: Annotated[str | None, typer.Option(
        help=_("redis://host:port/db shared by several server processes on one PostgreSQL "
               "database (see docs/DEPLOY.md); without it this process serves alone"))] = None,
    process_name: Annotated[str | None, typer.Option(
        help=_("this process's name in logs and metrics (default: host name and process "
               "id)"))] = None,
    route: Annotated[str | None, typer.Option(
        help=_("the name nginx routes table sockets to this process by (?via=NAME; see "
               "docs/DEPLOY.md): clients relayed to this process reconnect straight to it"))] = None,
    address_key: Annotated[str, typer.Option(
        envvar="FURUBA_ADDRESS_KEY", show_default=False,
        help=_("the server's secret: the key of the hashes that tables keep of their creators' "
               "addresses and of the device cookies' signatures (the same for every process on "
               "one database); best set in the environment"))] = "",
    cardsets: Annotated[list[Path] | None, typer.Option(
        help=_("a folder of card-set files (*.toml) tables may choose by name; "
               "repeatable"))] = None,
    metrics_port: Annotated[int | None, typer.Option(
        min=0, max=65535, show_default=False,
        help=_("serve Prometheus's metrics at /metrics on this port of --metrics-host (the "
               "app itself never serves them); default: no metrics"))] = None,
    metrics_host: Annotated[str, typer.Option(
        help=_("address the metrics port listens on"))] = "127.0.0.1",
    api_docs: Annotated[bool, typer.Option(
        help=_("serve the interactive API docs at /api/docs and the schema at "
               "/openapi.json"))] = False,
    guest_chat: Annotated[bool, typer.Option(
        help=_("let players who are not signed in chat (--no-guest-chat: accounts only, whom "
               "moderators can mute and ban)"))] = True,
) -> None:
    """Serve the web app: tables online with friends and bots (needs the web extra)."""
    try:
        from furuba.server.serve import run_server
    except ImportError as exc:
        raise fail(_("the web server needs the web extra: pip install 'furuba[web]' "
                     "({problem})").format(problem=exc)) from None
    try:
        add_folders("cardsets", cardsets or [])
    except FurubaError as exc:
        raise fail(str(exc)) from None
    run_server(host, port, database_url, ready_table=ready_table, bot_delay=bot_delay,
               log_level=log_level, redis_url=redis_url, process_name=process_name,
               address_key=address_key, route=route, api_docs=api_docs,
               metrics_port=metrics_port, metrics_host=metrics_host, guest_chat=guest_chat)


def build_static(
    out: Annotated[Path, typer.Argument(help=_("a new or empty folder to write the app into"))],
) -> None:
    """Write the offline app as a folder of static files any web server serves."""
    try:
        from furuba.server.offline_app import StaticBuildError
        from furuba.server.offline_app import build_static as build
        from furuba.server.pyodide_vendor import VendorError, ensure
        from furuba.server.routes import service_worker_text
    except ImportError as exc:
        raise fail(_("building the offline app needs the web extra: pip install 'furuba[web]' "
                     "({problem})").format(problem=exc)) from None
    try:
        ensure(say=console.print)
        written = build(out, service_worker=service_worker_text())
    except (StaticBuildError, VendorError) as exc:
        raise fail(str(exc)) from None
    size = sum(path.stat().st_size for path in written)
    console.print(_("Wrote the offline app: {files} files, {megabytes:.1f} MB, in {out}. Serve "
                    "the folder from a site's root (for example: python -m http.server -d {out}) "
                    "and open /offline/.").format(files=len(written), megabytes=size / 1e6,
                                                   out=out))


def add_folders(flag: str, folders: list[Path]) -> None:
    """Offer the files of ``folders`` by name for the option ``--flag`` stands for, in every
    game that has it (see :attr:`furuba.spec.Option.add_folder`)."""
    if not folders:
        return
    name = FOLDER_FLAGS[flag]
    hooks = [o.add_folder for s in games.specs() for o in s.options
             if o.name == name and o.add_folder is not None]
    if not hooks:
        raise FurubaError(_("--{flag}: no game takes folders of {name} files").format(
            flag=flag, name=name))
    for folder in folders:
        if not folder.is_dir():
            raise FurubaError(_("--{flag} {folder}: not a folder").format(flag=flag,
                                                                          folder=folder))
        for hook in hooks:
            hook(folder)


app = build_app(Furuba)
"""The ``furuba`` command (``app()`` runs it; ``typer.testing.CliRunner`` takes it)."""


def main() -> None:  # pragma: no cover - console entry point
    i18n.choose(asked_language(sys.argv[1:]))
    try:
        app()
    except FurubaError as exc:
        err.print("[bold red]" + _("error:") + f"[/] {exc}")
        sys.exit(2)
