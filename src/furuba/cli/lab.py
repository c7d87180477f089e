"""``furuba lab``: the balance lab's experiments on any game that names its cards.

* ``furuba lab cards GAME`` — per-card win rates in the manner of 17lands (GP, OH, GIH, GNS
  win rates and IWD) with bootstrap intervals, the seat advantage and the game lengths;
* ``furuba lab restrict GAME`` — how much a bot loses when it never plays a card, card by card,
  on duplicate deals;
* ``furuba lab depth GAME`` — a ladder of bots against a field: how many tiers of play the game
  tells apart, with the field's seat advantage and game lengths.

Each plays its games like ``furuba simulate`` (``--jobs`` processes here, or ``--backend ray``),
prints its tables, and writes its numbers (``--json``) and a report folder (``--out``: HTML
with plots, Markdown tables and JSON). The help texts are made when the commands are built
(their annotations are read then), so they are said in the language of the command line.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from furuba import games
from furuba.bots.registry import split_specs
from furuba.cli.batch import _game_options, _progress_bar, game_help
from furuba.cli.console import console, err, fail
from furuba.cli.options import flag_help
from furuba.core.errors import FurubaError
from furuba.text import _, ngettext

if TYPE_CHECKING:
    from furuba.sim.lab import LabSetup, Plan
    from furuba.sim.runner import GameResult

DEFAULT_LADDER = "random,beginner,easy,normal"


# -- the options every experiment shares (made when the command is built) ----------------------
def _players() -> Any:
    return typer.Option(help=_("players per game (default: the game's)"))


def _seed() -> Any:
    return typer.Option(help=_("seed of the first game"))


def _jobs() -> Any:
    return typer.Option(help=_("processes (0: one per core)"))


def _backend() -> Any:
    return typer.Option(help=_("local (processes here) or ray (a Ray cluster)"))


def _ray_address() -> Any:
    return typer.Option(help=_("Ray cluster address (default: start a local Ray)"))


def _option() -> Any:
    return typer.Option("--option", "-o", help=_("a game option, key=value (repeatable)"))


def _cardset() -> Any:
    return typer.Option(help=flag_help("cardset"))


def _variant() -> Any:
    return typer.Option(help=flag_help("variant"))


def _json() -> Any:
    return typer.Option("--json", help=_("write every number here (JSON)"))


def _out() -> Any:
    return typer.Option("--out", help=_("write a report here: index.html with plots, lab.md "
                                        "and lab.json"))


def _quiet() -> Any:
    return typer.Option(help=_("no progress bar"))


def _deals() -> Any:
    return typer.Option(help=_("deals, each played in every seating (so --players games each)"))


class Run:
    """What every experiment does around its own analysis: set up, play, write, print."""

    def __init__(self, game: str, players: int | None, seed: int, option: list[str] | None,
                 cardset: str | None, variant: str | None) -> None:
        from furuba.sim.lab import LabSetup

        try:
            name = games.canonical_name(game)
            spec = games.spec(name)
            self.setup: LabSetup = LabSetup(game=name, players=players or spec.players.default,
                                            seed=seed,
                                            options=_game_options(name, option, cardset, variant))
        except FurubaError as exc:
            raise fail(str(exc)) from None

    def play(self, plan: Callable[[], Plan], jobs: int, backend: str, ray_address: str | None,
             quiet: bool) -> list[GameResult]:
        """Every game of the plan, under a progress bar; Ctrl-C keeps the games that finished."""
        from furuba.sim.lab import play
        from furuba.sim.runner import default_jobs

        try:
            made = plan()
            made.validate()
        except FurubaError as exc:
            raise fail(str(exc)) from None
        self.started = time.perf_counter()
        results: list[GameResult] = []
        jobs = jobs or default_jobs()
        with _progress_bar(quiet) as bar:
            task = bar.add_task(f"{self.setup.game} ×{made.games}", total=made.games)
            try:
                for result in play(made, jobs, lambda k: bar.advance(task, k), backend,
                                   ray_address):
                    results.append(result)
            except KeyboardInterrupt:
                err.print("[yellow]" + escape(ngettext(
                    "stopped: keeping the {count} game that finished",
                    "stopped: keeping the {count} games that finished",
                    len(results)).format(count=len(results))) + "[/]")
            except FurubaError as exc:
                raise fail(str(exc)) from None
        return results

    def finish(self, data: dict[str, Any], out_json: Path | None, out: Path | None) -> None:
        """Write the numbers and the report, then print the tables and the notes."""
        from furuba.sim.lab_report import notes, write
        from furuba.sim.lab_tables import tables

        data["seconds"] = round(time.perf_counter() - self.started, 3)
        try:
            if out_json:
                out_json.parent.mkdir(parents=True, exist_ok=True)
                out_json.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            report = write(data, out) if out else None
        except (FurubaError, OSError) as exc:
            raise fail(str(exc)) from None
        spec = games.spec(self.setup.game)
        said = {**data, "unit": spec.gettext(data["unit"])} if "unit" in data else data
        for title, head, rows in tables(said, _):
            table = Table(title=title, title_justify="left")
            for i, heading in enumerate(head):
                table.add_column(heading, justify="left" if i == 0 else "right")
            for row in rows:
                table.add_row(*(escape(cell) for cell in row))
            console.print(table)
        for note in notes(data):
            console.print("• " + escape(_(note)), highlight=False)
        if report:
            console.print(_("[green]wrote[/] {index}, {markdown} and {data}").format(
                index=report.index, markdown=report.markdown_file, data=report.data_file),
                highlight=False, soft_wrap=True)
        console.print(_("{seconds} s").format(seconds=data["seconds"]), highlight=False)


def cards(
    game: Annotated[str, typer.Argument(help=game_help())],
    n_games: Annotated[int, typer.Option("--games", help=_("how many games"))] = 2000,
    bots: Annotated[str, typer.Option(
        help=_("bots, comma-separated; the last fills the table"))] = "greedy",
    players: Annotated[int | None, _players()] = None,
    seed: Annotated[int, _seed()] = 0,
    resamples: Annotated[int, typer.Option(
        help=_("bootstrap resamples of the games, for the intervals"))] = 1000,
    min_trials: Annotated[int, typer.Option(
        help=_("fewest trials on each side (held, never held) for a card to be ranked"))] = 30,
    jobs: Annotated[int, _jobs()] = 0,
    backend: Annotated[str, _backend()] = "local",
    ray_address: Annotated[str | None, _ray_address()] = None,
    option: Annotated[list[str] | None, _option()] = None,
    cardset: Annotated[str | None, _cardset()] = None,
    variant: Annotated[str | None, _variant()] = None,
    out_json: Annotated[Path | None, _json()] = None,
    out: Annotated[Path | None, _out()] = None,
    quiet: Annotated[bool, _quiet()] = False,
) -> None:
    """Per-card win rates (GP, OH, GIH, GNS, IWD), the seat advantage and the game lengths."""
    from furuba.sim.lab import cards_analysis, cards_plan

    run = Run(game, players, seed, option, cardset, variant)
    if resamples < 10:
        raise fail(_("--resamples must be at least 10"))
    lineup = split_specs(bots)
    rows = run.play(lambda: cards_plan(run.setup, lineup, n_games), jobs, backend, ray_address,
                    quiet)
    if not rows:
        raise fail(_("no game finished"))
    data = cards_analysis(run.setup, rows, resamples=resamples, min_trials=min_trials)
    run.finish(data, out_json, out)


def restrict(
    game: Annotated[str, typer.Argument(help=game_help())],
    bot: Annotated[str, typer.Option(help=_("the bot that is restricted, and the field"))] = "greedy",
    card: Annotated[list[str] | None, typer.Option(
        "--card", help=_("a card to restrict, by name (repeatable; default: every card)"))] = None,
    deals: Annotated[int, _deals()] = 200,
    players: Annotated[int | None, _players()] = None,
    seed: Annotated[int, _seed()] = 0,
    jobs: Annotated[int, _jobs()] = 0,
    backend: Annotated[str, _backend()] = "local",
    ray_address: Annotated[str | None, _ray_address()] = None,
    option: Annotated[list[str] | None, _option()] = None,
    cardset: Annotated[str | None, _cardset()] = None,
    variant: Annotated[str | None, _variant()] = None,
    out_json: Annotated[Path | None, _json()] = None,
    out: Annotated[Path | None, _out()] = None,
    quiet: Annotated[bool, _quiet()] = False,
) -> None:
    """How much a bot loses when it never plays a card, card by card, on duplicate deals."""
    from furuba.sim.restrict import restrict_analysis, restrict_plan

    run = Run(game, players, seed, option, cardset, variant)
    if deals < 1:
        raise fail(_("--deals must be at least 1"))

    def plan() -> Plan:
        kinds = card or run.setup.kinds()[0]
        return restrict_plan(run.setup, bot.strip(), deals, kinds)

    rows = run.play(plan, jobs, backend, ray_address, quiet)
    if not rows:
        raise fail(_("no game finished"))
    run.finish(restrict_analysis(run.setup, bot.strip(), rows), out_json, out)


def depth(
    game: Annotated[str, typer.Argument(help=game_help())],
    ladder: Annotated[str, typer.Option(
        help=_("the bots of the ladder, comma-separated, weakest first"))] = DEFAULT_LADDER,
    field: Annotated[str, typer.Option(
        help=_("the bot in the other seats, and the reference"))] = "greedy",
    deals: Annotated[int, _deals()] = 100,
    pairwise: Annotated[bool, typer.Option(
        "--pairwise", help=_("also play every pair of ladder bots at one table"))] = False,
    players: Annotated[int | None, _players()] = None,
    seed: Annotated[int, _seed()] = 0,
    jobs: Annotated[int, _jobs()] = 0,
    backend: Annotated[str, _backend()] = "local",
    ray_address: Annotated[str | None, _ray_address()] = None,
    option: Annotated[list[str] | None, _option()] = None,
    cardset: Annotated[str | None, _cardset()] = None,
    variant: Annotated[str | None, _variant()] = None,
    out_json: Annotated[Path | None, _json()] = None,
    out: Annotated[Path | None, _out()] = None,
    quiet: Annotated[bool, _quiet()] = False,
) -> None:
    """A ladder of bots against a field: the tiers of play, the seat advantage, the game lengths."""
    from furuba.sim.depth import depth_analysis, depth_plan, describe_tiers

    run = Run(game, players, seed, option, cardset, variant)
    if deals < 1:
        raise fail(_("--deals must be at least 1"))
    bots = split_specs(ladder)
    rows = run.play(lambda: depth_plan(run.setup, bots, field.strip(), deals, pairwise), jobs,
                    backend, ray_address, quiet)
    if not rows:
        raise fail(_("no game finished"))
    data = depth_analysis(run.setup, bots, field.strip(), rows)
    run.finish(data, out_json, out)
    console.print(_("tiers, weakest first: {tiers}").format(tiers=describe_tiers(data["tiers"])),
                  highlight=False)


def build_app() -> typer.Typer:
    """The ``furuba lab`` commands, their help in the current language."""
    app = typer.Typer(no_args_is_help=True, help=_(
        "The balance lab: per-card win rates, restricted play and skill depth, from bot games."))
    app.command("cards", help=_("Per-card win rates in the manner of 17lands (GP, OH, GIH and GNS "
                                "win rates, IWD) with bootstrap intervals, the seat advantage "
                                "and the game lengths."))(cards)
    app.command("restrict", help=_("How much a bot loses when it never plays a card, card by "
                                   "card, on duplicate deals: a measure of each card's "
                                   "power."))(restrict)
    app.command("depth", help=_("A ladder of bots against a field: how many tiers of play the "
                                "game tells apart, its seat advantage and its game "
                                "lengths."))(depth)
    return app

