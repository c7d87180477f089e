"""Dai Hin Min's UECda commands (D29): ``furuba uecda serve`` (furuba's engine as the contest's
server), ``furuba uecda client`` (a furuba bot playing on a UECda server) and ``furuba uecda
bridge`` (UECda programs at a table of furuba's web app).

The spec's ``commands`` loader calls :func:`build_app`, which makes these commands in the
language of the moment.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from furuba.core.errors import FurubaError
from furuba.daihinmin.text import _
from furuba.daihinmin.uecda.running import run_sync

err = Console(stderr=True)
DEFAULT_PORT = 42485
"""The standard server's port."""


def fail(message: str) -> typer.Exit:
    """Print ``message`` as the one error line of the command; exit status 2."""
    label = _("error:")
    err.print(f"[bold red]{escape(label)}[/] {escape(message)}", highlight=False, soft_wrap=True)
    return typer.Exit(2)


def serve_command(host: str, port: int, games: int, seed: int, record: Path | None,
                  timeout: float) -> None:
    """Serve a UECda match; a client's failure ends it with one sentence."""
    from furuba.daihinmin.uecda.links import MatchError
    from furuba.daihinmin.uecda.server import serve

    if games < 1:
        raise fail(_("--games must be at least 1."))
    if timeout <= 0:
        raise fail(_("--timeout must be more than 0 seconds."))
    try:
        run_sync(serve(host, port, games, seed, record, timeout=timeout))
    except MatchError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(_("cannot write the record: {reason}").format(
            reason=exc.strerror or exc)) from None
    except KeyboardInterrupt:
        raise fail(_("the match was interrupted.")) from None


def client_command(host: str, port: int, name: str, bot: str, seed: int) -> None:
    """Play a UECda match with a furuba bot and print its summary."""
    from furuba.daihinmin.uecda.client import run

    try:
        summary = run(host=host, port=port, name=name, bot=bot, seed=seed)
    except (OSError, ValueError, FurubaError) as exc:
        raise fail(str(exc)) from None
    except KeyboardInterrupt:
        raise fail(_("the match was interrupted.")) from None
    typer.echo(str(summary))


def bridge_command(url: str, table: str | None, seats: list[int], host: str, port: int,
                   create: bool, games: int, bots: str, timeout: float) -> None:
    """Seat UECda programs at a web table (made first with ``create``) and bridge them until the
    game ends; a table or seat the bridge cannot use is one sentence."""
    import httpx

    from furuba.bots.registry import split_specs
    from furuba.daihinmin.uecda.bridge import BridgeError, bridge, create_table

    if not seats:
        raise fail(_("name the seats the programs take: --seat N, once for each."))
    if any(not 0 <= seat < 5 for seat in seats):
        raise fail(_("a seat is a number from 0 to 4."))
    if timeout <= 0:
        raise fail(_("--timeout must be more than 0 seconds."))
    if table is None and not create:
        raise fail(_("name the table (--table ID), or make one with --create."))
    if table is not None and create:
        raise fail(_("--create makes a new table: leave out --table."))
    if not 1 <= games <= 100:
        raise fail(_("--games must be from 1 to 100."))
    specs = split_specs(bots) or ["greedy"]

    async def main() -> None:
        table_id = table
        if table_id is None:
            async with httpx.AsyncClient(base_url=url.rstrip("/"), timeout=30) as http:
                made = await create_table(http, seats, games, specs)
            table_id = str(made["id"])
            link = made.get("invite_url") or url.rstrip("/") + str(made.get("url", ""))
            typer.echo(_("table {table}: open {link} to watch it or take a seat.").format(
                table=table_id, link=link))
        results = await bridge(url, table_id, seats, host, port, timeout=timeout,
                               say=lambda line: err.print(escape(line), highlight=False,
                                                          soft_wrap=True))
        for result in results:
            said = _("seat {seat} ({name}): {games} games, {plays} plays, {refused} refused"
                     ) if result.finished else _("seat {seat} ({name}) left after {games} "
                                                 "games: {plays} plays, {refused} refused")
            typer.echo(said.format(seat=result.seat, name=result.name or "?",
                                   games=result.games, plays=result.plays,
                                   refused=result.refused))

    try:
        run_sync(main())
    except BridgeError as exc:
        raise fail(str(exc)) from None
    except KeyboardInterrupt:
        raise fail(_("the bridge was interrupted.")) from None


def fit_command(records: list[Path], players: list[int], out: Path, epochs: int,
                seed: int) -> None:
    """Fit a model of the chosen players to a match's records and write it to ``out``."""
    from furuba.daihinmin.uecda.fit import fit
    from furuba.daihinmin.uecda.records import RecordError, read_records
    from furuba.daihinmin.uecda.table import PLAYERS

    if out.suffix != ".npz":
        raise fail(_("--out must name a .npz file, not {path}").format(path=out))
    try:
        matches = [read_records(path) for path in records]
        command = " ".join(["furuba uecda fit", *(p.name for p in records),
                            *(f"--player {p}" for p in players), f"--epochs {epochs}",
                            f"--seed {seed}", f"-o {out.name}"])
        fitted = fit(matches, tuple(players) or tuple(range(PLAYERS)), epochs=epochs,
                     seed=seed, about={"records": [p.name for p in records],
                                       "command": command})
        fitted.policy.save(out)
    except RecordError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(_("cannot write {path}: {reason}").format(
            path=out, reason=exc.strerror or exc)) from None
    typer.echo(_("Fitted to {decisions:,} decisions in {games:,} games. On the {held:,} decisions "
                 "of every fifth game, held out, its favourite is the play made {agreement:.1%} "
                 "of the time (furuba's greedy policy: {greedy:.1%}).").format(
        decisions=fitted.decisions, games=fitted.games, held=fitted.held_out,
        agreement=fitted.agreement, greedy=fitted.greedy_agreement))
    typer.echo(_("Wrote {path}; a search models those players with it as "
                 "--bot expert:opp=best,oppweights={path}").format(path=out))


def build_app() -> typer.Typer:
    """The commands, their help in the current language."""
    app = typer.Typer(help=_("Dai Hin Min's commands."))
    uecda = typer.Typer(no_args_is_help=True, help=_(
        "Play the UECda contest's protocol: serve a match, or play one with a furuba bot."))
    app.add_typer(uecda, name="uecda")

    def serve(
        host: Annotated[str, typer.Option(help=_("the address to listen on"))] = "127.0.0.1",
        port: Annotated[int, typer.Option(help=_("the port to listen on"))] = DEFAULT_PORT,
        games: Annotated[int, typer.Option(help=_("the number of games"))] = 1000,
        seed: Annotated[int, typer.Option(help=_(
            "the seed of the standard server's random numbers"))] = 1,
        record: Annotated[Path | None, typer.Option(help=_(
            "write the games to this file, one JSON line each (gzip if it ends in .gz)"))
        ] = None,
        timeout: Annotated[float, typer.Option(help=_(
            "seconds to wait for each message of a client"))] = 60.0,
    ) -> None:
        serve_command(host, port, games, seed, record, timeout)

    def client(
        host: Annotated[str, typer.Option(help=_("the server's address"))] = "127.0.0.1",
        port: Annotated[int, typer.Option(help=_("the server's port"))] = DEFAULT_PORT,
        name: Annotated[str, typer.Option(help=_("the name the client gives"))] = "furuba",
        bot: Annotated[str, typer.Option(help=_("the bot that plays"))] = "greedy",
        seed: Annotated[int, typer.Option(help=_("the bot's seed"))] = 0,
    ) -> None:
        client_command(host, port, name, bot, seed)

    def bridge(
        url: Annotated[str, typer.Option(help=_(
            "the web app's address, such as http://HOST:PORT"))] = "http://127.0.0.1:8000",
        table: Annotated[str | None, typer.Option(help=_("the table's id"))] = None,
        seat: Annotated[list[int] | None, typer.Option(help=_(
            "a seat the programs take, in the order they connect (give it once for each)"))
        ] = None,
        host: Annotated[str, typer.Option(help=_("the address to listen on"))] = "127.0.0.1",
        port: Annotated[int, typer.Option(help=_("the port to listen on"))] = DEFAULT_PORT,
        create: Annotated[bool, typer.Option("--create", help=_(
            "make the table first (UECda rules, 5 players) and print its address"))] = False,
        games: Annotated[int, typer.Option(help=_(
            "with --create: the number of games (rounds)"))] = 10,
        bots: Annotated[str, typer.Option(help=_(
            "with --create: the bot of the other seats (or one for each, with commas)"))
        ] = "greedy",
        timeout: Annotated[float, typer.Option(help=_(
            "seconds to wait for each message of a program"))] = 60.0,
    ) -> None:
        bridge_command(url, table, seat or [], host, port, create, games, bots, timeout)

    def fit(
        records: Annotated[list[Path], typer.Argument(help=_(
            "the records of a match, its games in order from the first (JSON lines, gzip if "
            "the name ends in .gz); one file a match"))],
        out: Annotated[Path, typer.Option("--out", "-o", help=_(
            "the .npz file to write (its provenance beside it, .json)"))],
        player: Annotated[list[int] | None, typer.Option(help=_(
            "a player whose plays are fitted, 0 to 4 (give it once for each; all five if "
            "none)"))] = None,
        epochs: Annotated[int, typer.Option(help=_(
            "passes over the decisions"))] = 30,
        seed: Annotated[int, typer.Option(help=_("the seed of the fit"))] = 0,
    ) -> None:
        fit_command(records, player or [], out, epochs, seed)

    uecda.command("serve", help=_(
        "Serve a UECda match to five clients with furuba's engine, as the contest's standard "
        "server does."))(serve)
    uecda.command("fit", help=_(
        "Fit a model of how UECda programs play to the records of a match, for a search to "
        "plan against them."))(fit)
    uecda.command("client", help=_(
        "Play a match on a UECda server with a furuba bot."))(client)
    uecda.command("bridge", help=_(
        "Seat UECda programs at a table of furuba's web app, where people and bots play them "
        "and spectators watch."))(bridge)
    return app
