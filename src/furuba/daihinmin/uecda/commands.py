"""Dai Hin Min's UECda commands (D29): ``furuba uecda serve`` (furuba's engine as the contest's
server) and ``furuba uecda client`` (a furuba bot playing on a UECda server).

The spec's ``commands`` loader calls :func:`build_app`, which makes these commands in the
language of the moment.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from furuba.core.errors import FurubaError
from furuba.daihinmin.text import _

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
        asyncio.run(serve(host, port, games, seed, record, timeout=timeout))
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

    uecda.command("serve", help=_(
        "Serve a UECda match to five clients with furuba's engine, as the contest's standard "
        "server does."))(serve)
    uecda.command("client", help=_(
        "Play a match on a UECda server with a furuba bot."))(client)
    return app
